import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZHistoryResponse, type HistoryRange } from '../../../contracts/market-data';
import { api } from '../../lib/api-client';

/** GET /api/market-data/:ticker/history?range= (public): completed daily sessions, oldest first. */
export function historyQueryOptions(symbol: string, range: HistoryRange) {
  return queryOptions({
    queryKey: ['market-data', 'history', symbol, range],
    queryFn: ({ signal }) =>
      api.get(`/api/market-data/${encodeURIComponent(symbol)}/history?range=${range}`, {
        schema: ZHistoryResponse,
        signal,
      }),
    // Daily bars change once a day.
    staleTime: 10 * 60_000,
  });
}

export function usePriceHistory(symbol: string, range: HistoryRange) {
  return useQuery({ ...historyQueryOptions(symbol, range), placeholderData: keepPreviousData });
}
