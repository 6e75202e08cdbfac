import { useMutation } from '@tanstack/react-query';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import type { CheckoutSessionRequest } from '../../../contracts/billing';
import { api, errorCode } from '../../lib/api-client';
import { toast } from '../../components/ui/use-toast';
import { billingErrorMessage } from './billing-errors';
import { browserNavigation } from './browser-navigation';
import { redirectUrlSchema } from './redirect-url';

/** POST /api/create-checkout-session -> { url } of Stripe Checkout (subscription mode, 7-day trial once). */
export function createCheckoutSession(request: CheckoutSessionRequest) {
  return api.post('/api/create-checkout-session', request, { schema: redirectUrlSchema });
}

function failed(description: string) {
  toast({ title: 'Subscription Failed', description, variant: 'destructive' });
}

/**
 * Premium's button on /pricing (spec 000 §4 "Subscription: idle, processing, then redirect to the checkout
 * URL"): the browser leaves for Stripe Checkout; a failure is the toast 'Subscription Failed' with the server's
 * message (a subscriber's 409: 'You already have an active subscription. ...') or the spec's fallback.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: (error) =>
      failed(
        errorCode(error) === 'BAD_RESPONSE'
          ? BILLING_MESSAGES.noCheckoutUrl
          : billingErrorMessage(error, BILLING_MESSAGES.subscriptionFailedFallback),
      ),
  });
}
