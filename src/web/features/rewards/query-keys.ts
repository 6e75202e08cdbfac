import type { QueryClient } from '@tanstack/react-query';
import type { LeaderboardType } from '../../../domain/rewards';
import { rewardsQueryRoot } from '../../lib/query-keys';

/** Every rewards query key starts with `rewardsQueryRoot`, so one invalidation refreshes them all. */
export const rewardsKeys = {
  all: rewardsQueryRoot,
  points: ['rewards', 'points'] as const,
  history: (userId: string) => ['rewards', 'history', userId] as const,
  achievements: ['rewards', 'achievements'] as const,
  userAchievements: (userId: string) => ['rewards', 'user-achievements', userId] as const,
  leaderboard: (type: LeaderboardType) => ['rewards', 'leaderboard', type] as const,
};

export function invalidateRewards(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: rewardsKeys.all });
}
