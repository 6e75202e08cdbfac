import { describe, expect, it } from 'vitest';
import { leaderboardPeriodsOf, rankRows } from './leaderboard';

const at = (iso: string) => new Date(iso);

describe('leaderboardPeriodsOf', () => {
  it('puts leaderboard periods on UTC weeks and months', () => {
    expect(leaderboardPeriodsOf(at('2025-03-09T23:59:59Z'))).toEqual({
      week: '2025-03-03',
      month: '2025-03-01',
    });
    expect(leaderboardPeriodsOf(at('2025-03-10T00:00:00Z'))).toEqual({
      week: '2025-03-10',
      month: '2025-03-01',
    });
  });
});

describe('rankRows', () => {
  it('gives competition ranks', () => {
    const ranked = rankRows([{ value: 50 }, { value: 40 }, { value: 40 }, { value: 10 }]);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 2, 4]);
  });
});
