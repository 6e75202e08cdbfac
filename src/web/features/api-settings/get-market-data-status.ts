import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMarketDataStatusResponse } from '../../../contracts/market-data';
import { api } from '../../lib/api-client';

export const marketDataStatusQueryKey = ['market-data', 'status'] as const;

/** GET /api/market-data/status: provider mode and the server's vendors (configured, health, quota). */
export const marketDataStatusQueryOptions = queryOptions({
  queryKey: marketDataStatusQueryKey,
  queryFn: ({ signal }) => api.get('/api/market-data/status', { schema: ZMarketDataStatusResponse, signal }),
  refetchInterval: 30_000,
});

export function useMarketDataStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...marketDataStatusQueryOptions, enabled: options.enabled ?? true });
}
