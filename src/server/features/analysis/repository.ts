/** Every query of the analysis feature: the monthly AI analysis allowance (`analysis_usage`). */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { analysisUsage } from './schema';

export type UsageSubjectKind = 'user' | 'visitor' | 'ip';

export interface UsageSubject {
  kind: UsageSubjectKind;
  key: string;
}

/** Thrown inside the reservation transaction when a subject is at its limit (the transaction rolls back). */
export class UsageLimitReachedError extends Error {
  constructor(readonly subject: UsageSubject) {
    super(`analysis limit reached for ${subject.kind}`);
    this.name = 'UsageLimitReachedError';
  }
}

/**
 * Takes one use for every subject, all or none, in one transaction: a conditional upsert per subject
 * (`count + 1` only while `count < limit`), so concurrent requests cannot go past the limit. Returns each
 * subject's count after the increment; throws UsageLimitReachedError when one is at the limit.
 * Subjects are locked in a fixed order, so two requests sharing subjects cannot deadlock.
 */
export async function reserveUsage(
  db: Database,
  subjects: readonly UsageSubject[],
  month: string,
  limit: number,
): Promise<number[]> {
  const ordered = [...subjects].sort((a, b) =>
    a.kind === b.kind ? (a.key < b.key ? -1 : 1) : a.kind < b.kind ? -1 : 1,
  );
  return db.transaction(async (tx) => {
    const counts = new Map<UsageSubject, number>();
    for (const subject of ordered) {
      const [row] = await tx
        .insert(analysisUsage)
        .values({ subjectKind: subject.kind, subjectKey: subject.key, month, count: 1 })
        .onConflictDoUpdate({
          target: [analysisUsage.subjectKind, analysisUsage.subjectKey, analysisUsage.month],
          set: { count: sql`${analysisUsage.count} + 1`, updatedAt: sql`now()` },
          setWhere: sql`${analysisUsage.count} < ${limit}`,
        })
        .returning({ count: analysisUsage.count });
      if (!row) throw new UsageLimitReachedError(subject);
      counts.set(subject, row.count);
    }
    return subjects.map((subject) => counts.get(subject) ?? 0);
  });
}

/** Gives back one use per subject (the model failed after the reservation). Never below 0. */
export async function releaseUsage(db: Database, subjects: readonly UsageSubject[], month: string) {
  for (const subject of subjects) {
    await db
      .update(analysisUsage)
      .set({ count: sql`greatest(${analysisUsage.count} - 1, 0)`, updatedAt: sql`now()` })
      .where(
        and(
          eq(analysisUsage.subjectKind, subject.kind),
          eq(analysisUsage.subjectKey, subject.key),
          eq(analysisUsage.month, month),
        ),
      );
  }
}
