/** Rewards in 'Download my data': points, the ledger, achievements and leaderboard periods. */
import { asc, eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { pointTransaction, userAchievement, userPeriodPoints, userPoints } from './schema';

export const rewardsAccountData = defineAccountData({
  rewards: async ({ tx, userId }) => {
    const [points] = await tx
      .select({
        publicId: userPoints.publicId,
        timeZone: userPoints.timeZone,
        totalPoints: userPoints.totalPoints,
        lifetimePoints: userPoints.lifetimePoints,
      })
      .from(userPoints)
      .where(eq(userPoints.userId, userId));
    const periodPoints = await tx
      .select({
        periodKind: userPeriodPoints.periodKind,
        periodStart: userPeriodPoints.periodStart,
        points: userPeriodPoints.points,
      })
      .from(userPeriodPoints)
      .where(eq(userPeriodPoints.userId, userId))
      .orderBy(asc(userPeriodPoints.periodStart), asc(userPeriodPoints.periodKind));
    const pointRows = await tx
      .select({
        points: pointTransaction.points,
        category: pointTransaction.category,
        reason: pointTransaction.reason,
        createdAt: pointTransaction.createdAt,
      })
      .from(pointTransaction)
      .where(eq(pointTransaction.userId, userId))
      .orderBy(asc(pointTransaction.createdAt), asc(pointTransaction.id));
    const achievements = await tx
      .select({
        achievementId: userAchievement.achievementId,
        points: userAchievement.points,
        unlockedAt: userAchievement.unlockedAt,
      })
      .from(userAchievement)
      .where(eq(userAchievement.userId, userId))
      .orderBy(asc(userAchievement.unlockedAt));
    return {
      playerNumber: points?.publicId ?? null,
      timeZone: points?.timeZone ?? null,
      totalPoints: points?.totalPoints ?? 0,
      lifetimePoints: points?.lifetimePoints ?? 0,
      transactions: pointRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      achievements: achievements.map((a) => ({ ...a, unlockedAt: a.unlockedAt.toISOString() })),
      periods: periodPoints,
    };
  },
});
