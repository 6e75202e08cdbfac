/** Every query of the activity ledger (`activity_portfolio`, `activity`). */
import { and, asc, desc, eq, gte, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import type { ActivityType } from '../../../domain/activities/activity';
import type { CostBasisMethod } from '../../../domain/activities/ledger';
import type { Executor, Transaction } from '../../db/client';
import { activity, activityPortfolio } from './schema';

export type PortfolioOwner = { accountId: string } | { clientId: string } | Record<string, never>;

export interface PortfolioRow {
  id: string;
  key: string;
  costBasisMethod: CostBasisMethod;
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

/** A portfolio's whole history, in entry order (the replay sorts it). */
export function listHistory(db: Executor, portfolioId: string): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activity)
    .where(eq(activity.portfolioId, portfolioId))
    .orderBy(asc(activity.sequence));
}

export interface ActivityFilter {
  type?: ActivityType | undefined;
  symbol?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

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
  if (cursor) {
    conditions.push(
      or(
        lt(activity.date, cursor.date),
        and(eq(activity.date, cursor.date), lt(activity.sequence, cursor.sequence)),
      ) as SQL,
    );
  }
  return db
    .select()
    .from(activity)
    .where(and(...conditions))
    .orderBy(desc(activity.date), desc(activity.sequence))
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
