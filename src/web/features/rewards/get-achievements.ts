import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAchievementsResponse, ZUserAchievementsResponse } from '../../../contracts/rewards';
import { api } from '../../lib/api-client';
import { rewardsKeys } from './query-keys';

/** GET /api/achievements: the catalog. */
export const achievementsQueryOptions = queryOptions({
  queryKey: rewardsKeys.achievements,
  queryFn: async ({ signal }) =>
    (await api.get('/api/achievements', { schema: ZAchievementsResponse, signal })).achievements,
});

export function useAchievements() {
  return useQuery(achievementsQueryOptions);
}

/** GET /api/achievements/user/{userId}: every achievement, locked or unlocked with its date. */
export const userAchievementsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: rewardsKeys.userAchievements(userId),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/api/achievements/user/${encodeURIComponent(userId)}`, {
          schema: ZUserAchievementsResponse,
          signal,
        })
      ).achievements,
  });

export function useUserAchievements(userId: string) {
  return useQuery(userAchievementsQueryOptions(userId));
}
