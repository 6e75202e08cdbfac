import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminUserSort } from '../../../contracts/admin';
import type { Database } from '../../db/client';
import { adminAuditLog, contactMessage, session, user } from '../../db/schema';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

/** Start of a range as a bound every row passes when the range is 'all'. */
const sinceBound = (since: Date | null) =>
  sql`coalesce(${since?.toISOString() ?? null}::timestamptz, '-infinity')`;

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
}

/**
 * The five cards, their signups within the range, and the grants, in three counts that read indexes only: per
 * plan along `user_plan_created_idx` (plan and created_at are in it), demo accounts (no email collected) along
 * the partial `user_demo_created_idx`, grants along the partial `user_complimentary_idx`.
 */
export async function countUsers(db: Database, since: Date | null): Promise<UserCounts> {
  const from = sinceBound(since);
  const [perPlan, demo, complimentary] = await Promise.all([
    db.execute<{ plan: string; total: number; recent: number }>(sql`
      select plan, count(*)::int as total, count(*) filter (where created_at >= ${from})::int as recent
        from ${user} group by plan`),
    db.execute<{ total: number; recent: number }>(sql`
      select count(*)::int as total, count(*) filter (where created_at >= ${from})::int as recent
        from ${user} where is_demo`),
    countOf(db, sql`select count(*) from ${user} where complimentary_plan is not null`),
  ]);
  const ofPlan = (plan: string) => perPlan.rows.find((row) => row.plan === plan) ?? { total: 0, recent: 0 };
  const total = perPlan.rows.reduce((sum, row) => sum + row.total, 0);
  const newTotal = perPlan.rows.reduce((sum, row) => sum + row.recent, 0);
  const demoCounts = demo.rows[0] ?? { total: 0, recent: 0 };
  return {
    total,
    emails: total - demoCounts.total,
    free: ofPlan('free').total,
    premium: ofPlan('premium').total,
    professional: ofPlan('professional').total,
    complimentary,
    newTotal,
    newEmails: newTotal - demoCounts.recent,
    newFree: ofPlan('free').recent,
    newPremium: ofPlan('premium').recent,
    newProfessional: ofPlan('professional').recent,
  };
}

/**
 * Signups per UTC day within the range, at most the last `maxDays` days (what the chart shows); days without
 * one are left out. Grouped by date, formatted after.
 */
export async function countSignupsPerDay(db: Database, since: Date | null, maxDays: number) {
  const { rows } = await db.execute<{ date: string; count: number }>(sql`
    select to_char(day, 'YYYY-MM-DD') as date, count
      from (select (created_at at time zone 'UTC')::date as day, count(*)::int as count
              from ${user}
             where created_at >= greatest(${sinceBound(since)}, now() - make_interval(days => ${maxDays}))
             group by 1) per_day
     order by day`);
  return rows;
}

export type SubscriptionCountsRow = {
  plan: 'premium' | 'professional';
  interval: 'monthly' | 'yearly';
  active: number;
  trials: number;
  churned: number;
};

/**
 * Per plan and interval: subscriptions Stripe is charging now (status active), those started with a trial in the
 * range, and those canceled in the range (their last event, which is the cancellation, within it).
 */
export async function countSubscriptions(db: Database, since: Date | null) {
  const from = sinceBound(since);
  const { rows } = await db.execute<SubscriptionCountsRow>(sql`
    select plan, interval,
           count(*) filter (where status = 'active')::int as active,
           count(*) filter (where trial_end is not null and stripe_created_at >= ${from})::int as trials,
           count(*) filter (where status = 'canceled' and last_event_at >= ${from})::int as churned
      from subscription
     group by plan, interval`);
  return rows;
}

export interface Activity {
  trades: number;
  activeUsers: number;
  analyses: number;
}

/**
 * Paper trades in the range; users who earned points in it (every trade, lesson and analysis earns some, and
 * `user_points.updated_at` is the time of the last one, so "last earned within the range" is "active in it");
 * analyses that earned points in it (at most 3 a user a day: decision 029). Three index-only counts, run at once.
 */
export async function countActivity(db: Database, since: Date | null): Promise<Activity> {
  const from = sinceBound(since);
  const [trades, activeUsers, analyses] = await Promise.all([
    countOf(db, sql`select count(*) from paper_trade where executed_at >= ${from}`),
    countOf(db, sql`select count(*) from user_points where updated_at >= ${from}`),
    countOf(
      db,
      sql`select count(*) from point_transaction where reason = 'analysis_completed' and created_at >= ${from}`,
    ),
  ]);
  return { trades, activeUsers, analyses };
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

/** One page of users and how many match. */
export async function listUsersPage(
  db: Database,
  options: { search: string | undefined; sort: AdminUserSort; limit: number; offset: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = searchCondition(options.search);
  const [rows, [count]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(user)
      .where(where)
      .orderBy(...ORDER_BY[options.sort])
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(user)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
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
