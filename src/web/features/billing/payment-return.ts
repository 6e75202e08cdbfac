import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import { toast } from '../../components/ui/use-toast';
import { sessionQueryKey } from '../../lib/session';

/** Query parameters Stripe adds to return_url after confirming a payment. */
const STRIPE_RETURN_PARAMS = [
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
  'setup_intent',
  'setup_intent_client_secret',
];

/**
 * On /app after Stripe's redirect (return_url): 'Payment Successful', or 'Payment Failed'; the plan itself
 * changes when Stripe's webhook arrives, so the session is read again. The parameters are then dropped from the
 * address so that a reload does not say it twice.
 */
export function usePaymentReturnToast() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const url = new URL(window.location.href);
    const status = url.searchParams.get('redirect_status');
    if (!status) return;
    if (status === 'succeeded' || status === 'processing') {
      toast({
        title: 'Payment Successful',
        description:
          status === 'succeeded'
            ? 'Thank you! Your plan is updated as soon as Stripe confirms the payment.'
            : 'Your payment is processing; your plan is updated once it clears.',
      });
    } else {
      toast({
        title: 'Payment Failed',
        description: BILLING_MESSAGES.paymentFailedFallback,
        variant: 'destructive',
      });
    }
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    for (const name of STRIPE_RETURN_PARAMS) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, [queryClient]);
}
