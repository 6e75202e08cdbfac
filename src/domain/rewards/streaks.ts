/** Daily activity streaks (spec 001 §9): a day is "active" when the user earned points on it, in their time zone. */
import { toDayNumber } from '../calendar/iso-dates';

export interface Streaks {
  currentStreak: number;
  longestStreak: number;
}

/**
 * Streaks from the active calendar days (any order, duplicates allowed). The current streak is the run that
 * ends today, or yesterday (today is not over yet: the run can still go on); otherwise 0. Days after today
 * (another zone's clock) are ignored.
 */
export function computeStreaks(activeDays: Iterable<string>, today: string): Streaks {
  const todayNumber = toDayNumber(today);
  const days = [...new Set([...activeDays].map(toDayNumber))]
    .filter((d) => d <= todayNumber)
    .sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  let previous: number | undefined;
  for (const day of days) {
    run = previous !== undefined && day === previous + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const isAlive = previous !== undefined && previous >= todayNumber - 1;
  return { currentStreak: isAlive ? run : 0, longestStreak: longest };
}
