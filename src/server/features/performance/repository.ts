/** Every query of the performance feature: the person's base currency (`performance_setting`). */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { performanceSetting } from './schema';

/** The stored base currency, undefined when never set. */
export async function readBaseCurrency(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ baseCurrency: performanceSetting.baseCurrency })
    .from(performanceSetting)
    .where(eq(performanceSetting.userId, userId));
  return row?.baseCurrency;
}

export async function writeBaseCurrency(db: Executor, userId: string, baseCurrency: string): Promise<void> {
  await db
    .insert(performanceSetting)
    .values({ userId, baseCurrency })
    .onConflictDoUpdate({
      target: performanceSetting.userId,
      set: { baseCurrency, updatedAt: sql`now()` },
    });
}
