import type { User } from '../../contracts/accounts';
import { UserRound } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { SignInRequired } from '../components/layout/sign-in-required';
import { SignedInOnly } from '../components/layout/signed-in-only';
import { AccountSettings } from '../features/accounts/account-settings';
import { BillingSection } from '../features/billing/billing-section';
import { ReportBrandingPanel } from '../features/reports/report-branding-panel';
import { useScrollToHash } from '../features/marketing/use-scroll-to-hash';

const BREADCRUMB = [
  { label: 'Home', href: '/' },
  { label: 'Account', href: '/account' },
];

function AccountSections({ user }: { user: User }) {
  // /account#billing (the header's Billing link) once the sections are there.
  useScrollToHash();
  return (
    <>
      <BillingSection />
      <ReportBrandingPanel user={user} />
      <AccountSettings user={user} />
    </>
  );
}

/** /account: the plan and billing, the signed-in user's email, password, devices, data export and deletion. */
export default function AccountPage() {
  return (
    <PageLayout
      variant="app"
      meta={{
        title: 'Account — Foliowise',
        description:
          'Your Foliowise account: plan and billing, report branding, email, password, devices, your data and account deletion.',
        noIndex: true,
      }}
      breadcrumb={BREADCRUMB}
    >
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Account</h1>
          <p className="text-muted-foreground">
            Manage your plan, your report branding, your sign-in, your devices and your data.
          </p>
        </header>
        <SignedInOnly
          signedOut={
            <SignInRequired
              icon={<UserRound />}
              message="Please sign in to manage your account."
              returnPath="/account"
            />
          }
        >
          {(user) => <AccountSections user={user} />}
        </SignedInOnly>
      </div>
    </PageLayout>
  );
}
