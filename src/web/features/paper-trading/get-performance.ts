import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPaperPerformanceResponse } from '../../../contracts/paper-trading';
import { api } from '../../lib/api-client';
import { paperTradingRootKey } from './query-keys';

export const performanceQueryKey = (portfolioId: string) =>
  [...paperTradingRootKey, 'performance', portfolioId] as const;

/** GET /api/paper-trading/portfolio/:id/performance: the portfolio's value day by day since its creation. */
export const performanceQueryOptions = (portfolioId: string) =>
  queryOptions({
    queryKey: performanceQueryKey(portfolioId),
    queryFn: ({ signal }) =>
      api.get(`/api/paper-trading/portfolio/${encodeURIComponent(portfolioId)}/performance`, {
        schema: ZPaperPerformanceResponse,
        signal,
      }),
  });

/** Only while a portfolio is selected (spec 001 §7). */
export function usePerformance(portfolioId: string | undefined) {
  return useQuery({ ...performanceQueryOptions(portfolioId ?? ''), enabled: portfolioId !== undefined });
}
