/** Every query of client portfolios (`client_portfolio`). */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { user } from '../../auth/schema';
import { clientPortfolio } from './schema';

export interface ClientRow {
  id: string;
  name: string;
  holdings: Record<string, number>;
  archivedAt: Date | null;
  lastReviewedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: clientPortfolio.id,
  name: clientPortfolio.name,
  holdings: clientPortfolio.holdings,
  archivedAt: clientPortfolio.archivedAt,
  lastReviewedAt: clientPortfolio.lastReviewedAt,
  createdAt: clientPortfolio.createdAt,
  updatedAt: clientPortfolio.updatedAt,
};

const owned = (userId: string, id: string) =>
  and(eq(clientPortfolio.id, id), eq(clientPortfolio.userId, userId));

/** The user's clients, archived ones too, newest first. */
export function findClients(db: Executor, userId: string): Promise<ClientRow[]> {
  return db
    .select(columns)
    .from(clientPortfolio)
    .where(eq(clientPortfolio.userId, userId))
    .orderBy(desc(clientPortfolio.createdAt), desc(clientPortfolio.id));
}

/** The user's client `id`, or undefined when it is not theirs. */
export async function findClient(db: Executor, userId: string, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select(columns).from(clientPortfolio).where(owned(userId, id));
  return row;
}

/**
 * Adds a client unless the user already has `max`. The user's row is locked for the count and the insert, so
 * two requests at once cannot both pass the check.
 */
export function insertClient(
  db: Database,
  userId: string,
  client: { name: string; holdings: Record<string, number> },
  max: number,
): Promise<ClientRow | 'limit'> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(clientPortfolio)
      .where(eq(clientPortfolio.userId, userId));
    if ((held?.n ?? 0) >= max) return 'limit';
    return insertClientRow(tx, userId, client);
  });
}

/**
 * Adds a client as it is (an archived one with its times, when it moves in): the caller has locked the user's row
 * and counted the clients (insertClient, a move-in).
 */
export async function insertClientRow(
  db: Executor,
  userId: string,
  client: {
    name: string;
    holdings: Record<string, number>;
    archivedAt?: Date | null;
    lastReviewedAt?: Date | null;
  },
): Promise<ClientRow> {
  const [row] = await db
    .insert(clientPortfolio)
    .values({ userId, ...client })
    .returning(columns);
  if (!row) throw new Error('client_portfolio insert returned no row');
  return row;
}

export interface ClientChanges {
  name?: string;
  archived?: boolean;
  holdings?: Record<string, number>;
  reviewed?: true;
}

/** Applies `changes` to the user's client `id`; undefined when it is not theirs. Archiving twice keeps the first time. */
export async function updateClient(
  db: Executor,
  userId: string,
  id: string,
  changes: ClientChanges,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .update(clientPortfolio)
    .set({
      updatedAt: sql`now()`,
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.holdings === undefined ? {} : { holdings: changes.holdings }),
      ...(changes.archived === undefined
        ? {}
        : { archivedAt: changes.archived ? sql`coalesce(${clientPortfolio.archivedAt}, now())` : null }),
      ...(changes.reviewed ? { lastReviewedAt: sql`now()` } : {}),
    })
    .where(owned(userId, id))
    .returning(columns);
  return row;
}

/** Deletes the user's client `id`; false when it is not theirs. */
export async function deleteClient(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(clientPortfolio)
    .where(owned(userId, id))
    .returning({ id: clientPortfolio.id });
  return deleted.length > 0;
}
