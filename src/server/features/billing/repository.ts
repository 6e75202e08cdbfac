import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { premiumPurchase, stripeEvent, subscription, user } from '../../db/schema';
import type { StoredSubscription } from '../../../domain/subscriptions';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

export type SubscriptionRow = typeof subscription.$inferSelect;
type SubscriptionInsert = typeof subscription.$inferInsert;

export interface BillingUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: string;
  subscriptionStatus: string;
  stripeCustomerId: string | null;
}

export async function findBillingUser(db: Executor, userId: string): Promise<BillingUser | undefined> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      plan: user.plan,
      subscriptionStatus: user.subscriptionStatus,
      stripeCustomerId: user.stripeCustomerId,
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row;
}

export async function findUserIdByCustomer(db: Executor, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.stripeCustomerId, customerId))
    .limit(1);
  return row?.id;
}

/**
 * Stores the user's Stripe customer unless one is already stored; answers the one stored. Two first payments
 * at once got the same customer from Stripe (idempotency key), so either write is the same.
 */
export async function saveStripeCustomerId(
  db: Executor,
  userId: string,
  customerId: string,
): Promise<string> {
  await db
    .update(user)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(user.id, userId), isNull(user.stripeCustomerId)));
  const [row] = await db.select({ id: user.stripeCustomerId }).from(user).where(eq(user.id, userId));
  return row?.id ?? customerId;
}

export function toStoredSubscription(row: SubscriptionRow): StoredSubscription {
  return {
    status: row.status,
    plan: row.plan,
    interval: row.interval,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    trialEnd: row.trialEnd,
    pastDueSince: row.pastDueSince,
    createdAt: row.stripeCreatedAt,
  };
}

export async function listSubscriptionsOfUser(db: Executor, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscription).where(eq(subscription.userId, userId));
}

/** The purchases of a user that have not ended at `now`. */
export async function listLivePurchasesOfUser(db: Executor, userId: string, now: Date) {
  return db
    .select({ endsAt: premiumPurchase.endsAt })
    .from(premiumPurchase)
    .where(and(eq(premiumPurchase.userId, userId), gt(premiumPurchase.endsAt, now)));
}

/**
 * Marks an event applied, inside the transaction that applies it: true the first time. A second delivery
 * (or the same event on another instance, which waits here for the first transaction) inserts nothing.
 */
export async function claimEvent(
  tx: Transaction,
  event: { id: string; type: string; createdAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(stripeEvent)
    .values({ id: event.id, type: event.type, createdAt: event.createdAt })
    .onConflictDoNothing()
    .returning({ id: stripeEvent.id });
  return inserted.length > 0;
}

export async function isEventProcessed(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvent.id }).from(stripeEvent).where(eq(stripeEvent.id, eventId));
  return row !== undefined;
}

/** The stored row of a subscription, locked until the transaction ends. */
export async function lockSubscription(tx: Transaction, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscription).where(eq(subscription.id, id)).for('update');
  return row;
}

export async function upsertSubscription(tx: Transaction, values: SubscriptionInsert): Promise<void> {
  const { id: _id, ...changes } = values;
  await tx
    .insert(subscription)
    .values(values)
    .onConflictDoUpdate({ target: subscription.id, set: { ...changes, updatedAt: sql`now()` } });
}

export async function insertPurchase(
  tx: Transaction,
  values: typeof premiumPurchase.$inferInsert,
): Promise<void> {
  await tx.insert(premiumPurchase).values(values).onConflictDoNothing();
}

/** The user row's plan and status (what the guards read) and when they must be derived again. */
export async function saveUserPlan(
  tx: Executor,
  userId: string,
  values: {
    plan: 'free' | 'premium' | 'professional';
    subscriptionStatus: string;
    planReviewAt: Date | null;
  },
): Promise<void> {
  await tx.update(user).set(values).where(eq(user.id, userId));
}

/** Users whose plan must be derived again by `now` (a grace, a canceled period or a purchase ended). */
export async function listUsersDueForReview(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    // A plan set by the Demo Settings switcher is the demo's own, not derived from billing.
    .where(and(lte(user.planReviewAt, now), ne(user.subscriptionStatus, 'demo')))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Locks the user row: the derivations of one user happen one at a time. */
export async function lockUser(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
}
