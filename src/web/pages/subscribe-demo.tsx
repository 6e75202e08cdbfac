import { PageLayout } from '../components/layout/page-layout';
import { DemoSubscribe } from '../features/billing/demo-subscribe';
import { PaymentPageFrame } from '../features/billing/payment-page-frame';

/** /subscribe-demo: a demo checkout that takes no payment (spec 000 "/subscribe" variant b), demo features only. */
export default function SubscribeDemoPage() {
  return (
    <PageLayout
      variant="app"
      meta={{
        title: 'Demo Subscription — Foliowise',
        description: 'A demonstration of the Foliowise subscription flow. No payment is taken.',
        path: '/subscribe-demo',
        noIndex: true,
      }}
    >
      <PaymentPageFrame
        title="Subscribe (demo)"
        lead="See how subscribing works without paying anything."
        isDemo
      >
        <DemoSubscribe />
      </PaymentPageFrame>
    </PageLayout>
  );
}
