import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPointHistoryResponse } from '../../../contracts/rewards';
import { apiRequest } from '../../lib/api-client';
import { rewardsKeys } from './query-keys';

/** GET /api/points/{userId}/history: the latest 20 point transactions, newest first. */
export const pointHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: rewardsKeys.history(userId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(
          'GET',
          `/api/points/${encodeURIComponent(userId)}/history`,
          undefined,
          ZPointHistoryResponse,
          { signal },
        )
      ).transactions,
  });

export function usePointHistory(userId: string) {
  return useQuery(pointHistoryQueryOptions(userId));
}
