/**
 * Rewards (spec 001 "Rewards (/gamification)", §3, §9): points, levels, streaks and the achievement catalog.
 * Pure rules, no I/O; the server's rewards feature applies them to the point-transaction ledger.
 *
 * Points table (also in docs/rewards.md). Points are granted by the server for real events only; no endpoint
 * takes points from a client.
 *
 * | event                                      | points | category | reason                   | how often              |
 * | ------------------------------------------ | -----: | -------- | ------------------------ | ---------------------- |
 * | first paper portfolio (achievement)        |   +100 | earning  | first_portfolio          | once                   |
 * | each executed paper trade                  |    +10 | earning  | trade_executed           | every trade            |
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
 * (Monday to Sunday) in that zone. A day is "active" when the user earned points on it.
 *
 * Money thresholds compare the ledger's decimal strings ("10000.00") as numbers: exact for whole-dollar
 * thresholds at any balance the paper ledger allows, and it keeps decimal.js out of the web bundle.
 */
// ------------------------------------------------------------------------------------------- constants

export const POINT_CATEGORIES = ['earning', 'spending', 'bonus'] as const;
export type PointCategory = (typeof POINT_CATEGORIES)[number];

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
export const POINTS_PER_LEVEL = 1000;
export const LEADERBOARD_SIZE = 10;
export const RECENT_ACHIEVEMENTS_SIZE = 5;
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

export const LEADERBOARD_TYPES = ['weekly_points', 'monthly_points', 'lifetime_points'] as const;
export type LeaderboardType = (typeof LEADERBOARD_TYPES)[number];

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

// ------------------------------------------------------------------------------------- calendar, zones

export const DEFAULT_TIME_ZONE = 'UTC';

/** An IANA zone name ("Europe/Paris", "UTC"); offsets like "+01:00" are refused (PostgreSQL reads them inverted). */
const IANA_NAME = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/;

/**
 * `name` when it is an IANA time zone that Intl.DateTimeFormat knows, else undefined. Used for the browser's
 * `X-Time-Zone` header. The name is kept as sent (ICU would turn 'Asia/Kolkata' into the legacy
 * 'Asia/Calcutta'); PostgreSQL knows both.
 */
export function normalizeTimeZone(name: string | undefined | null): string | undefined {
  if (!name || name.length > 64 || !IANA_NAME.test(name)) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

function wallClockOf(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar date ('YYYY-MM-DD') of an instant in a time zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClockOf(instant, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Minutes the zone is ahead of UTC at an instant (Los Angeles in winter: -480). */
function offsetMinutesAt(instant: Date, timeZone: string): number {
  const w = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const MS_PER_DAY = 86_400_000;
/** Days since 1970-01-01 of a 'YYYY-MM-DD' date. */
export function dayNumberOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / MS_PER_DAY);
}
export function dateOfDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumberOf(date) + days);
}

/** The first instant of a calendar date in a time zone (local midnight, or the end of a DST gap at midnight). */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const midnightUtc = dayNumberOf(date) * MS_PER_DAY;
  const first = midnightUtc - offsetMinutesAt(new Date(midnightUtc), timeZone) * 60_000;
  const second = midnightUtc - offsetMinutesAt(new Date(first), timeZone) * 60_000;
  const onDate = [first, second]
    .filter((t) => localDateOf(new Date(t), timeZone) === date)
    .sort((a, b) => a - b);
  // Both land on the date: the earlier one is midnight; none does only in a gap, where the later is the start.
  return new Date(onDate[0] ?? Math.max(first, second));
}

/** Monday of the ISO week of a date. */
export function isoWeekStartOf(date: string): string {
  const day = dayNumberOf(date);
  const weekday = new Date(day * MS_PER_DAY).getUTCDay(); // 0 = Sunday
  return dateOfDayNumber(day - ((weekday + 6) % 7));
}

export function monthStartOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export interface PeriodStarts {
  today: string;
  /** First instant of today, of this ISO week (Monday) and of this month, in the zone. */
  dayStart: Date;
  weekStart: Date;
  monthStart: Date;
}

/** Where today, this week and this month begin for a user in `timeZone`. */
export function periodStartsOf(now: Date, timeZone: string): PeriodStarts {
  const today = localDateOf(now, timeZone);
  return {
    today,
    dayStart: startOfLocalDate(today, timeZone),
    weekStart: startOfLocalDate(isoWeekStartOf(today), timeZone),
    monthStart: startOfLocalDate(monthStartOf(today), timeZone),
  };
}

/**
 * Leaderboards compare everyone on one clock: UTC ISO weeks and UTC months. The period rows a point
 * transaction adds to.
 */
export function leaderboardPeriodsOf(instant: Date): { week: string; month: string } {
  const date = localDateOf(instant, 'UTC');
  return { week: isoWeekStartOf(date), month: monthStartOf(date) };
}

// ---------------------------------------------------------------------------------------------- streaks

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
  const todayNumber = dayNumberOf(today);
  const days = [...new Set([...activeDays].map(dayNumberOf))]
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

// ----------------------------------------------------------------------------------------- achievements

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

export interface BoardStanding {
  /** The user's competition rank, or null when they have no points on that board. */
  rank: number | null;
  /** Users with points on that board. */
  players: number;
  /** The user's value on that board. */
  value: number;
}

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

/** The locked achievements whose rule now holds, in catalog order. */
export function newlyUnlocked(
  facts: AchievementFacts,
  unlocked: ReadonlySet<string>,
): AchievementDefinition[] {
  return ACHIEVEMENTS.filter((a) => !unlocked.has(a.id) && a.rule(facts));
}

/** A ledger reason as people read it: underscores shown as spaces (spec 001 "History"). */
export function reasonLabel(reason: string): string {
  return reason.replaceAll('_', ' ');
}
