import { useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripePaymentElementOptions } from '@stripe/stripe-js';
import { Loader2, Lock } from 'lucide-react';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';

/** Where Stripe sends the browser after confirming (spec 000 §7: the /app page), which then says how it went. */
export function paymentReturnUrl(): string {
  return `${window.location.origin}/app`;
}

export interface PaymentElementFormProps {
  stripe: Stripe;
  clientSecret: string;
  submitLabel: string;
  /** Stripe's method types to list first (the multi-method page's choice). */
  paymentMethodOrder?: string[];
  /** 'Payment Failed' without a provider message: 'Payment could not be processed.', or the multi-method text. */
  failureFallback?: string;
}

function ConfirmForm({
  submitLabel,
  paymentMethodOrder,
  failureFallback = BILLING_MESSAGES.paymentFailedFallback,
}: Omit<PaymentElementFormProps, 'stripe' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isComplete, setIsComplete] = useState(false);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) {
      toast({
        title: 'Payment Error',
        description: BILLING_MESSAGES.paymentSystemNotReady,
        variant: 'destructive',
      });
      return;
    }
    setIsConfirming(true);
    try {
      // On success Stripe leaves for return_url; only a failure comes back here.
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: paymentReturnUrl() },
      });
      toast({
        title: 'Payment Failed',
        description: error.message || failureFallback,
        variant: 'destructive',
      });
    } catch {
      toast({
        title: 'Payment Error',
        description: BILLING_MESSAGES.unexpectedError,
        variant: 'destructive',
      });
    } finally {
      setIsConfirming(false);
    }
  };

  const options: StripePaymentElementOptions = {
    layout: 'tabs',
    ...(paymentMethodOrder ? { paymentMethodOrder } : {}),
  };
  return (
    <form onSubmit={(event) => void confirm(event)} className="flex flex-col gap-4">
      <PaymentElement options={options} onChange={(event) => setIsComplete(event.complete)} />
      <Button type="submit" size="lg" disabled={!stripe || !elements || !isComplete || isConfirming}>
        {isConfirming ? (
          <>
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Processing...
          </>
        ) : (
          <>
            <Lock aria-hidden="true" />
            {submitLabel}
          </>
        )}
      </Button>
    </form>
  );
}

/**
 * Stripe's Payment Element for a client secret (a subscription's first invoice or a payment intent), with the
 * spec's confirm button: card, bank and wallet details go from this frame to Stripe, never to our server.
 */
export function PaymentElementForm({ stripe, clientSecret, ...rest }: PaymentElementFormProps) {
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <ConfirmForm {...rest} />
    </Elements>
  );
}
