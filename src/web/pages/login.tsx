import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/card';
import { LoginForm } from '../features/accounts/login-form';

export default function LoginPage() {
  return (
    <PageLayout
      variant="landing"
      meta={{
        title: 'Sign In — Foliowise',
        description:
          'Sign in to Foliowise to analyze your portfolio, practise with paper trading and track your rewards.',
        keywords: 'Foliowise sign in, portfolio analyzer login, investing app login',
      }}
    >
      <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10 sm:py-14">
        <Card>
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold tracking-tight">Sign in to Foliowise</h1>
            <CardDescription>Welcome back. Sign in to pick up where you left off.</CardDescription>
          </CardHeader>
          <CardContent>
            <LoginForm />
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
