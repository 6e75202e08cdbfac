import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

/** Paper trading: a virtual portfolio. Its cash moves only inside a trade's transaction, under a row lock. */
export const paperPortfolio = pgTable(
  'paper_portfolio',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    initialBalance: numeric('initial_balance', { precision: 14, scale: 2 }).notNull(),
    cashBalance: numeric('cash_balance', { precision: 14, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('paper_portfolio_user_created_idx').on(t.userId, t.createdAt),
    check('paper_portfolio_cash_non_negative', sql`${t.cashBalance} >= 0`),
    check('paper_portfolio_initial_positive', sql`${t.initialBalance} > 0`),
  ],
);

/** Paper trading: shares held per portfolio and symbol; a row whose quantity reaches 0 is deleted. */
export const paperHolding = pgTable(
  'paper_holding',
  {
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => paperPortfolio.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    quantity: integer('quantity').notNull(),
    averageCost: numeric('average_cost', { precision: 18, scale: 6 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'paper_holding_pk', columns: [t.portfolioId, t.symbol] }),
    check('paper_holding_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
);

/**
 * Paper trading: the ledger, one row per fill. `idempotency_key` (the Idempotency-Key header) is unique per
 * user, so a retried request fills once across instances and races.
 */
export const paperTrade = pgTable(
  'paper_trade',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => paperPortfolio.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 18, scale: 6 }).notNull(),
    totalValue: numeric('total_value', { precision: 14, scale: 2 }).notNull(),
    realizedPnl: numeric('realized_pnl', { precision: 14, scale: 2 }),
    priceSource: text('price_source').notNull(),
    executedAt: timestamp('executed_at', { withTimezone: true }).notNull().defaultNow(),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    uniqueIndex('paper_trade_user_idempotency_key_idx').on(t.userId, t.idempotencyKey),
    index('paper_trade_user_executed_idx').on(t.userId, t.executedAt.desc().nullsFirst()),
    index('paper_trade_portfolio_executed_idx').on(t.portfolioId, t.executedAt),
    index('paper_trade_executed_idx').on(t.executedAt),
    check('paper_trade_side_valid', sql`${t.side} in ('buy', 'sell')`),
    check('paper_trade_quantity_positive', sql`${t.quantity} > 0`),
    check('paper_trade_price_positive', sql`${t.price} > 0`),
  ],
);
