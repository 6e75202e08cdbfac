import type { Stripe } from '@stripe/stripe-js';
import { PLANS, centsToDollars, formatPlanDollars } from '../../../domain/plans';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { isPaymentsUnavailable } from './billing-errors';
import { usePaymentIntent } from './create-payment-intent';
import { PaymentElementForm } from './payment-element-form';
import { PaymentNotReadyNotice, PaymentUnavailableNotice } from './payment-notices';
import { SubscribeSignInPrompt } from './subscribe-parts';
import { useStripeJs } from './stripe-js';

function SettingUp() {
  return (
    <div className="flex flex-col items-center gap-3 py-12" role="status">
      <Spinner className="size-8" />
      <p className="text-muted-foreground">Setting up payment...</p>
    </div>
  );
}

function PurchaseForm({ stripe }: { stripe: Stripe }) {
  const intent = usePaymentIntent(true);
  if (intent.isError && isPaymentsUnavailable(intent.error)) return <PaymentUnavailableNotice />;
  // Spec 001 §8: a failed intent is only logged; the loading screen stays.
  if (!intent.data) return <SettingUp />;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">Complete Your Purchase</h2>
        <CardDescription>
          {PLANS.premium.name}, one month: {formatPlanDollars(centsToDollars(intent.data.amountCents))}. Paid
          once, no renewal.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PaymentElementForm
          stripe={stripe}
          clientSecret={intent.data.clientSecret}
          submitLabel="Complete Payment"
        />
      </CardContent>
    </Card>
  );
}

/** /checkout (spec 001 "Checkout page"): one month of Premium through a payment intent and the Payment Element. */
export function CheckoutFlow() {
  const stripeJs = useStripeJs();
  const session = useSession();
  if (stripeJs.status === 'unconfigured') return <PaymentUnavailableNotice />;
  if (stripeJs.status === 'failed') return <PaymentNotReadyNotice />;
  if (stripeJs.status === 'loading' || session.isLoading) return <SettingUp />;
  if (!session.user) return <SubscribeSignInPrompt />;
  return <PurchaseForm stripe={stripeJs.stripe} />;
}
