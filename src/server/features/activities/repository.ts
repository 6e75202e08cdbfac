/** Every query of the activity ledger (`activity_portfolio`, `activity`). */
import { and, asc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ActivityType } from '../../../domain/activities/activity';
import type { CostBasisMethod, LedgerActivity } from '../../../domain/activities/ledger';
import type { Executor, Transaction } from '../../db/client';
import { user } from '../../auth/schema';
import { activity, activityPortfolio } from './schema';

export type PortfolioOwner = { accountId: string } | { clientId: string } | Record<string, never>;

export interface PortfolioRow {
  id: string;
  key: string;
  costBasisMethod: CostBasisMethod;
  /** The map the ledger last wrote; null: not known (a portfolio from before it was kept). */
  ledgerMap: Record<string, number> | null;
  /** Raised by every write of the history (migration 0030). */
  historyVersion: number;
}

export type ActivityRow = typeof activity.$inferSelect;
export type NewActivityRow = Omit<
  typeof activity.$inferInsert,
  'id' | 'sequence' | 'portfolioId' | 'createdAt'
>;

const portfolioColumns = {
  id: activityPortfolio.id,
  key: activityPortfolio.key,
  costBasisMethod: activityPortfolio.costBasisMethod,
  ledgerMap: activityPortfolio.ledgerMap,
  historyVersion: activityPortfolio.historyVersion,
};

/** The user's ledger portfolio named `key` (`me`, `account:<id>`, `client:<id>`), if it has one. */
export async function findPortfolio(
  db: Executor,
  userId: string,
  key: string,
): Promise<PortfolioRow | undefined> {
  const [row] = await db
    .select(portfolioColumns)
    .from(activityPortfolio)
    .where(and(eq(activityPortfolio.userId, userId), eq(activityPortfolio.key, key)));
  return row;
}

/**
 * The user's ledger portfolio `key`, made if it is not there, and locked for the transaction: every change of a
 * history runs under this lock, so two requests at once apply one after the other on any number of instances.
 */
export async function lockPortfolio(
  tx: Transaction,
  userId: string,
  key: string,
  owner: PortfolioOwner,
): Promise<PortfolioRow> {
  await tx
    .insert(activityPortfolio)
    .values({ userId, ...owner })
    .onConflictDoNothing();
  const [row] = await tx
    .select(portfolioColumns)
    .from(activityPortfolio)
    .where(and(eq(activityPortfolio.userId, userId), eq(activityPortfolio.key, key)))
    .for('update');
  if (!row) throw new Error(`activity_portfolio ${key} not found after insert`);
  return row;
}

export async function updateCostBasisMethod(
  tx: Transaction,
  id: string,
  method: CostBasisMethod,
): Promise<void> {
  await tx.update(activityPortfolio).set({ costBasisMethod: method }).where(eq(activityPortfolio.id, id));
}

/** Keeps the map the ledger wrote, in the transaction that changed the history (under its lock). */
export async function updateLedgerMap(
  tx: Transaction,
  id: string,
  map: Record<string, number>,
): Promise<void> {
  await tx.update(activityPortfolio).set({ ledgerMap: map }).where(eq(activityPortfolio.id, id));
}

/**
 * Remembers the map of a portfolio whose map was not known (null) and that a read found in step with its history,
 * without the lock: a change of the history committed meanwhile has written its own, and this one is then left.
 */
export async function rememberLedgerMap(
  db: Executor,
  id: string,
  map: Record<string, number>,
): Promise<void> {
  await db
    .update(activityPortfolio)
    .set({ ledgerMap: map })
    .where(and(eq(activityPortfolio.id, id), isNull(activityPortfolio.ledgerMap)));
}

/** A portfolio's whole history (or only the activities of `symbols`), in entry order (the replay sorts it). */
export function listHistory(
  db: Executor,
  portfolioId: string,
  symbols?: readonly string[],
): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activity)
    .where(
      and(
        eq(activity.portfolioId, portfolioId),
        symbols ? inArray(activity.symbol, [...symbols]) : undefined,
      ),
    )
    .orderBy(asc(activity.sequence));
}

/** The history's version (migration 0030): in a transaction that wrote it, the version its commit leaves. */
export async function readHistoryVersion(tx: Transaction, portfolioId: string): Promise<number> {
  const [row] = await tx
    .select({ version: activityPortfolio.historyVersion })
    .from(activityPortfolio)
    .where(eq(activityPortfolio.id, portfolioId));
  if (!row) throw new Error(`activity portfolio ${portfolioId} not found`);
  return row.version;
}

/**
 * The history as the ledger replays it (the columns it reads, in entry order), written by hand rather than through
 * the query builder: a read of returns or holdings takes every activity of a history, and mapping 10,000 full rows
 * column by column was a third of GET /api/performance's time. Dates and numbers stay text, as the builder gives them;
 * the bigint `sequence` comes as float8, which the driver reads as a number (exact below 2^53, as the builder's).
 */
export async function listLedgerActivities(
  db: Executor,
  portfolioId: string,
  symbols?: readonly string[],
): Promise<LedgerActivity[]> {
  const { rows } = await db.execute<Omit<LedgerActivity, 'type'> & { type: ActivityType }>(sql`
    select id, sequence::float8 as sequence, type, date::text as date, symbol, quantity::text as quantity, price::text as price,
           fee::text as fee, amount::text as amount, currency, note
    from ${activity}
    where portfolio_id = ${portfolioId}
      ${symbols ? sql`and symbol = any(${sql.param([...symbols])}::text[])` : sql``}
    order by sequence`);
  return rows;
}

/**
 * `activities` sent to PostgreSQL and read back as `listLedgerActivities` reads a history: the same columns in the
 * same order, each parsed by the driver into the same kind of value (text, or a number for `sequence`), so objects of
 * the same shape. The returns warm-up (performance/warm-up.ts) values these, so that the engine is compiled for the
 * objects a real history is made of, and the driver's row parsing is compiled too.
 */
export async function readBackAsLedgerRows(
  db: Executor,
  activities: readonly LedgerActivity[],
): Promise<LedgerActivity[]> {
  const { rows } = await db.execute<Omit<LedgerActivity, 'type'> & { type: ActivityType }>(sql`
    select id, sequence, type, date, symbol, quantity, price, fee, amount, currency, note
    from jsonb_to_recordset(${JSON.stringify(activities)}::jsonb) as made_up (id text, sequence float8, type text,
      date text, symbol text, quantity text, price text, fee text, amount text, currency text, note text)
    order by sequence`);
  return rows;
}

/**
 * Per symbol of the history (and one row, symbol null, for its activities without one): the quantity its share
 * moves add up to (buys and transfers in less sales and transfers out, exact), and whether it was split (a split
 * rounds each lot: only a replay knows the quantity after it). No row: no history.
 */
export function sumShareMoves(
  db: Executor,
  portfolioId: string,
): Promise<{ symbol: string | null; quantity: string; split: boolean }[]> {
  return db
    .select({
      symbol: activity.symbol,
      quantity: sql<string>`coalesce(sum(case when ${activity.type} in ('buy', 'transfer_in') then ${activity.quantity} when ${activity.type} in ('sell', 'transfer_out') then -${activity.quantity} end), 0)::text`,
      split: sql<boolean>`bool_or(${activity.type} = 'split')`,
    })
    .from(activity)
    .where(eq(activity.portfolioId, portfolioId))
    .groupBy(activity.symbol);
}

export interface ActivityFilter {
  type?: ActivityType | undefined;
  symbol?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Newest first, NULLS LAST as the indexes are (drizzle's `.desc()`; both columns are NOT NULL anyway): a plain DESC
 * means NULLS FIRST, which no index gives, and PostgreSQL then sorts the whole history for every page.
 */
const NEWEST_FIRST = [sql`${activity.date} desc nulls last`, sql`${activity.sequence} desc nulls last`];

/** One page newest first (date, then entry order), after `cursor`, by the (portfolio, [symbol,] date, sequence) indexes. */
export function listPage(
  db: Executor,
  portfolioId: string,
  filter: ActivityFilter,
  cursor: { date: string; sequence: number } | undefined,
  limit: number,
): Promise<ActivityRow[]> {
  const conditions: SQL[] = [eq(activity.portfolioId, portfolioId)];
  if (filter.type) conditions.push(eq(activity.type, filter.type));
  if (filter.symbol) conditions.push(eq(activity.symbol, filter.symbol));
  if (filter.from) conditions.push(gte(activity.date, filter.from));
  if (filter.to) conditions.push(lte(activity.date, filter.to));
  // One row comparison, not `date < d or (date = d and sequence < s)`: the index starts at the cursor, so a page
  // deep in the history costs what the first does instead of skipping every row before it.
  if (cursor) {
    conditions.push(
      sql`(${activity.date}, ${activity.sequence}) < (${cursor.date}::date, ${cursor.sequence}::bigint)`,
    );
  }
  return db
    .select()
    .from(activity)
    .where(and(...conditions))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}

export function insertActivities(
  tx: Transaction,
  portfolioId: string,
  rows: readonly NewActivityRow[],
): Promise<ActivityRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return tx
    .insert(activity)
    .values(rows.map((row) => ({ ...row, portfolioId })))
    .returning();
}

/**
 * Saves many activities (an import's) in ONE statement, each column sent as one array: no limit of parameters a
 * statement, one plan, no row sent back. Their entry order (`sequence`) is the order of `rows`.
 */
export async function insertActivityColumns(
  tx: Transaction,
  portfolioId: string,
  rows: readonly NewActivityRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const column = (pick: (row: NewActivityRow) => string | number | null | undefined) =>
    sql.param(rows.map((row) => pick(row) ?? null));
  await tx.execute(sql`
    insert into ${activity} (portfolio_id, type, date, symbol, quantity, price, fee, amount, currency, note,
      source, import_id, file_name, line)
    select ${portfolioId}::uuid, type, date, symbol, quantity, price, fee, amount, currency, note, source, import_id,
      file_name, line
    from unnest(
      ${column((row) => row.type)}::text[], ${column((row) => row.date)}::date[],
      ${column((row) => row.symbol)}::text[], ${column((row) => row.quantity)}::numeric[],
      ${column((row) => row.price)}::numeric[], ${column((row) => row.fee)}::numeric[],
      ${column((row) => row.amount)}::numeric[], ${column((row) => row.currency)}::text[],
      ${column((row) => row.note)}::text[], ${column((row) => row.source)}::text[],
      ${column((row) => row.importId)}::uuid[], ${column((row) => row.fileName)}::text[],
      ${column((row) => row.line)}::integer[]
    ) with ordinality as added (type, date, symbol, quantity, price, fee, amount, currency, note, source, import_id,
      file_name, line, position)
    order by position`);
}

/** The user's activity `id` with its portfolio's key, or undefined when it is not theirs. */
export async function findActivityOfUser(
  db: Executor,
  userId: string,
  id: string,
): Promise<{ row: ActivityRow; key: string } | undefined> {
  const [found] = await db
    .select({ row: activity, key: activityPortfolio.key })
    .from(activity)
    .innerJoin(activityPortfolio, eq(activityPortfolio.id, activity.portfolioId))
    .where(and(eq(activity.id, id), eq(activityPortfolio.userId, userId)));
  return found;
}

export async function updateActivity(
  tx: Transaction,
  portfolioId: string,
  id: string,
  values: Partial<NewActivityRow>,
): Promise<ActivityRow | undefined> {
  const [row] = await tx
    .update(activity)
    .set(values)
    .where(and(eq(activity.id, id), eq(activity.portfolioId, portfolioId)))
    .returning();
  return row;
}

/** Deletes the portfolio's activities among `ids`; how many went. */
export async function deleteActivities(
  tx: Transaction,
  portfolioId: string,
  ids: readonly string[],
): Promise<number> {
  const deleted = await tx
    .delete(activity)
    .where(and(eq(activity.portfolioId, portfolioId), inArray(activity.id, [...ids])))
    .returning({ id: activity.id });
  return deleted.length;
}

/** Every history of the user by its portfolio's key, in entry order (what a move-in compares the file with). */
export async function listHistoriesOfUser(db: Executor, userId: string): Promise<Map<string, ActivityRow[]>> {
  const rows = await db
    .select({ row: activity, key: activityPortfolio.key })
    .from(activity)
    .innerJoin(activityPortfolio, eq(activityPortfolio.id, activity.portfolioId))
    .where(eq(activityPortfolio.userId, userId))
    .orderBy(asc(activity.sequence));
  const histories = new Map<string, ActivityRow[]>();
  for (const { row, key } of rows) {
    const history = histories.get(key);
    if (history) history.push(row);
    else histories.set(key, [row]);
  }
  return histories;
}

/** Locks the user's row for the transaction: two move-ins of one account run one after the other. */
export async function lockUserRow(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
}
