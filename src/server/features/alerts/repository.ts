/**
 * Every query of alerts and snapshots. Lists of ids or rows go in as one JSON parameter (one statement per
 * table, whatever the count); the statements that fire, re-arm and claim a day's e-mail lock their rows in id
 * order and re-check the state under the lock, so concurrent passes on several instances neither deadlock nor
 * fire a crossing twice.
 */
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AlertConditionInput } from '../../../contracts/alerts';
import type { AlertConditionType, AlertSeverity } from '../../../domain/alerts';
import type { Database } from '../../db/client';
import { alertCondition, portfolioSnapshot, savedPortfolio, triggeredAlert } from '../../db/schema';

/** A list as one `jsonb` parameter. */
const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/**
 * `= any(...)` of a list of uuids: an array built once (an init plan), so the planner probes the primary key
 * per id instead of re-reading the list per row (a semi-join on the bare set function did that: 10 s at 10,000).
 */
const anyUuid = (ids: readonly string[]) =>
  sql`any(array(select value::uuid from jsonb_array_elements_text(${jsonParam(ids)})))`;

export interface ConditionRow {
  id: string;
  type: AlertConditionType;
  symbol: string | null;
  threshold: number;
  enabled: boolean;
  createdAt: Date;
}

const conditionColumns = {
  id: alertCondition.id,
  type: alertCondition.type,
  symbol: alertCondition.symbol,
  threshold: sql<number>`${alertCondition.threshold}::float8`,
  enabled: alertCondition.enabled,
  createdAt: alertCondition.createdAt,
};

export function listConditions(db: Database, userId: string): Promise<ConditionRow[]> {
  return db
    .select(conditionColumns)
    .from(alertCondition)
    .where(eq(alertCondition.userId, userId))
    .orderBy(asc(alertCondition.createdAt), asc(alertCondition.id));
}

/**
 * Replaces the user's list in one transaction: conditions left out are deleted, a sent `id` of the user's
 * keeps its row (re-armed when its type, symbol or threshold changed), anything else is a new row.
 */
export async function replaceConditions(
  db: Database,
  userId: string,
  conditions: readonly AlertConditionInput[],
): Promise<ConditionRow[]> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: alertCondition.id })
      .from(alertCondition)
      .where(eq(alertCondition.userId, userId))
      .for('update');
    const owned = new Set(existing.map((row) => row.id));
    const kept = conditions.flatMap((c) => (c.id && owned.has(c.id) ? [c.id] : []));
    await tx
      .delete(alertCondition)
      .where(and(eq(alertCondition.userId, userId), sql`not (${alertCondition.id} = ${anyUuid(kept)})`));
    if (conditions.length > 0) {
      // Rows keep the order they were sent in: created_at steps by a microsecond each.
      await tx
        .insert(alertCondition)
        .values(
          conditions.map((c, i) => ({
            ...(c.id && owned.has(c.id) ? { id: c.id } : {}),
            userId,
            type: c.type,
            symbol: c.symbol,
            threshold: String(c.threshold),
            enabled: c.enabled,
            createdAt: sql`now() + ${i}::int * interval '1 microsecond'`,
          })),
        )
        .onConflictDoUpdate({
          target: alertCondition.id,
          set: {
            type: sql`excluded.type`,
            symbol: sql`excluded.symbol`,
            threshold: sql`excluded.threshold`,
            enabled: sql`excluded.enabled`,
            createdAt: sql`${alertCondition.createdAt}`,
            armed: sql`${alertCondition.armed} or (${alertCondition.type}, ${alertCondition.symbol}, ${alertCondition.threshold}) is distinct from (excluded.type, excluded.symbol, excluded.threshold)`,
          },
          setWhere: eq(alertCondition.userId, userId),
        });
    }
    return tx
      .select(conditionColumns)
      .from(alertCondition)
      .where(eq(alertCondition.userId, userId))
      .orderBy(asc(alertCondition.createdAt), asc(alertCondition.id));
  });
}

export function listOpenAlerts(db: Database, userId: string, limit: number) {
  return db
    .select({
      id: triggeredAlert.id,
      severity: triggeredAlert.severity,
      message: triggeredAlert.message,
      triggeredAt: triggeredAlert.triggeredAt,
      isSimulated: triggeredAlert.isSimulated,
    })
    .from(triggeredAlert)
    .where(and(eq(triggeredAlert.userId, userId), isNull(triggeredAlert.acknowledgedAt)))
    .orderBy(desc(triggeredAlert.triggeredAt), desc(triggeredAlert.id))
    .limit(limit);
}

/** True when the alert is the user's (acknowledging it twice is fine). */
export async function acknowledgeAlert(db: Database, userId: string, alertId: string): Promise<boolean> {
  const rows = await db
    .update(triggeredAlert)
    .set({ acknowledgedAt: sql`coalesce(${triggeredAlert.acknowledgedAt}, now())` })
    .where(and(eq(triggeredAlert.id, alertId), eq(triggeredAlert.userId, userId)))
    .returning({ id: triggeredAlert.id });
  return rows.length > 0;
}

export interface EnabledConditionRow {
  id: string;
  userId: string;
  type: AlertConditionType;
  symbol: string | null;
  threshold: number;
  armed: boolean;
}

/** Every enabled condition: one query per evaluation pass. */
export function listEnabledConditions(db: Database): Promise<EnabledConditionRow[]> {
  return db
    .select({
      id: alertCondition.id,
      userId: alertCondition.userId,
      type: alertCondition.type,
      symbol: alertCondition.symbol,
      threshold: sql<number>`${alertCondition.threshold}::float8`,
      armed: alertCondition.armed,
    })
    .from(alertCondition)
    .where(eq(alertCondition.enabled, true));
}

export interface SavedHoldingsRow {
  userId: string;
  holdings: Record<string, number>;
}

export function listSavedPortfoliosOf(db: Database, userIds: readonly string[]): Promise<SavedHoldingsRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: savedPortfolio.userId, holdings: savedPortfolio.holdings })
    .from(savedPortfolio)
    .where(sql`${savedPortfolio.userId} = ${anyUuid(userIds)}`);
}

/** Saved portfolios in user-id order, `limit` after `afterUserId`: the snapshot job's batches. */
export function listSavedPortfolioBatch(
  db: Database,
  afterUserId: string | null,
  limit: number,
): Promise<SavedHoldingsRow[]> {
  return db
    .select({ userId: savedPortfolio.userId, holdings: savedPortfolio.holdings })
    .from(savedPortfolio)
    .where(afterUserId === null ? undefined : gt(savedPortfolio.userId, afterUserId))
    .orderBy(asc(savedPortfolio.userId))
    .limit(limit);
}

/** Each user's latest snapshot value (before `beforeDate`, when given). */
export async function latestSnapshotValues(
  db: Database,
  userIds: readonly string[],
  beforeDate?: string,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([portfolioSnapshot.userId], {
      userId: portfolioSnapshot.userId,
      totalValue: sql<number>`${portfolioSnapshot.totalValue}::float8`,
    })
    .from(portfolioSnapshot)
    .where(
      and(
        sql`${portfolioSnapshot.userId} = ${anyUuid(userIds)}`,
        beforeDate === undefined ? undefined : sql`${portfolioSnapshot.date} < ${beforeDate}`,
      ),
    )
    .orderBy(asc(portfolioSnapshot.userId), desc(portfolioSnapshot.date));
  return new Map(rows.map((row) => [row.userId, row.totalValue]));
}

export interface FiringInput {
  conditionId: string;
  severity: AlertSeverity;
  message: string;
  isSimulated: boolean;
}

export interface FiredAlert {
  alertId: string;
  conditionId: string;
  userId: string;
  message: string;
}

/**
 * Fires the conditions that hold: in one statement, locks the ones still armed and enabled (in id order),
 * disarms them and records one alert each. A condition another pass disarmed first is skipped under the
 * lock, so every crossing gives one alert however many passes run at once.
 */
export async function fireConditions(
  db: Database,
  firings: readonly FiringInput[],
  now: Date,
): Promise<FiredAlert[]> {
  if (firings.length === 0) return [];
  const rows = firings.map((f) => ({
    id: f.conditionId,
    severity: f.severity,
    message: f.message,
    is_simulated: f.isSimulated,
  }));
  const result = await db.execute<{
    alert_id: string;
    condition_id: string;
    user_id: string;
    message: string;
  }>(sql`
    with input as (
      select * from jsonb_to_recordset(${jsonParam(rows)})
        as x(id uuid, severity text, message text, is_simulated boolean)
    ),
    claimed as (
      select c.id from ${alertCondition} c
      where c.id = any(array(select id from input)) and c.armed and c.enabled
      order by c.id
      for update
    ),
    disarmed as (
      update ${alertCondition} c set armed = false
      from claimed where c.id = claimed.id
      returning c.id, c.user_id
    )
    insert into ${triggeredAlert} (user_id, condition_id, severity, message, is_simulated, triggered_at)
    select d.user_id, d.id, i.severity, i.message, i.is_simulated, ${now.toISOString()}::timestamptz
    from disarmed d join input i on i.id = d.id
    returning id as alert_id, condition_id, user_id, message`);
  return result.rows.map((row) => ({
    alertId: row.alert_id,
    conditionId: row.condition_id,
    userId: row.user_id,
    message: row.message,
  }));
}

/** Re-arms the disarmed conditions that no longer hold; returns how many. */
export async function rearmConditions(db: Database, conditionIds: readonly string[]): Promise<number> {
  if (conditionIds.length === 0) return 0;
  const result = await db.execute(sql`
    with locked as (
      select id from ${alertCondition}
      where id = ${anyUuid(conditionIds)} and not armed
      order by id
      for update
    )
    update ${alertCondition} c set armed = true from locked where c.id = locked.id`);
  return result.rowCount ?? 0;
}

/**
 * Takes the day's one e-mail for each condition not mailed on `day` yet, and returns those with the owner's
 * address: a condition that fires again the same day, on this instance or another, is not mailed twice.
 */
export async function claimDailyMailings(
  db: Database,
  conditionIds: readonly string[],
  day: string,
): Promise<{ conditionId: string; email: string }[]> {
  if (conditionIds.length === 0) return [];
  const result = await db.execute<{ id: string; email: string }>(sql`
    with locked as (
      select id from ${alertCondition}
      where id = ${anyUuid(conditionIds)} and (last_mailed_on is null or last_mailed_on < ${day}::date)
      order by id
      for update
    )
    update ${alertCondition} c set last_mailed_on = ${day}::date
    from locked, "user" u
    where c.id = locked.id and u.id = c.user_id
    returning c.id, u.email`);
  return result.rows.map((row) => ({ conditionId: row.id, email: row.email }));
}

export interface SnapshotRow {
  userId: string;
  date: string;
  totalValue: number;
  totalGainLoss: number;
  totalGainLossPercent: number;
  isSimulated: boolean;
}

/** Inserts or replaces each user's snapshot of the day: one statement per batch. */
export async function upsertSnapshots(db: Database, rows: readonly SnapshotRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(portfolioSnapshot)
    .values(
      rows.map((row) => ({
        userId: row.userId,
        date: row.date,
        totalValue: row.totalValue.toFixed(2),
        totalGainLoss: row.totalGainLoss.toFixed(2),
        totalGainLossPercent: row.totalGainLossPercent,
        isSimulated: row.isSimulated,
      })),
    )
    .onConflictDoUpdate({
      target: [portfolioSnapshot.userId, portfolioSnapshot.date],
      set: {
        totalValue: sql`excluded.total_value`,
        totalGainLoss: sql`excluded.total_gain_loss`,
        totalGainLossPercent: sql`excluded.total_gain_loss_percent`,
        isSimulated: sql`excluded.is_simulated`,
        createdAt: sql`now()`,
      },
    });
}

/** The user's latest `limit` snapshots, oldest first. */
export async function listSnapshots(db: Database, userId: string, limit: number) {
  const rows = await db
    .select({
      date: portfolioSnapshot.date,
      totalValue: sql<number>`${portfolioSnapshot.totalValue}::float8`,
      totalGainLoss: sql<number>`${portfolioSnapshot.totalGainLoss}::float8`,
      totalGainLossPercent: portfolioSnapshot.totalGainLossPercent,
      isSimulated: portfolioSnapshot.isSimulated,
    })
    .from(portfolioSnapshot)
    .where(eq(portfolioSnapshot.userId, userId))
    .orderBy(desc(portfolioSnapshot.date))
    .limit(limit);
  return rows.reverse();
}
