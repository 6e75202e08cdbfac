import { PageLayout } from '../components/layout/page-layout';
import { PaymentPageFrame } from '../features/billing/payment-page-frame';
import { SubscribeFlow } from '../features/billing/subscribe-flow';

/** /subscribe-stripe: a subscription paid in Stripe's embedded Payment Element (spec 000 "/subscribe" variant a). */
export default function SubscribeStripePage() {
  return (
    <PageLayout
      variant="app"
      meta={{
        title: 'Subscribe by Card — Foliowise',
        description: 'Subscribe to Foliowise Premium or Professional with Stripe’s secure payment form.',
        path: '/subscribe-stripe',
        noIndex: true,
      }}
    >
      <PaymentPageFrame title="Subscribe" lead="Enter your name and email, then pay securely with Stripe.">
        <SubscribeFlow variant="payment-element" />
      </PaymentPageFrame>
    </PageLayout>
  );
}
