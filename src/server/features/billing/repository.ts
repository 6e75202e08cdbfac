import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { user } from '../../auth/schema';
import { premiumPurchase, stripeEvent, subscription, trialEmail } from './schema';
import type { StoredSubscription } from '../../../domain/subscriptions';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

type SubscriptionRow = typeof subscription.$inferSelect;
type SubscriptionInsert = typeof subscription.$inferInsert;

export interface BillingUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: 'free' | 'premium' | 'professional';
  subscriptionStatus: string;
  stripeCustomerId: string | null;
  /** An admin's grant, which overrides billing until revoked. */
  complimentaryPlan: 'premium' | 'professional' | null;
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
      complimentaryPlan: user.complimentaryPlan,
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

/** Forgets a stored customer that Stripe no longer knows (only if it is still the one stored). */
export async function forgetStripeCustomerId(
  db: Executor,
  userId: string,
  customerId: string,
): Promise<void> {
  await db
    .update(user)
    .set({ stripeCustomerId: null })
    .where(and(eq(user.id, userId), eq(user.stripeCustomerId, customerId)));
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

/** Whether the user ever bought a month of Premium (ended ones too: their receipts are in the portal). */
export async function hasAnyPurchase(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: premiumPurchase.paymentIntentId })
    .from(premiumPurchase)
    .where(eq(premiumPurchase.userId, userId))
    .limit(1);
  return row !== undefined;
}

type StripeEventRow = typeof stripeEvent.$inferSelect;

const storeEventStatement = preparedStatement<{ id: string }>(
  'billing_store_event',
  sql`insert into ${stripeEvent} (id, type, created_at, object)
      values (${sql.placeholder('id')}, ${sql.placeholder('type')}, ${sql.placeholder('createdAt')}, ${sql.placeholder('object')}::jsonb)
      on conflict do nothing
      returning id`,
);

/** Stores a received event; true the first time, false for a second delivery (here or on another instance). */
export async function storeEvent(
  db: Executor,
  event: { id: string; type: string; createdAt: Date; object: Record<string, unknown> },
): Promise<boolean> {
  const inserted = await storeEventStatement(db, {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt,
    object: JSON.stringify(event.object),
  });
  return inserted.length > 0;
}

export async function findPendingEvent(db: Executor, eventId: string): Promise<StripeEventRow | undefined> {
  const [row] = await db
    .select()
    .from(stripeEvent)
    .where(and(eq(stripeEvent.id, eventId), isNull(stripeEvent.processedAt)));
  return row;
}

const claimEventStatement = preparedStatement<{ id: string }>(
  'billing_claim_event',
  sql`update ${stripeEvent} set processed_at = ${sql.placeholder('now')}, last_error = null
       where id = (select id from ${stripeEvent}
                    where id = ${sql.placeholder('id')} and processed_at is null
                      for update skip locked)
      returning id`,
);

/**
 * Takes a pending event for the transaction that applies it and marks it processed (one statement; it only
 * shows once the transaction commits): false when it was applied meanwhile, or when another instance is
 * applying it now (skip locked: nobody waits).
 */
export async function claimPendingEvent(tx: Transaction, eventId: string, now: Date): Promise<boolean> {
  const claimed = await claimEventStatement(tx, { id: eventId, now });
  return claimed.length > 0;
}

export async function recordEventFailure(
  db: Executor,
  eventId: string,
  failure: { error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(stripeEvent)
    .set({
      attempts: sql`${stripeEvent.attempts} + 1`,
      lastError: failure.error,
      nextAttemptAt: failure.nextAttemptAt,
    })
    .where(and(eq(stripeEvent.id, eventId), isNull(stripeEvent.processedAt)));
}

/** Stripe stops delivering an event after 3 days; its id is kept well past that, then deleted. */
export const STRIPE_EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes the events applied more than STRIPE_EVENT_RETENTION_MS ago; answers how many. */
export async function deleteOldStripeEvents(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(stripeEvent)
    .where(lte(stripeEvent.processedAt, new Date(now.getTime() - STRIPE_EVENT_RETENTION_MS)))
    .returning({ id: stripeEvent.id });
  return deleted.length;
}

/** Pending events due for an attempt at `now`, oldest first. */
export async function listDueEvents(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: stripeEvent.id })
    .from(stripeEvent)
    .where(and(isNull(stripeEvent.processedAt), lte(stripeEvent.nextAttemptAt, now)))
    .orderBy(stripeEvent.nextAttemptAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The subscription columns written from Stripe's state, in the order of the upsert's values. */
const SUBSCRIPTION_FIELDS = [
  'id',
  'userId',
  'customerId',
  'priceLookupKey',
  'plan',
  'interval',
  'status',
  'currentPeriodStart',
  'currentPeriodEnd',
  'cancelAtPeriodEnd',
  'trialEnd',
  'pastDueSince',
  'stripeCreatedAt',
  'lastEventAt',
] as const;
const columnOf = (field: (typeof SUBSCRIPTION_FIELDS)[number]) => sql.identifier(subscription[field].name);

/**
 * Writes a subscription as read from Stripe for an event, unless the stored row was written for a newer event
 * (`last_event_at`): one statement, so two instances applying events of one subscription cannot interleave.
 * `past_due_since` is kept while the subscription stays unpaid (and through a cancel that follows), and
 * cleared once it is paid. Answers whether the row was written.
 */
const applySubscriptionStatement = preparedStatement<{ id: string }>(
  'billing_apply_subscription',
  sql`insert into ${subscription} (${sql.join(SUBSCRIPTION_FIELDS.map(columnOf), sql`, `)})
      values (${sql.join(
        SUBSCRIPTION_FIELDS.map((field) => sql.placeholder(field)),
        sql`, `,
      )})
      on conflict (id) do update set
        ${sql.join(
          SUBSCRIPTION_FIELDS.filter((field) => field !== 'id' && field !== 'pastDueSince').map(
            (field) => sql`${columnOf(field)} = excluded.${columnOf(field)}`,
          ),
          sql`, `,
        )},
        past_due_since = case
          when excluded.status in ('past_due', 'unpaid') then coalesce(${subscription.pastDueSince}, excluded.past_due_since)
          when excluded.status = 'canceled' then ${subscription.pastDueSince}
          else null end,
        updated_at = now()
      where ${subscription.lastEventAt} <= excluded.last_event_at
      returning id`,
);

export async function applySubscriptionState(
  tx: Transaction,
  values: Required<Omit<SubscriptionInsert, 'updatedAt'>>,
): Promise<boolean> {
  const written = await applySubscriptionStatement(tx, values);
  return written.length > 0;
}

export async function insertPurchase(
  tx: Transaction,
  values: typeof premiumPurchase.$inferInsert,
): Promise<void> {
  await tx.insert(premiumPurchase).values(values).onConflictDoNothing();
}

const saveUserPlanStatement = preparedStatement(
  'billing_save_user_plan',
  sql`update ${user}
         set plan = ${sql.placeholder('plan')}, subscription_status = ${sql.placeholder('subscriptionStatus')},
             plan_review_at = ${sql.placeholder('planReviewAt')}
       where id = ${sql.placeholder('userId')}`,
);

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
  await saveUserPlanStatement(tx, { userId, ...values });
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

const lockUserStatement = preparedStatement<{ id: string; email: string; stripe_customer_id: string | null }>(
  'billing_lock_user',
  sql`select id, email, stripe_customer_id from ${user} where id = ${sql.placeholder('id')} for update`,
);

/**
 * Locks a user row (the derivations of one user happen one at a time) and answers its email and Stripe
 * customer; undefined when there is no such user.
 */
export async function lockBillingUser(
  tx: Transaction,
  userId: string,
): Promise<{ id: string; email: string; stripeCustomerId: string | null } | undefined> {
  const [row] = await lockUserStatement(tx, { id: userId });
  return row && { id: row.id, email: row.email, stripeCustomerId: row.stripe_customer_id };
}

/** Remembers that an email (its digest, crypto/email-digest.ts) had a free trial, for good: no user row holds it. */
export async function rememberTrialEmail(db: Executor, emailDigest: string): Promise<void> {
  await db.insert(trialEmail).values({ emailDigest }).onConflictDoNothing();
}

/** Whether an account with this email (its digest) ever had a free trial, deleted accounts too. */
export async function hasTrialEmail(db: Executor, emailDigest: string): Promise<boolean> {
  const [row] = await db
    .select({ emailDigest: trialEmail.emailDigest })
    .from(trialEmail)
    .where(eq(trialEmail.emailDigest, emailDigest))
    .limit(1);
  return row !== undefined;
}
