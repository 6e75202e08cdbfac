import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { PageLayout } from './page-layout';
import type { PageMeta } from './page-meta';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/card';
import { cn } from '../../lib/cn';

/** The frame of the account pages (sign in, sign up, verify email, forgot and reset password): one card under a title. */
export function AuthCardPage({
  meta,
  title,
  description,
  breadcrumb = false,
  wide = false,
  children,
}: {
  meta: PageMeta;
  title: string;
  description: string;
  /** Sign in and sign up are in the route table's navigation, so they show where they are. */
  breadcrumb?: boolean;
  /** The signup form's two name fields sit side by side. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <PageLayout variant="landing" meta={meta} breadcrumb={breadcrumb}>
      <div
        className={cn(
          'mx-auto flex w-full flex-col gap-4 px-4 py-10 sm:py-14',
          wide ? 'max-w-lg' : 'max-w-md',
        )}
      >
        <Card>
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        <Link
          href="/"
          className="inline-flex items-center justify-center gap-1.5 self-center rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to home
        </Link>
      </div>
    </PageLayout>
  );
}
