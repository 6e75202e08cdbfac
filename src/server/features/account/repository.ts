/** The queries of account management: the data export and the deletion of an account. */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { EmailDigest } from '../../crypto/email-digest';
import type { Database } from '../../db/client';
import { apiToken, session, user } from '../../auth/schema';
import { adviceQuestion } from '../advisor/schema';
import { alertCondition, portfolioSnapshot, triggeredAlert } from '../alerts/schema';
import { analysisUsage } from '../analysis/schema';
import { userApiKey } from '../api-settings/schema';
import { premiumPurchase, subscription, trialEmail } from '../billing/schema';
import { clientPortfolio } from '../clients/schema';
import { contactMessage } from '../contact/schema';
import { paperHolding, paperPortfolio, paperTrade } from '../paper-trading/schema';
import { portfolioAccount } from '../portfolio-accounts/schema';
import { savedPortfolio } from '../portfolio/schema';
import { reportBranding } from '../reports/schema';
import { pointTransaction, userAchievement, userPeriodPoints, userPoints } from '../rewards/schema';
import { tradingSuggestion } from '../trading-suggestions/schema';

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

/**
 * Every row the export shows, read in one repeatable-read transaction so the parts agree with each other. Every
 * table with an account's rows is read here or named, with its reason, in TABLES_LEFT_OUT_OF_EXPORT
 * (account-data.ts); a test holds that against the database's catalog.
 */
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
          stripeCustomerId: user.stripeCustomerId,
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
        .select({
          publicId: userPoints.publicId,
          timeZone: userPoints.timeZone,
          totalPoints: userPoints.totalPoints,
          lifetimePoints: userPoints.lifetimePoints,
        })
        .from(userPoints)
        .where(eq(userPoints.userId, userId));
      const periodPoints = await tx
        .select({
          periodKind: userPeriodPoints.periodKind,
          periodStart: userPeriodPoints.periodStart,
          points: userPeriodPoints.points,
        })
        .from(userPeriodPoints)
        .where(eq(userPeriodPoints.userId, userId))
        .orderBy(asc(userPeriodPoints.periodStart), asc(userPeriodPoints.periodKind));
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
      // Never the token's hash: its name, scopes, last four characters and dates.
      const apiTokens = await tx
        .select({
          id: apiToken.id,
          name: apiToken.name,
          scopes: apiToken.scopes,
          last4: apiToken.last4,
          createdAt: apiToken.createdAt,
          lastUsedAt: apiToken.lastUsedAt,
        })
        .from(apiToken)
        .where(eq(apiToken.userId, userId))
        .orderBy(asc(apiToken.createdAt), asc(apiToken.id));
      const clients = await tx
        .select({
          id: clientPortfolio.id,
          name: clientPortfolio.name,
          holdings: clientPortfolio.holdings,
          archivedAt: clientPortfolio.archivedAt,
          lastReviewedAt: clientPortfolio.lastReviewedAt,
          createdAt: clientPortfolio.createdAt,
          updatedAt: clientPortfolio.updatedAt,
        })
        .from(clientPortfolio)
        .where(eq(clientPortfolio.userId, userId))
        .orderBy(asc(clientPortfolio.createdAt), asc(clientPortfolio.id));
      const [branding] = await tx
        .select({
          firmName: reportBranding.firmName,
          color: reportBranding.color,
          logo: reportBranding.logo,
          logoType: reportBranding.logoType,
          logoWidth: reportBranding.logoWidth,
          logoHeight: reportBranding.logoHeight,
          logoUpdatedAt: reportBranding.logoUpdatedAt,
          updatedAt: reportBranding.updatedAt,
        })
        .from(reportBranding)
        .where(eq(reportBranding.userId, userId));
      const alertConditions = await tx
        .select({
          id: alertCondition.id,
          type: alertCondition.type,
          clientId: alertCondition.clientId,
          symbol: alertCondition.symbol,
          threshold: alertCondition.threshold,
          enabled: alertCondition.enabled,
          lastMailedOn: alertCondition.lastMailedOn,
          createdAt: alertCondition.createdAt,
        })
        .from(alertCondition)
        .where(eq(alertCondition.userId, userId))
        .orderBy(asc(alertCondition.createdAt), asc(alertCondition.id));
      const triggeredAlerts = await tx
        .select({
          id: triggeredAlert.id,
          conditionId: triggeredAlert.conditionId,
          clientId: triggeredAlert.clientId,
          severity: triggeredAlert.severity,
          message: triggeredAlert.message,
          isSimulated: triggeredAlert.isSimulated,
          triggeredAt: triggeredAlert.triggeredAt,
          acknowledgedAt: triggeredAlert.acknowledgedAt,
        })
        .from(triggeredAlert)
        .where(eq(triggeredAlert.userId, userId))
        .orderBy(asc(triggeredAlert.triggeredAt), asc(triggeredAlert.id));
      const snapshots = await tx
        .select({
          clientId: portfolioSnapshot.clientId,
          date: portfolioSnapshot.date,
          totalValue: portfolioSnapshot.totalValue,
          totalGainLoss: portfolioSnapshot.totalGainLoss,
          totalGainLossPercent: portfolioSnapshot.totalGainLossPercent,
          isSimulated: portfolioSnapshot.isSimulated,
        })
        .from(portfolioSnapshot)
        .where(eq(portfolioSnapshot.userId, userId))
        .orderBy(asc(portfolioSnapshot.date), asc(portfolioSnapshot.portfolioId));
      const advisorQuestions = await tx
        .select({
          symbol: adviceQuestion.symbol,
          question: adviceQuestion.question,
          action: adviceQuestion.action,
          askedAt: adviceQuestion.askedAt,
        })
        .from(adviceQuestion)
        .where(eq(adviceQuestion.userId, userId))
        .orderBy(asc(adviceQuestion.askedAt), asc(adviceQuestion.id));
      const suggestions = await tx
        .select({
          id: tradingSuggestion.id,
          symbol: tradingSuggestion.symbol,
          suggestionType: tradingSuggestion.suggestionType,
          actionText: tradingSuggestion.actionText,
          priority: tradingSuggestion.priority,
          riskLevel: tradingSuggestion.riskLevel,
          confidence: tradingSuggestion.confidence,
          potentialReturn: tradingSuggestion.potentialReturn,
          currentPrice: tradingSuggestion.currentPrice,
          targetPrice: tradingSuggestion.targetPrice,
          reasoning: tradingSuggestion.reasoning,
          reasoningSource: tradingSuggestion.reasoningSource,
          priceSource: tradingSuggestion.priceSource,
          status: tradingSuggestion.status,
          createdAt: tradingSuggestion.createdAt,
          seenAt: tradingSuggestion.seenAt,
          executedAt: tradingSuggestion.executedAt,
        })
        .from(tradingSuggestion)
        .where(eq(tradingSuggestion.userId, userId))
        .orderBy(asc(tradingSuggestion.createdAt), asc(tradingSuggestion.rank));
      const accounts = await tx
        .select({
          id: portfolioAccount.id,
          accountType: portfolioAccount.accountType,
          accountName: portfolioAccount.accountName,
          holdings: portfolioAccount.holdings,
          isManual: portfolioAccount.isManual,
          createdAt: portfolioAccount.createdAt,
          lastUpdated: portfolioAccount.lastUpdated,
        })
        .from(portfolioAccount)
        .where(eq(portfolioAccount.userId, userId))
        .orderBy(asc(portfolioAccount.position));
      const subscriptions = await tx
        .select({
          id: subscription.id,
          plan: subscription.plan,
          interval: subscription.interval,
          status: subscription.status,
          currentPeriodStart: subscription.currentPeriodStart,
          currentPeriodEnd: subscription.currentPeriodEnd,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          trialEnd: subscription.trialEnd,
          createdAt: subscription.stripeCreatedAt,
        })
        .from(subscription)
        .where(eq(subscription.userId, userId))
        .orderBy(asc(subscription.stripeCreatedAt), asc(subscription.id));
      const purchases = await tx
        .select({
          paymentIntentId: premiumPurchase.paymentIntentId,
          amountCents: premiumPurchase.amountCents,
          currency: premiumPurchase.currency,
          startsAt: premiumPurchase.startsAt,
          endsAt: premiumPurchase.endsAt,
        })
        .from(premiumPurchase)
        .where(eq(premiumPurchase.userId, userId))
        .orderBy(asc(premiumPurchase.startsAt));
      const contactMessages = await tx
        .select({
          name: contactMessage.name,
          email: contactMessage.email,
          company: contactMessage.company,
          message: contactMessage.message,
          createdAt: contactMessage.createdAt,
          handledAt: contactMessage.handledAt,
        })
        .from(contactMessage)
        .where(eq(contactMessage.userId, userId))
        .orderBy(asc(contactMessage.createdAt), asc(contactMessage.id));
      return {
        profile,
        sessions,
        saved,
        portfolios,
        holdings,
        trades,
        points,
        periodPoints,
        pointRows,
        achievements,
        analyses,
        apiKeys,
        apiTokens,
        clients,
        branding,
        alertConditions,
        triggeredAlerts,
        snapshots,
        advisorQuestions,
        suggestions,
        accounts,
        subscriptions,
        purchases,
        contactMessages,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
