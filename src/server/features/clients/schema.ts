import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

/**
 * Client portfolios (multi-client, Professional; docs/decisions/032): a user's named clients, each with its own
 * holdings (symbol -> quantity, normalised as the saved portfolio's). `archived_at` null while active;
 * `last_reviewed_at` stamped by 'Mark reviewed'. Values are never stored: the overview values them at quotes.
 */
export const clientPortfolio = pgTable(
  'client_portfolio',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    holdings: jsonb('holdings').$type<Record<string, number>>().notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_portfolio_user_created_idx').on(t.userId, t.createdAt)],
);
