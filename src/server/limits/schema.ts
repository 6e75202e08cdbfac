import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of every limit (sign-in failures, signups, demo accounts, trades, imports, route
 * limits) when Redis is not configured; shared by every app instance (src/server/limits/postgres-store.ts).
 * A row whose window has ended counts from 1 again on its next hit; `deleteExpiredLimitCounters` drops them.
 */
export const limitCounter = pgTable(
  'limit_counter',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('limit_counter_expires_idx').on(t.expiresAt)],
);
