/** Every query of the portfolio feature: the account's saved analyzer portfolio (`saved_portfolio`). */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { savedPortfolio } from './schema';

export interface SavedPortfolioRow {
  holdings: Record<string, number>;
  updatedAt: Date;
}

export async function findSavedPortfolio(
  db: Executor,
  userId: string,
): Promise<SavedPortfolioRow | undefined> {
  const [row] = await db
    .select({ holdings: savedPortfolio.holdings, updatedAt: savedPortfolio.updatedAt })
    .from(savedPortfolio)
    .where(eq(savedPortfolio.userId, userId));
  return row;
}

/** Inserts or replaces the user's portfolio; returns what is stored. */
export async function upsertSavedPortfolio(
  db: Executor,
  userId: string,
  holdings: Record<string, number>,
): Promise<SavedPortfolioRow> {
  const [row] = await db
    .insert(savedPortfolio)
    .values({ userId, holdings })
    .onConflictDoUpdate({
      target: savedPortfolio.userId,
      set: { holdings: sql`excluded.holdings`, updatedAt: sql`now()` },
    })
    .returning({ holdings: savedPortfolio.holdings, updatedAt: savedPortfolio.updatedAt });
  if (!row) throw new Error('saved_portfolio upsert returned no row');
  return row;
}
