import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPaperPortfolioListResponse } from '../../../contracts/paper-trading';
import { api } from '../../lib/api-client';
import { paperTradingRootKey } from './query-keys';

export const portfoliosQueryKey = (userId: string) => [...paperTradingRootKey, 'portfolios', userId] as const;

/** GET /api/paper-trading/portfolio?userId=: the signed-in user's virtual portfolios, oldest first. */
export const portfoliosQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: portfoliosQueryKey(userId),
    queryFn: ({ signal }) =>
      api.get(`/api/paper-trading/portfolio?userId=${encodeURIComponent(userId)}`, {
        schema: ZPaperPortfolioListResponse,
        signal,
      }),
  });

export function usePortfolios(userId: string) {
  return useQuery(portfoliosQueryOptions(userId));
}
