/**
 * The Stripe webhook pipeline: verify the signature, store the event under its id, answer before any outside
 * call, then apply it after the answer (a few at a time): read the object back from Stripe, claim the event
 * with `SKIP LOCKED`, write the subscription unless a newer event already did, derive the plan again. An event
 * whose Stripe read failed stays stored and is retried with backoff (`processDueEvents`).
 */
import { AppError } from '../../../contracts/errors';
import { PLANS } from '../../../domain/plans';
import { addOneMonth, parsePriceLookupKey } from '../../../domain/subscriptions';
import { createWorkQueue, type WorkQueue } from '../../lib/concurrency';
import { isUuid } from '../../lib/uuid';
import {
  verifyWebhookEvent,
  WebhookSignatureError,
  type SubscriptionSnapshot,
  type WebhookEvent,
} from '../../providers/payments';
import { ONE_MONTH_CURRENCY, ONE_MONTH_PURPOSE, paymentsOf, type BillingContext } from './context';
import { rederivePlan } from './rederive-plan';
import {
  applySubscriptionState,
  claimPendingEvent,
  findBillingUser,
  findPendingEvent,
  findUserIdByCustomer,
  insertPurchase,
  listDueEvents,
  lockBillingUser,
  recordEventFailure,
  rememberTrialEmail,
  saveStripeCustomerId,
  storeEvent,
  type Transaction,
} from './repository';

type EventWork =
  | { kind: 'subscription'; snapshot: SubscriptionSnapshot; checkoutUserId: string | null }
  | {
      kind: 'purchase';
      userId: string;
      paymentIntentId: string;
      amountCents: number;
      currency: string;
      startsAt: Date;
    }
  | { kind: 'none' };

function stringField(object: Record<string, unknown>, name: string): string | null {
  const value = object[name];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
}

function metadataOf(object: Record<string, unknown>): Record<string, unknown> {
  const metadata = object.metadata;
  return metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>) : {};
}

/** The subscription an event is about: the object itself, a Checkout session's, or an invoice's (either API shape). */
function subscriptionIdOf(event: WebhookEvent): string | null {
  const { object } = event;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return stringField(object, 'id');
    case 'checkout.session.completed':
      return object.mode === 'subscription' ? stringField(object, 'subscription') : null;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const parent = object.parent as
        { subscription_details?: Record<string, unknown> | null } | null | undefined;
      const details = parent?.subscription_details;
      return (details ? stringField(details, 'subscription') : null) ?? stringField(object, 'subscription');
    }
    default:
      return null;
  }
}

/** Reads what an event needs from Stripe, before any transaction (no network call under a lock). */
async function prepareEventWork(context: BillingContext, event: WebhookEvent): Promise<EventWork> {
  if (event.type === 'payment_intent.succeeded') {
    // Only the id is taken from the body: what is granted comes from Stripe's own copy, read now.
    const paymentIntentId = stringField(event.object, 'id');
    if (!paymentIntentId) return { kind: 'none' };
    const intent = await paymentsOf(context).retrievePaymentIntent(paymentIntentId);
    const userId = intent?.metadata.userId;
    if (
      !intent ||
      intent.status !== 'succeeded' ||
      intent.metadata.purpose !== ONE_MONTH_PURPOSE ||
      typeof userId !== 'string' ||
      !isUuid(userId)
    ) {
      context.log.warn(
        { paymentIntent: paymentIntentId, event: event.id, status: intent?.status ?? 'unknown to Stripe' },
        'payment_intent.succeeded for a payment Stripe does not show as a succeeded one-month payment',
      );
      return { kind: 'none' };
    }
    return {
      kind: 'purchase',
      userId,
      paymentIntentId: intent.id,
      amountCents: intent.amountReceivedCents,
      currency: intent.currency,
      startsAt: intent.createdAt,
    };
  }
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return { kind: 'none' };
  // The event body may be late or out of order: the subscription is read from Stripe as it is now.
  const snapshot = await paymentsOf(context).retrieveSubscription(subscriptionId);
  if (!snapshot) return { kind: 'none' };
  const checkoutUserId =
    event.type === 'checkout.session.completed'
      ? (metadataOf(event.object).userId as string | undefined)
      : undefined;
  return { kind: 'subscription', snapshot, checkoutUserId: checkoutUserId ?? null };
}

/** The user a subscription belongs to (its metadata, the Checkout session's, else its customer's), locked. */
async function lockOwnerOf(tx: Transaction, snapshot: SubscriptionSnapshot, checkoutUserId: string | null) {
  for (const candidate of [snapshot.userId, checkoutUserId]) {
    if (!candidate || !isUuid(candidate)) continue;
    const owner = await lockBillingUser(tx, candidate);
    if (owner) return owner;
  }
  const byCustomer = await findUserIdByCustomer(tx, snapshot.customerId);
  return byCustomer ? lockBillingUser(tx, byCustomer) : undefined;
}

async function applySubscription(
  context: BillingContext,
  tx: Transaction,
  event: WebhookEvent,
  work: Extract<EventWork, { kind: 'subscription' }>,
) {
  const { snapshot } = work;
  const parsed = parsePriceLookupKey(snapshot.priceLookupKey);
  const owner = parsed ? await lockOwnerOf(tx, snapshot, work.checkoutUserId) : undefined;
  if (!parsed || !owner) {
    // A deleted account's subscription was canceled before it went; its last events land here and change nothing.
    context.log.warn(
      { subscription: snapshot.id, customer: snapshot.customerId, event: event.id },
      parsed
        ? 'Stripe subscription of no user (a deleted account?): event ignored'
        : 'Stripe subscription to a price not of ours: event ignored',
    );
    return;
  }
  if (owner.stripeCustomerId === null) await saveStripeCustomerId(tx, owner.id, snapshot.customerId);
  const isUnpaid = snapshot.status === 'past_due' || snapshot.status === 'unpaid';
  const isWritten = await applySubscriptionState(tx, {
    id: snapshot.id,
    userId: owner.id,
    customerId: snapshot.customerId,
    priceLookupKey: snapshot.priceLookupKey ?? '',
    plan: parsed.plan,
    interval: parsed.interval,
    status: snapshot.status,
    currentPeriodStart: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    trialEnd: snapshot.trialEnd,
    // The grace counts from the start of the period whose invoice failed (kept while it stays unpaid).
    pastDueSince: isUnpaid ? snapshot.currentPeriodStart : null,
    stripeCreatedAt: snapshot.createdAt,
    lastEventAt: event.createdAt,
  });
  // The email's one trial is spent once a subscription with a trial is ours, whatever becomes of the account.
  if (snapshot.trialEnd !== null) await rememberTrialEmail(tx, context.emailDigest(owner.email));
  // A read made for an older event that reaches here after a newer one's changes nothing.
  if (isWritten) await rederivePlan(tx, owner.id, context.now(), { isLocked: true });
}

async function applyPurchase(
  context: BillingContext,
  tx: Transaction,
  work: Extract<EventWork, { kind: 'purchase' }>,
) {
  const price = PLANS.premium.price?.monthlyCents ?? 0;
  const user = await findBillingUser(tx, work.userId);
  if (!user || work.currency !== ONE_MONTH_CURRENCY || work.amountCents < price) {
    context.log.warn(
      { paymentIntent: work.paymentIntentId },
      'One-month payment of no user or a wrong amount',
    );
    return;
  }
  await insertPurchase(tx, {
    paymentIntentId: work.paymentIntentId,
    userId: work.userId,
    amountCents: work.amountCents,
    currency: work.currency,
    startsAt: work.startsAt,
    endsAt: addOneMonth(work.startsAt),
  });
  await rederivePlan(tx, work.userId, context.now());
}

/** How long a pending event waits after its n-th failed attempt: 1, 2, 4, ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/**
 * Applies one stored event, once: the subscription is read from Stripe (no lock held meanwhile), then the
 * transaction claims the event and marks it processed (skip locked: another instance applying it makes this
 * one stop) and applies it. A failed read leaves it pending until `next_attempt_at`. `attempts`: the failed
 * attempts so far.
 */
async function applyStoredEvent(context: BillingContext, event: WebhookEvent, attempts: number) {
  let work: EventWork;
  try {
    work = await prepareEventWork(context, event);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const nextAttemptAt = new Date(context.now().getTime() + retryDelayMs(attempts + 1));
    await recordEventFailure(context.db, event.id, { error: reason, nextAttemptAt });
    context.log.warn({ event: event.id, reason, nextAttemptAt }, 'Stripe event not applied yet');
    return;
  }
  await context.db.transaction(async (tx) => {
    if (!(await claimPendingEvent(tx, event.id, context.now()))) return;
    if (work.kind === 'subscription') await applySubscription(context, tx, event, work);
    if (work.kind === 'purchase') await applyPurchase(context, tx, work);
  });
}

/** Applies a stored event read back by id (the retry poller): nothing when it was applied meanwhile. */
async function processStripeEvent(context: BillingContext, eventId: string): Promise<void> {
  const row = await findPendingEvent(context.db, eventId);
  if (!row) return;
  const event: WebhookEvent = {
    id: row.id,
    type: row.type,
    createdAt: row.createdAt,
    object: row.object as Record<string, unknown>,
  };
  await applyStoredEvent(context, event, row.attempts);
}

/** Applies the pending events due at `now` (the retry poller and tests); answers how many it tried. */
export async function processDueEvents(context: BillingContext, now: Date): Promise<number> {
  const eventIds = await listDueEvents(context.db, now, 100);
  for (const eventId of eventIds) await processStripeEvent(context, eventId);
  return eventIds.length;
}

/**
 * Stored events applied at once by one process. Applying one is mostly waiting (Stripe's read, the
 * transaction), so a few keep the database and Stripe busy while the answers to new deliveries come first.
 */
const WEBHOOK_APPLYING_AT_ONCE = 4;
/** Events waiting to be applied in memory (about 2 KB each); beyond it the retry poller applies them. */
const WEBHOOK_WAITING_AT_MOST = 10_000;

/** The queue of BillingContext.webhookWork. */
export function createWebhookWorkQueue(): WorkQueue {
  return createWorkQueue({ concurrency: WEBHOOK_APPLYING_AT_ONCE, capacity: WEBHOOK_WAITING_AT_MOST });
}

/**
 * Applies an event just stored (none of its attempts failed yet) after the answer, without reading it back.
 * A few are applied at a time (WEBHOOK_APPLYING_AT_ONCE), so that a burst of deliveries is answered first
 * and applied as the CPU frees up; an event the queue has no room for stays stored and due, and the retry
 * poller applies it.
 */
function scheduleEventProcessing(context: BillingContext, event: WebhookEvent) {
  context.webhookWork.offer(() =>
    applyStoredEvent(context, event, 0).catch((error: unknown) => {
      context.log.error({ err: error, event: event.id }, 'Stripe event processing failed');
    }),
  );
}

/** Resolves once the events this process is applying or has queued are done (tests, benches). */
export function waitForWebhookWork(context: BillingContext): Promise<void> {
  return context.webhookWork.drain();
}

/**
 * POST /api/stripe/webhook. The signature is checked against the raw body (400 and nothing changes when it
 * does not match; 503 without STRIPE_WEBHOOK_SECRET). The event is stored under its id and the answer is
 * 2xx at once: Stripe's API is not called before answering. A second delivery of the same id (here or on
 * another instance) inserts nothing and is answered as a duplicate. The event is then applied once, after
 * the answer (processStripeEvent); late and out-of-order events end in Stripe's state because the
 * subscription is read from Stripe and an event older than the last one applied is not written.
 */
export async function receiveStripeWebhook(options: {
  context: BillingContext;
  rawBody: Buffer;
  signature: string | undefined;
}): Promise<{ duplicate: boolean }> {
  const { context } = options;
  if (!context.webhookSecret) {
    throw new AppError('SERVICE_UNAVAILABLE', 'Stripe webhooks are not configured on this server.');
  }
  let event: WebhookEvent;
  try {
    event = verifyWebhookEvent(options.rawBody, options.signature, context.webhookSecret);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
    }
    throw error;
  }
  const isNew = await storeEvent(context.db, event);
  if (isNew) scheduleEventProcessing(context, event);
  return { duplicate: !isNew };
}
