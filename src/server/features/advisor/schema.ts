import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

/** A signed-in user's questions to the AI advisor (listed on /financial-advisor); deleted with the account. */
export const adviceQuestion = pgTable(
  'advice_question',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    question: text('question').notNull(),
    /** The rating the answer gave: strong buy, buy, hold, sell, strong sell. */
    action: text('action').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('advice_question_user_asked_idx').on(t.userId, t.askedAt.desc())],
);
