import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/card';
import { SignupForm } from '../features/accounts/signup-form';

export default function SignupPage() {
  return (
    <PageLayout
      variant="landing"
      meta={{
        title: 'Create Your Account — Foliowise',
        description:
          'Create a free Foliowise account: save your portfolio, get alerts and daily snapshots, practise with paper trading and earn rewards.',
        keywords: 'Foliowise sign up, free portfolio analyzer, create investing account',
      }}
    >
      <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-10 sm:py-14">
        <Card>
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold tracking-tight">Create your account</h1>
            <CardDescription>Free to start. Upgrade only if you need the premium tools.</CardDescription>
          </CardHeader>
          <CardContent>
            <SignupForm />
          </CardContent>
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
