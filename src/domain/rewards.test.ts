import { describe, expect, it } from 'vitest';
import { LESSONS } from './lessons';
import {
  ACHIEVEMENT_CATEGORIES,
  ACHIEVEMENT_ICON_NAMES,
  ACHIEVEMENT_RARITIES,
  ACHIEVEMENTS,
  awardOfAchievement,
  computeStreaks,
  findAchievement,
  isoWeekStartOf,
  leaderboardPeriodsOf,
  levelOf,
  localDateOf,
  newlyUnlocked,
  normalizeTimeZone,
  periodStartsOf,
  rankRows,
  reasonLabel,
  SOCIAL_MIN_PLAYERS,
  startOfLocalDate,
  summarizeLedger,
  type AchievementFacts,
  type RewardCounts,
} from './rewards';

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

describe('time zones', () => {
  it('accepts IANA names and canonicalises them; refuses offsets and junk', () => {
    expect(normalizeTimeZone('America/Los_Angeles')).toBe(LA);
    expect(normalizeTimeZone('UTC')).toBe('UTC');
    expect(normalizeTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(normalizeTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    for (const bad of ['', 'Mars/Olympus', '+01:00', 'UTC+1', "'; drop table", 'x'.repeat(80), undefined]) {
      expect(normalizeTimeZone(bad)).toBeUndefined();
    }
  });

  it('finds the local date of an instant', () => {
    // 2025-03-04 05:30 UTC is still March 3 in Los Angeles (UTC-8).
    expect(localDateOf(at('2025-03-04T05:30:00Z'), 'UTC')).toBe('2025-03-04');
    expect(localDateOf(at('2025-03-04T05:30:00Z'), LA)).toBe('2025-03-03');
    expect(localDateOf(at('2025-03-04T20:00:00Z'), 'Asia/Tokyo')).toBe('2025-03-05');
  });

  it('finds local midnight, across daylight saving changes', () => {
    expect(startOfLocalDate('2025-03-03', LA).toISOString()).toBe('2025-03-03T08:00:00.000Z');
    // DST started 2025-03-09 at 02:00 local: midnight is still PST.
    expect(startOfLocalDate('2025-03-09', LA).toISOString()).toBe('2025-03-09T08:00:00.000Z');
    expect(startOfLocalDate('2025-03-10', LA).toISOString()).toBe('2025-03-10T07:00:00.000Z');
    expect(startOfLocalDate('2025-07-01', 'Asia/Kolkata').toISOString()).toBe('2025-06-30T18:30:00.000Z');
    expect(startOfLocalDate('2025-07-01', 'UTC').toISOString()).toBe('2025-07-01T00:00:00.000Z');
    // Santiago moves its clocks at midnight: 2024-09-08 starts at 01:00 local (-03), i.e. 04:00 UTC.
    expect(startOfLocalDate('2024-09-08', 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
  });

  it('starts ISO weeks on Monday and months on the 1st, in the zone', () => {
    expect(isoWeekStartOf('2025-03-03')).toBe('2025-03-03'); // a Monday
    expect(isoWeekStartOf('2025-03-09')).toBe('2025-03-03'); // Sunday
    expect(isoWeekStartOf('2025-01-01')).toBe('2024-12-30'); // across a year
    // Monday 2025-03-10 03:00 UTC is Sunday evening in Los Angeles: still the previous week there.
    const now = at('2025-03-10T03:00:00Z');
    expect(periodStartsOf(now, 'UTC').weekStart.toISOString()).toBe('2025-03-10T00:00:00.000Z');
    expect(periodStartsOf(now, LA).weekStart.toISOString()).toBe('2025-03-03T08:00:00.000Z');
    // 2025-04-01 02:00 UTC is still March 31 in Los Angeles.
    const monthEdge = at('2025-04-01T02:00:00Z');
    expect(periodStartsOf(monthEdge, 'UTC').monthStart.toISOString()).toBe('2025-04-01T00:00:00.000Z');
    expect(periodStartsOf(monthEdge, LA).monthStart.toISOString()).toBe('2025-03-01T08:00:00.000Z');
  });

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

describe('rankRows', () => {
  it('gives competition ranks', () => {
    const ranked = rankRows([{ value: 50 }, { value: 40 }, { value: 40 }, { value: 10 }]);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 2, 4]);
  });
});

describe('the achievement catalog', () => {
  it('has at least 24 achievements with unique ids, in every category and rarity, icons from spec §9', () => {
    expect(ACHIEVEMENTS.length).toBeGreaterThanOrEqual(24);
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
    for (const category of ACHIEVEMENT_CATEGORIES) {
      expect(
        ACHIEVEMENTS.some((a) => a.category === category),
        category,
      ).toBe(true);
    }
    for (const rarity of ACHIEVEMENT_RARITIES) {
      expect(
        ACHIEVEMENTS.some((a) => a.rarity === rarity),
        rarity,
      ).toBe(true);
    }
    for (const a of ACHIEVEMENTS) {
      expect(ACHIEVEMENT_ICON_NAMES as readonly string[]).toContain(a.iconName);
      expect(ACHIEVEMENT_CATEGORIES as readonly string[]).toContain(a.category);
      expect(Number.isInteger(a.points) && a.points > 0, a.id).toBe(true);
      expect(a.name.length).toBeGreaterThan(0);
      expect(a.description.length).toBeGreaterThan(0);
    }
  });

  it('pays the once-only awards of the points table under their own reasons', () => {
    expect(awardOfAchievement(findAchievement('first_portfolio')!)).toEqual({
      points: 100,
      category: 'earning',
      reason: 'first_portfolio',
    });
    expect(awardOfAchievement(findAchievement('first_profitable_trade')!)).toEqual({
      points: 50,
      category: 'earning',
      reason: 'first_profitable_trade',
    });
    expect(
      ['streak_3', 'streak_7', 'streak_30'].map((id) => awardOfAchievement(findAchievement(id)!)),
    ).toEqual([
      { points: 25, category: 'bonus', reason: 'streak_3_days' },
      { points: 75, category: 'bonus', reason: 'streak_7_days' },
      { points: 300, category: 'bonus', reason: 'streak_30_days' },
    ]);
    expect(awardOfAchievement(findAchievement('trades_10')!)).toEqual({
      points: 50,
      category: 'bonus',
      reason: 'achievement_trades_10',
    });
  });

  it('knows how many lessons there are', () => {
    const all = findAchievement('all_lessons')!;
    expect(all.rule(facts({ counts: { lessons: LESSONS.length } }))).toBe(true);
    expect(all.rule(facts({ counts: { lessons: LESSONS.length - 1 } }))).toBe(false);
  });
});

function facts(
  overrides: Partial<Omit<AchievementFacts, 'counts'>> & { counts?: Partial<RewardCounts> } = {},
): AchievementFacts {
  const { counts, ...rest } = overrides;
  return {
    event: { type: 'portfolio_created', first: true },
    totalPoints: 0,
    ...rest,
    counts: {
      portfolios: 0,
      trades: 0,
      sells: 0,
      profitableSells: 0,
      losingSells: 0,
      lessons: 0,
      analyses: 0,
      ...counts,
    },
  };
}

const unlockedBy = (f: AchievementFacts, already: string[] = []) =>
  newlyUnlocked(f, new Set(already)).map((a) => a.id);

describe('achievement rules', () => {
  it('first portfolio unlocks Getting Started only', () => {
    expect(unlockedBy(facts({ counts: { portfolios: 1 }, totalPoints: 0 }))).toEqual(['first_portfolio']);
    expect(unlockedBy(facts({ counts: { portfolios: 2 } }), ['first_portfolio'])).toEqual([]);
    expect(unlockedBy(facts({ counts: { portfolios: 3 } }), ['first_portfolio'])).toEqual(['portfolios_3']);
  });

  it('trades: counts, single-trade value and realised profit', () => {
    const buy = {
      type: 'trade_executed',
      tradeId: 't',
      side: 'buy',
      totalValue: '9999.99',
      realizedPnl: null,
    } as const;
    expect(unlockedBy(facts({ event: buy, counts: { trades: 1 } }))).toEqual(['first_trade']);
    const big = { ...buy, totalValue: '10000.00' };
    expect(unlockedBy(facts({ event: big, counts: { trades: 10 } }), ['first_trade'])).toEqual([
      'trades_10',
      'big_ticket',
    ]);
    const whale = { ...buy, totalValue: '250000.00' };
    expect(unlockedBy(facts({ event: whale, counts: { trades: 2 } }), ['first_trade'])).toEqual([
      'big_ticket',
      'whale',
    ]);
    const win = { ...buy, side: 'sell', totalValue: '5000.00', realizedPnl: '1000.00' } as const;
    expect(
      unlockedBy(facts({ event: win, counts: { trades: 2, sells: 1, profitableSells: 1 } }), ['first_trade']),
    ).toEqual(['first_profitable_trade', 'big_win']);
    const loss = { ...win, realizedPnl: '-3.00' };
    expect(
      unlockedBy(facts({ event: loss, counts: { trades: 2, sells: 1, losingSells: 1 } }), ['first_trade']),
    ).toEqual(['first_loss']);
  });

  it('learning: lessons and analyses', () => {
    expect(unlockedBy(facts({ counts: { lessons: 2 } }))).toEqual(['first_lesson', 'lessons_2']);
    expect(unlockedBy(facts({ counts: { analyses: 10 } }))).toEqual(['first_analysis', 'analyses_10']);
  });

  it('streaks and levels', () => {
    expect(unlockedBy(facts({ currentStreak: 7 }))).toEqual(['streak_3', 'streak_7']);
    expect(unlockedBy(facts({ currentStreak: 30 }), ['streak_3', 'streak_7'])).toEqual(['streak_30']);
    expect(unlockedBy(facts({ currentStreak: undefined }))).toEqual([]);
    expect(unlockedBy(facts({ totalPoints: 999 }))).toEqual([]);
    expect(unlockedBy(facts({ totalPoints: 4000 }))).toEqual(['level_2', 'level_5']);
  });

  it('social: leaderboard places need enough players and points', () => {
    const standing = (rank: number | null, value: number, players = SOCIAL_MIN_PLAYERS) => ({
      rank,
      value,
      players,
    });
    const none = standing(null, 0);
    expect(
      unlockedBy(facts({ standings: { weekly: standing(1, 600), monthly: none, lifetime: none } })),
    ).toEqual(['weekly_top_10', 'weekly_podium']);
    // Alone on an empty board: nothing.
    expect(
      unlockedBy(facts({ standings: { weekly: standing(1, 600, 1), monthly: none, lifetime: none } })),
    ).toEqual([]);
    // Top of a busy board with too few points: nothing.
    expect(
      unlockedBy(
        facts({
          standings: { weekly: standing(1, 100), monthly: standing(1, 100), lifetime: standing(1, 100) },
        }),
      ),
    ).toEqual([]);
    expect(
      unlockedBy(
        facts({
          standings: { weekly: standing(12, 600), monthly: standing(4, 1200), lifetime: standing(1, 5000) },
        }),
      ),
    ).toEqual(['monthly_top_10', 'all_time_champion']);
  });
});

describe('reasonLabel', () => {
  it('shows underscores as spaces', () => {
    expect(reasonLabel('first_portfolio')).toBe('first portfolio');
    expect(reasonLabel('achievement_trades_10')).toBe('achievement trades 10');
  });
});
