import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

/**
 * Rewards: the point ledger, one row per award (signed points; category earning, spending or bonus). A
 * once-only award (an achievement, a lesson's first read, a trade) carries a `dedupe_key` unique per user,
 * so it is booked once across retries, races and instances. Written only by the server, inside the
 * transaction of the event that earned it.
 */
export const pointTransaction = pgTable(
  'point_transaction',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    category: text('category', { enum: ['earning', 'spending', 'bonus'] }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    uniqueIndex('point_transaction_user_dedupe_idx').on(t.userId, t.dedupeKey),
    // DESC NULLS FIRST: what a plain `order by ... desc` means, so the planner reads the index in order.
    index('point_transaction_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The admin's activity figures count one reason over a range.
    index('point_transaction_reason_created_idx').on(t.reason, t.createdAt),
    check('point_transaction_category_valid', sql`${t.category} in ('earning', 'spending', 'bonus')`),
  ],
);

/**
 * Rewards: per-user totals and counters, kept in the same transaction as every ledger row (the row is
 * locked while an award is booked). `public_id` is the player number leaderboards show ('User 42'), never
 * the account id or email. `time_zone` is the browser's last reported IANA zone (streak days at award time).
 */
export const userPoints = pgTable(
  'user_points',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    publicId: integer('public_id').notNull().generatedAlwaysAsIdentity(),
    totalPoints: integer('total_points').notNull().default(0),
    lifetimePoints: integer('lifetime_points').notNull().default(0),
    timeZone: text('time_zone').notNull().default('UTC'),
    portfolioCount: integer('portfolio_count').notNull().default(0),
    tradeCount: integer('trade_count').notNull().default(0),
    sellCount: integer('sell_count').notNull().default(0),
    profitableSellCount: integer('profitable_sell_count').notNull().default(0),
    losingSellCount: integer('losing_sell_count').notNull().default(0),
    lessonCount: integer('lesson_count').notNull().default(0),
    analysisCount: integer('analysis_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_points_public_id_idx').on(t.publicId),
    index('user_points_lifetime_idx').on(t.lifetimePoints.desc().nullsFirst(), t.publicId),
    index('user_points_updated_idx').on(t.updatedAt),
  ],
);

/**
 * Rewards: points per user and leaderboard period (UTC ISO week starting Monday, or UTC month), kept with
 * the ledger; the weekly and monthly leaderboards read the top rows of one period from its index.
 */
export const userPeriodPoints = pgTable(
  'user_period_points',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    periodKind: text('period_kind', { enum: ['week', 'month'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_period_points_pk', columns: [t.userId, t.periodKind, t.periodStart] }),
    index('user_period_points_rank_idx').on(
      t.periodKind,
      t.periodStart,
      t.points.desc().nullsFirst(),
      t.userId,
    ),
    check('user_period_points_kind_valid', sql`${t.periodKind} in ('week', 'month')`),
  ],
);

/** Rewards: an unlocked achievement (catalog in src/domain/rewards/achievements.ts), once per user, with its date and points. */
export const userAchievement = pgTable(
  'user_achievement',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    achievementId: text('achievement_id').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
    points: integer('points').notNull(),
  },
  (t) => [primaryKey({ name: 'user_achievement_pk', columns: [t.userId, t.achievementId] })],
);
