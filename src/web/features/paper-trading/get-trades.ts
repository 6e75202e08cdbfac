import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPaperTradeListResponse } from '../../../contracts/paper-trading';
import { api } from '../../lib/api-client';
import { paperTradingRootKey } from './query-keys';

export const tradesQueryKey = (portfolioId: string) =>
  [...paperTradingRootKey, 'trades', portfolioId] as const;

/** GET /api/paper-trading/trades?portfolioId=: the portfolio's trades, newest first. */
export const tradesQueryOptions = (portfolioId: string) =>
  queryOptions({
    queryKey: tradesQueryKey(portfolioId),
    queryFn: ({ signal }) =>
      api.get(`/api/paper-trading/trades?portfolioId=${encodeURIComponent(portfolioId)}`, {
        schema: ZPaperTradeListResponse,
        signal,
      }),
  });

/** Only while a portfolio is selected (spec 001 §7). */
export function useTrades(portfolioId: string | undefined) {
  return useQuery({ ...tradesQueryOptions(portfolioId ?? ''), enabled: portfolioId !== undefined });
}
