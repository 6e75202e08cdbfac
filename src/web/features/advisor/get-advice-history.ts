import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdviceHistoryResponse } from '../../../contracts/advisor';
import { api } from '../../lib/api-client';

export const adviceHistoryQueryKey = ['advisor', 'history'] as const;

/** GET /api/financial-advice/history: the signed-in user's recent questions, newest first. */
const adviceHistoryQueryOptions = queryOptions({
  queryKey: adviceHistoryQueryKey,
  queryFn: ({ signal }) =>
    api.get('/api/financial-advice/history', { schema: ZAdviceHistoryResponse, signal }),
});

export function useAdviceHistory(isSignedIn: boolean) {
  return useQuery({ ...adviceHistoryQueryOptions, enabled: isSignedIn });
}
