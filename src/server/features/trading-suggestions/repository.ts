/** Every query of the trading suggestions feature (`trading_suggestion`). */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tradingSuggestion } from './schema';

export type SuggestionRow = typeof tradingSuggestion.$inferSelect;
export type NewSuggestionRow = Omit<typeof tradingSuggestion.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/** Replaces the user's open suggestions with a new generation (executed ones stay), in one transaction. */
export async function replaceOpenSuggestions(
  db: Database,
  userId: string,
  rows: readonly NewSuggestionRow[],
): Promise<SuggestionRow[]> {
  return db.transaction(async (tx) => {
    await tx
      .delete(tradingSuggestion)
      .where(and(eq(tradingSuggestion.userId, userId), eq(tradingSuggestion.status, 'open')));
    if (rows.length === 0) return [];
    const inserted = await tx
      .insert(tradingSuggestion)
      .values(rows.map((row) => ({ ...row, userId })))
      .returning();
    return inserted.sort((a, b) => a.rank - b.rank);
  });
}

/** The user's suggestions, newest generation first, then by rank. */
export function listSuggestions(db: Database, userId: string): Promise<SuggestionRow[]> {
  return db
    .select()
    .from(tradingSuggestion)
    .where(eq(tradingSuggestion.userId, userId))
    .orderBy(desc(tradingSuggestion.createdAt), asc(tradingSuggestion.rank));
}

/** Marks the user's unseen suggestions seen (the 'New' badge goes after this read). */
export async function markSuggestionsSeen(db: Database, userId: string, at: Date): Promise<void> {
  await db
    .update(tradingSuggestion)
    .set({ seenAt: at })
    .where(and(eq(tradingSuggestion.userId, userId), isNull(tradingSuggestion.seenAt)));
}

/** Deletes one of the user's suggestions; false when the user has none with that id. */
export async function deleteSuggestion(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(tradingSuggestion)
    .where(and(eq(tradingSuggestion.id, id), eq(tradingSuggestion.userId, userId)))
    .returning({ id: tradingSuggestion.id });
  return deleted.length > 0;
}

/** Marks one of the user's suggestions executed; false when the user has none with that id. */
export async function markSuggestionExecuted(
  db: Database,
  userId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(tradingSuggestion)
    .set({ status: 'executed', executedAt: at, seenAt: at })
    .where(and(eq(tradingSuggestion.id, id), eq(tradingSuggestion.userId, userId)))
    .returning({ id: tradingSuggestion.id });
  return updated.length > 0;
}
