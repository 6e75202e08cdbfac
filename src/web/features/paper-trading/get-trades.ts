import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAPER_TRADES_MAX_LIMIT, ZPaperTradeListResponse } from '../../../contracts/paper-trading';
import { api } from '../../lib/api-client';
import { paperTradingRootKey } from './query-keys';

/** Every portfolio of the user, or one. */
export type TradesScope = { portfolioId: string } | 'all';

export const tradesQueryKey = (scope: TradesScope) =>
  [...paperTradingRootKey, 'trades', scope === 'all' ? 'all' : scope.portfolioId] as const;

/** GET /api/paper-trading/trades[?portfolioId=]: the user's trades (spec 001 §7), newest first, up to the most the API gives. */
export const tradesQueryOptions = (scope: TradesScope) =>
  queryOptions({
    queryKey: tradesQueryKey(scope),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(PAPER_TRADES_MAX_LIMIT) });
      if (scope !== 'all') params.set('portfolioId', scope.portfolioId);
      return api.get(`/api/paper-trading/trades?${params.toString()}`, {
        schema: ZPaperTradeListResponse,
        signal,
      });
    },
  });

export function useTrades(scope: TradesScope) {
  return useQuery(tradesQueryOptions(scope));
}
