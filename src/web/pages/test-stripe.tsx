import { PageLayout } from '../components/layout/page-layout';
import { SignedInOnly } from '../components/layout/signed-in-only';
import { SubscribeSignInPrompt } from '../features/billing/subscribe-parts';
import { TestStripePanel } from '../features/billing/test-stripe-panel';

/** /test-stripe (spec 001 "Payment test page"), signed-in only. */
export default function TestStripePage() {
  return (
    <PageLayout
      variant="app"
      meta={{
        title: 'Stripe Test — Foliowise',
        description: 'Check the payment configuration.',
        path: '/test-stripe',
        noIndex: true,
      }}
    >
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Stripe test</h1>
        <SignedInOnly signedOut={<SubscribeSignInPrompt message="Please sign in to test payments." />}>
          {(user) => <TestStripePanel user={user} />}
        </SignedInOnly>
      </div>
    </PageLayout>
  );
}
