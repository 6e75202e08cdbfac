import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBillingSummary } from '../../../contracts/billing';
import { api } from '../../lib/api-client';

export const billingQueryKey = ['billing', 'summary'] as const;

/** GET /api/billing: the signed-in user's plan, status, renewal and whether the portal can open. */
export const billingQueryOptions = queryOptions({
  queryKey: billingQueryKey,
  queryFn: ({ signal }) => api.get('/api/billing', { schema: ZBillingSummary, signal }),
});

export function useBillingSummary(enabled = true) {
  return useQuery({ ...billingQueryOptions, enabled });
}
