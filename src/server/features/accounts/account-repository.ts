/** The queries of account management: mailed-link tokens, passwords, sessions, the data export, deletion. */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { EmailDigest } from '../../crypto/email-digest';
import type { Database } from '../../db/client';
import {
  accountToken,
  analysisUsage,
  paperHolding,
  paperPortfolio,
  paperTrade,
  pointTransaction,
  savedPortfolio,
  session,
  subscription,
  trialEmail,
  user,
  userAchievement,
  userApiKey,
  userPoints,
} from '../../db/schema';
import { userColumns } from './repository';

export type AccountTokenPurpose = 'verify_email' | 'reset_password';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

export async function insertAccountToken(
  db: Executor,
  values: { idHash: string; userId: string; purpose: AccountTokenPurpose; expiresAt: Date },
): Promise<void> {
  await db.insert(accountToken).values(values);
}

/** The scheduled cleanup: tokens past their lifetime, used or not, are worthless and go. */
export async function deleteExpiredAccountTokens(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(accountToken)
    .where(lte(accountToken.expiresAt, now))
    .returning({ idHash: accountToken.idHash });
  return deleted.length;
}

/**
 * Ends every unused token of the user for these purposes: a new link, a used one or a password changed makes the
 * outstanding ones worthless.
 */
export async function expireUnusedAccountTokens(
  db: Executor,
  userId: string,
  purposes: readonly AccountTokenPurpose[],
): Promise<void> {
  await db
    .update(accountToken)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountToken.userId, userId),
        inArray(accountToken.purpose, [...purposes]),
        isNull(accountToken.usedAt),
      ),
    );
}

/**
 * Marks the token used and answers its user id, in one statement that also checks it is unused and unexpired:
 * of two requests with one token, exactly one gets the user.
 */
export async function useAccountToken(
  db: Executor,
  idHash: string,
  purpose: AccountTokenPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .update(accountToken)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountToken.idHash, idHash),
        eq(accountToken.purpose, purpose),
        isNull(accountToken.usedAt),
        gt(accountToken.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountToken.userId });
  return row?.userId;
}

const accountColumns = { ...userColumns, passwordHash: user.passwordHash };

export async function findAccountById(db: Database, userId: string) {
  const [row] = await db.select(accountColumns).from(user).where(eq(user.id, userId)).limit(1);
  return row;
}

/**
 * Records that the owner proved the mailbox (kept at the first time); answers whether this verified it, false
 * when it was verified already (in one statement: of two links used at once, one verifies).
 */
export async function markEmailVerified(db: Executor, userId: string): Promise<boolean> {
  const verified = await db
    .update(user)
    .set({ emailVerifiedAt: sql`now()` })
    .where(and(eq(user.id, userId), isNull(user.emailVerifiedAt)))
    .returning({ id: user.id });
  return verified.length > 0;
}

/**
 * Sets a new password. `isProven`: it was set through the mailbox (a reset link), so ADMIN_EMAILS may count;
 * a password set any other way (a change in settings) is proven by nobody, and the mark goes.
 */
export async function updatePasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  options: { isProven: boolean },
): Promise<void> {
  await db
    .update(user)
    .set({ passwordHash, passwordProvenAt: options.isProven ? sql`now()` : null })
    .where(eq(user.id, userId));
}

/** Deletes the user's sessions except `keepIdHash` (all of them without one); answers how many. */
export async function deleteSessionsOfUser(
  db: Executor,
  userId: string,
  keepIdHash?: string,
): Promise<number> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.userId, userId), keepIdHash ? ne(session.idHash, keepIdHash) : undefined))
    .returning({ idHash: session.idHash });
  return deleted.length;
}

/**
 * Deletes the account and every row of it: the user row's foreign keys cascade to sessions, tokens, portfolios,
 * holdings, trades, keys and rewards; the AI-analysis counts are keyed by user id without a foreign key, so they
 * go explicitly, in the same transaction. An account that had a free trial leaves its email's digest in
 * `trial_email` (normally there since the trial began): the email gets no second trial.
 */
export async function deleteAccount(db: Database, userId: string, emailDigest: EmailDigest): Promise<void> {
  await db.transaction(async (tx) => {
    const [trialed] = await tx
      .select({ email: user.email })
      .from(user)
      .innerJoin(subscription, eq(subscription.userId, user.id))
      .where(and(eq(user.id, userId), isNotNull(subscription.trialEnd)))
      .limit(1);
    if (trialed) {
      await tx
        .insert(trialEmail)
        .values({ emailDigest: emailDigest(trialed.email) })
        .onConflictDoNothing();
    }
    await tx
      .delete(analysisUsage)
      .where(and(eq(analysisUsage.subjectKind, 'user'), eq(analysisUsage.subjectKey, userId)));
    await tx.delete(user).where(eq(user.id, userId));
  });
}

/** Every row the export shows, read in one repeatable-read transaction so the parts agree with each other. */
export async function readAccountData(db: Database, userId: string) {
  return db.transaction(
    async (tx) => {
      const [profile] = await tx
        .select({
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          plan: user.plan,
          subscriptionStatus: user.subscriptionStatus,
          isDemo: user.isDemo,
          emailVerifiedAt: user.emailVerifiedAt,
          createdAt: user.createdAt,
        })
        .from(user)
        .where(eq(user.id, userId));
      const sessions = await tx
        .select({
          idHash: session.idHash,
          createdAt: session.createdAt,
          lastSeenAt: session.lastSeenAt,
          isPersistent: session.isPersistent,
        })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(asc(session.createdAt));
      const [saved] = await tx
        .select({ holdings: savedPortfolio.holdings, updatedAt: savedPortfolio.updatedAt })
        .from(savedPortfolio)
        .where(eq(savedPortfolio.userId, userId));
      const portfolios = await tx
        .select({
          id: paperPortfolio.id,
          name: paperPortfolio.name,
          description: paperPortfolio.description,
          initialBalance: paperPortfolio.initialBalance,
          cashBalance: paperPortfolio.cashBalance,
          createdAt: paperPortfolio.createdAt,
        })
        .from(paperPortfolio)
        .where(eq(paperPortfolio.userId, userId))
        .orderBy(asc(paperPortfolio.createdAt));
      const holdings = await tx
        .select({
          portfolioId: paperHolding.portfolioId,
          symbol: paperHolding.symbol,
          quantity: paperHolding.quantity,
          averageCost: paperHolding.averageCost,
        })
        .from(paperHolding)
        .innerJoin(paperPortfolio, eq(paperHolding.portfolioId, paperPortfolio.id))
        .where(eq(paperPortfolio.userId, userId))
        .orderBy(asc(paperHolding.symbol));
      const trades = await tx
        .select({
          id: paperTrade.id,
          portfolioId: paperTrade.portfolioId,
          symbol: paperTrade.symbol,
          side: paperTrade.side,
          quantity: paperTrade.quantity,
          price: paperTrade.price,
          totalValue: paperTrade.totalValue,
          realizedPnl: paperTrade.realizedPnl,
          priceSource: paperTrade.priceSource,
          executedAt: paperTrade.executedAt,
        })
        .from(paperTrade)
        .where(eq(paperTrade.userId, userId))
        .orderBy(asc(paperTrade.executedAt));
      const [points] = await tx
        .select({ totalPoints: userPoints.totalPoints, lifetimePoints: userPoints.lifetimePoints })
        .from(userPoints)
        .where(eq(userPoints.userId, userId));
      const pointRows = await tx
        .select({
          points: pointTransaction.points,
          category: pointTransaction.category,
          reason: pointTransaction.reason,
          createdAt: pointTransaction.createdAt,
        })
        .from(pointTransaction)
        .where(eq(pointTransaction.userId, userId))
        .orderBy(asc(pointTransaction.createdAt), asc(pointTransaction.id));
      const achievements = await tx
        .select({
          achievementId: userAchievement.achievementId,
          points: userAchievement.points,
          unlockedAt: userAchievement.unlockedAt,
        })
        .from(userAchievement)
        .where(eq(userAchievement.userId, userId))
        .orderBy(asc(userAchievement.unlockedAt));
      const analyses = await tx
        .select({ month: analysisUsage.month, count: analysisUsage.count })
        .from(analysisUsage)
        .where(and(eq(analysisUsage.subjectKind, 'user'), eq(analysisUsage.subjectKey, userId)))
        .orderBy(asc(analysisUsage.month));
      // Never the encrypted key: its vendor, last four characters and dates only.
      const apiKeys = await tx
        .select({
          vendor: userApiKey.vendor,
          last4: userApiKey.last4,
          createdAt: userApiKey.createdAt,
          updatedAt: userApiKey.updatedAt,
        })
        .from(userApiKey)
        .where(eq(userApiKey.userId, userId))
        .orderBy(asc(userApiKey.vendor));
      return {
        profile,
        sessions,
        saved,
        portfolios,
        holdings,
        trades,
        points,
        pointRows,
        achievements,
        analyses,
        apiKeys,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
