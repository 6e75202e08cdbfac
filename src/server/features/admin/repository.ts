import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminUserSort } from '../../../contracts/admin';
import type { Database } from '../../db/client';
import { session, user } from '../../auth/schema';
import { adminAuditLog, adminDailyCount } from './schema';
import { contactMessage } from '../contact/schema';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

/** Start of a range as a bound every row passes when the range is 'all'. */
const sinceBound = (since: Date | null) =>
  sql`coalesce(${since?.toISOString() ?? null}::timestamptz, '-infinity')`;

/**
 * The running totals (`admin_daily_count`, kept by triggers: decision 029) hold whole UTC days. A range's figure
 * is the totals of the days after the day it starts in, plus the rows of that first, partial day counted from
 * their table: `[from, dayAfter(from))`. For 'all' (`from` = -infinity) every day counts and the partial day is
 * empty, so the figure is the sum of the totals.
 */
const dayOf = (from: SQL) => sql`(${from} at time zone 'UTC')::date`;
const dayAfter = (from: SQL) => sql`((${dayOf(from)} + 1) at time zone 'UTC')`;

/**
 * What each signup counts in: its plan now, demo accounts (whose address is no email collected), and demo accounts
 * on a paid plan by plan (left out of the money and conversion figures). As the trigger of migration 0025.
 */
const SIGNUP_METRICS = sql`unnest(array['signup_' || plan, case when is_demo then 'signup_demo' end,
  case when is_demo and plan <> 'free' then 'signup_demo_' || plan end])`;
const PLAN_SIGNUP_METRICS = ['signup_free', 'signup_premium', 'signup_professional'];

type MetricCounts = Map<string, { total: number; recent: number }>;

/** Per metric: every row counted, and those at or after `from` (the running totals' days plus the partial day). */
async function countMetrics(
  db: Database,
  from: SQL,
  metrics: string[],
  partialDay: SQL,
): Promise<MetricCounts> {
  const { rows } = await db.execute<{ metric: string; total: number; recent: number }>(sql`
    select metric, sum(total)::int as total, sum(recent)::int as recent
      from (select metric, count as total, case when day > ${dayOf(from)} then count else 0 end as recent
              from ${adminDailyCount}
             where metric in (${sql.join(
               metrics.map((metric) => sql`${metric}`),
               sql`, `,
             )})
            union all
            ${partialDay}) counted
     group by metric`);
  return new Map(rows.map((row) => [row.metric, { total: row.total, recent: row.recent }]));
}

async function countOf(db: Database, query: SQL): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select (${query})::int as n`);
  return rows[0]?.n ?? 0;
}

export interface UserCounts {
  total: number;
  emails: number;
  free: number;
  premium: number;
  professional: number;
  complimentary: number;
  newTotal: number;
  newEmails: number;
  newFree: number;
  newPremium: number;
  newProfessional: number;
  /** Demo accounts, and those of them on each paid plan (switched with Demo Settings). */
  demo: number;
  demoPremium: number;
  demoProfessional: number;
}

/**
 * The five cards and their signups within the range, from the signups' running totals (per plan now, and demo
 * accounts: no email collected, and how many of them are on each paid plan), and the grants along the partial
 * `user_complimentary_idx`.
 */
export async function countUsers(db: Database, since: Date | null): Promise<UserCounts> {
  const from = sinceBound(since);
  const [perMetric, complimentary] = await Promise.all([
    countMetrics(
      db,
      from,
      [...PLAN_SIGNUP_METRICS, 'signup_demo', 'signup_demo_premium', 'signup_demo_professional'],
      sql`select ${SIGNUP_METRICS}, 0, 1 from ${user} where created_at >= ${from} and created_at < ${dayAfter(from)}`,
    ),
    countOf(db, sql`select count(*) from ${user} where complimentary_plan is not null`),
  ]);
  const of = (metric: string) => perMetric.get(metric) ?? { total: 0, recent: 0 };
  const [free, premium, professional, demo] = [
    of('signup_free'),
    of('signup_premium'),
    of('signup_professional'),
    of('signup_demo'),
  ];
  const total = free.total + premium.total + professional.total;
  const newTotal = free.recent + premium.recent + professional.recent;
  return {
    total,
    emails: total - demo.total,
    free: free.total,
    premium: premium.total,
    professional: professional.total,
    complimentary,
    newTotal,
    newEmails: newTotal - demo.recent,
    newFree: free.recent,
    newPremium: premium.recent,
    newProfessional: professional.recent,
    demo: demo.total,
    demoPremium: of('signup_demo_premium').total,
    demoProfessional: of('signup_demo_professional').total,
  };
}

/**
 * Signups per UTC day within the range, at most the last `maxDays` days (what the chart shows); days without
 * one are left out. The whole days from the running totals, the first (partial) day from `user_created_idx`.
 */
export async function countSignupsPerDay(db: Database, since: Date | null, maxDays: number) {
  const from = sql`greatest(${sinceBound(since)}, now() - make_interval(days => ${maxDays}))`;
  const { rows } = await db.execute<{ date: string; count: number }>(sql`
    select to_char(day, 'YYYY-MM-DD') as date, sum(count)::int as count
      from (select day, count
              from ${adminDailyCount}
             where metric in (${sql.join(
               PLAN_SIGNUP_METRICS.map((metric) => sql`${metric}`),
               sql`, `,
             )}) and day > ${dayOf(from)}
            union all
            select (created_at at time zone 'UTC')::date, 1
              from ${user}
             where created_at >= ${from} and created_at < ${dayAfter(from)}) per_day
     group by day
    having sum(count) > 0
     order by day`);
  return rows;
}

export interface SubscriptionCounts {
  /** Subscriptions Stripe is charging now (status active), per plan and interval. */
  active: { plan: 'premium' | 'professional'; interval: 'monthly' | 'yearly'; count: number }[];
  /** Subscriptions started with a trial in the range (Stripe's `created`). */
  trials: number;
  /** Subscriptions canceled in the range: their last event, which is the cancellation, within it. */
  churned: number;
}

/**
 * The Analytics tab's subscription figures, read from indexes only: `subscription_status_plan_idx`,
 * the partial `subscription_trial_created_idx` and `subscription_status_idx`.
 */
export async function countSubscriptions(db: Database, since: Date | null): Promise<SubscriptionCounts> {
  const from = sinceBound(since);
  const [active, counts] = await Promise.all([
    db.execute<SubscriptionCounts['active'][number]>(sql`
      select plan, interval, count(*)::int as count
        from subscription
       where status = 'active'
       group by plan, interval`),
    db.execute<{ trials: number; churned: number }>(sql`
      select (select count(*) from subscription
               where trial_end is not null and stripe_created_at >= ${from})::int as trials,
             (select count(*) from subscription
               where status = 'canceled' and last_event_at >= ${from})::int as churned`),
  ]);
  return { active: active.rows, trials: counts.rows[0]?.trials ?? 0, churned: counts.rows[0]?.churned ?? 0 };
}

export interface Activity {
  trades: number;
  activeUsers: number;
  analyses: number;
}

/**
 * Paper trades in the range; users who earned points in it (every trade, lesson and analysis earns some, and
 * `user_points.updated_at` is the time of the last one, so "last earned within the range" is "active in it");
 * analyses that earned points in it (at most 3 a user a day: decision 029). From the running totals, the
 * range's first day counted along `paper_trade_executed_idx`, `user_points_updated_idx` and
 * `point_transaction_reason_created_idx`.
 */
export async function countActivity(db: Database, since: Date | null): Promise<Activity> {
  const from = sinceBound(since);
  const inFirstDay = (column: SQL) => sql`${column} >= ${from} and ${column} < ${dayAfter(from)}`;
  const perMetric = await countMetrics(
    db,
    from,
    ['paper_trade', 'last_active', 'analysis_completed'],
    sql`select 'paper_trade', 0, 1 from paper_trade where ${inFirstDay(sql`executed_at`)}
        union all
        select 'last_active', 0, 1 from user_points where ${inFirstDay(sql`updated_at`)}
        union all
        select 'analysis_completed', 0, 1
          from point_transaction where reason = 'analysis_completed' and ${inFirstDay(sql`created_at`)}`,
  );
  const recentOf = (metric: string) => perMetric.get(metric)?.recent ?? 0;
  return {
    trades: recentOf('paper_trade'),
    activeUsers: recentOf('last_active'),
    analyses: recentOf('analysis_completed'),
  };
}

const adminUserColumns = {
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  isDemo: user.isDemo,
  plan: user.plan,
  subscriptionStatus: user.subscriptionStatus,
  createdAt: user.createdAt,
  complimentaryPlan: user.complimentaryPlan,
  suspendedAt: user.suspendedAt,
};
export type AdminUserRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isDemo: boolean;
  plan: 'free' | 'premium' | 'professional';
  subscriptionStatus: string;
  createdAt: Date;
  complimentaryPlan: 'premium' | 'professional' | null;
  suspendedAt: Date | null;
};

/** The newest signups within the range. */
export async function listRecentSignups(
  db: Database,
  since: Date | null,
  limit: number,
): Promise<AdminUserRow[]> {
  return db
    .select(adminUserColumns)
    .from(user)
    .where(since ? sql`${user.createdAt} >= ${since.toISOString()}::timestamptz` : undefined)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(limit);
}

/** `%text%` for ILIKE, with the pattern characters of the text itself taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return sql`(${user.email} ilike ${pattern} or (${user.firstName} || ' ' || ${user.lastName}) ilike ${pattern})`;
}

/** The orders of the user list, each read along an index (user_created_idx, user_plan_created_idx). */
const ORDER_BY: Record<AdminUserSort, SQL[]> = {
  newest: [sql`${user.createdAt} desc`, sql`${user.id} desc`],
  oldest: [sql`${user.createdAt} asc`, sql`${user.id} asc`],
  plan: [sql`${user.plan} desc`, sql`${user.createdAt} desc`, sql`${user.id} desc`],
};

/**
 * One page of users and how many match: every user counted (an index-only scan), a search's matches up to
 * `countCap` (a broad term such as 'example.com' matches nearly everyone, and counting them all reads them all).
 */
export async function listUsersPage(
  db: Database,
  options: {
    search: string | undefined;
    sort: AdminUserSort;
    limit: number;
    offset: number;
    countCap: number;
  },
): Promise<{ rows: AdminUserRow[]; total: number; totalIsCapped: boolean }> {
  const where = searchCondition(options.search);
  const matches = where
    ? sql`select count(*)::int as total from (select 1 from ${user} where ${where} limit ${options.countCap + 1}) m`
    : sql`select count(*)::int as total from ${user}`;
  const [rows, counted] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(user)
      .where(where)
      .orderBy(...ORDER_BY[options.sort])
      .limit(options.limit)
      .offset(options.offset),
    db.execute<{ total: number }>(matches),
  ]);
  const total = counted.rows[0]?.total ?? 0;
  const totalIsCapped = where !== undefined && total > options.countCap;
  return { rows, total: totalIsCapped ? options.countCap : total, totalIsCapped };
}

/** Users newest first after `after` (keyset on user_created_idx), for the export's batches. */
export async function listUsersAfter(
  db: Database,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<AdminUserRow[]> {
  return db
    .select(adminUserColumns)
    .from(user)
    .where(
      after
        ? sql`(${user.createdAt}, ${user.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(limit);
}

export async function findAdminUser(db: Executor, userId: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select(adminUserColumns).from(user).where(eq(user.id, userId)).limit(1);
  return row;
}

export async function setComplimentaryPlan(
  tx: Transaction,
  userId: string,
  plan: 'premium' | 'professional' | null,
): Promise<boolean> {
  const rows = await tx
    .update(user)
    .set({ complimentaryPlan: plan })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  return rows.length > 0;
}

/** Suspends an account and deletes its sessions (the session trigger tells every instance's cache). */
export async function suspendUser(tx: Transaction, userId: string, now: Date): Promise<number> {
  await tx
    .update(user)
    .set({ suspendedAt: now })
    .where(and(eq(user.id, userId), isNull(user.suspendedAt)));
  const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.idHash });
  return ended.length;
}

export async function restoreUser(tx: Transaction, userId: string): Promise<boolean> {
  const rows = await tx
    .update(user)
    .set({ suspendedAt: null })
    .where(and(eq(user.id, userId), isNotNull(user.suspendedAt)))
    .returning({ id: user.id });
  return rows.length > 0;
}

export interface AuditInsert {
  actorId: string;
  actorEmail: string;
  action: string;
  targetUserId: string | null;
  targetEmail: string | null;
  detail: string | null;
}

export async function insertAuditEntry(db: Executor, entry: AuditInsert): Promise<void> {
  await db.insert(adminAuditLog).values(entry);
}

export async function listAuditEntries(db: Database, limit: number) {
  return db
    .select({
      id: adminAuditLog.id,
      actorEmail: adminAuditLog.actorEmail,
      action: adminAuditLog.action,
      targetEmail: adminAuditLog.targetEmail,
      detail: adminAuditLog.detail,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
}

const contactMessageColumns = {
  id: contactMessage.id,
  name: contactMessage.name,
  email: contactMessage.email,
  company: contactMessage.company,
  message: contactMessage.message,
  createdAt: contactMessage.createdAt,
  handledAt: contactMessage.handledAt,
};

export async function listContactMessages(db: Database, limit: number) {
  return db
    .select(contactMessageColumns)
    .from(contactMessage)
    .orderBy(desc(contactMessage.createdAt))
    .limit(limit);
}

/**
 * Marks a message handled (once: a second mark keeps the first time). Answers the message and whether this call
 * marked it; undefined when there is no such message.
 */
export async function markContactMessageHandled(tx: Transaction, messageId: string, now: Date) {
  const marked = await tx
    .update(contactMessage)
    .set({ handledAt: now })
    .where(and(eq(contactMessage.id, messageId), isNull(contactMessage.handledAt)))
    .returning({ id: contactMessage.id });
  const [row] = await tx
    .select(contactMessageColumns)
    .from(contactMessage)
    .where(eq(contactMessage.id, messageId));
  return row && { row, isNewlyHandled: marked.length > 0 };
}
