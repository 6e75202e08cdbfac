/**
 * The achievement catalog (spec 001 §9) and the rules that unlock it.
 *
 * Money thresholds compare the ledger's decimal strings ("10000.00") as numbers: exact for whole-dollar
 * thresholds at any balance the paper ledger allows, and it keeps decimal.js out of the web bundle.
 */
import { levelOf, type PointAward, type PointCategory } from './points';
import type { BoardStanding } from './leaderboard';

export const ACHIEVEMENT_CATEGORIES = ['trading', 'learning', 'social', 'milestone'] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

/** Spec 001 §9: rarity tiers (rarity changes only the colour). */
export const ACHIEVEMENT_RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type AchievementRarity = (typeof ACHIEVEMENT_RARITIES)[number];

/** Spec 001 §9: the achievement icon names (lucide-react names). */
export const ACHIEVEMENT_ICON_NAMES = [
  'Target',
  'Trophy',
  'Star',
  'Award',
  'Crown',
  'Zap',
  'Activity',
  'Calendar',
  'Clock',
  'Medal',
  'Shield',
  'Flame',
  'Users',
  'BarChart3',
  'Gift',
  'Sparkles',
  'Timer',
  'CheckCircle',
  'Gem',
  'Coins',
  'Rocket',
  'Heart',
  'BookOpen',
  'DollarSign',
  'TrendingUp',
  'TrendingDown',
] as const;
export type AchievementIconName = (typeof ACHIEVEMENT_ICON_NAMES)[number];

/** Spec 001 §9. */
export const RECENT_ACHIEVEMENTS_SIZE = 5;

export interface RewardCounts {
  portfolios: number;
  trades: number;
  sells: number;
  profitableSells: number;
  losingSells: number;
  /** Lessons read for the first time. */
  lessons: number;
  /** Analyses that earned points (at most 3 a day). */
  analyses: number;
}

export type RewardEvent =
  | { type: 'portfolio_created'; first: boolean }
  | {
      type: 'trade_executed';
      tradeId: string;
      side: 'buy' | 'sell';
      totalValue: string;
      realizedPnl: string | null;
    }
  | { type: 'lesson_completed'; lessonId: string }
  | { type: 'analysis_completed'; mode: 'ai' | 'demo' };

/** What the rules read, after the event's own points were booked. */
export interface AchievementFacts {
  event: RewardEvent;
  counts: RewardCounts;
  totalPoints: number;
  /** Computed only when a locked achievement needs it. */
  currentStreak?: number;
  standings?: { weekly: BoardStanding; monthly: BoardStanding; lifetime: BoardStanding };
}

export interface AchievementDefinition {
  id: string;
  name: string;
  description: string;
  category: AchievementCategory;
  rarity: AchievementRarity;
  points: number;
  iconName: AchievementIconName;
  /** The ledger row of the unlock; default `{ category: 'bonus', reason: 'achievement_<id>' }`. */
  award?: { category: PointCategory; reason: string };
  /** Facts beyond counts and points that the rule reads (the server computes them only when needed). */
  needs?: 'streak' | 'standings';
  rule: (facts: AchievementFacts) => boolean;
}

/** Public players on a board before its social achievements can unlock, so an empty board crowns nobody. */
export const SOCIAL_MIN_PLAYERS = 10;

const tradeValueAtLeast = (facts: AchievementFacts, amount: number) =>
  facts.event.type === 'trade_executed' && Number(facts.event.totalValue) >= amount;
const realizedAtLeast = (facts: AchievementFacts, amount: number) =>
  facts.event.type === 'trade_executed' &&
  facts.event.realizedPnl !== null &&
  Number(facts.event.realizedPnl) >= amount;
const placedAtMost = (standing: BoardStanding | undefined, rank: number, minValue: number) =>
  standing !== undefined &&
  standing.rank !== null &&
  standing.rank <= rank &&
  standing.value >= minValue &&
  standing.players >= SOCIAL_MIN_PLAYERS;
const streakAtLeast = (facts: AchievementFacts, days: number) => (facts.currentStreak ?? 0) >= days;

/** The catalog: 29 achievements; ids are stable (they name ledger reasons and unlock rows). */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  // ---- trading
  {
    id: 'first_trade',
    name: 'First Trade',
    description: 'Execute your first paper trade.',
    category: 'trading',
    rarity: 'common',
    points: 25,
    iconName: 'Zap',
    rule: (f) => f.counts.trades >= 1,
  },
  {
    id: 'first_profitable_trade',
    name: 'In the Green',
    description: 'Close a paper position at a profit for the first time.',
    category: 'trading',
    rarity: 'common',
    points: 50,
    iconName: 'TrendingUp',
    award: { category: 'earning', reason: 'first_profitable_trade' },
    rule: (f) => f.counts.profitableSells >= 1,
  },
  {
    id: 'first_loss',
    name: 'Lesson Learned',
    description: 'Close a paper position at a loss. Every investor has one.',
    category: 'trading',
    rarity: 'common',
    points: 10,
    iconName: 'TrendingDown',
    rule: (f) => f.counts.losingSells >= 1,
  },
  {
    id: 'trades_10',
    name: 'Active Trader',
    description: 'Execute 10 paper trades.',
    category: 'trading',
    rarity: 'common',
    points: 50,
    iconName: 'Activity',
    rule: (f) => f.counts.trades >= 10,
  },
  {
    id: 'trades_50',
    name: 'Seasoned Trader',
    description: 'Execute 50 paper trades.',
    category: 'trading',
    rarity: 'rare',
    points: 100,
    iconName: 'BarChart3',
    rule: (f) => f.counts.trades >= 50,
  },
  {
    id: 'trades_100',
    name: 'Market Regular',
    description: 'Execute 100 paper trades.',
    category: 'trading',
    rarity: 'epic',
    points: 250,
    iconName: 'Medal',
    rule: (f) => f.counts.trades >= 100,
  },
  {
    id: 'trades_500',
    name: 'Trading Machine',
    description: 'Execute 500 paper trades.',
    category: 'trading',
    rarity: 'legendary',
    points: 500,
    iconName: 'Rocket',
    rule: (f) => f.counts.trades >= 500,
  },
  {
    id: 'big_ticket',
    name: 'Big Ticket',
    description: 'Place a single paper trade worth $10,000 or more.',
    category: 'trading',
    rarity: 'rare',
    points: 75,
    iconName: 'DollarSign',
    rule: (f) => tradeValueAtLeast(f, 10_000),
  },
  {
    id: 'whale',
    name: 'Whale',
    description: 'Place a single paper trade worth $100,000 or more.',
    category: 'trading',
    rarity: 'epic',
    points: 150,
    iconName: 'Gem',
    rule: (f) => tradeValueAtLeast(f, 100_000),
  },
  {
    id: 'big_win',
    name: 'Big Win',
    description: 'Realise a profit of $1,000 or more on one paper sell.',
    category: 'trading',
    rarity: 'epic',
    points: 150,
    iconName: 'Coins',
    rule: (f) => realizedAtLeast(f, 1000),
  },
  {
    id: 'profitable_sells_10',
    name: 'Consistent Winner',
    description: 'Close 10 paper positions at a profit.',
    category: 'trading',
    rarity: 'epic',
    points: 200,
    iconName: 'Target',
    rule: (f) => f.counts.profitableSells >= 10,
  },
  // ---- learning
  {
    id: 'first_lesson',
    name: 'Eager Learner',
    description: 'Read your first Investment Basics lesson.',
    category: 'learning',
    rarity: 'common',
    points: 25,
    iconName: 'BookOpen',
    rule: (f) => f.counts.lessons >= 1,
  },
  {
    id: 'lessons_2',
    name: 'Curious Mind',
    description: 'Read two different lessons.',
    category: 'learning',
    rarity: 'common',
    points: 30,
    iconName: 'Sparkles',
    rule: (f) => f.counts.lessons >= 2,
  },
  {
    id: 'all_lessons',
    name: 'Graduate',
    description: 'Read every Investment Basics lesson.',
    category: 'learning',
    rarity: 'rare',
    points: 100,
    iconName: 'Award',
    // The four lessons of src/domain/lessons.ts (lessons.test.ts keeps the count).
    rule: (f) => f.counts.lessons >= 4,
  },
  {
    id: 'first_analysis',
    name: 'Analyst',
    description: 'Run your first portfolio analysis.',
    category: 'learning',
    rarity: 'common',
    points: 25,
    iconName: 'CheckCircle',
    rule: (f) => f.counts.analyses >= 1,
  },
  {
    id: 'analyses_10',
    name: 'Deep Diver',
    description: 'Run 10 portfolio analyses that earn points.',
    category: 'learning',
    rarity: 'rare',
    points: 100,
    iconName: 'Shield',
    rule: (f) => f.counts.analyses >= 10,
  },
  {
    id: 'analyses_50',
    name: 'Research Pro',
    description: 'Run 50 portfolio analyses that earn points.',
    category: 'learning',
    rarity: 'epic',
    points: 250,
    iconName: 'Star',
    rule: (f) => f.counts.analyses >= 50,
  },
  // ---- social (leaderboards; each needs at least 10 players on the board)
  {
    id: 'weekly_top_10',
    name: 'Rising Star',
    description: 'Reach the weekly top 10 with at least 250 points that week.',
    category: 'social',
    rarity: 'rare',
    points: 100,
    iconName: 'Users',
    needs: 'standings',
    rule: (f) => placedAtMost(f.standings?.weekly, 10, 250),
  },
  {
    id: 'weekly_podium',
    name: 'Podium Finish',
    description: 'Reach the weekly top 3 with at least 500 points that week.',
    category: 'social',
    rarity: 'epic',
    points: 200,
    iconName: 'Trophy',
    needs: 'standings',
    rule: (f) => placedAtMost(f.standings?.weekly, 3, 500),
  },
  {
    id: 'monthly_top_10',
    name: 'Crowd Favourite',
    description: 'Reach the monthly top 10 with at least 1,000 points that month.',
    category: 'social',
    rarity: 'epic',
    points: 250,
    iconName: 'Heart',
    needs: 'standings',
    rule: (f) => placedAtMost(f.standings?.monthly, 10, 1000),
  },
  {
    id: 'all_time_champion',
    name: 'Champion',
    description: 'Top the all-time leaderboard with at least 5,000 lifetime points.',
    category: 'social',
    rarity: 'legendary',
    points: 500,
    iconName: 'Crown',
    needs: 'standings',
    rule: (f) => placedAtMost(f.standings?.lifetime, 1, 5000),
  },
  // ---- milestones
  {
    id: 'first_portfolio',
    name: 'Getting Started',
    description: 'Create your first paper trading portfolio.',
    category: 'milestone',
    rarity: 'common',
    points: 100,
    iconName: 'Gift',
    award: { category: 'earning', reason: 'first_portfolio' },
    rule: (f) => f.counts.portfolios >= 1,
  },
  {
    id: 'portfolios_3',
    name: 'Strategist',
    description: 'Create three paper trading portfolios.',
    category: 'milestone',
    rarity: 'rare',
    points: 50,
    iconName: 'Target',
    rule: (f) => f.counts.portfolios >= 3,
  },
  {
    id: 'streak_3',
    name: 'On a Roll',
    description: 'Be active 3 days in a row.',
    category: 'milestone',
    rarity: 'common',
    points: 25,
    iconName: 'Flame',
    award: { category: 'bonus', reason: 'streak_3_days' },
    needs: 'streak',
    rule: (f) => streakAtLeast(f, 3),
  },
  {
    id: 'streak_7',
    name: 'Week Warrior',
    description: 'Be active 7 days in a row.',
    category: 'milestone',
    rarity: 'rare',
    points: 75,
    iconName: 'Calendar',
    award: { category: 'bonus', reason: 'streak_7_days' },
    needs: 'streak',
    rule: (f) => streakAtLeast(f, 7),
  },
  {
    id: 'streak_30',
    name: 'Unstoppable',
    description: 'Be active 30 days in a row.',
    category: 'milestone',
    rarity: 'legendary',
    points: 300,
    iconName: 'Timer',
    award: { category: 'bonus', reason: 'streak_30_days' },
    needs: 'streak',
    rule: (f) => streakAtLeast(f, 30),
  },
  {
    id: 'level_2',
    name: 'Level Up',
    description: 'Reach trading level 2 (1,000 points).',
    category: 'milestone',
    rarity: 'common',
    points: 50,
    iconName: 'Clock',
    rule: (f) => levelOf(f.totalPoints).level >= 2,
  },
  {
    id: 'level_5',
    name: 'Rising Investor',
    description: 'Reach trading level 5 (4,000 points).',
    category: 'milestone',
    rarity: 'epic',
    points: 200,
    iconName: 'Sparkles',
    rule: (f) => levelOf(f.totalPoints).level >= 5,
  },
  {
    id: 'level_10',
    name: 'Market Master',
    description: 'Reach trading level 10 (9,000 points).',
    category: 'milestone',
    rarity: 'legendary',
    points: 500,
    iconName: 'Award',
    rule: (f) => levelOf(f.totalPoints).level >= 10,
  },
];

const byId = new Map(ACHIEVEMENTS.map((a) => [a.id, a]));
export function findAchievement(id: string): AchievementDefinition | undefined {
  return byId.get(id);
}

/** The ledger row an achievement's unlock writes. */
export function awardOfAchievement(achievement: AchievementDefinition): PointAward {
  return {
    points: achievement.points,
    category: achievement.award?.category ?? 'bonus',
    reason: achievement.award?.reason ?? `achievement_${achievement.id}`,
  };
}

/** A user who has done nothing yet. */
export const NO_REWARD_COUNTS: Readonly<RewardCounts> = {
  portfolios: 0,
  trades: 0,
  sells: 0,
  profitableSells: 0,
  losingSells: 0,
  lessons: 0,
  analyses: 0,
};

/**
 * The achievements not in `unlocked` that the event unlocks by itself (a trade's value or realised profit),
 * whatever the user's counts, points, streak and standings: what a trade that earns no points can still
 * unlock, since it changes none of those.
 */
export function unlockedByEventAlone(
  event: RewardEvent,
  unlocked: ReadonlySet<string>,
): AchievementDefinition[] {
  return newlyUnlocked({ event, counts: NO_REWARD_COUNTS, totalPoints: 0 }, unlocked);
}

/** The locked achievements whose rule now holds, in catalog order. */
export function newlyUnlocked(
  facts: AchievementFacts,
  unlocked: ReadonlySet<string>,
): AchievementDefinition[] {
  return ACHIEVEMENTS.filter((a) => !unlocked.has(a.id) && a.rule(facts));
}
