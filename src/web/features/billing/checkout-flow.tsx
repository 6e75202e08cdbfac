import type { Stripe } from '@stripe/stripe-js';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import { PLANS, centsToDollars, formatPlanDollars } from '../../../domain/plans';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { errorStatus, isPaymentsUnavailable } from './billing-errors';
import { usePaymentIntent } from './create-payment-intent';
import { PaymentElementForm } from './payment-element-form';
import {
  PaymentNotReadyNotice,
  PaymentsNotSetUp,
  PaymentUnavailableNotice,
  UnpaidPlanNotice,
  unpaidPlanNotice,
} from './payment-notices';
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
  // The server refused the account a purchase (a plan it has without paying): its words, not a spinner.
  if (intent.isError && errorStatus(intent.error) === 409) {
    return <UnpaidPlanNotice message={serverMessage(intent.error, BILLING_MESSAGES.unexpectedError)} />;
  }
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
  // A Premium the account has without paying: nothing to buy (asked before any payment intent is made).
  const unpaid = session.isLoading ? null : unpaidPlanNotice(session.user, 'premium');
  if (unpaid) {
    return (
      <Card>
        <CardContent className="pt-6">
          <UnpaidPlanNotice message={unpaid} />
        </CardContent>
      </Card>
    );
  }
  if (stripeJs.status === 'unconfigured') return <PaymentsNotSetUp />;
  if (stripeJs.status === 'failed') return <PaymentNotReadyNotice />;
  if (stripeJs.status === 'loading' || session.isLoading) return <SettingUp />;
  if (!session.user) return <SubscribeSignInPrompt />;
  return <PurchaseForm stripe={stripeJs.stripe} />;
}
