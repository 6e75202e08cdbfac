import { useState, type FormEvent, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import type { Stripe } from '@stripe/stripe-js';
import type { User } from '../../../contracts/accounts';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import type { PaidPlan, PaymentMethod } from '../../../contracts/billing';
import { PLANS, type BillingInterval } from '../../../domain/plans';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { useSession } from '../../lib/session';
import { isPaymentsUnavailable } from './billing-errors';
import { subscriptionCreationFailure, useCreateSubscription } from './create-subscription';
import { PaymentElementForm } from './payment-element-form';
import { PaymentMethodChooser, stripeMethodOrder } from './payment-method-chooser';
import {
  PaymentNotReadyNotice,
  PaymentsNotSetUp,
  PaymentUnavailableNotice,
  UnpaidPlanNotice,
  unpaidPlanNotice,
} from './payment-notices';
import { planPriceText } from './plan-price';
import { useStripeJs } from './stripe-js';
import {
  NameEmailFields,
  PlanSummary,
  SubscribeSignInPrompt,
  hasNameAndEmail,
  useSubscribeParams,
} from './subscribe-parts';

/** The multi-method page's own texts (spec 000 §5). */
export const MULTI_METHOD_MESSAGES = {
  missingNameOrEmail: 'Please enter your name and email address.',
  missingMethod: 'Please select a payment method.',
} as const;

export type SubscribeVariant = 'payment-element' | 'multi-method';

function missingInformation(description: string) {
  toast({ title: 'Missing Information', description, variant: 'destructive' });
}

function fullName(user: User): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

interface FlowProps {
  variant: SubscribeVariant;
  user: User;
  stripe: Stripe;
  plan: PaidPlan;
  interval: BillingInterval;
}

/** Details, then Stripe's Payment Element for the subscription's first invoice (spec 000 §4 "Payment-form flow"). */
function SubscribeSteps({ variant, user, stripe, plan, interval }: FlowProps) {
  const [name, setName] = useState(() => fullName(user));
  const [email, setEmail] = useState(user.email);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [isUnavailable, setIsUnavailable] = useState(false);
  const create = useCreateSubscription();
  const isMultiMethod = variant === 'multi-method';
  const canContinue = hasNameAndEmail(name, email) && !create.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasNameAndEmail(name, email)) {
      missingInformation(
        isMultiMethod ? MULTI_METHOD_MESSAGES.missingNameOrEmail : BILLING_MESSAGES.missingNameOrEmail,
      );
      return;
    }
    if (isMultiMethod && !method) {
      missingInformation(MULTI_METHOD_MESSAGES.missingMethod);
      return;
    }
    create.mutate(
      {
        plan,
        interval,
        customerName: name.trim(),
        customerEmail: email.trim(),
        ...(isMultiMethod && method ? { paymentMethod: method } : {}),
      },
      {
        onSuccess: (created) => {
          if (!created.clientSecret) {
            toast({
              title: 'Subscription Creation Failed',
              description: BILLING_MESSAGES.noClientSecret,
              variant: 'destructive',
            });
            return;
          }
          setClientSecret(created.clientSecret);
          toast({ title: 'Payment Form Ready', description: 'Enter your payment details to subscribe.' });
        },
        onError: (error) => {
          setIsUnavailable(isPaymentsUnavailable(error));
          toast({
            title: 'Subscription Creation Failed',
            description: subscriptionCreationFailure(error),
            variant: 'destructive',
          });
        },
      },
    );
  };

  if (isUnavailable) return <PaymentUnavailableNotice />;

  const price = PLANS[plan].price;
  if (clientSecret) {
    return (
      <PaymentElementForm
        stripe={stripe}
        clientSecret={clientSecret}
        submitLabel={`Subscribe${price ? ` · ${planPriceText(price, interval).charge}` : ''}`}
        paymentMethodOrder={isMultiMethod && method ? stripeMethodOrder(method) : undefined}
        failureFallback={
          isMultiMethod ? BILLING_MESSAGES.multiMethodPaymentFailed : BILLING_MESSAGES.paymentFailedFallback
        }
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <NameEmailFields
        name={name}
        email={email}
        onNameChange={setName}
        onEmailChange={setEmail}
        disabled={create.isPending}
      />
      {isMultiMethod ? (
        <PaymentMethodChooser value={method} onChange={setMethod} disabled={create.isPending} />
      ) : null}
      <div className="flex flex-col gap-2">
        <Button
          type="submit"
          size="lg"
          disabled={!canContinue}
          aria-describedby={hasNameAndEmail(name, email) ? undefined : 'subscribe-missing'}
        >
          {create.isPending ? (
            <>
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
              Processing...
            </>
          ) : (
            'Continue to Payment'
          )}
        </Button>
        {hasNameAndEmail(name, email) ? null : (
          <p id="subscribe-missing" className="text-sm text-muted-foreground">
            {BILLING_MESSAGES.missingNameOrEmail}
          </p>
        )}
      </div>
    </form>
  );
}

/** The card beside the plan: its title, its line under the title, and what it holds. */
interface PaymentCard {
  title: string;
  description?: string;
  content: ReactNode;
}

function Loading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner className="size-6" label="Loading the payment system" />
    </div>
  );
}

/**
 * The payment side of a subscribe page: a plan the account has without paying (nothing to buy), Stripe's
 * state (not set up on this server, not loading), sign-in, then the steps.
 */
function usePaymentCard(variant: SubscribeVariant, plan: PaidPlan, interval: BillingInterval): PaymentCard {
  const stripeJs = useStripeJs();
  const session = useSession();
  const details = {
    title: 'Your details',
    description:
      variant === 'multi-method'
        ? 'Choose how to pay; Stripe collects the payment details securely.'
        : 'Then enter your card in Stripe’s secure payment form.',
  };
  if (session.isLoading) return { ...details, content: <Loading /> };
  const unpaid = unpaidPlanNotice(session.user, plan);
  if (unpaid) return { title: 'Nothing to pay', content: <UnpaidPlanNotice message={unpaid} /> };
  if (stripeJs.status === 'unconfigured') {
    return { title: 'Payments are not available', content: <PaymentsNotSetUp /> };
  }
  if (stripeJs.status === 'failed') return { ...details, content: <PaymentNotReadyNotice /> };
  if (stripeJs.status === 'loading') return { ...details, content: <Loading /> };
  if (!session.user) return { ...details, content: <SubscribeSignInPrompt /> };
  return {
    ...details,
    content: (
      <SubscribeSteps
        variant={variant}
        user={session.user}
        stripe={stripeJs.stripe}
        plan={plan}
        interval={interval}
      />
    ),
  };
}

/**
 * /subscribe (multi-method) and /subscribe-stripe (Payment Element): the plan from the address, name and email,
 * then Stripe's Payment Element; success returns to /app with 'Payment Successful'.
 */
export function SubscribeFlow({ variant }: { variant: SubscribeVariant }) {
  const { plan, interval } = useSubscribeParams();
  const card = usePaymentCard(variant, plan, interval);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle>{card.title}</CardTitle>
          {card.description ? <CardDescription>{card.description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{card.content}</CardContent>
      </Card>
      <PlanSummary plan={plan} interval={interval} />
    </div>
  );
}
