import { describe, expect, it } from 'vitest';
import { PAPER_TRADE_LIMITS } from '../paper-trading';
import {
  earnsTradePoints,
  levelOf,
  reasonLabel,
  summarizeLedger,
  TRADE_AWARD_MIN_VALUE,
  TRADE_AWARDS_PER_DAY,
  tradeAwardDayStartOf,
} from './points';

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

describe('trade points: $1.00 or more, at most 20 a UTC day', () => {
  it.each([
    ['1.00', 0, true],
    ['0.99', 0, false],
    ['0.00', 0, false],
    ['0.90', 5, false],
    ['10000.00', 0, true],
    ['1.00', 19, true],
    ['1.00', 20, false],
    ['250000.00', 20, false],
    ['1.00', 21, false],
  ])('a fill of $%s with %i trades already paid today earns: %s', (totalValue, tradesAwardedToday, earns) => {
    expect(earnsTradePoints({ totalValue, tradesAwardedToday })).toBe(earns);
  });

  it('uses the minimum order value of paper trading and a cap of 20', () => {
    expect(TRADE_AWARD_MIN_VALUE).toBe(PAPER_TRADE_LIMITS.minOrderValue);
    expect(TRADE_AWARDS_PER_DAY).toBe(20);
  });

  it.each([
    ['2025-06-02T00:00:00.000Z', '2025-06-02T00:00:00.000Z'],
    ['2025-06-02T23:59:59.999Z', '2025-06-02T00:00:00.000Z'],
    ['2025-06-03T00:00:00.001Z', '2025-06-03T00:00:00.000Z'],
    ['2024-02-29T12:34:56.000Z', '2024-02-29T00:00:00.000Z'],
    ['1969-12-31T18:00:00.000Z', '1969-12-31T00:00:00.000Z'],
  ])('the cap’s day of %s starts at %s (UTC)', (now, start) => {
    expect(tradeAwardDayStartOf(at(now)).toISOString()).toBe(start);
  });
});

describe('reasonLabel', () => {
  it('shows underscores as spaces', () => {
    expect(reasonLabel('first_portfolio')).toBe('first portfolio');
    expect(reasonLabel('achievement_trades_10')).toBe('achievement trades 10');
  });
});
