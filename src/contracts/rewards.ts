import { z } from 'zod';
import {
  ACHIEVEMENT_ICON_NAMES,
  ACHIEVEMENT_RARITIES,
  LEADERBOARD_TYPES,
  POINT_CATEGORIES,
} from '../domain/rewards';
import { text } from './text';

/** The browser's IANA time zone, sent on GET /api/points; streak days and weeks are counted in it. */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** A `{userId}` path segment: checked against the session (another user's id is a 404, admins excepted). */
export const ZUserIdParams = z.object({ userId: text({ field: 'User id', max: 100, min: 1 }) });

/** GET /api/points?userId= (optional: an admin may name another user). */
export const ZPointsQuery = z.object({ userId: text({ field: 'User id', max: 100, min: 1 }).optional() });

const ZCount = z.number().int();

/** Spec 001 §3 "User points", plus the level figures of §9. */
export const ZUserPoints = z.object({
  totalPoints: ZCount,
  lifetimePoints: ZCount,
  weeklyPoints: ZCount,
  monthlyPoints: ZCount,
  currentStreak: ZCount,
  longestStreak: ZCount,
  level: ZCount,
  /** 0 to 99.9: the remainder of totalPoints by 1000 as a percent. */
  progressPercent: z.number(),
  pointsToNextLevel: ZCount,
  /** The zone the days were counted in. */
  timeZone: z.string(),
});
export type UserPoints = z.infer<typeof ZUserPoints>;

export const ZPointsResponse = z.object({ points: ZUserPoints });
export type PointsResponse = z.infer<typeof ZPointsResponse>;

export const ZPointCategory = z.enum(POINT_CATEGORIES);

/** Spec 001 §3 "Point transaction". */
export const ZPointTransaction = z.object({
  id: z.string(),
  points: ZCount,
  category: ZPointCategory,
  reason: z.string(),
  createdAt: z.string(),
});
export type PointTransaction = z.infer<typeof ZPointTransaction>;

/** GET /api/points/{userId}/history: the latest 20, newest first. */
export const ZPointHistoryResponse = z.object({ transactions: z.array(ZPointTransaction) });
export type PointHistoryResponse = z.infer<typeof ZPointHistoryResponse>;

/** Spec 001 §3 "Achievement". `category` is one of trading, learning, social, milestone (others may come). */
export const ZAchievement = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  rarity: z.enum(ACHIEVEMENT_RARITIES),
  points: ZCount,
  iconName: z.enum(ACHIEVEMENT_ICON_NAMES),
});
export type Achievement = z.infer<typeof ZAchievement>;

/** GET /api/achievements: the whole catalog. */
export const ZAchievementsResponse = z.object({ achievements: z.array(ZAchievement) });
export type AchievementsResponse = z.infer<typeof ZAchievementsResponse>;

/** Spec 001 §3 "User achievement": one per catalog entry, locked or unlocked. */
export const ZUserAchievement = z.object({
  id: z.string(),
  achievementId: z.string(),
  isUnlocked: z.boolean(),
  unlockedAt: z.string().nullable(),
});
export type UserAchievement = z.infer<typeof ZUserAchievement>;

/** GET /api/achievements/user/{userId}. */
export const ZUserAchievementsResponse = z.object({ achievements: z.array(ZUserAchievement) });
export type UserAchievementsResponse = z.infer<typeof ZUserAchievementsResponse>;

export const ZLeaderboardType = z.enum(LEADERBOARD_TYPES, {
  error: 'Type must be weekly_points, monthly_points or lifetime_points',
});

/** GET /api/leaderboard?type= (default weekly_points). */
export const ZLeaderboardQuery = z.object({ type: ZLeaderboardType.default('weekly_points') });

/**
 * Spec 001 §3 "Leaderboard entry". `userId` is the player's public number (shown as 'User {userId}'), never
 * the account id or the email; `isCurrentUser` marks the session user's row ('You').
 */
export const ZLeaderboardEntry = z.object({
  id: z.string(),
  userId: z.string(),
  rank: ZCount,
  /** Points, as a string. */
  value: z.string(),
  isCurrentUser: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;

export const ZLeaderboardResponse = z.object({ type: ZLeaderboardType, entries: z.array(ZLeaderboardEntry) });
export type LeaderboardResponse = z.infer<typeof ZLeaderboardResponse>;

/** POST /api/lessons/{lessonId}/read: no body; points are the server's. */
export const ZLessonParams = z.object({ lessonId: text({ field: 'Lesson', max: 100, min: 1 }) });

export const ZLessonReadResponse = z.object({
  lessonId: z.string(),
  /** True the first time this user reads this lesson (it earned points then). */
  firstRead: z.boolean(),
  pointsAwarded: ZCount,
});
export type LessonReadResponse = z.infer<typeof ZLessonReadResponse>;
