/** Every query of the activity imports (`activity_import`, `activity_import_mapping`, and an import's activities). */
import { createHash } from 'node:crypto';
import { and, desc, eq, getTableColumns, lt, notExists, sql } from 'drizzle-orm';
import type { ColumnMapping } from '../../../domain/activity-import/column-mapper';
import type { ImportedActivity } from '../../../domain/activity-import/format';
import type { Executor, Transaction } from '../../db/client';
import { activity, activityImport, activityImportMapping } from './schema';

export type StagedImport = Omit<typeof activityImport.$inferSelect, 'rows'> & { rows: ImportedActivity[] };

export async function insertImport(
  db: Executor,
  values: {
    userId: string;
    portfolio: string;
    fileName: string;
    format: string;
    rows: readonly ImportedActivity[];
    expiresAt: Date;
  },
): Promise<{ id: string; expiresAt: Date }> {
  const [row] = await db
    .insert(activityImport)
    .values({ ...values, status: 'preview' })
    .returning({ id: activityImport.id, expiresAt: activityImport.expiresAt });
  if (!row) throw new Error('activity_import insert returned no row');
  return row;
}

/**
 * Expires the user's previews beyond the `keep` newest (their rows dropped): a person's staged files are bounded
 * whatever they upload.
 */
export async function expireOlderPreviews(db: Executor, userId: string, keep: number): Promise<void> {
  const newest = db
    .select({ id: activityImport.id })
    .from(activityImport)
    .where(and(eq(activityImport.userId, userId), eq(activityImport.status, 'preview')))
    .orderBy(desc(activityImport.createdAt))
    .limit(keep);
  await db
    .update(activityImport)
    .set({ status: 'expired', rows: [] })
    .where(
      and(
        eq(activityImport.userId, userId),
        eq(activityImport.status, 'preview'),
        sql`${activityImport.id} not in (${newest})`,
      ),
    );
}

/** The user's import `id` (its staged rows when asked), locked when asked; undefined when it is not theirs. */
export async function findImportOfUser(
  db: Executor,
  userId: string,
  id: string,
  options: { lock?: boolean; withRows?: boolean } = {},
): Promise<StagedImport | undefined> {
  const { rows, ...withoutRows } = getTableColumns(activityImport);
  const query = db
    .select({ ...withoutRows, ...(options.withRows ? { rows } : {}) })
    .from(activityImport)
    .where(and(eq(activityImport.id, id), eq(activityImport.userId, userId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return undefined;
  return { rows: [], ...row } as StagedImport;
}

export async function markConfirmed(tx: Transaction, id: string, now: Date): Promise<void> {
  await tx
    .update(activityImport)
    .set({ status: 'confirmed', rows: [], confirmedAt: now })
    .where(eq(activityImport.id, id));
}

export async function deleteImport(tx: Transaction, id: string): Promise<void> {
  await tx.delete(activityImport).where(eq(activityImport.id, id));
}

/** Deletes the activities of import `importId` in the portfolio; how many went. */
export async function deleteImportActivities(
  tx: Transaction,
  portfolioId: string,
  importId: string,
): Promise<number> {
  const deleted = await tx
    .delete(activity)
    .where(and(eq(activity.portfolioId, portfolioId), eq(activity.importId, importId)))
    .returning({ id: activity.id });
  return deleted.length;
}

/**
 * The daily clean-up: previews past their time are expired (their rows dropped), and kept a week so that a late
 * confirmation says so; then deleted, as are confirmed imports none of whose activities is left (deleted one by
 * one, or with their account or client). How many rows changed.
 */
export async function cleanUpImports(db: Executor, now: Date): Promise<number> {
  const expired = await db
    .update(activityImport)
    .set({ status: 'expired', rows: [] })
    .where(and(eq(activityImport.status, 'preview'), lt(activityImport.expiresAt, now)))
    .returning({ id: activityImport.id });
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3_600_000);
  const deleted = await db
    .delete(activityImport)
    .where(
      sql`(${and(eq(activityImport.status, 'expired'), lt(activityImport.expiresAt, weekAgo))}) or (${and(
        eq(activityImport.status, 'confirmed'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(activity)
            .where(eq(activity.importId, activityImport.id)),
        ),
      )})`,
    )
    .returning({ id: activityImport.id });
  return expired.length + deleted.length;
}

// ------------------------------------------------------------------------------------ remembered mappings

const digestOf = (headerKey: string) => createHash('sha256').update(headerKey).digest('hex');

export async function findMapping(
  db: Executor,
  userId: string,
  headerKey: string,
): Promise<ColumnMapping | undefined> {
  const [row] = await db
    .select({ mapping: activityImportMapping.mapping, headerKey: activityImportMapping.headerKey })
    .from(activityImportMapping)
    .where(
      and(
        eq(activityImportMapping.userId, userId),
        eq(activityImportMapping.headerDigest, digestOf(headerKey)),
      ),
    );
  return row?.headerKey === headerKey ? (row.mapping as ColumnMapping) : undefined;
}

export async function saveMapping(
  db: Executor,
  userId: string,
  headerKey: string,
  mapping: ColumnMapping,
): Promise<void> {
  await db
    .insert(activityImportMapping)
    .values({ userId, headerKey, headerDigest: digestOf(headerKey), mapping })
    .onConflictDoUpdate({
      target: [activityImportMapping.userId, activityImportMapping.headerDigest],
      set: { headerKey, mapping, updatedAt: sql`now()` },
    });
}

/** The user's remembered mappings, for 'Download my data'. */
export function listMappings(db: Executor, userId: string) {
  return db
    .select({
      headerKey: activityImportMapping.headerKey,
      mapping: activityImportMapping.mapping,
      updatedAt: activityImportMapping.updatedAt,
    })
    .from(activityImportMapping)
    .where(eq(activityImportMapping.userId, userId))
    .orderBy(activityImportMapping.updatedAt);
}
