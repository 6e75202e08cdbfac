import { inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { limitCounter } from './schema';
import type { LimitStore } from './store';

/**
 * Counters in the `limit_counter` table: one upsert per hit, or per batch of hits (`insert ... on conflict do update ... returning`),
 * which PostgreSQL runs atomically per key, so two instances hitting one key at once get two counts.
 */
export function createPostgresLimitStore(db: Database): LimitStore {
  return {
    async increment(key, windowMs, hits = 1) {
      const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
      const isOver = sql`${limitCounter.expiresAt} <= now()`;
      const [row] = await db
        .insert(limitCounter)
        .values({ key, count: hits, expiresAt: windowEnd })
        .onConflictDoUpdate({
          target: limitCounter.key,
          set: {
            count: sql`case when ${isOver} then ${hits}::int else ${limitCounter.count} + ${hits}::int end`,
            expiresAt: sql`case when ${isOver} then ${windowEnd} else ${limitCounter.expiresAt} end`,
          },
        })
        .returning({
          count: limitCounter.count,
          resetInMs: sql<number>`ceil(extract(epoch from (${limitCounter.expiresAt} - now())) * 1000)::int`,
        });
      if (!row) throw new Error('the limit counter upsert returned no row');
      return row;
    },
    async decrement(key) {
      await db
        .update(limitCounter)
        .set({ count: sql`greatest(${limitCounter.count} - 1, 0)` })
        .where(sql`${limitCounter.key} = ${key} and ${limitCounter.expiresAt} > now()`);
    },
    async remove(keys) {
      if (keys.length === 0) return;
      await db.delete(limitCounter).where(inArray(limitCounter.key, [...keys]));
    },
    async started() {},
    async close() {},
  };
}

/**
 * Deletes the counters whose window has ended (they would count from 1 again anyway); returns how many.
 * The hourly job `delete-expired-limit-counters` runs it (src/server/jobs/registry.ts).
 */
export async function deleteExpiredLimitCounters(db: Database): Promise<number> {
  const deleted = await db
    .delete(limitCounter)
    .where(lte(limitCounter.expiresAt, sql`now()`))
    .returning({ key: limitCounter.key });
  return deleted.length;
}
