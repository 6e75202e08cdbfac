import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { isUuid } from '../../lib/uuid';
import { user } from '../../auth/schema';
import { paperHolding, paperPortfolio, paperTrade } from './schema';

/** A transaction handle (what `db.transaction` gives its callback). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The pool or a transaction: every query here runs on either. */
export type Executor = Database | Transaction;

export type PortfolioRow = typeof paperPortfolio.$inferSelect;
export type HoldingRow = typeof paperHolding.$inferSelect;
export type TradeRow = typeof paperTrade.$inferSelect;

export async function findPortfolioById(db: Executor, id: string): Promise<PortfolioRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(paperPortfolio).where(eq(paperPortfolio.id, id)).limit(1);
  return row;
}

/** The user's portfolios, oldest first (the dashboard selects the first). */
export async function listPortfoliosOfUser(db: Executor, userId: string): Promise<PortfolioRow[]> {
  if (!isUuid(userId)) return [];
  return db
    .select()
    .from(paperPortfolio)
    .where(eq(paperPortfolio.userId, userId))
    .orderBy(asc(paperPortfolio.createdAt), asc(paperPortfolio.id));
}

export async function listHoldingsOfPortfolios(db: Executor, portfolioIds: string[]): Promise<HoldingRow[]> {
  if (portfolioIds.length === 0) return [];
  return db
    .select()
    .from(paperHolding)
    .where(inArray(paperHolding.portfolioId, portfolioIds))
    .orderBy(asc(paperHolding.portfolioId), asc(paperHolding.symbol));
}

/** The last fill price of each (portfolio, symbol) asked: the fallback when a quote fails. */
export async function findLastTradePrices(
  db: Executor,
  pairs: { portfolioId: string; symbol: string }[],
): Promise<Map<string, { price: string; executedAt: Date }>> {
  const found = new Map<string, { price: string; executedAt: Date }>();
  if (pairs.length === 0) return found;
  const portfolioIds = [...new Set(pairs.map((p) => p.portfolioId))];
  const symbols = [...new Set(pairs.map((p) => p.symbol))];
  const rows = await db
    .selectDistinctOn([paperTrade.portfolioId, paperTrade.symbol], {
      portfolioId: paperTrade.portfolioId,
      symbol: paperTrade.symbol,
      price: paperTrade.price,
      executedAt: paperTrade.executedAt,
    })
    .from(paperTrade)
    .where(and(inArray(paperTrade.portfolioId, portfolioIds), inArray(paperTrade.symbol, symbols)))
    .orderBy(paperTrade.portfolioId, paperTrade.symbol, desc(paperTrade.executedAt));
  for (const row of rows) {
    found.set(`${row.portfolioId}|${row.symbol}`, { price: row.price, executedAt: row.executedAt });
  }
  return found;
}

/**
 * Locks the user's row (FOR NO KEY UPDATE: sessions and other foreign keys to it are not blocked) so that
 * two concurrent creations agree on which portfolio was the first.
 */
export async function lockUser(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('no key update');
}

export async function hasAnyPortfolio(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paperPortfolio.id })
    .from(paperPortfolio)
    .where(eq(paperPortfolio.userId, userId))
    .limit(1);
  return row !== undefined;
}

export async function insertPortfolio(
  db: Executor,
  values: { userId: string; name: string; description: string | null; initialBalance: string },
): Promise<PortfolioRow> {
  const [row] = await db
    .insert(paperPortfolio)
    .values({ ...values, cashBalance: values.initialBalance })
    .returning();
  if (!row) throw new Error('insert into paper_portfolio returned no row');
  return row;
}

/**
 * The portfolio's cash, its row locked FOR UPDATE until the transaction ends, and its holding of `symbol`, in
 * ONE statement (one round trip under the lock): every trade of a portfolio reads its cash and holdings only
 * after taking this lock, so concurrent trades (on any instance) apply one after another. The holding is
 * read by `paper_holding_now` (migration 0006), which runs once the lock is granted and, being VOLATILE, sees
 * what the previous holder of the lock committed. Undefined when the portfolio is not the user's.
 */
export async function lockPortfolioWithHolding(
  tx: Transaction,
  portfolioId: string,
  userId: string,
  symbol: string,
): Promise<
  { cashBalance: string; holding: { quantity: number; averageCost: string } | undefined } | undefined
> {
  const [row] = await lockPortfolioStatement(tx, { portfolioId, userId, symbol });
  if (!row) return undefined;
  return {
    cashBalance: row.cash_balance,
    holding:
      row.quantity === null || row.average_cost === null
        ? undefined
        : { quantity: row.quantity, averageCost: row.average_cost },
  };
}

const lockPortfolioStatement = preparedStatement<{
  cash_balance: string;
  quantity: number | null;
  average_cost: string | null;
}>(
  'paper_lock_portfolio_with_holding',
  sql`
    with locked as materialized (
      select id, cash_balance from ${paperPortfolio}
       where id = ${sql.placeholder('portfolioId')} and user_id = ${sql.placeholder('userId')}
         for update
    )
    select locked.cash_balance, held.quantity, held.average_cost
      from locked left join lateral paper_holding_now(locked.id, ${sql.placeholder('symbol')}) as held on true`,
);

/**
 * Writes one fill in ONE statement (one round trip under the portfolio lock): inserts the trade, and only when
 * it was inserted, sets the cash and the holding (upserted, or deleted when its quantity reached 0).
 * `executed_at` is the clock at insertion (after the portfolio lock), so fills of a portfolio are ordered as
 * they were applied. With an idempotency key this user already used, nothing is written (the unique index
 * waits for a concurrent holder of the key to commit or roll back) and undefined returns.
 */
export async function writeFill(
  tx: Transaction,
  fill: {
    portfolioId: string;
    userId: string;
    symbol: string;
    side: 'buy' | 'sell';
    quantity: number;
    price: string;
    totalValue: string;
    realizedPnl: string | null;
    priceSource: string;
    idempotencyKey: string | null;
    cashAfter: string;
    holdingQuantity: number;
    holdingAverageCost: string;
  },
): Promise<TradeRow | undefined> {
  const [row] = await writeFillStatement(tx, fill);
  if (!row) return undefined;
  return {
    id: row.id,
    portfolioId: row.portfolio_id,
    userId: row.user_id,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    price: row.price,
    totalValue: row.total_value,
    realizedPnl: row.realized_pnl,
    priceSource: row.price_source,
    executedAt: new Date(row.executed_at),
    idempotencyKey: row.idempotency_key,
  };
}

const writeFillStatement = preparedStatement<{
  id: string;
  portfolio_id: string;
  user_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  price: string;
  total_value: string;
  realized_pnl: string | null;
  price_source: string;
  executed_at: string | Date;
  idempotency_key: string | null;
}>(
  'paper_write_fill',
  sql`
    with inserted as (
      insert into ${paperTrade} (portfolio_id, user_id, symbol, side, quantity, price, total_value, realized_pnl,
                                 price_source, idempotency_key, executed_at)
      values (${sql.placeholder('portfolioId')}, ${sql.placeholder('userId')}, ${sql.placeholder('symbol')}, ${sql.placeholder('side')}, ${sql.placeholder('quantity')}, ${sql.placeholder('price')}, ${sql.placeholder('totalValue')}, ${sql.placeholder('realizedPnl')}, ${sql.placeholder('priceSource')}, ${sql.placeholder('idempotencyKey')}, clock_timestamp())
      on conflict (user_id, idempotency_key) do nothing
      returning *
    ), cash as (
      update ${paperPortfolio} set cash_balance = ${sql.placeholder('cashAfter')}::numeric
       where id = ${sql.placeholder('portfolioId')}::uuid and exists (select 1 from inserted)
    ), kept as (
      insert into ${paperHolding} (portfolio_id, symbol, quantity, average_cost)
      select ${sql.placeholder('portfolioId')}::uuid, ${sql.placeholder('symbol')}::text, ${sql.placeholder('holdingQuantity')}::integer, ${sql.placeholder('holdingAverageCost')}::numeric
       where ${sql.placeholder('holdingQuantity')}::integer > 0 and exists (select 1 from inserted)
      on conflict (portfolio_id, symbol)
      do update set quantity = excluded.quantity, average_cost = excluded.average_cost, updated_at = now()
    ), emptied as (
      delete from ${paperHolding}
       where portfolio_id = ${sql.placeholder('portfolioId')}::uuid and symbol = ${sql.placeholder('symbol')}::text
         and ${sql.placeholder('holdingQuantity')}::integer = 0 and exists (select 1 from inserted)
    )
    select * from inserted`,
);

export async function findTradeByIdempotencyKey(
  db: Executor,
  userId: string,
  key: string,
): Promise<TradeRow | undefined> {
  const [row] = await db
    .select()
    .from(paperTrade)
    .where(and(eq(paperTrade.userId, userId), eq(paperTrade.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** Newest first, by the (user_id, executed_at desc) or (portfolio_id, executed_at) index. */
export async function listTrades(
  db: Executor,
  filter: { userId: string } | { portfolioId: string },
  limit: number,
): Promise<TradeRow[]> {
  const where =
    'userId' in filter
      ? eq(paperTrade.userId, filter.userId)
      : eq(paperTrade.portfolioId, filter.portfolioId);
  return db
    .select()
    .from(paperTrade)
    .where(where)
    .orderBy(desc(paperTrade.executedAt), desc(paperTrade.id))
    .limit(limit);
}

/** Every fill of a portfolio, oldest first, with only what the performance replay and the activity list need. */
export async function listTradesForReplay(db: Executor, portfolioId: string) {
  return db
    .select({
      id: paperTrade.id,
      symbol: paperTrade.symbol,
      side: paperTrade.side,
      quantity: paperTrade.quantity,
      price: paperTrade.price,
      totalValue: paperTrade.totalValue,
      executedAt: paperTrade.executedAt,
    })
    .from(paperTrade)
    .where(eq(paperTrade.portfolioId, portfolioId))
    .orderBy(asc(paperTrade.executedAt), asc(paperTrade.id));
}
