import { describe, expect, it } from 'vitest';
import { summarizeLedger } from './points';
import { computeStreaks } from './streaks';

const LA = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);

describe('computeStreaks', () => {
  it('counts the run ending today or yesterday, and the longest run', () => {
    const days = ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04', '2025-03-07', '2025-03-08'];
    expect(computeStreaks(days, '2025-03-08')).toEqual({ currentStreak: 2, longestStreak: 4 });
    expect(computeStreaks(days, '2025-03-09')).toEqual({ currentStreak: 2, longestStreak: 4 });
    expect(computeStreaks(days, '2025-03-10')).toEqual({ currentStreak: 0, longestStreak: 4 });
  });

  it('handles no days, duplicates, any order, month ends and future days', () => {
    expect(computeStreaks([], '2025-03-01')).toEqual({ currentStreak: 0, longestStreak: 0 });
    expect(
      computeStreaks(['2025-03-01', '2025-02-28', '2025-02-28', '2025-02-27', '2025-03-05'], '2025-03-01'),
    ).toEqual({ currentStreak: 3, longestStreak: 3 });
  });

  it('differs between UTC and Los Angeles across a day boundary', () => {
    // Three activities: Mon 20:00 UTC, Tue 04:00 UTC, Tue 20:00 UTC.
    // In UTC these are two days (Mon, Tue); in Los Angeles (UTC-8) they are Mon 12:00, Mon 20:00, Tue 12:00.
    // A fourth at Wed 05:00 UTC is Wednesday in UTC but still Tuesday evening in Los Angeles.
    const entries = [
      '2025-01-06T20:00:00Z',
      '2025-01-07T04:00:00Z',
      '2025-01-07T20:00:00Z',
      '2025-01-08T05:00:00Z',
    ].map((iso) => ({ points: 10, createdAt: at(iso) }));
    const now = at('2025-01-08T06:00:00Z');
    expect(summarizeLedger(entries, now, 'UTC')).toMatchObject({ currentStreak: 3, longestStreak: 3 });
    expect(summarizeLedger(entries, now, LA)).toMatchObject({ currentStreak: 2, longestStreak: 2 });
    // Activity at 07:30 UTC on Jan 6 is Jan 5 in LA (a Sunday): the LA streak grows, the UTC one does not.
    const early = [{ points: 5, createdAt: at('2025-01-06T07:30:00Z') }, ...entries];
    expect(summarizeLedger(early, now, 'UTC')).toMatchObject({ currentStreak: 3 });
    expect(summarizeLedger(early, now, LA)).toMatchObject({ currentStreak: 3, longestStreak: 3 });
  });
});
