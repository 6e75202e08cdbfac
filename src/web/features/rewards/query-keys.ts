import type { QueryClient } from '@tanstack/react-query';
import type { LeaderboardType } from '../../../domain/rewards';

/**
 * Every rewards query key starts with 'rewards', so one call refreshes them all: after a paper portfolio is
 * created or a trade executed (spec 001 §4), call `invalidateRewards(queryClient)`.
 */
export const rewardsKeys = {
  all: ['rewards'] as const,
  points: ['rewards', 'points'] as const,
  history: (userId: string) => ['rewards', 'history', userId] as const,
  achievements: ['rewards', 'achievements'] as const,
  userAchievements: (userId: string) => ['rewards', 'user-achievements', userId] as const,
  leaderboard: (type: LeaderboardType) => ['rewards', 'leaderboard', type] as const,
};

export function invalidateRewards(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: rewardsKeys.all });
}
