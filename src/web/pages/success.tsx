import { PageLayout } from '../components/layout/page-layout';
import { SuccessView } from '../features/billing/success-view';

/** /success?session_id=...: after Stripe Checkout (spec 001 "Subscription success page"). */
export default function SuccessPage() {
  return (
    <PageLayout
      variant="app"
      meta={{
        title: 'Subscription — Foliowise',
        description: 'Your Foliowise subscription.',
        path: '/success',
        noIndex: true,
      }}
    >
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
        <SuccessView />
      </div>
    </PageLayout>
  );
}
