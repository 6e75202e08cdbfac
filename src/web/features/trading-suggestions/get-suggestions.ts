import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSuggestionList } from '../../../contracts/trading-suggestions';
import { api } from '../../lib/api-client';

export const suggestionsQueryKey = (userId: string) => ['trading-suggestions', userId] as const;

/** GET /api/trading-suggestions: the signed-in premium user's suggestions, newest first. */
export const suggestionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: suggestionsQueryKey(userId),
    queryFn: ({ signal }) => api.get('/api/trading-suggestions', { schema: ZSuggestionList, signal }),
  });

/** Runs only when `enabled` (premium and professional plans, spec 000 §6). */
export function useSuggestions(userId: string, enabled: boolean) {
  return useQuery({ ...suggestionsQueryOptions(userId), enabled });
}
