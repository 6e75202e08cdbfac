import { PageLayout } from '../components/layout/page-layout';
import { PaymentPageFrame } from '../features/billing/payment-page-frame';
import { SubscribeFlow } from '../features/billing/subscribe-flow';

/** /subscribe: the multi-method payment page (spec 000 "/subscribe" variant c; deviation 3). */
export default function SubscribePage() {
  return (
    <PageLayout
      variant="app"
      meta={{
        title: 'Subscribe — Foliowise',
        description:
          'Subscribe to Foliowise Premium or Professional by card, PayPal, Apple Pay, Google Pay or bank transfer.',
        path: '/subscribe',
        noIndex: true,
      }}
    >
      <PaymentPageFrame
        title="Subscribe"
        lead="Choose how you would like to pay. You can cancel at any time."
      >
        <SubscribeFlow variant="multi-method" />
      </PaymentPageFrame>
    </PageLayout>
  );
}
