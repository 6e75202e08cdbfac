import { PageLayout } from '../components/layout/page-layout';
import { CheckoutFlow } from '../features/billing/checkout-flow';
import { PaymentPageFrame } from '../features/billing/payment-page-frame';

/** /checkout: one month of Premium, paid once (spec 001 "Checkout page"). */
export default function CheckoutPage() {
  return (
    <PageLayout
      variant="app"
      meta={{
        title: 'Checkout — Foliowise',
        description: 'Buy one month of Foliowise Premium, paid once, without renewal.',
        path: '/checkout',
        noIndex: true,
      }}
    >
      <PaymentPageFrame title="Checkout" lead="One month of Premium, paid once. It does not renew.">
        <div className="max-w-2xl">
          <CheckoutFlow />
        </div>
      </PaymentPageFrame>
    </PageLayout>
  );
}
