import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPointHistoryResponse } from '../../../contracts/rewards';
import { api } from '../../lib/api-client';
import { rewardsKeys } from './query-keys';

/** GET /api/points/{userId}/history: the latest 20 point transactions, newest first. */
export const pointHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: rewardsKeys.history(userId),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/api/points/${encodeURIComponent(userId)}/history`, {
          schema: ZPointHistoryResponse,
          signal,
        })
      ).transactions,
  });

export function usePointHistory(userId: string) {
  return useQuery(pointHistoryQueryOptions(userId));
}
