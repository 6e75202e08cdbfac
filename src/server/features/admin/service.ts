import { Readable } from 'node:stream';
import type { User } from '../../../contracts/accounts';
import {
  ADMIN_SEARCH_COUNT_CAP,
  type AdminStats,
  type AdminUser,
  type AdminUsersPage,
  type AdminUsersQuery,
  type AuditEntry,
  type ContactMessageEntry,
  type GrantPlanRequest,
} from '../../../contracts/admin';
import { AppError } from '../../../contracts/errors';
import {
  computeSpecAnalytics,
  computeSubscriptionMrrDollars,
  rangeStart,
  SIGNUP_CHART_MAX_DAYS,
  type AdminStatsRange,
} from '../../../domain/admin/analytics';
import { CSV_BOM, csvLine, USER_EXPORT_COLUMNS } from '../../../domain/admin/csv';
import type { Database } from '../../db/client';
import { USER_NOT_FOUND_MESSAGE } from '../../auth/guards';
import { deleteAccountAsAdmin } from '../account/service';
import { rederivePlan, type BillingContext } from '../billing/service';
import {
  countActivity,
  countSignupsPerDay,
  countSubscriptions,
  countUsers,
  findAdminUser,
  insertAuditEntry,
  listAuditEntries,
  listContactMessages,
  listRecentSignups,
  listUsersAfter,
  listUsersPage,
  markContactMessageHandled,
  restoreUser,
  setComplimentaryPlan,
  suspendUser,
  type AdminUserRow,
} from './repository';

export interface AdminContext {
  db: Database;
  now: () => Date;
  /** Deleting an account cancels its Stripe subscriptions first. */
  billing: BillingContext;
}

export const RECENT_SIGNUPS_LIMIT = 10;
export const AUDIT_LOG_LIMIT = 100;
export const CONTACT_MESSAGES_LIMIT = 100;
/** Users per query of the export: small enough for flat memory, large enough that round trips do not dominate. */
const EXPORT_BATCH_SIZE = 2000;
export const NOT_YOURSELF_MESSAGE = 'You cannot do this to your own account.';
export const MESSAGE_NOT_FOUND_MESSAGE = 'Message not found';

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    username: `${row.firstName} ${row.lastName}`.trim(),
    // A demo account's address is a placeholder the app made up, not an email anyone gave.
    email: row.isDemo ? null : row.email,
    subscription_plan: row.plan,
    subscription_status: row.subscriptionStatus,
    created_at: row.createdAt.toISOString(),
    complimentary_plan: row.complimentaryPlan,
    suspended_at: row.suspendedAt?.toISOString() ?? null,
  };
}

/** GET /api/admin/stats: the cards, recent signups, signups per day and the Analytics tab, from indexed aggregate queries run at once. */
export async function getAdminStats(options: {
  context: AdminContext;
  range: AdminStatsRange;
}): Promise<AdminStats> {
  const { db } = options.context;
  const since = rangeStart(options.range, options.context.now());
  const [users, perDay, recent, subscriptions, activity] = await Promise.all([
    countUsers(db, since),
    countSignupsPerDay(db, since, SIGNUP_CHART_MAX_DAYS),
    listRecentSignups(db, since, RECENT_SIGNUPS_LIMIT),
    countSubscriptions(db, since),
    countActivity(db, since),
  ]);
  const spec = computeSpecAnalytics({
    totalUsers: users.total,
    totalEmails: users.emails,
    premiumUsers: users.premium,
    professionalUsers: users.professional,
    demoUsers: users.demo,
    demoPremiumUsers: users.demoPremium,
    demoProfessionalUsers: users.demoProfessional,
  });
  return {
    range: options.range,
    since: since?.toISOString() ?? null,
    totalUsers: users.total,
    totalEmails: users.emails,
    freeUsers: users.free,
    premiumUsers: users.premium,
    professionalUsers: users.professional,
    newInRange: {
      totalUsers: users.newTotal,
      totalEmails: users.newEmails,
      freeUsers: users.newFree,
      premiumUsers: users.newPremium,
      professionalUsers: users.newProfessional,
    },
    recentSignups: recent.map(toAdminUser),
    signupsPerDay: perDay,
    analytics: {
      ...spec,
      subscriptionMrrDollars: computeSubscriptionMrrDollars(subscriptions.active),
      activeSubscriptions: subscriptions.active.reduce((total, row) => total + row.count, 0),
      complimentaryUsers: users.complimentary,
      demoAccounts: { total: users.demo, premium: users.demoPremium, professional: users.demoProfessional },
      trialsStarted: subscriptions.trials,
      churned: subscriptions.churned,
      paperTrades: activity.trades,
      activeUsers: activity.activeUsers,
      analysesRun: activity.analyses,
    },
  };
}

/** GET /api/admin/users: one page (offset on the sort's index), searched by email or name. */
export async function listAdminUsers(options: {
  context: AdminContext;
  query: AdminUsersQuery;
}): Promise<AdminUsersPage> {
  const { query } = options;
  const { rows, total, totalIsCapped } = await listUsersPage(options.context.db, {
    search: query.search || undefined,
    sort: query.sort,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    countCap: ADMIN_SEARCH_COUNT_CAP,
  });
  return { users: rows.map(toAdminUser), page: query.page, pageSize: query.pageSize, total, totalIsCapped };
}

/**
 * The export as a stream of CSV lines (BOM, header, one line per user, newest first), read in keyset batches:
 * memory stays one batch whatever the number of users, and the next batch is read only when the client took
 * the previous one (backpressure).
 */
export function streamUsersCsv(context: AdminContext): Readable {
  async function* lines() {
    yield CSV_BOM + csvLine(USER_EXPORT_COLUMNS);
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows = await listUsersAfter(context.db, after, EXPORT_BATCH_SIZE);
      if (rows.length > 0) {
        yield rows
          .map((row) => {
            const user = toAdminUser(row);
            return csvLine([
              user.id,
              user.username,
              user.email ?? '',
              user.subscription_plan,
              user.suspended_at ? 'suspended' : user.subscription_status,
              user.created_at ?? '',
            ]);
          })
          .join('');
      }
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH_SIZE) return;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

async function targetOf(db: Database, userId: string): Promise<AdminUserRow> {
  const row = await findAdminUser(db, userId);
  if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
  return row;
}

function checkNotSelf(admin: User, userId: string) {
  if (admin.id === userId) throw new AppError('CONFLICT', NOT_YOURSELF_MESSAGE);
}

const actorOf = (admin: User) => ({ actorId: admin.id, actorEmail: admin.email });

/**
 * Grants a plan free of charge (or revokes the grant with `null`): stored on the user, the plan derived again in
 * the same transaction (the grant overrides billing, so later webhooks keep it), and audited.
 */
export async function grantComplimentaryPlan(options: {
  context: AdminContext;
  admin: User;
  userId: string;
  input: GrantPlanRequest;
}): Promise<AdminUser> {
  const { context, admin, userId, input } = options;
  const target = await targetOf(context.db, userId);
  await context.db.transaction(async (tx) => {
    await setComplimentaryPlan(tx, userId, input.plan);
    await rederivePlan(tx, userId, context.now());
    await insertAuditEntry(tx, {
      ...actorOf(admin),
      action: input.plan ? 'plan_granted' : 'plan_grant_revoked',
      targetUserId: userId,
      targetEmail: target.email,
      detail: input.plan
        ? `Complimentary ${input.plan} (was ${target.complimentaryPlan ?? target.plan})`
        : `Complimentary ${target.complimentaryPlan ?? 'plan'} revoked`,
    });
  });
  return toAdminUser(await targetOf(context.db, userId));
}

/** Suspends an account: it cannot sign in, and every session of it ends now (deleted). */
export async function suspendAccount(options: {
  context: AdminContext;
  admin: User;
  userId: string;
}): Promise<AdminUser> {
  const { context, admin, userId } = options;
  checkNotSelf(admin, userId);
  const target = await targetOf(context.db, userId);
  await context.db.transaction(async (tx) => {
    const ended = await suspendUser(tx, userId, context.now());
    await insertAuditEntry(tx, {
      ...actorOf(admin),
      action: 'account_suspended',
      targetUserId: userId,
      targetEmail: target.email,
      detail: `${ended} session${ended === 1 ? '' : 's'} ended`,
    });
  });
  return toAdminUser(await targetOf(context.db, userId));
}

/** Lets a suspended account sign in again. */
export async function restoreAccount(options: {
  context: AdminContext;
  admin: User;
  userId: string;
}): Promise<AdminUser> {
  const { context, admin, userId } = options;
  const target = await targetOf(context.db, userId);
  await context.db.transaction(async (tx) => {
    if (await restoreUser(tx, userId)) {
      await insertAuditEntry(tx, {
        ...actorOf(admin),
        action: 'account_restored',
        targetUserId: userId,
        targetEmail: target.email,
        detail: null,
      });
    }
  });
  return toAdminUser(await targetOf(context.db, userId));
}

/**
 * Deletes an account and every row of it (as 'Delete my account' does: its Stripe subscriptions are canceled
 * first, and nothing is deleted when Stripe cannot be reached); the audit entry keeps its email.
 */
export async function deleteUserAccount(options: {
  context: AdminContext;
  admin: User;
  userId: string;
}): Promise<void> {
  const { context, admin, userId } = options;
  checkNotSelf(admin, userId);
  const target = await targetOf(context.db, userId);
  const canceled = await deleteAccountAsAdmin({ db: context.db, billing: context.billing, userId });
  const name = `${target.firstName} ${target.lastName}`.trim();
  await insertAuditEntry(context.db, {
    ...actorOf(admin),
    action: 'account_deleted',
    targetUserId: userId,
    targetEmail: target.email,
    detail:
      canceled.length > 0
        ? `${name} (Stripe subscription${canceled.length === 1 ? '' : 's'} canceled: ${canceled.join(', ')})`
        : name,
  });
}

export async function getAuditLog(context: AdminContext): Promise<AuditEntry[]> {
  const rows = await listAuditEntries(context.db, AUDIT_LOG_LIMIT);
  return rows.map((row) => ({
    ...row,
    action: row.action as AuditEntry['action'],
    createdAt: row.createdAt.toISOString(),
  }));
}

function toMessageEntry(row: Awaited<ReturnType<typeof listContactMessages>>[number]): ContactMessageEntry {
  return { ...row, createdAt: row.createdAt.toISOString(), handledAt: row.handledAt?.toISOString() ?? null };
}

export async function getContactMessages(context: AdminContext): Promise<ContactMessageEntry[]> {
  return (await listContactMessages(context.db, CONTACT_MESSAGES_LIMIT)).map(toMessageEntry);
}

export async function markMessageHandled(options: {
  context: AdminContext;
  admin: User;
  messageId: string;
}): Promise<ContactMessageEntry> {
  const { context, admin, messageId } = options;
  const row = await context.db.transaction(async (tx) => {
    const found = await markContactMessageHandled(tx, messageId, context.now());
    if (!found) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND_MESSAGE);
    if (found.isNewlyHandled) {
      await insertAuditEntry(tx, {
        ...actorOf(admin),
        action: 'message_handled',
        targetUserId: null,
        targetEmail: found.row.email,
        detail: `Message from ${found.row.name}`,
      });
    }
    return found.row;
  });
  return toMessageEntry(row);
}
