/**
 * Rewards points (spec 001 "Rewards (/gamification)", §3, §9): the points table, levels and the summary of a
 * user's ledger. Pure rules, no I/O; the server's rewards feature applies them to the point-transaction ledger.
 *
 * Points table (also in docs/rewards.md). Points are granted by the server for real events only; no endpoint
 * takes points from a client.
 *
 * | event                                      | points | category | reason                   | how often              |
 * | ------------------------------------------ | -----: | -------- | ------------------------ | ---------------------- |
 * | first paper portfolio (achievement)        |   +100 | earning  | first_portfolio          | once                   |
 * | each executed paper trade of $1.00 or more |    +10 | earning  | trade_executed           | at most 20 a UTC day   |
 * | first sell with a realised profit (ach.)   |    +50 | earning  | first_profitable_trade   | once                   |
 * | a lesson read for the first time           |    +20 | earning  | lesson_completed         | once per lesson        |
 * | a portfolio analysis run (AI or demo)      |    +15 | earning  | analysis_completed       | at most 3 a day        |
 * | daily activity streak of 3 / 7 / 30 days   | +25 / +75 / +300 | bonus | streak_3_days, ... | once each (ach.)  |
 * | any other achievement                      | its points | bonus | achievement_<id>       | once                   |
 * | spending                                   | none yet (the category exists)                                |
 *
 * "(ach.)": these once-only awards ARE achievements whose points are paid under the reason above instead of
 * `achievement_<id>` — one ledger row per unlock, never two.
 *
 * Days are calendar days in the user's time zone (the browser's IANA zone, default UTC); weeks are ISO weeks
 * (Monday to Sunday) in that zone. A day is "active" when the user earned points on it. The one exception is
 * the daily cap of trade points, counted in UTC days (decision 012): the zone is the user's to change, and
 * a change would open a fresh "day" early.
 */
import { MS_PER_DAY } from '../calendar/iso-dates';
import { localDateOf, periodStartsOf } from '../calendar/time-zones';
import { computeStreaks, type Streaks } from './streaks';

export const POINT_CATEGORIES = ['earning', 'spending', 'bonus'] as const;
export type PointCategory = (typeof POINT_CATEGORIES)[number];

/** Spec 001 §9. */
export const POINTS_PER_LEVEL = 1000;
export const POINT_HISTORY_SIZE = 20;

export interface PointAward {
  readonly points: number;
  readonly category: PointCategory;
  readonly reason: string;
}

/** The repeatable earnings; once-only awards are achievements (below). */
export const POINT_AWARDS = {
  tradeExecuted: { points: 10, category: 'earning', reason: 'trade_executed' },
  lessonCompleted: { points: 20, category: 'earning', reason: 'lesson_completed' },
  analysisCompleted: { points: 15, category: 'earning', reason: 'analysis_completed' },
} as const satisfies Record<string, PointAward>;

/** Analyses earn points at most this many times per calendar day (in the user's time zone). */
export const ANALYSIS_AWARDS_PER_DAY = 3;

/** Trades earn points at most this many times per UTC day: practice pays, farming does not. */
export const TRADE_AWARDS_PER_DAY = 20;

/**
 * Dollars: a fill worth less earns no points. Equal to paper trading's `PAPER_TRADE_LIMITS.minOrderValue`
 * (not imported, so the rewards rules do not pull decimal.js into the web bundle; points.test.ts checks that
 * the two agree). Only a sell that closes a small holding can fill under it.
 */
export const TRADE_AWARD_MIN_VALUE = 1;

/**
 * Whether a fill earns the trade points: worth at least $1.00 (`totalValue`, the ledger's decimal string:
 * cents compared as a number are exact against a whole-dollar threshold), and fewer than 20 trades earned
 * points today (UTC). A fill that earns nothing does not count toward the trade achievements either.
 */
export function earnsTradePoints(fill: { totalValue: string; tradesAwardedToday: number }): boolean {
  return Number(fill.totalValue) >= TRADE_AWARD_MIN_VALUE && fill.tradesAwardedToday < TRADE_AWARDS_PER_DAY;
}

/** 00:00 UTC of the instant's day: where the trade cap's day starts. */
export function tradeAwardDayStartOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / MS_PER_DAY) * MS_PER_DAY);
}

// ----------------------------------------------------------------------------------------------- levels

export interface LevelProgress {
  level: number;
  /** The remainder of totalPoints by 1000, as a percent (0 to 99.9). */
  progressPercent: number;
  /** 1000 minus that remainder (1 to 1000). */
  pointsToNextLevel: number;
}

/** Spec 001 §9: level = floor(total/1000) + 1; progress = (total mod 1000) as a percent of 1000. */
export function levelOf(totalPoints: number): LevelProgress {
  const total = Math.max(0, Math.floor(totalPoints));
  const remainder = total % POINTS_PER_LEVEL;
  return {
    level: Math.floor(total / POINTS_PER_LEVEL) + 1,
    // Exact to one decimal: the remainder is an integer, 1000 = 10 × 100.
    progressPercent: remainder / (POINTS_PER_LEVEL / 100),
    pointsToNextLevel: POINTS_PER_LEVEL - remainder,
  };
}

// ------------------------------------------------------------------------------------------- summaries

export interface LedgerEntry {
  points: number;
  createdAt: Date;
}

export interface PointsSummary extends Streaks, LevelProgress {
  totalPoints: number;
  lifetimePoints: number;
  weeklyPoints: number;
  monthlyPoints: number;
}

/**
 * Everything on the summary cards, from a user's whole ledger: what the server computes with indexed
 * queries (the totals kept per user, sums since the period starts, distinct local days), stated as one
 * pure function. Total = Σ points; lifetime = Σ positive points (spending never lowers it).
 */
export function summarizeLedger(entries: readonly LedgerEntry[], now: Date, timeZone: string): PointsSummary {
  const { today, weekStart, monthStart } = periodStartsOf(now, timeZone);
  let total = 0;
  let lifetime = 0;
  let weekly = 0;
  let monthly = 0;
  const days: string[] = [];
  for (const { points, createdAt } of entries) {
    total += points;
    if (points > 0) lifetime += points;
    if (createdAt > now) continue;
    if (createdAt >= weekStart) weekly += points;
    if (createdAt >= monthStart) monthly += points;
    days.push(localDateOf(createdAt, timeZone));
  }
  return {
    totalPoints: total,
    lifetimePoints: lifetime,
    weeklyPoints: weekly,
    monthlyPoints: monthly,
    ...computeStreaks(days, today),
    ...levelOf(total),
  };
}

/** A ledger reason as people read it: underscores shown as spaces (spec 001 "History"). */
export function reasonLabel(reason: string): string {
  return reason.replaceAll('_', ' ');
}
