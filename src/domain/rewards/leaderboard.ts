/** Leaderboards (spec 001 §9): weekly, monthly and lifetime points, ranked. */
import { isoWeekStartOf, monthStartOf, utcDateOf } from '../calendar/iso-dates';

/** Spec 001 §9. */
export const LEADERBOARD_SIZE = 10;

export const LEADERBOARD_TYPES = ['weekly_points', 'monthly_points', 'lifetime_points'] as const;
export type LeaderboardType = (typeof LEADERBOARD_TYPES)[number];

/**
 * Leaderboards compare everyone on one clock: UTC ISO weeks and UTC months. The period rows a point
 * transaction adds to.
 */
export function leaderboardPeriodsOf(instant: Date): { week: string; month: string } {
  const date = utcDateOf(instant);
  return { week: isoWeekStartOf(date), month: monthStartOf(date) };
}

/**
 * Competition ranks ("1, 2, 2, 4") of rows already sorted by value, highest first. Correct for a top-N list:
 * everyone with more points than a row is above it in the list.
 */
export function rankRows<T extends { value: number }>(rows: readonly T[]): (T & { rank: number })[] {
  let previous: { value: number; rank: number } | undefined;
  return rows.map((row, index) => {
    const rank = previous && previous.value === row.value ? previous.rank : index + 1;
    previous = { value: row.value, rank };
    return { ...row, rank };
  });
}

export interface BoardStanding {
  /** The user's competition rank, or null when they have no points on that board. */
  rank: number | null;
  /** Users with points on that board. */
  players: number;
  /** The user's value on that board. */
  value: number;
}
