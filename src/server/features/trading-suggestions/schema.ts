import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

/**
 * AI trading suggestions, per user (spec 000 §3). A generation replaces the user's open suggestions;
 * dismissed ones are deleted, executed ones kept. `seen_at` is set the first time the list is read
 * (the 'New' badge until then). Prices are display figures from the market data (`price_source`).
 */
export const tradingSuggestion = pgTable(
  'trading_suggestion',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    suggestionType: text('suggestion_type', { enum: ['buy', 'sell', 'rebalance', 'options'] }).notNull(),
    actionText: text('action_text').notNull(),
    priority: text('priority', { enum: ['high', 'medium', 'low'] }).notNull(),
    riskLevel: text('risk_level', { enum: ['high', 'medium', 'low'] }).notNull(),
    confidence: integer('confidence').notNull(),
    potentialReturn: numeric('potential_return', { precision: 10, scale: 2 }),
    currentPrice: numeric('current_price', { precision: 18, scale: 6 }).notNull(),
    targetPrice: numeric('target_price', { precision: 18, scale: 6 }),
    reasoning: text('reasoning').notNull(),
    reasoningSource: text('reasoning_source', { enum: ['model', 'rules'] }).notNull(),
    priceSource: text('price_source').notNull(),
    status: text('status', { enum: ['open', 'executed'] })
      .notNull()
      .default('open'),
    /** Order within one generation (highest confidence first). */
    rank: integer('rank').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    executedAt: timestamp('executed_at', { withTimezone: true }),
  },
  (t) => [
    index('trading_suggestion_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('trading_suggestion_status_valid', sql`${t.status} in ('open', 'executed')`),
    check('trading_suggestion_confidence_range', sql`${t.confidence} between 0 and 100`),
  ],
);
