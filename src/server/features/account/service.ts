/**
 * Account management: change password, 'Sign out of other devices', 'Download my data' and 'Delete my account'
 * (also an admin's deletion of an account).
 */
import { MASK_PREFIX } from '../../../contracts/api-settings';
import type {
  AccountExport,
  ChangePasswordRequest,
  DeleteAccountRequest,
  SignedOutSessionsResponse,
  User,
} from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import { checkNotCommonPassword, findAccountById, updatePasswordHash } from '../../auth/credentials';
import { hashPassword, verifyPassword } from '../../auth/password';
import { deleteSessionsOfUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { cancelBillingBeforeDeletion, type BillingContext } from '../billing/service';
import { voidMailedLinks } from '../sign-in/service';
import { deleteAccount, readAccountData } from './repository';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
export const WRONG_PASSWORD_MESSAGE = 'Password is incorrect';

interface SignedInContext {
  db: Database;
  user: User;
  sessionIdHash: string;
}

async function checkPassword(db: Database, userId: string, password: string, field: string, message: string) {
  const account = await findAccountById(db, userId);
  if (!account || !(await verifyPassword(account.passwordHash, password))) {
    throw new AppError('VALIDATION_ERROR', message, { fields: { [field]: message } });
  }
}

/**
 * Changes the password after checking the current one; every other session ends, this one stays, and every
 * mailed link (verification and reset) outstanding is void. Nothing here proves the mailbox, so the new
 * password is not proven (ADMIN_EMAILS stops counting until a reset link sets one).
 */
export async function changePassword(
  options: SignedInContext & { input: ChangePasswordRequest },
): Promise<SignedOutSessionsResponse> {
  const { db, user, input } = options;
  await checkPassword(db, user.id, input.currentPassword, 'currentPassword', WRONG_CURRENT_PASSWORD_MESSAGE);
  checkNotCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const signedOutSessions = await db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash, { isProven: false });
    await voidMailedLinks(tx, user.id);
    return deleteSessionsOfUser(tx, user.id, options.sessionIdHash);
  });
  return { signedOutSessions };
}

/** 'Sign out of other devices': every session of the user but this one ends. */
export async function signOutOtherSessions(options: SignedInContext): Promise<SignedOutSessionsResponse> {
  return {
    signedOutSessions: await deleteSessionsOfUser(options.db, options.user.id, options.sessionIdHash),
  };
}

/**
 * 'Delete my account': after the password and the confirm word, the account's subscriptions are canceled at
 * Stripe (nothing is deleted when that fails), then the user and all their rows are deleted.
 */
export async function deleteMyAccount(
  options: SignedInContext & { input: DeleteAccountRequest; billing: BillingContext },
): Promise<void> {
  const { db, user, input } = options;
  await checkPassword(db, user.id, input.password, 'password', WRONG_PASSWORD_MESSAGE);
  await cancelBillingBeforeDeletion({ context: options.billing, userId: user.id });
  await deleteAccount(db, user.id, options.billing.emailDigest);
}

/**
 * An admin's deletion of an account: as 'Delete my account', subscriptions canceled first, then the same rows
 * go. Answers the ids of the subscriptions canceled.
 */
export async function deleteAccountAsAdmin(options: {
  db: Database;
  billing: BillingContext;
  userId: string;
}): Promise<string[]> {
  const canceled = await cancelBillingBeforeDeletion({ context: options.billing, userId: options.userId });
  await deleteAccount(options.db, options.userId, options.billing.emailDigest);
  return canceled;
}

const iso = (date: Date) => date.toISOString();

/**
 * 'Download my data': everything stored for the account; API keys masked, never a secret or a hash. What is left
 * out on purpose, and why, is TABLES_LEFT_OUT_OF_EXPORT (account-data.ts).
 */
export async function exportAccountData(options: SignedInContext): Promise<AccountExport> {
  const data = await readAccountData(options.db, options.user.id);
  if (!data.profile) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  const { stripeCustomerId, ...profile } = data.profile;
  const isoOrNull = (date: Date | null) => (date ? iso(date) : null);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      ...profile,
      emailVerifiedAt: profile.emailVerifiedAt ? iso(profile.emailVerifiedAt) : null,
      createdAt: iso(profile.createdAt),
    },
    sessions: data.sessions.map((s) => ({
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      isPersistent: s.isPersistent,
      isCurrent: s.idHash === options.sessionIdHash,
    })),
    savedPortfolio: data.saved
      ? { holdings: data.saved.holdings, updatedAt: iso(data.saved.updatedAt) }
      : null,
    paperPortfolios: data.portfolios.map((p) => ({
      ...p,
      createdAt: iso(p.createdAt),
      holdings: data.holdings
        .filter((h) => h.portfolioId === p.id)
        .map((h) => ({ symbol: h.symbol, quantity: h.quantity, averageCost: h.averageCost })),
    })),
    trades: data.trades.map((t) => ({ ...t, executedAt: iso(t.executedAt) })),
    rewards: {
      playerNumber: data.points?.publicId ?? null,
      timeZone: data.points?.timeZone ?? null,
      totalPoints: data.points?.totalPoints ?? 0,
      lifetimePoints: data.points?.lifetimePoints ?? 0,
      transactions: data.pointRows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
      achievements: data.achievements.map((a) => ({ ...a, unlockedAt: iso(a.unlockedAt) })),
      periods: data.periodPoints,
    },
    analyses: data.analyses,
    apiKeys: data.apiKeys.map((k) => ({
      vendor: k.vendor,
      maskedKey: `${MASK_PREFIX}${k.last4}`,
      createdAt: iso(k.createdAt),
      updatedAt: iso(k.updatedAt),
    })),
    apiTokens: data.apiTokens.map((token) => ({
      ...token,
      createdAt: iso(token.createdAt),
      lastUsedAt: isoOrNull(token.lastUsedAt),
    })),
    clients: data.clients.map((client) => ({
      ...client,
      archivedAt: isoOrNull(client.archivedAt),
      lastReviewedAt: isoOrNull(client.lastReviewedAt),
      createdAt: iso(client.createdAt),
      updatedAt: iso(client.updatedAt),
    })),
    reportBranding: data.branding ? brandingExport(data.branding) : null,
    alerts: {
      conditions: data.alertConditions.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
      triggered: data.triggeredAlerts.map((a) => ({
        ...a,
        triggeredAt: iso(a.triggeredAt),
        acknowledgedAt: isoOrNull(a.acknowledgedAt),
      })),
    },
    snapshots: data.snapshots,
    advisorQuestions: data.advisorQuestions.map((q) => ({ ...q, askedAt: iso(q.askedAt) })),
    tradingSuggestions: data.suggestions.map((s) => ({
      ...s,
      createdAt: iso(s.createdAt),
      seenAt: isoOrNull(s.seenAt),
      executedAt: isoOrNull(s.executedAt),
    })),
    portfolioAccounts: data.accounts.map((a) => ({
      ...a,
      createdAt: iso(a.createdAt),
      lastUpdated: iso(a.lastUpdated),
    })),
    billing: {
      stripeCustomerId,
      subscriptions: data.subscriptions.map((sub) => ({
        ...sub,
        currentPeriodStart: iso(sub.currentPeriodStart),
        currentPeriodEnd: iso(sub.currentPeriodEnd),
        trialEnd: isoOrNull(sub.trialEnd),
        createdAt: iso(sub.createdAt),
      })),
      purchases: data.purchases.map((p) => ({ ...p, startsAt: iso(p.startsAt), endsAt: iso(p.endsAt) })),
    },
    contactMessages: data.contactMessages.map((m) => ({
      ...m,
      createdAt: iso(m.createdAt),
      handledAt: isoOrNull(m.handledAt),
    })),
  };
}

type BrandingRow = NonNullable<Awaited<ReturnType<typeof readAccountData>>['branding']>;

/** The report branding, its logo included as stored (base64): the owner's own upload is their data too. */
function brandingExport(row: BrandingRow): AccountExport['reportBranding'] {
  const { logo, logoType, logoWidth, logoHeight, logoUpdatedAt } = row;
  return {
    firmName: row.firmName,
    color: row.color,
    logo:
      logo && logoType && logoWidth !== null && logoHeight !== null && logoUpdatedAt
        ? {
            type: logoType,
            width: logoWidth,
            height: logoHeight,
            updatedAt: iso(logoUpdatedAt),
            base64: logo.toString('base64'),
          }
        : null,
    updatedAt: iso(row.updatedAt),
  };
}
