import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { session, user } from '../../auth/schema';
import { analysisUsage } from '../analysis/schema';

/** A demo account unused this long, and with no live session, is abandoned (README, Jobs). */
export const ABANDONED_DEMO_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes every demo account that is older than ABANDONED_DEMO_MS and has no session that is still live
 * or was used within that time; returns how many. Its sign-in password was random and never shown, so
 * without a session nobody can reach it again. Everything it owns goes with it: the tables that reference
 * the user cascade, and its AI-analysis counters (keyed by user id, not a foreign key) are deleted here.
 */
export async function deleteAbandonedDemoAccounts(db: Database, now: Date = new Date()): Promise<number> {
  const idleSince = new Date(now.getTime() - ABANDONED_DEMO_MS);
  const inUse = db
    .select({ one: sql`1` })
    .from(session)
    .where(
      and(
        eq(session.userId, user.id),
        or(
          gt(session.lastSeenAt, idleSince),
          and(gt(session.idleExpiresAt, now), gt(session.absoluteExpiresAt, now)),
        ),
      ),
    );
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(user)
      .where(and(eq(user.isDemo, true), lte(user.createdAt, idleSince), sql`not exists (${inUse})`))
      .returning({ id: user.id });
    const ids = deleted.map((row) => row.id);
    if (ids.length > 0) {
      await tx
        .delete(analysisUsage)
        .where(and(eq(analysisUsage.subjectKind, 'user'), inArray(analysisUsage.subjectKey, ids)));
    }
    return ids.length;
  });
}
