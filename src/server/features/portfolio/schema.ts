import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

/** A signed-in user's analyzer portfolio (symbol -> quantity), saved to the account (DESIGN.md deviation 7). */
export const savedPortfolio = pgTable('saved_portfolio', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  holdings: jsonb('holdings').$type<Record<string, number>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
