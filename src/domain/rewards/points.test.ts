import { describe, expect, it } from 'vitest';
import { levelOf, reasonLabel, summarizeLedger } from './points';

const LA = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);

describe('levelOf (spec 001 §9)', () => {
  it.each([
    [0, 1, 0, 1000],
    [1, 1, 0.1, 999],
    [100, 1, 10, 900],
    [999, 1, 99.9, 1],
    [1000, 2, 0, 1000],
    [1001, 2, 0.1, 999],
    [2500, 3, 50, 500],
    [9999, 10, 99.9, 1],
  ])('%i points -> level %i, %f %%, %i to next', (total, level, percent, toNext) => {
    expect(levelOf(total)).toEqual({ level, progressPercent: percent, pointsToNextLevel: toNext });
  });

  it('treats a negative total as 0', () => {
    expect(levelOf(-50)).toEqual({ level: 1, progressPercent: 0, pointsToNextLevel: 1000 });
  });
});

describe('summarizeLedger: weekly (ISO, Monday, in the zone) and monthly sums', () => {
  const entries = [
    { points: 100, createdAt: at('2025-02-28T12:00:00Z') }, // last month everywhere
    { points: 20, createdAt: at('2025-03-02T12:00:00Z') }, // Sunday: previous ISO week
    { points: 10, createdAt: at('2025-03-03T03:00:00Z') }, // Monday in UTC; Sunday evening in LA
    { points: 15, createdAt: at('2025-03-04T18:00:00Z') }, // Tuesday everywhere
    { points: -5, createdAt: at('2025-03-05T18:00:00Z') }, // spending
  ];
  const now = at('2025-03-06T12:00:00Z');

  it('in UTC', () => {
    expect(summarizeLedger(entries, now, 'UTC')).toMatchObject({
      totalPoints: 140,
      lifetimePoints: 145,
      weeklyPoints: 20,
      monthlyPoints: 40,
      level: 1,
      progressPercent: 14,
      pointsToNextLevel: 860,
    });
  });

  it('in Los Angeles, the Monday-03:00-UTC row belongs to the previous week', () => {
    expect(summarizeLedger(entries, now, LA)).toMatchObject({ weeklyPoints: 10, monthlyPoints: 40 });
  });

  it('in Tokyo, the February 28 row is still February; a March 1 late-evening UTC row is March 2', () => {
    const tokyo = [...entries, { points: 7, createdAt: at('2025-02-28T16:00:00Z') }]; // 01:00 March 1 in Tokyo
    expect(summarizeLedger(tokyo, now, 'Asia/Tokyo')).toMatchObject({ monthlyPoints: 47, weeklyPoints: 20 });
  });
});

describe('reasonLabel', () => {
  it('shows underscores as spaces', () => {
    expect(reasonLabel('first_portfolio')).toBe('first portfolio');
    expect(reasonLabel('achievement_trades_10')).toBe('achievement trades 10');
  });
});
