import { useQuery } from '@tanstack/react-query';
import { ZPaymentIntentResponse } from '../../../contracts/billing';
import { api } from '../../lib/api-client';

/** POST /api/create-payment-intent -> { clientSecret, amountCents }: one month of Premium, no renewal. */
export function createPaymentIntent(signal?: AbortSignal) {
  return api.post('/api/create-payment-intent', {}, { schema: ZPaymentIntentResponse, signal });
}

/**
 * /checkout asks for one intent when it opens (a query, so a remount does not create a second one); `enabled`
 * waits for the session and the publishable key. A failure is only logged (spec 001 §8).
 */
export function usePaymentIntent(enabled: boolean) {
  return useQuery({
    queryKey: ['billing', 'payment-intent'],
    queryFn: async ({ signal }) => {
      try {
        return await createPaymentIntent(signal);
      } catch (error) {
        console.warn('Failed to create payment intent', error);
        throw error;
      }
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
