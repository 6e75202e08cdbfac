import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, json, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

/**
 * Multi-account aggregation (premium): a user's brokerage, retirement and savings accounts, each a map of
 * symbol -> quantity. `is_manual`: added by the user (form or import), and so deletable; the demo accounts
 * are not. `last_updated`: the last sync, or the creation. `position` orders the accounts as they were added
 * (the demo's three are inserted at one instant).
 */
export const portfolioAccount = pgTable(
  'portfolio_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountType: text('account_type').notNull(),
    accountName: text('account_name').notNull(),
    // json, not jsonb: the holdings keep the order they were entered in (a card lists the first six).
    holdings: json('holdings').$type<Record<string, number>>().notNull(),
    isManual: boolean('is_manual').notNull(),
    position: bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('portfolio_account_user_position_idx').on(t.userId, t.position),
    check(
      'portfolio_account_type_known',
      sql`${t.accountType} in ('brokerage', '401k', 'ira', 'roth_ira', 'savings')`,
    ),
  ],
);
