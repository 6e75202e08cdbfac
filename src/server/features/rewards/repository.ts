import { and, desc, eq, gt, gte, sql } from 'drizzle-orm';
import type { PointCategory } from '../../../domain/rewards';
import type { Database } from '../../db/client';
import { pointTransaction, userAchievement, userPeriodPoints, userPoints } from './schema';

/** A transaction handle (what `db.transaction` gives its callback). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The pool or a transaction: every query here runs on either. */
export type Executor = Database | Transaction;

export type UserPointsRow = typeof userPoints.$inferSelect;
export type PointTransactionRow = typeof pointTransaction.$inferSelect;

// ------------------------------------------------------------------------------------------ user totals

/**
 * The user's totals row, created when missing and locked (FOR UPDATE) until the transaction ends: awards of
 * one user are booked one after another, on any number of instances.
 */
export async function lockUserPoints(tx: Transaction, userId: string): Promise<UserPointsRow> {
  await tx.insert(userPoints).values({ userId }).onConflictDoNothing({ target: userPoints.userId });
  const [row] = await tx.select().from(userPoints).where(eq(userPoints.userId, userId)).for('update');
  if (!row) throw new Error(`user_points row of ${userId} vanished`);
  return row;
}

export async function findUserPoints(db: Executor, userId: string): Promise<UserPointsRow | undefined> {
  const [row] = await db.select().from(userPoints).where(eq(userPoints.userId, userId)).limit(1);
  return row;
}

export type CounterName =
  | 'portfolioCount'
  | 'tradeCount'
  | 'sellCount'
  | 'profitableSellCount'
  | 'losingSellCount'
  | 'lessonCount'
  | 'analysisCount';

/** Adds 1 to each named counter. */
export async function incrementCounters(
  tx: Transaction,
  userId: string,
  counters: readonly CounterName[],
): Promise<void> {
  if (counters.length === 0) return;
  const set: Partial<Record<CounterName, ReturnType<typeof sql>>> = {};
  for (const name of counters) set[name] = sql`${userPoints[name]} + 1`;
  await tx.update(userPoints).set(set).where(eq(userPoints.userId, userId));
}

/** Whether PostgreSQL knows a zone name too (its tz database may differ a little from ICU's). */
export async function isTimeZoneKnown(db: Executor, timeZone: string): Promise<boolean> {
  try {
    await db.execute(sql`select now() at time zone ${timeZone}`);
    return true;
  } catch {
    return false;
  }
}

/** Remembers the browser's time zone (only when it changed: no write on every read). */
export async function saveTimeZone(db: Executor, userId: string, timeZone: string): Promise<void> {
  await db
    .insert(userPoints)
    .values({ userId, timeZone })
    .onConflictDoUpdate({
      target: userPoints.userId,
      set: { timeZone },
      setWhere: sql`${userPoints.timeZone} is distinct from excluded.time_zone`,
    });
}

// ------------------------------------------------------------------------------------------------ ledger

export interface NewPointTransaction {
  userId: string;
  points: number;
  category: PointCategory;
  reason: string;
  createdAt: Date;
  /** Once-only awards: a second row with the same key for the user is not booked. */
  dedupeKey: string | null;
  /** Leaderboard periods (UTC) the points count in. */
  week: string;
  month: string;
}

/**
 * Books one ledger row and moves the user's totals and period points with it, in the caller's transaction
 * (the user's totals row must be locked). Answers false, and changes nothing, when the dedupe key was taken.
 */
export async function bookPoints(tx: Transaction, entry: NewPointTransaction): Promise<boolean> {
  const inserted = await tx
    .insert(pointTransaction)
    .values({
      userId: entry.userId,
      points: entry.points,
      category: entry.category,
      reason: entry.reason,
      createdAt: entry.createdAt,
      dedupeKey: entry.dedupeKey,
    })
    .onConflictDoNothing({ target: [pointTransaction.userId, pointTransaction.dedupeKey] })
    .returning({ id: pointTransaction.id });
  if (inserted.length === 0) return false;

  await tx
    .update(userPoints)
    .set({
      totalPoints: sql`${userPoints.totalPoints} + ${entry.points}`,
      lifetimePoints: sql`${userPoints.lifetimePoints} + ${Math.max(0, entry.points)}`,
      updatedAt: entry.createdAt,
    })
    .where(eq(userPoints.userId, entry.userId));
  await tx
    .insert(userPeriodPoints)
    .values([
      { userId: entry.userId, periodKind: 'week', periodStart: entry.week, points: entry.points },
      { userId: entry.userId, periodKind: 'month', periodStart: entry.month, points: entry.points },
    ])
    .onConflictDoUpdate({
      target: [userPeriodPoints.userId, userPeriodPoints.periodKind, userPeriodPoints.periodStart],
      set: { points: sql`${userPeriodPoints.points} + excluded.points` },
    });
  return true;
}

/** How many rows of `reason` the user got since an instant (the daily caps of analyses and trades). */
export async function countReasonSince(
  db: Executor,
  userId: string,
  reason: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pointTransaction)
    .where(
      and(
        eq(pointTransaction.userId, userId),
        gte(pointTransaction.createdAt, since),
        eq(pointTransaction.reason, reason),
      ),
    );
  return row?.n ?? 0;
}

/** Σ points since the week's and the month's first instants (the user's zone), from the (user, created_at) index. */
export async function sumPointsSince(
  db: Executor,
  userId: string,
  since: { weekStart: Date; monthStart: Date },
): Promise<{ weekly: number; monthly: number }> {
  const earliest = since.weekStart < since.monthStart ? since.weekStart : since.monthStart;
  const [row] = await db
    .select({
      weekly: sql<number>`coalesce(sum(${pointTransaction.points}) filter (where ${pointTransaction.createdAt} >= ${since.weekStart}), 0)::int`,
      monthly: sql<number>`coalesce(sum(${pointTransaction.points}) filter (where ${pointTransaction.createdAt} >= ${since.monthStart}), 0)::int`,
    })
    .from(pointTransaction)
    .where(and(eq(pointTransaction.userId, userId), gte(pointTransaction.createdAt, earliest)));
  return { weekly: row?.weekly ?? 0, monthly: row?.monthly ?? 0 };
}

/**
 * The distinct calendar days ('YYYY-MM-DD', in `timeZone`, an IANA name checked by the caller) on which the
 * user got points, optionally only from an instant on.
 */
export async function listActiveDays(
  db: Executor,
  userId: string,
  timeZone: string,
  since?: Date,
): Promise<string[]> {
  const day = sql<string>`to_char(${pointTransaction.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .selectDistinct({ day })
    .from(pointTransaction)
    .where(
      since
        ? and(eq(pointTransaction.userId, userId), gte(pointTransaction.createdAt, since))
        : eq(pointTransaction.userId, userId),
    );
  return rows.map((r) => r.day);
}

/** The latest rows, newest first. */
export async function listLatestTransactions(
  db: Executor,
  userId: string,
  limit: number,
): Promise<PointTransactionRow[]> {
  return db
    .select()
    .from(pointTransaction)
    .where(eq(pointTransaction.userId, userId))
    .orderBy(desc(pointTransaction.createdAt), desc(pointTransaction.id))
    .limit(limit);
}

// ------------------------------------------------------------------------------------------ achievements

export async function listUnlockedAchievements(
  db: Executor,
  userId: string,
): Promise<{ achievementId: string; unlockedAt: Date; points: number }[]> {
  return db
    .select({
      achievementId: userAchievement.achievementId,
      unlockedAt: userAchievement.unlockedAt,
      points: userAchievement.points,
    })
    .from(userAchievement)
    .where(eq(userAchievement.userId, userId));
}

/** Records an unlock; false when it was already unlocked. */
export async function insertUnlock(
  tx: Transaction,
  unlock: { userId: string; achievementId: string; unlockedAt: Date; points: number },
): Promise<boolean> {
  const rows = await tx
    .insert(userAchievement)
    .values(unlock)
    .onConflictDoNothing()
    .returning({ id: userAchievement.achievementId });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------- boards

export interface BoardRow {
  userId: string;
  publicId: number;
  value: number;
}

/** All-time: the top rows of the (lifetime_points desc, public_id) index. */
export async function topLifetime(db: Executor, limit: number): Promise<BoardRow[]> {
  return db
    .select({ userId: userPoints.userId, publicId: userPoints.publicId, value: userPoints.lifetimePoints })
    .from(userPoints)
    .where(gt(userPoints.lifetimePoints, 0))
    .orderBy(desc(userPoints.lifetimePoints), userPoints.publicId)
    .limit(limit);
}

/** A week or a month: the top rows of the (kind, start, points desc, user_id) index, joined to public ids. */
export async function topOfPeriod(
  db: Executor,
  kind: 'week' | 'month',
  periodStart: string,
  limit: number,
): Promise<BoardRow[]> {
  const top = db
    .select({ userId: userPeriodPoints.userId, value: userPeriodPoints.points })
    .from(userPeriodPoints)
    .where(
      and(
        eq(userPeriodPoints.periodKind, kind),
        eq(userPeriodPoints.periodStart, periodStart),
        gt(userPeriodPoints.points, 0),
      ),
    )
    .orderBy(desc(userPeriodPoints.points), userPeriodPoints.userId)
    .limit(limit)
    .as('top');
  return db
    .select({ userId: top.userId, publicId: userPoints.publicId, value: top.value })
    .from(top)
    .innerJoin(userPoints, eq(userPoints.userId, top.userId))
    .orderBy(desc(top.value), top.userId);
}

/** A user's rank on a period board and how many play it (index-only counts). */
export async function standingInPeriod(
  db: Executor,
  userId: string,
  kind: 'week' | 'month',
  periodStart: string,
): Promise<{ value: number; rank: number | null; players: number }> {
  const [mine] = await db
    .select({ points: userPeriodPoints.points })
    .from(userPeriodPoints)
    .where(
      and(
        eq(userPeriodPoints.userId, userId),
        eq(userPeriodPoints.periodKind, kind),
        eq(userPeriodPoints.periodStart, periodStart),
      ),
    );
  const value = mine?.points ?? 0;
  const [row] = await db
    .select({
      players: sql<number>`count(*)::int`,
      above: sql<number>`count(*) filter (where ${userPeriodPoints.points} > ${value})::int`,
    })
    .from(userPeriodPoints)
    .where(
      and(
        eq(userPeriodPoints.periodKind, kind),
        eq(userPeriodPoints.periodStart, periodStart),
        gt(userPeriodPoints.points, 0),
      ),
    );
  return { value, rank: value > 0 ? (row?.above ?? 0) + 1 : null, players: row?.players ?? 0 };
}

/** A lifetime value's rank on the all-time board and how many play it. */
export async function standingLifetime(
  db: Executor,
  value: number,
): Promise<{ value: number; rank: number | null; players: number }> {
  const [row] = await db
    .select({
      players: sql<number>`count(*)::int`,
      above: sql<number>`count(*) filter (where ${userPoints.lifetimePoints} > ${value})::int`,
    })
    .from(userPoints)
    .where(gt(userPoints.lifetimePoints, 0));
  return { value, rank: value > 0 ? (row?.above ?? 0) + 1 : null, players: row?.players ?? 0 };
}

// ----------------------------------------------------------------------------------------------- repair

/**
 * Rebuilds `user_points` totals and `user_period_points` from the ledger (counters untouched): a repair
 * after rows were written outside the app, e.g. by the benchmark's bulk load. Holds table locks while it runs.
 */
export async function rebuildTotalsFromLedger(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table user_points, user_period_points in exclusive mode`);
    await tx.execute(sql`
      insert into user_points (user_id)
      select distinct user_id from point_transaction
      on conflict (user_id) do nothing`);
    await tx.execute(sql`
      update user_points up
         set total_points = coalesce(s.total, 0), lifetime_points = coalesce(s.lifetime, 0)
        from (select user_id, sum(points)::int as total, sum(greatest(points, 0))::int as lifetime
                from point_transaction group by user_id) s
       where s.user_id = up.user_id`);
    await tx.execute(sql`delete from user_period_points where true`);
    await tx.execute(sql`
      insert into user_period_points (user_id, period_kind, period_start, points)
      select user_id, 'week', (date_trunc('week', created_at at time zone 'UTC'))::date, sum(points)::int
        from point_transaction group by 1, 3
      union all
      select user_id, 'month', (date_trunc('month', created_at at time zone 'UTC'))::date, sum(points)::int
        from point_transaction group by 1, 3`);
  });
}
