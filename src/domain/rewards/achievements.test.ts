import { describe, expect, it } from 'vitest';
import { LESSONS } from '../lessons';
import {
  ACHIEVEMENT_CATEGORIES,
  ACHIEVEMENT_ICON_NAMES,
  ACHIEVEMENT_RARITIES,
  ACHIEVEMENTS,
  awardOfAchievement,
  findAchievement,
  newlyUnlocked,
  NO_REWARD_COUNTS,
  SOCIAL_MIN_PLAYERS,
  unlockedByEventAlone,
  type AchievementFacts,
  type RewardCounts,
} from './achievements';

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
    counts: { ...NO_REWARD_COUNTS, ...counts },
  };
}

const unlockedBy = (f: AchievementFacts, already: string[] = []) =>
  newlyUnlocked(f, new Set(already)).map((a) => a.id);

describe('achievement rules', () => {
  const buy = {
    type: 'trade_executed',
    tradeId: 't',
    side: 'buy',
    totalValue: '9999.99',
    realizedPnl: null,
  } as const;

  it('first portfolio unlocks Getting Started only', () => {
    expect(unlockedBy(facts({ counts: { portfolios: 1 }, totalPoints: 0 }))).toEqual(['first_portfolio']);
    expect(unlockedBy(facts({ counts: { portfolios: 2 } }), ['first_portfolio'])).toEqual([]);
    expect(unlockedBy(facts({ counts: { portfolios: 3 } }), ['first_portfolio'])).toEqual(['portfolios_3']);
  });

  it('trades: counts, single-trade value and realised profit', () => {
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

  it('what a trade unlocks by itself: its value and its profit, never counts, streaks or standings', () => {
    const alone = (event: AchievementFacts['event'], already: string[] = []) =>
      unlockedByEventAlone(event, new Set(already)).map((a) => a.id);
    expect(alone(buy)).toEqual([]);
    expect(alone({ ...buy, totalValue: '100000.00' })).toEqual(['big_ticket', 'whale']);
    expect(alone({ ...buy, totalValue: '100000.00' }, ['big_ticket'])).toEqual(['whale']);
    expect(alone({ ...buy, side: 'sell', totalValue: '2000.00', realizedPnl: '1000.00' })).toEqual([
      'big_win',
    ]);
    expect(alone({ type: 'lesson_completed', lessonId: 'risk' })).toEqual([]);
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
