/** Every query of multi-account aggregation (`portfolio_account`). */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AccountType } from '../../../domain/portfolio-accounts';
import type { Database, Executor } from '../../db/client';
import { user } from '../../auth/schema';
import { portfolioAccount } from './schema';

export interface PortfolioAccountRow {
  id: string;
  accountType: AccountType;
  accountName: string;
  holdings: Record<string, number>;
  isManual: boolean;
  lastUpdated: Date;
}

export interface NewPortfolioAccount {
  accountType: AccountType;
  accountName: string;
  holdings: Record<string, number>;
  isManual: boolean;
}

const columns = {
  id: portfolioAccount.id,
  // The check constraint holds the column to ACCOUNT_TYPES.
  accountType: sql<AccountType>`${portfolioAccount.accountType}`,
  accountName: portfolioAccount.accountName,
  holdings: portfolioAccount.holdings,
  isManual: portfolioAccount.isManual,
  lastUpdated: portfolioAccount.lastUpdated,
};

/** The user's accounts, in the order they were added. */
export function findAccounts(db: Executor, userId: string): Promise<PortfolioAccountRow[]> {
  return db
    .select(columns)
    .from(portfolioAccount)
    .where(eq(portfolioAccount.userId, userId))
    .orderBy(asc(portfolioAccount.position));
}

export type InsertOutcome =
  { inserted: PortfolioAccountRow[] } | { rejected: 'limit' } | { rejected: 'not-empty' };

/**
 * Adds `rows` to the user's accounts unless that would make more than `max` (or, with `onlyWhenEmpty`, unless
 * the user has any). The user's row is locked for the count and the insert, so two requests at once cannot
 * both pass the check.
 */
export function insertAccounts(
  db: Database,
  userId: string,
  rows: readonly NewPortfolioAccount[],
  limits: { max: number; onlyWhenEmpty: boolean },
): Promise<InsertOutcome> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(portfolioAccount)
      .where(eq(portfolioAccount.userId, userId));
    const existing = held?.n ?? 0;
    if (limits.onlyWhenEmpty && existing > 0) return { rejected: 'not-empty' };
    if (existing + rows.length > limits.max) return { rejected: 'limit' };
    return { inserted: await insertAccountRows(tx, userId, rows) };
  });
}

/** Adds `rows` as they are: the caller has locked the user's row and counted the accounts (insertAccounts, a move-in). */
export function insertAccountRows(
  db: Executor,
  userId: string,
  rows: readonly NewPortfolioAccount[],
): Promise<PortfolioAccountRow[]> {
  return db
    .insert(portfolioAccount)
    .values(rows.map((row) => ({ ...row, userId })))
    .returning(columns);
}

/** Deletes the user's account `id` when it is a manual one; says why not otherwise. */
export async function deleteManualAccount(
  db: Database,
  userId: string,
  id: string,
): Promise<'deleted' | 'not-manual' | 'not-found'> {
  const owned = and(eq(portfolioAccount.id, id), eq(portfolioAccount.userId, userId));
  const deleted = await db
    .delete(portfolioAccount)
    .where(and(owned, eq(portfolioAccount.isManual, true)))
    .returning({ id: portfolioAccount.id });
  if (deleted.length > 0) return 'deleted';
  const [found] = await db.select({ id: portfolioAccount.id }).from(portfolioAccount).where(owned);
  return found ? 'not-manual' : 'not-found';
}

/** Stamps every account of the user as updated now; returns them in the order they were added. */
export async function touchAccounts(db: Database, userId: string): Promise<PortfolioAccountRow[]> {
  await db
    .update(portfolioAccount)
    .set({ lastUpdated: sql`now()` })
    .where(eq(portfolioAccount.userId, userId));
  return findAccounts(db, userId);
}

/** The user's account `id`'s holdings and last update, or undefined when it is not theirs. */
export async function findAccountHoldings(
  db: Executor,
  userId: string,
  id: string,
): Promise<{ holdings: Record<string, number>; lastUpdated: Date } | undefined> {
  const [row] = await db
    .select({ holdings: portfolioAccount.holdings, lastUpdated: portfolioAccount.lastUpdated })
    .from(portfolioAccount)
    .where(and(eq(portfolioAccount.id, id), eq(portfolioAccount.userId, userId)));
  return row;
}

/** Replaces the holdings of the user's account `id`; false when it is not theirs. */
export async function updateAccountHoldings(
  db: Executor,
  userId: string,
  id: string,
  holdings: Record<string, number>,
): Promise<boolean> {
  const updated = await db
    .update(portfolioAccount)
    .set({ holdings, lastUpdated: sql`now()` })
    .where(and(eq(portfolioAccount.id, id), eq(portfolioAccount.userId, userId)))
    .returning({ id: portfolioAccount.id });
  return updated.length > 0;
}
