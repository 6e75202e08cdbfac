import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZApiTokenListResponse } from '../../../contracts/api-tokens';
import { api } from '../../lib/api-client';

export const apiTokensQueryKey = ['api-tokens'] as const;

/** GET /api/api-tokens: a Professional user's personal API tokens (never the tokens themselves). */
export const apiTokensQueryOptions = queryOptions({
  queryKey: apiTokensQueryKey,
  queryFn: ({ signal }) => api.get('/api/api-tokens', { schema: ZApiTokenListResponse, signal }),
});

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions);
}
