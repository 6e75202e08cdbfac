import { useQuery } from '@tanstack/react-query';
import { ZCheckoutSessionStatus } from '../../../contracts/billing';
import { api } from '../../lib/api-client';

/** Stripe's Checkout session ids: what the server accepts (ZCheckoutSessionStatusParams) and nothing else. */
export const CHECKOUT_SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_]+$/;

/** GET /api/checkout-sessions/:id: read from Stripe on the server; a forged or foreign id is a 404. */
export function useCheckoutSession(sessionId: string | null) {
  const isWellFormed = sessionId !== null && CHECKOUT_SESSION_ID_PATTERN.test(sessionId);
  return useQuery({
    queryKey: ['billing', 'checkout-session', sessionId],
    queryFn: ({ signal }) =>
      api.get(`/api/checkout-sessions/${encodeURIComponent(sessionId ?? '')}`, {
        schema: ZCheckoutSessionStatus,
        signal,
      }),
    enabled: isWellFormed,
  });
}
