import { Link } from 'wouter';
import { LogIn, UserRound } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { SignedInOnly } from '../components/layout/signed-in-only';
import { buttonClasses } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { AccountSettings } from '../features/accounts/account-settings';

const BREADCRUMB = [
  { label: 'Home', href: '/' },
  { label: 'Account', href: '/account' },
];

function SignInPrompt() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
        <UserRound className="size-8 text-primary" aria-hidden="true" />
        <p className="text-base font-medium">Please sign in to manage your account.</p>
        <Link href="/login" className={buttonClasses()}>
          <LogIn aria-hidden="true" />
          Sign In
        </Link>
      </CardContent>
    </Card>
  );
}

/** /account: the signed-in user's email, password, devices, data export and account deletion. */
export default function AccountPage() {
  return (
    <PageLayout
      variant="app"
      meta={{
        title: 'Account — Foliowise',
        description: 'Your Foliowise account: email, password, devices, your data and account deletion.',
        noIndex: true,
      }}
      breadcrumb={BREADCRUMB}
    >
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Account</h1>
          <p className="text-muted-foreground">Manage your sign-in, your devices and your data.</p>
        </header>
        <SignedInOnly signedOut={<SignInPrompt />}>{(user) => <AccountSettings user={user} />}</SignedInOnly>
      </div>
    </PageLayout>
  );
}
