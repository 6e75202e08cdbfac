/**
 * Billing in 'Download my data': the Stripe customer id, the subscriptions as last read from Stripe, and the
 * one-month purchases.
 */
import { asc, eq } from 'drizzle-orm';
import { user } from '../../auth/schema';
import { defineAccountData } from '../../feature';
import { premiumPurchase, subscription } from './schema';

export const billingAccountData = defineAccountData({
  billing: async ({ tx, userId }) => {
    const [customer] = await tx
      .select({ stripeCustomerId: user.stripeCustomerId })
      .from(user)
      .where(eq(user.id, userId));
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
    return {
      stripeCustomerId: customer?.stripeCustomerId ?? null,
      subscriptions: subscriptions.map((sub) => ({
        ...sub,
        currentPeriodStart: sub.currentPeriodStart.toISOString(),
        currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
        trialEnd: sub.trialEnd?.toISOString() ?? null,
        createdAt: sub.createdAt.toISOString(),
      })),
      purchases: purchases.map((p) => ({
        ...p,
        startsAt: p.startsAt.toISOString(),
        endsAt: p.endsAt.toISOString(),
      })),
    };
  },
});
