import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPortfolioAccountListResponse } from '../../../contracts/portfolio-accounts';
import { api } from '../../lib/api-client';

export const portfolioAccountsQueryKey = (userId: string) => ['portfolio-accounts', userId] as const;

/** GET /api/portfolio-accounts: the accounts, their total and the combined holdings (premium plans only). */
export const portfolioAccountsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: portfolioAccountsQueryKey(userId),
    queryFn: ({ signal }) =>
      api.get('/api/portfolio-accounts', { schema: ZPortfolioAccountListResponse, signal }),
  });

/** Mounted only for a premium or professional user, so visitors and the free plan send nothing. */
export function usePortfolioAccounts(userId: string) {
  return useQuery(portfolioAccountsQueryOptions(userId));
}
