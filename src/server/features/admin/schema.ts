import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Every admin action (plan grant and revoke, suspend, restore, delete, message handled): who, what, when. Kept
 * when either account is deleted: the emails are copied, the ids are not foreign keys.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    targetEmail: text('target_email'),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * Running totals for the admin's figures (decision 029): rows per metric and UTC day, kept by triggers on the
 * counted tables in the same transaction as every insert, update, delete and truncate (migration 0018), so no
 * writer can forget them. Metrics: `signup_free`, `signup_premium`, `signup_professional` (users by their plan now
 * and the day they signed up), `signup_demo`, `paper_trade` (executed_at), `analysis_completed` (ledger rows of
 * that reason) and `last_active` (user_points.updated_at). Activity rows are split into 8 shards by user, so
 * concurrent awards of different users rarely wait on the same row; the figure is the sum over shards.
 */
export const adminDailyCount = pgTable(
  'admin_daily_count',
  {
    metric: text('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shard: integer('shard').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.shard] })],
);
