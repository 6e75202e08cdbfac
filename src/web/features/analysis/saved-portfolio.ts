import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZSavedPortfolioResponse,
  type Portfolio,
  type SavePortfolioRequest,
} from '../../../contracts/analysis';
import { api } from '../../lib/api-client';

export const savedPortfolioQueryKey = ['portfolio', 'saved'] as const;

/** GET /api/portfolio: the signed-in user's saved portfolio (`{}` when none). */
export const savedPortfolioQueryOptions = queryOptions({
  queryKey: savedPortfolioQueryKey,
  queryFn: ({ signal }) => api.get('/api/portfolio', { schema: ZSavedPortfolioResponse, signal }),
});

/** PUT /api/portfolio: replaces the saved portfolio; the answer becomes the cached copy. */
export function useSavePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (portfolio: Portfolio) =>
      api.put('/api/portfolio', { portfolio } satisfies SavePortfolioRequest, {
        schema: ZSavedPortfolioResponse,
      }),
    onSuccess: (saved) => queryClient.setQueryData(savedPortfolioQueryKey, saved),
  });
}
