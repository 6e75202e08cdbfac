/**
 * Every query of alerts and snapshots. Lists of ids or rows go in as one JSON parameter (one statement per
 * table, whatever the count); the statements that fire, re-arm and claim a day's e-mail lock their rows in id
 * order and re-check the state under the lock, so concurrent passes on several instances neither deadlock nor
 * fire a crossing twice.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AlertConditionInput } from '../../../contracts/alerts';
import { accountPlansWith } from '../../../contracts/accounts';
import type { AlertConditionType, AlertSeverity } from '../../../domain/alerts';
import type { Database } from '../../db/client';
import { user } from '../../auth/schema';
import { alertCondition, portfolioSnapshot, triggeredAlert } from './schema';
import { clientPortfolio } from '../clients/schema';
import { savedPortfolio } from '../portfolio/schema';

/** A list as one `jsonb` parameter. */
const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/**
 * `= any(...)` of a list of uuids: an array built once (an init plan), so the planner probes the primary key
 * per id instead of re-reading the list per row (a semi-join on the bare set function did that: 10 s at 10,000).
 */
const anyUuid = (ids: readonly string[]) =>
  sql`any(array(select value::uuid from jsonb_array_elements_text(${jsonParam(ids)})))`;

/** Whose alerts and snapshots: the user's own saved portfolio (`clientId` null) or one of their clients'. */
export interface PortfolioScope {
  userId: string;
  clientId: string | null;
}

/** A portfolio's key (`portfolio_snapshot.portfolio_id`): the client's id, or the user's for their own. */
export const portfolioIdOf = (scope: PortfolioScope): string => scope.clientId ?? scope.userId;

function inScope(
  table: { userId: AnyPgColumn; clientId: AnyPgColumn },
  scope: PortfolioScope,
): SQL | undefined {
  return and(
    eq(table.userId, scope.userId),
    scope.clientId === null ? isNull(table.clientId) : eq(table.clientId, scope.clientId),
  );
}

/** Clients whose alerts and snapshots the jobs keep: not archived, and their owner's plan still has 'multi-client'. */
const clientIsActive = sql`${isNull(clientPortfolio.archivedAt)} and ${inArray(user.plan, accountPlansWith('multi-client'))}`;

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

export function listConditions(db: Database, scope: PortfolioScope): Promise<ConditionRow[]> {
  return db
    .select(conditionColumns)
    .from(alertCondition)
    .where(inScope(alertCondition, scope))
    .orderBy(asc(alertCondition.createdAt), asc(alertCondition.id));
}

/**
 * Replaces the portfolio's list in one transaction: conditions left out are deleted, a sent `id` of the
 * portfolio's keeps its row (re-armed when its type, symbol or threshold changed), anything else is a new row.
 */
export async function replaceConditions(
  db: Database,
  scope: PortfolioScope,
  conditions: readonly AlertConditionInput[],
): Promise<ConditionRow[]> {
  const { userId, clientId } = scope;
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: alertCondition.id })
      .from(alertCondition)
      .where(inScope(alertCondition, scope))
      .for('update');
    const owned = new Set(existing.map((row) => row.id));
    const kept = conditions.flatMap((c) => (c.id && owned.has(c.id) ? [c.id] : []));
    await tx
      .delete(alertCondition)
      .where(and(inScope(alertCondition, scope), sql`not (${alertCondition.id} = ${anyUuid(kept)})`));
    if (conditions.length > 0) {
      // Rows keep the order they were sent in: created_at steps by a microsecond each.
      await tx
        .insert(alertCondition)
        .values(
          conditions.map((c, i) => ({
            ...(c.id && owned.has(c.id) ? { id: c.id } : {}),
            userId,
            clientId,
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
          setWhere: inScope(alertCondition, scope),
        });
    }
    return tx
      .select(conditionColumns)
      .from(alertCondition)
      .where(inScope(alertCondition, scope))
      .orderBy(asc(alertCondition.createdAt), asc(alertCondition.id));
  });
}

export function listOpenAlerts(db: Database, scope: PortfolioScope, limit: number) {
  return db
    .select({
      id: triggeredAlert.id,
      severity: triggeredAlert.severity,
      message: triggeredAlert.message,
      triggeredAt: triggeredAlert.triggeredAt,
      isSimulated: triggeredAlert.isSimulated,
    })
    .from(triggeredAlert)
    .where(and(inScope(triggeredAlert, scope), isNull(triggeredAlert.acknowledgedAt)))
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
  clientId: string | null;
  clientName: string | null;
  type: AlertConditionType;
  symbol: string | null;
  threshold: number;
  armed: boolean;
}

/**
 * Every enabled condition, with its client's name: one query per evaluation pass. A client's conditions rest
 * while the client is archived or its owner is no longer on a client plan (they are kept, not deleted).
 */
export function listEnabledConditions(db: Database): Promise<EnabledConditionRow[]> {
  return db
    .select({
      id: alertCondition.id,
      userId: alertCondition.userId,
      clientId: alertCondition.clientId,
      clientName: clientPortfolio.name,
      type: alertCondition.type,
      symbol: alertCondition.symbol,
      threshold: sql<number>`${alertCondition.threshold}::float8`,
      armed: alertCondition.armed,
    })
    .from(alertCondition)
    .leftJoin(clientPortfolio, eq(clientPortfolio.id, alertCondition.clientId))
    .leftJoin(user, eq(user.id, clientPortfolio.userId))
    .where(
      and(eq(alertCondition.enabled, true), sql`(${alertCondition.clientId} is null or (${clientIsActive}))`),
    );
}

/** A portfolio's holdings: the user's saved portfolio (`clientId` null) or a client's. */
export interface PortfolioHoldingsRow extends PortfolioScope {
  portfolioId: string;
  holdings: Record<string, number>;
}

/** The saved portfolios of `userIds` and the client portfolios `clientIds`: two index probes. */
export async function listPortfolioHoldings(
  db: Database,
  userIds: readonly string[],
  clientIds: readonly string[],
): Promise<PortfolioHoldingsRow[]> {
  const [own, clients] = await Promise.all([
    userIds.length === 0
      ? []
      : db
          .select({ userId: savedPortfolio.userId, holdings: savedPortfolio.holdings })
          .from(savedPortfolio)
          .where(sql`${savedPortfolio.userId} = ${anyUuid(userIds)}`),
    clientIds.length === 0
      ? []
      : db
          .select({
            clientId: clientPortfolio.id,
            userId: clientPortfolio.userId,
            holdings: clientPortfolio.holdings,
          })
          .from(clientPortfolio)
          .where(sql`${clientPortfolio.id} = ${anyUuid(clientIds)}`),
  ]);
  return [
    ...own.map((row) => ({ ...row, clientId: null, portfolioId: row.userId })),
    ...clients.map((row) => ({ ...row, portfolioId: row.clientId })),
  ];
}

/**
 * The snapshot job's batches: saved portfolios and active client portfolios in one keyset order on the
 * portfolio id, `limit` after `afterPortfolioId` (a merge of the two primary-key scans).
 */
export async function listPortfolioBatch(
  db: Database,
  afterPortfolioId: string | null,
  limit: number,
): Promise<PortfolioHoldingsRow[]> {
  const after = (column: SQL) =>
    afterPortfolioId === null ? sql`true` : sql`${column} > ${afterPortfolioId}`;
  const result = await db.execute<{
    portfolio_id: string;
    user_id: string;
    client_id: string | null;
    holdings: Record<string, number>;
  }>(sql`
    select sp.user_id as portfolio_id, sp.user_id, null::uuid as client_id, sp.holdings
    from ${savedPortfolio} sp
    where ${after(sql`sp.user_id`)}
    union all
    select ${clientPortfolio.id}, ${clientPortfolio.userId}, ${clientPortfolio.id}, ${clientPortfolio.holdings}
    from ${clientPortfolio} join ${user} on ${user.id} = ${clientPortfolio.userId}
    where ${clientIsActive} and ${after(sql`${clientPortfolio.id}`)}
    order by portfolio_id
    limit ${limit}`);
  return result.rows.map((row) => ({
    portfolioId: row.portfolio_id,
    userId: row.user_id,
    clientId: row.client_id,
    holdings: row.holdings,
  }));
}

/** Each portfolio's latest snapshot value (before `beforeDate`, when given), by portfolio id. */
export async function latestSnapshotValues(
  db: Database,
  portfolioIds: readonly string[],
  beforeDate?: string,
): Promise<Map<string, number>> {
  if (portfolioIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([portfolioSnapshot.portfolioId], {
      portfolioId: portfolioSnapshot.portfolioId,
      totalValue: sql<number>`${portfolioSnapshot.totalValue}::float8`,
    })
    .from(portfolioSnapshot)
    .where(
      and(
        sql`${portfolioSnapshot.portfolioId} = ${anyUuid(portfolioIds)}`,
        beforeDate === undefined ? undefined : sql`${portfolioSnapshot.date} < ${beforeDate}`,
      ),
    )
    .orderBy(asc(portfolioSnapshot.portfolioId), desc(portfolioSnapshot.date));
  return new Map(rows.map((row) => [row.portfolioId, row.totalValue]));
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
  clientId: string | null;
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
    client_id: string | null;
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
      returning c.id, c.user_id, c.client_id
    )
    insert into ${triggeredAlert} (user_id, client_id, condition_id, severity, message, is_simulated, triggered_at)
    select d.user_id, d.client_id, d.id, i.severity, i.message, i.is_simulated, ${now.toISOString()}::timestamptz
    from disarmed d join input i on i.id = d.id
    returning id as alert_id, condition_id, user_id, client_id, message`);
  return result.rows.map((row) => ({
    alertId: row.alert_id,
    conditionId: row.condition_id,
    userId: row.user_id,
    clientId: row.client_id,
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

export interface SnapshotRow extends PortfolioScope {
  date: string;
  totalValue: number;
  totalGainLoss: number;
  totalGainLossPercent: number;
  isSimulated: boolean;
}

/** Inserts or replaces each portfolio's snapshot of the day: one statement per batch. */
export async function upsertSnapshots(db: Database, rows: readonly SnapshotRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(portfolioSnapshot)
    .values(
      rows.map((row) => ({
        userId: row.userId,
        clientId: row.clientId,
        date: row.date,
        totalValue: row.totalValue.toFixed(2),
        totalGainLoss: row.totalGainLoss.toFixed(2),
        totalGainLossPercent: row.totalGainLossPercent,
        isSimulated: row.isSimulated,
      })),
    )
    .onConflictDoUpdate({
      target: [portfolioSnapshot.portfolioId, portfolioSnapshot.date],
      set: {
        totalValue: sql`excluded.total_value`,
        totalGainLoss: sql`excluded.total_gain_loss`,
        totalGainLossPercent: sql`excluded.total_gain_loss_percent`,
        isSimulated: sql`excluded.is_simulated`,
        createdAt: sql`now()`,
      },
    });
}

/** The portfolio's latest `limit` snapshots, oldest first. */
export async function listSnapshots(db: Database, scope: PortfolioScope, limit: number) {
  const rows = await db
    .select({
      date: portfolioSnapshot.date,
      totalValue: sql<number>`${portfolioSnapshot.totalValue}::float8`,
      totalGainLoss: sql<number>`${portfolioSnapshot.totalGainLoss}::float8`,
      totalGainLossPercent: portfolioSnapshot.totalGainLossPercent,
      isSimulated: portfolioSnapshot.isSimulated,
    })
    .from(portfolioSnapshot)
    .where(
      and(
        eq(portfolioSnapshot.portfolioId, portfolioIdOf(scope)),
        eq(portfolioSnapshot.userId, scope.userId),
      ),
    )
    .orderBy(desc(portfolioSnapshot.date))
    .limit(limit);
  return rows.reverse();
}
