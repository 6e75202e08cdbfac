import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZLeaderboardResponse } from '../../../contracts/rewards';
import type { LeaderboardType } from '../../../domain/rewards';
import { api } from '../../lib/api-client';
import { rewardsKeys } from './query-keys';

/** GET /api/leaderboard?type=: the top 10 of the week, the month or all time. */
export const leaderboardQueryOptions = (type: LeaderboardType) =>
  queryOptions({
    queryKey: rewardsKeys.leaderboard(type),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/leaderboard?type=${type}`, { schema: ZLeaderboardResponse, signal })).entries,
  });

export function useLeaderboard(type: LeaderboardType, options: { enabled?: boolean } = {}) {
  return useQuery({ ...leaderboardQueryOptions(type), enabled: options.enabled ?? true });
}
