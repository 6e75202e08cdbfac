import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSavedPortfolioResponse, type Portfolio } from '../../../contracts/analysis';
import { apiRequest } from '../../lib/api-client';

export const savedPortfolioQueryKey = ['portfolio', 'saved'] as const;

/** GET /api/portfolio: the signed-in user's saved portfolio (`{}` when none). */
export const savedPortfolioQueryOptions = queryOptions({
  queryKey: savedPortfolioQueryKey,
  queryFn: ({ signal }) =>
    apiRequest('GET', '/api/portfolio', undefined, ZSavedPortfolioResponse, { signal }),
});

export function useSavedPortfolio(options: { enabled: boolean }) {
  return useQuery({ ...savedPortfolioQueryOptions, enabled: options.enabled });
}

/** PUT /api/portfolio: replaces the saved portfolio; the answer becomes the cached copy. */
export function useSavePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (portfolio: Portfolio) =>
      apiRequest('PUT', '/api/portfolio', { portfolio }, ZSavedPortfolioResponse),
    onSuccess: (saved) => queryClient.setQueryData(savedPortfolioQueryKey, saved),
  });
}
