/**
 * Rewards (spec 001 "Rewards (/gamification)"): the engine that books points and unlocks achievements when a
 * real event happens on the server (a paper portfolio or trade, a lesson's first read, an analysis), and the
 * reads behind /api/points, /api/achievements and /api/leaderboard. The rules are src/domain/rewards/; the
 * points table is there and in docs/rewards.md.
 */
import type { User } from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import type {
  Achievement,
  LeaderboardEntry,
  LessonReadResponse,
  PointTransaction,
  UserAchievement,
  UserPoints,
} from '../../../contracts/rewards';
import { findLesson } from '../../../domain/lessons';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  localDateOf,
  normalizeTimeZone,
  periodStartsOf,
  startOfLocalDate,
} from '../../../domain/calendar';
import {
  ACHIEVEMENTS,
  ANALYSIS_AWARDS_PER_DAY,
  awardOfAchievement,
  computeStreaks,
  earnsTradePoints,
  LEADERBOARD_SIZE,
  leaderboardPeriodsOf,
  levelOf,
  newlyUnlocked,
  POINT_AWARDS,
  POINT_HISTORY_SIZE,
  rankRows,
  TRADE_AWARDS_PER_DAY,
  tradeAwardDayStartOf,
  unlockedByEventAlone,
  type AchievementFacts,
  type LeaderboardType,
  type PointAward,
  type RewardCounts,
  type RewardEvent,
} from '../../../domain/rewards';
import { readableUserId } from '../../auth/guards';
import type { Database } from '../../db/client';
import {
  bookPoints,
  countReasonSince,
  findUserPoints,
  incrementCounters,
  insertUnlock,
  isTimeZoneKnown,
  listActiveDays,
  listLatestTransactions,
  listUnlockedAchievements,
  lockUserPoints,
  saveTimeZone,
  standingInPeriod,
  standingLifetime,
  sumPointsSince,
  topLifetime,
  topOfPeriod,
  type CounterName,
  type Transaction,
  type UserPointsRow,
} from './repository';

/** Set through `ServiceOverrides.rewards`. */
export interface RewardsOptions {
  /** The clock of awards and of "today" (tests move it). Default: the system clock. */
  now?: () => Date;
}

export interface RewardsContext {
  db: Database;
  now: () => Date;
}

export const LESSON_NOT_FOUND_MESSAGE = 'Lesson not found';

/** A streak milestone needs at most this many days back (the longest milestone is 30 days). */
const STREAK_LOOKBACK_DAYS = 40;
/** Unlocks can cascade (an achievement's points reach a level achievement); a few rounds settle it. */
const MAX_UNLOCK_ROUNDS = 5;

// ------------------------------------------------------------------------------------------------ engine

export interface RecordedRewards {
  /** Σ points booked for the event, achievements' included. */
  pointsAwarded: number;
  /** Whether the event's own points were booked (false for a repeat: a lesson read again, the 4th analysis). */
  earned: boolean;
  unlocked: string[];
  /**
   * What was committed before this event (read under the lock, so true even if the event rolls back): the
   * achievements held, and for a trade, whether the day's trade awards (UTC) were all taken.
   */
  before: { achievements: ReadonlySet<string>; tradeCapReached: boolean };
}

const countsOf = (row: UserPointsRow): RewardCounts => ({
  portfolios: row.portfolioCount,
  trades: row.tradeCount,
  sells: row.sellCount,
  profitableSells: row.profitableSellCount,
  losingSells: row.losingSellCount,
  lessons: row.lessonCount,
  analyses: row.analysisCount,
});

const COUNT_OF_COUNTER: Record<CounterName, keyof RewardCounts> = {
  portfolioCount: 'portfolios',
  tradeCount: 'trades',
  sellCount: 'sells',
  profitableSellCount: 'profitableSells',
  losingSellCount: 'losingSells',
  lessonCount: 'lessons',
  analysisCount: 'analyses',
};

/**
 * Books what one event earns, in the caller's transaction (a rolled-back trade awards nothing): its own
 * points, then every achievement whose rule now holds, each once. The user's totals row is locked first, so
 * one user's awards never interleave.
 */
export async function recordRewardEvent(options: {
  tx: Transaction;
  now: Date;
  userId: string;
  event: RewardEvent;
}): Promise<RecordedRewards> {
  const { tx, now, userId, event } = options;
  const row = await lockUserPoints(tx, userId);
  const timeZone = normalizeTimeZone(row.timeZone) ?? DEFAULT_TIME_ZONE;
  const periods = leaderboardPeriodsOf(now);
  let total = row.totalPoints;
  let lifetime = row.lifetimePoints;
  let pointsAwarded = 0;
  const book = async (award: PointAward, dedupeKey: string | null) => {
    const booked = await bookPoints(tx, { ...award, userId, createdAt: now, dedupeKey, ...periods });
    if (booked) {
      total += award.points;
      lifetime += Math.max(0, award.points);
      pointsAwarded += award.points;
    }
    return booked;
  };

  const counters: CounterName[] = [];
  let earned = false;
  let tradeCapReached = false;
  switch (event.type) {
    case 'portfolio_created':
      counters.push('portfolioCount');
      earned = true;
      break;
    case 'trade_executed': {
      // Counted under the lock on the user's totals row: two trades at once cannot both take the last award.
      const tradesAwardedToday = await countReasonSince(
        tx,
        userId,
        POINT_AWARDS.tradeExecuted.reason,
        tradeAwardDayStartOf(now),
      );
      tradeCapReached = tradesAwardedToday >= TRADE_AWARDS_PER_DAY;
      if (!earnsTradePoints({ totalValue: event.totalValue, tradesAwardedToday })) break;
      earned = await book(POINT_AWARDS.tradeExecuted, `trade:${event.tradeId}`);
      if (!earned) break;
      counters.push('tradeCount');
      if (event.side === 'sell') {
        counters.push('sellCount');
        const pnl = Number(event.realizedPnl ?? 0);
        if (pnl > 0) counters.push('profitableSellCount');
        if (pnl < 0) counters.push('losingSellCount');
      }
      break;
    }
    case 'lesson_completed':
      earned = await book(POINT_AWARDS.lessonCompleted, `lesson:${event.lessonId}`);
      if (earned) counters.push('lessonCount');
      break;
    case 'analysis_completed': {
      const dayStart = startOfLocalDate(localDateOf(now, timeZone), timeZone);
      const today = await countReasonSince(tx, userId, POINT_AWARDS.analysisCompleted.reason, dayStart);
      if (today < ANALYSIS_AWARDS_PER_DAY) earned = await book(POINT_AWARDS.analysisCompleted, null);
      if (earned) counters.push('analysisCount');
      break;
    }
  }
  await incrementCounters(tx, userId, counters);
  const counts = countsOf(row);
  for (const name of counters) counts[COUNT_OF_COUNTER[name]] += 1;

  // ---- achievements
  const held = new Set((await listUnlockedAchievements(tx, userId)).map((u) => u.achievementId));
  const unlocked = new Set(held);
  const fresh: string[] = [];
  let currentStreak: number | undefined;
  for (let round = 0; round < MAX_UNLOCK_ROUNDS; round++) {
    const locked = ACHIEVEMENTS.filter((a) => !unlocked.has(a.id));
    if (locked.length === 0) break;
    const facts: AchievementFacts = { event, counts, totalPoints: total };
    if (locked.some((a) => a.needs === 'streak')) {
      currentStreak ??= await currentStreakOf(tx, userId, timeZone, now);
      facts.currentStreak = currentStreak;
    }
    if (locked.some((a) => a.needs === 'standings') && total > 0) {
      // One connection: one query at a time.
      const weekly = await standingInPeriod(tx, userId, 'week', periods.week);
      const monthly = await standingInPeriod(tx, userId, 'month', periods.month);
      facts.standings = { weekly, monthly, lifetime: await standingLifetime(tx, lifetime) };
    }
    const due = newlyUnlocked(facts, unlocked);
    if (due.length === 0) break;
    for (const achievement of due) {
      unlocked.add(achievement.id);
      const award = awardOfAchievement(achievement);
      const isNew = await insertUnlock(tx, {
        userId,
        achievementId: achievement.id,
        unlockedAt: now,
        points: award.points,
      });
      if (!isNew) continue;
      fresh.push(achievement.id);
      if (award.points !== 0) await book(award, `achievement:${achievement.id}`);
    }
  }
  return { pointsAwarded, earned, unlocked: fresh, before: { achievements: held, tradeCapReached } };
}

/** The run of active days ending today (the event's own points make today active). */
async function currentStreakOf(tx: Transaction, userId: string, timeZone: string, now: Date) {
  const today = localDateOf(now, timeZone);
  const since = startOfLocalDate(addDays(today, -STREAK_LOOKBACK_DAYS), timeZone);
  const days = await listActiveDays(tx, userId, timeZone, since);
  return computeStreaks(days, today).currentStreak;
}

/** Users known to hold every trade award of a UTC day; a bound keeps the memory small. */
const MAX_CAPPED_USERS = 10_000;

/**
 * The handlers other features call: paper trading's domain events (inside its transaction: its default
 * `onEvent`), and a completed analysis (its own transaction, after the answer is ready).
 *
 * A trade of a user who already took the day's trade awards earns nothing and changes no count, so it
 * needs no reward work under the trade's locks, unless its value or profit alone unlocks an achievement not
 * held yet. The engine remembers such users for the rest of the UTC day (the day's awards only grow, so the
 * memory is never wrong; another instance learns it with its own first capped trade) and answers those
 * trades without a query. It learns only what was committed before a trade's transaction (a trade that
 * rolls back teaches it nothing wrong).
 */
export function createRewardsEngine(context: RewardsContext) {
  const capped = new Map<string, { dayStart: number; achievements: ReadonlySet<string> }>();
  const nothingToRecord = (userId: string, event: RewardEvent, now: Date) => {
    const known = capped.get(userId);
    return (
      known?.dayStart === tradeAwardDayStartOf(now).getTime() &&
      unlockedByEventAlone(event, known.achievements).length === 0
    );
  };
  const remember = (userId: string, recorded: RecordedRewards, now: Date) => {
    if (!recorded.before.tradeCapReached) return;
    if (capped.size >= MAX_CAPPED_USERS) capped.clear();
    capped.set(userId, {
      dayStart: tradeAwardDayStartOf(now).getTime(),
      achievements: recorded.before.achievements,
    });
  };

  return {
    onPaperTradingEvent: async (
      event:
        | { type: 'portfolio_created'; userId: string; first: boolean }
        | {
            type: 'trade_executed';
            userId: string;
            tradeId: string;
            side: 'buy' | 'sell';
            totalValue: string;
            realizedPnl: string | null;
          },
      { tx }: { tx: Transaction },
    ): Promise<void> => {
      const rewardEvent: RewardEvent =
        event.type === 'portfolio_created'
          ? { type: 'portfolio_created', first: event.first }
          : {
              type: 'trade_executed',
              tradeId: event.tradeId,
              side: event.side,
              totalValue: event.totalValue,
              realizedPnl: event.realizedPnl,
            };
      const now = context.now();
      if (rewardEvent.type === 'trade_executed' && nothingToRecord(event.userId, rewardEvent, now)) return;
      const recorded = await recordRewardEvent({ tx, now, userId: event.userId, event: rewardEvent });
      remember(event.userId, recorded, now);
    },
    onAnalysisCompleted: async (event: { userId: string; mode: 'ai' | 'demo' }): Promise<void> => {
      await context.db.transaction((tx) =>
        recordRewardEvent({
          tx,
          now: context.now(),
          userId: event.userId,
          event: { type: 'analysis_completed', mode: event.mode },
        }),
      );
    },
  };
}

// ------------------------------------------------------------------------------------------------- reads

/**
 * GET /api/points: totals, this week's and month's points, streaks and level. Days, weeks (ISO, Monday) and
 * months are counted in the browser's zone when it sent a valid one (remembered for the streaks of later
 * awards), else in the zone last remembered, else UTC.
 */
export async function getUserPoints(
  options: RewardsContext & { user: User; userId?: string; timeZone?: string },
): Promise<UserPoints> {
  const { db, user } = options;
  const userId = readableUserId(user, options.userId);
  let sent = normalizeTimeZone(options.timeZone);
  let row = await findUserPoints(db, userId);
  if (sent && row?.timeZone !== sent) {
    // A zone is checked against the database once, before it is stored (a stored zone is known to be good).
    if (!(await isTimeZoneKnown(db, sent))) sent = undefined;
    else if (userId === user.id) {
      await saveTimeZone(db, userId, sent);
      row = await findUserPoints(db, userId);
    }
  }
  const timeZone = sent ?? normalizeTimeZone(row?.timeZone) ?? DEFAULT_TIME_ZONE;
  const now = options.now();
  const periods = periodStartsOf(now, timeZone);
  const [sums, days] = await Promise.all([
    sumPointsSince(db, userId, periods),
    row ? listActiveDays(db, userId, timeZone) : Promise.resolve([]),
  ]);
  const totalPoints = row?.totalPoints ?? 0;
  return {
    totalPoints,
    lifetimePoints: row?.lifetimePoints ?? 0,
    weeklyPoints: sums.weekly,
    monthlyPoints: sums.monthly,
    ...computeStreaks(days, periods.today),
    ...levelOf(totalPoints),
    timeZone,
  };
}

/** GET /api/points/{userId}/history: the latest 20 rows, newest first. */
export async function getPointHistory(
  options: RewardsContext & { user: User; userId: string },
): Promise<PointTransaction[]> {
  const userId = readableUserId(options.user, options.userId);
  const rows = await listLatestTransactions(options.db, userId, POINT_HISTORY_SIZE);
  return rows.map((r) => ({
    id: String(r.id),
    points: r.points,
    category: r.category,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** GET /api/achievements: the catalog (rules stay on the server). */
export function listAchievements(): Achievement[] {
  return ACHIEVEMENTS.map(({ id, name, description, category, rarity, points, iconName }) => ({
    id,
    name,
    description,
    category,
    rarity,
    points,
    iconName,
  }));
}

/** GET /api/achievements/user/{userId}: every catalog entry, locked or unlocked with its date. */
export async function getUserAchievements(
  options: RewardsContext & { user: User; userId: string },
): Promise<UserAchievement[]> {
  const userId = readableUserId(options.user, options.userId);
  const unlocked = new Map(
    (await listUnlockedAchievements(options.db, userId)).map((u) => [u.achievementId, u.unlockedAt]),
  );
  return ACHIEVEMENTS.map((a) => {
    const at = unlocked.get(a.id);
    return {
      id: a.id,
      achievementId: a.id,
      isUnlocked: at !== undefined,
      unlockedAt: at ? at.toISOString() : null,
    };
  });
}

/**
 * GET /api/leaderboard: the top 10 of this UTC week, this UTC month or all time, each row by public player
 * number (never the account id or email), the session user's row marked.
 */
export async function getLeaderboard(
  options: RewardsContext & { user: User; type: LeaderboardType },
): Promise<LeaderboardEntry[]> {
  const { db, user, type } = options;
  const periods = leaderboardPeriodsOf(options.now());
  const rows =
    type === 'lifetime_points'
      ? await topLifetime(db, LEADERBOARD_SIZE)
      : type === 'weekly_points'
        ? await topOfPeriod(db, 'week', periods.week, LEADERBOARD_SIZE)
        : await topOfPeriod(db, 'month', periods.month, LEADERBOARD_SIZE);
  return rankRows(rows).map((r) => ({
    id: `${type}:${r.publicId}`,
    userId: String(r.publicId),
    rank: r.rank,
    value: String(r.value),
    isCurrentUser: r.userId === user.id,
  }));
}

/** POST /api/lessons/{lessonId}/read: the first read of a lesson earns points; later reads nothing. */
export async function markLessonRead(
  options: RewardsContext & { user: User; lessonId: string },
): Promise<LessonReadResponse> {
  const lesson = findLesson(options.lessonId);
  if (!lesson) throw new AppError('NOT_FOUND', LESSON_NOT_FOUND_MESSAGE);
  const recorded = await options.db.transaction((tx) =>
    recordRewardEvent({
      tx,
      now: options.now(),
      userId: options.user.id,
      event: { type: 'lesson_completed', lessonId: lesson.id },
    }),
  );
  return { lessonId: lesson.id, firstRead: recorded.earned, pointsAwarded: recorded.pointsAwarded };
}
