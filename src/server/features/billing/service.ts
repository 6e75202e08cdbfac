/**
 * Plans and payments (spec 000 §7): Checkout, subscriptions, the one-month payment, the billing portal, the
 * billing summary and stopping the billing of an account about to be deleted. The feature's other parts are
 * exported here too, so other code imports billing from one place: the context (context.ts), deriving a plan
 * (rederive-plan.ts) and the Stripe webhook pipeline (webhooks.ts).
 */
import {
  BILLING_MESSAGES,
  type BillingSummary,
  type CheckoutSessionStatus,
  type CreateSubscriptionResponse,
  type PaidPlan,
  type PaymentIntentResponse,
} from '../../../contracts/billing';
import { unpaidPlanMessage } from '../../../contracts/billing-messages';
import type { User } from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import { PLANS, type BillingInterval } from '../../../domain/plans';
import {
  COMPLIMENTARY_STATUS,
  DEMO_STATUS,
  deriveEffectivePlan,
  hasPayingSubscription,
  isStartedSubscriptionStatus,
  parsePriceLookupKey,
  unpaidPlanBlockingPurchase,
  type StoredSubscription,
} from '../../../domain/subscriptions';
import type { Database } from '../../db/client';
import {
  CustomerMissingError,
  PaymentDeclinedError,
  PaymentsRequestError,
  PaymentsUnavailableError,
  PriceNotSetUpError,
  type PaymentsProvider,
  type SubscriptionSnapshot,
} from '../../providers/payments';
import { ONE_MONTH_CURRENCY, ONE_MONTH_PURPOSE, paymentsOf, type BillingContext } from './context';
import { rederivePlan } from './rederive-plan';
import {
  findBillingUser,
  forgetStripeCustomerId,
  hasAnyPurchase,
  hasTrialEmail,
  listLivePurchasesOfUser,
  listSubscriptionsOfUser,
  saveStripeCustomerId,
  toStoredSubscription,
  type BillingUser,
} from './repository';

export type { BillingContext } from './context';
export { rederivePlan, reviewDuePlans } from './rederive-plan';
export {
  createWebhookWorkQueue,
  processDueEvents,
  receiveStripeWebhook,
  retryDelayMs,
  waitForWebhookWork,
} from './webhooks';

/**
 * A customer who never had a subscription, with an email that never had a trial (in any account, deleted ones
 * too), gets this trial on Checkout (spec 000 §9: 7-day free trial).
 */
const TRIAL_DAYS = 7;

const PAYMENTS_BUSY_MESSAGE =
  'The payment service is not answering right now. Please try again in a few minutes.';
const PAYMENTS_REFUSED_MESSAGE =
  'The payment service could not process this request. Please contact support.';
const CHECKOUT_SESSION_NOT_FOUND = 'Checkout session not found';

/**
 * Runs Stripe calls and turns their failures into answers a person can read: a declined card is a 402 with
 * Stripe's message; a Stripe that is down, slow or rate-limiting us is a 503; a missing price is the spec's
 * "not configured"; a refused request a 502. The log gets the reason, never the key.
 */
async function withStripe<T>(context: BillingContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      throw new AppError('PAYMENT_DECLINED', error.message);
    }
    if (error instanceof PaymentsUnavailableError) {
      context.log.warn({ reason: error.message }, 'Stripe unavailable');
      throw new AppError('SERVICE_UNAVAILABLE', PAYMENTS_BUSY_MESSAGE);
    }
    if (error instanceof PriceNotSetUpError) {
      context.log.error({ reason: error.message }, 'Stripe prices missing: run npm run stripe:setup');
      throw new AppError('SERVICE_UNAVAILABLE', BILLING_MESSAGES.notConfigured);
    }
    if (error instanceof PaymentsRequestError || error instanceof CustomerMissingError) {
      context.log.error({ reason: error.message }, 'Stripe refused a request');
      throw new AppError('PAYMENT_SERVICE_ERROR', PAYMENTS_REFUSED_MESSAGE);
    }
    throw error;
  }
}

async function billingUserOf(context: BillingContext, userId: string): Promise<BillingUser> {
  const found = await findBillingUser(context.db, userId);
  if (!found) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return found;
}

/**
 * Runs `work` with the user's Stripe customer, created the first time (and stored); name and email refreshed
 * when given. A stored customer Stripe no longer knows (deleted, or from another account or mode) is
 * forgotten and replaced by a new one, once.
 */
async function withCustomer<T>(
  context: BillingContext,
  payments: PaymentsProvider,
  user: BillingUser,
  contact: { email: string; name: string } | undefined,
  work: (customerId: string) => Promise<T>,
): Promise<T> {
  let stored = user.stripeCustomerId;
  let replacing: string | undefined;
  for (;;) {
    try {
      if (stored) {
        if (contact) await payments.updateCustomer(stored, contact);
        return await work(stored);
      }
      const created = await payments.createCustomer({
        userId: user.id,
        email: contact?.email ?? user.email,
        name: contact?.name ?? `${user.firstName} ${user.lastName}`.trim(),
        replacing,
      });
      return await work(await saveStripeCustomerId(context.db, user.id, created));
    } catch (error) {
      if (!(error instanceof CustomerMissingError) || !stored || replacing) throw error;
      context.log.warn({ userId: user.id }, 'Stored Stripe customer unknown to Stripe: creating a new one');
      await forgetStripeCustomerId(context.db, user.id, stored);
      replacing = stored;
      stored = null;
    }
  }
}

function storedFromSnapshot(snapshot: SubscriptionSnapshot, pastDueSince: Date | null): StoredSubscription {
  const parsed = parsePriceLookupKey(snapshot.priceLookupKey);
  return {
    status: snapshot.status,
    // A subscription to a price that is not ours still counts as paying; its plan is not granted (see applySubscription).
    plan: parsed?.plan ?? 'premium',
    interval: parsed?.interval ?? 'monthly',
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    trialEnd: snapshot.trialEnd,
    pastDueSince,
    createdAt: snapshot.createdAt,
  };
}

/**
 * Stripe's list of the customer's subscriptions (fresher than our webhook-fed table) and ours: refuses a second
 * subscription to a paying customer; tells whether the customer ever had one (the trial is once per customer).
 */
async function checkNotSubscribed(
  context: BillingContext,
  payments: PaymentsProvider,
  user: BillingUser,
  customerId: string,
): Promise<{ hadSubscription: boolean }> {
  const [fromStripe, stored] = await Promise.all([
    payments.listSubscriptions(customerId),
    listSubscriptionsOfUser(context.db, user.id),
  ]);
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const subscriptions = [
    ...fromStripe.map((snapshot) =>
      storedFromSnapshot(
        snapshot,
        storedById.get(snapshot.id)?.pastDueSince ??
          (snapshot.status === 'past_due' ? snapshot.currentPeriodStart : null),
      ),
    ),
    ...stored.filter((row) => !fromStripe.some((s) => s.id === row.id)).map(toStoredSubscription),
  ];
  if (hasPayingSubscription(subscriptions, context.now())) {
    throw new AppError('CONFLICT', BILLING_MESSAGES.alreadySubscribed);
  }
  return { hadSubscription: subscriptions.length > 0 };
}

/**
 * Refuses (409) a purchase to an account that has its plan without paying for it: a complimentary grant, or a
 * demo plan that already includes `requested` (spec 000 §6, issue 25 item 14). Checked before any Stripe call,
 * so nothing is created at Stripe for it.
 */
function checkPlanIsNotUnpaid(user: BillingUser, requested: PaidPlan) {
  const account = user.complimentaryPlan
    ? { plan: user.complimentaryPlan, status: COMPLIMENTARY_STATUS }
    : { plan: user.plan, status: user.subscriptionStatus };
  const reason = unpaidPlanBlockingPurchase(account, requested);
  if (reason) throw new AppError('CONFLICT', unpaidPlanMessage(reason, PLANS[account.plan].name));
}

/** A `userId` the browser sends must be the session user's (spec 000 §7's calls carry one); another is a 404. */
function checkOwnUserId(user: User, userId: string | undefined) {
  if (userId !== undefined && userId !== user.id) throw new AppError('NOT_FOUND', 'User not found');
}

/** POST /api/create-checkout-session: Stripe Checkout in subscription mode, 7-day trial once per customer. */
export async function createCheckoutSession(options: {
  context: BillingContext;
  user: User;
  plan: PaidPlan;
  interval: BillingInterval;
  userId: string | undefined;
}): Promise<{ url: string }> {
  const { context } = options;
  checkOwnUserId(options.user, options.userId);
  const user = await billingUserOf(context, options.user.id);
  checkPlanIsNotUnpaid(user, options.plan);
  const payments = paymentsOf(context);
  return withStripe(context, async () => {
    const price = await payments.priceFor(options.plan, options.interval);
    const base = context.publicUrl;
    return withCustomer(context, payments, user, undefined, async (customerId) => {
      const { hadSubscription } = await checkNotSubscribed(context, payments, user, customerId);
      const hadTrial = hadSubscription || (await hasTrialEmail(context.db, context.emailDigest(user.email)));
      return payments.createCheckoutSession({
        userId: user.id,
        customerId,
        plan: options.plan,
        interval: options.interval,
        price,
        trialDays: hadTrial ? null : TRIAL_DAYS,
        successUrl: `${base}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/pricing`,
      });
    });
  });
}

/** POST /api/create-subscription: an incomplete subscription whose first invoice the Payment Element pays. */
export async function createSubscription(options: {
  context: BillingContext;
  user: User;
  plan: PaidPlan;
  interval: BillingInterval;
  customerEmail: string;
  customerName: string;
}): Promise<CreateSubscriptionResponse> {
  const { context } = options;
  const user = await billingUserOf(context, options.user.id);
  checkPlanIsNotUnpaid(user, options.plan);
  const payments = paymentsOf(context);
  return withStripe(context, async () => {
    const price = await payments.priceFor(options.plan, options.interval);
    const contact = { email: options.customerEmail, name: options.customerName };
    return withCustomer(context, payments, user, contact, async (customerId) => {
      await checkNotSubscribed(context, payments, user, customerId);
      return payments.createSubscription({ userId: user.id, customerId, price });
    });
  });
}

/** POST /api/create-payment-intent: one month of Premium at its monthly price, no renewal. */
export async function createOneMonthPaymentIntent(options: {
  context: BillingContext;
  user: User;
}): Promise<PaymentIntentResponse> {
  const { context } = options;
  const user = await billingUserOf(context, options.user.id);
  checkPlanIsNotUnpaid(user, 'premium');
  const payments = paymentsOf(context);
  const amountCents = PLANS.premium.price?.monthlyCents ?? 0;
  return withStripe(context, async () => {
    const { clientSecret } = await withCustomer(context, payments, user, undefined, (customerId) =>
      payments.createPaymentIntent({
        userId: user.id,
        customerId,
        amountCents,
        currency: ONE_MONTH_CURRENCY,
        purpose: ONE_MONTH_PURPOSE,
      }),
    );
    return { clientSecret, amountCents };
  });
}

/**
 * Whether the user bought something the billing portal shows, by what we stored: a subscription that started
 * (trialing or paid; an incomplete one bought nothing) or a one-month purchase. A Stripe customer alone (made
 * when /checkout or /subscribe was opened) is not enough (issue 25 item 13).
 */
async function hasStoredPayments(db: Database, userId: string): Promise<boolean> {
  const subscriptions = await listSubscriptionsOfUser(db, userId);
  if (subscriptions.some((row) => isStartedSubscriptionStatus(row.status))) return true;
  return hasAnyPurchase(db, userId);
}

/**
 * POST /api/create-portal-session: the hosted portal of the session user's own customer (a body's customerId is
 * ignored), for a customer who bought something: a started subscription or a one-month purchase, as stored,
 * else as Stripe lists the customer's subscriptions now (a Checkout whose webhook has not arrived yet).
 * Otherwise 409 with the spec's 'Please complete a subscription to access billing management.'.
 */
export async function createPortalSession(options: {
  context: BillingContext;
  user: User;
}): Promise<{ url: string }> {
  const { context } = options;
  const payments = paymentsOf(context);
  const user = await billingUserOf(context, options.user.id);
  if (!user.stripeCustomerId) throw new AppError('CONFLICT', BILLING_MESSAGES.noBillingAccount);
  const customerId = user.stripeCustomerId;
  const base = context.publicUrl;
  const hasStored = await hasStoredPayments(context.db, user.id);
  return withStripe(context, async () => {
    try {
      if (!hasStored) {
        const listed = await payments.listSubscriptions(customerId);
        if (!listed.some((snapshot) => isStartedSubscriptionStatus(snapshot.status))) {
          throw new AppError('CONFLICT', BILLING_MESSAGES.noBillingAccount);
        }
      }
      return await payments.createPortalSession({ customerId, returnUrl: `${base}/account` });
    } catch (error) {
      if (!(error instanceof CustomerMissingError)) throw error;
      // Nothing to manage in this Stripe account: the next payment creates a customer here.
      await forgetStripeCustomerId(context.db, user.id, customerId);
      throw new AppError('CONFLICT', BILLING_MESSAGES.noBillingAccount);
    }
  });
}

/** GET /api/checkout-sessions/:sessionId: Stripe's word on a session of this user's; any other id is a 404. */
export async function getCheckoutSessionStatus(options: {
  context: BillingContext;
  user: User;
  sessionId: string;
}): Promise<CheckoutSessionStatus> {
  const { context } = options;
  const payments = paymentsOf(context);
  const user = await billingUserOf(context, options.user.id);
  const session = await withStripe(context, () => payments.retrieveCheckoutSession(options.sessionId));
  const isOwn =
    session !== null &&
    (session.userId === user.id ||
      (user.stripeCustomerId !== null && session.customerId === user.stripeCustomerId));
  if (!session || !isOwn) throw new AppError('NOT_FOUND', CHECKOUT_SESSION_NOT_FOUND);
  return {
    sessionId: session.id,
    status: session.status,
    paymentStatus: session.paymentStatus,
    plan: session.plan,
    interval: session.interval,
    trialEndsAt: session.trialEnd?.toISOString() ?? null,
  };
}

/** A subscription in these states never charges again; every other one is canceled before its account goes. */
const ENDED_SUBSCRIPTION_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

export const DELETE_PAYMENTS_UNAVAILABLE_MESSAGE =
  'Your account was not deleted: we could not reach our payment provider to cancel your subscription. ' +
  'Please try again in a few minutes.';
const DELETE_PAYMENTS_REFUSED_MESSAGE =
  'Your account was not deleted: our payment provider did not cancel your subscription. Please contact support.';
const DELETE_PAYMENTS_NOT_CONFIGURED_MESSAGE =
  'This account has a subscription and payments are not configured on this server, so it cannot be canceled ' +
  'now. The account was not deleted.';

/**
 * Stops the billing of an account about to be deleted ('Delete my account', the admin's delete): every
 * subscription of its Stripe customers (the stored one and any a stored subscription names) that could still
 * charge is canceled at Stripe now, with no refund of the current period's unused part and nothing more
 * invoiced. Throws, and so stops the deletion, when Stripe cannot be reached or refuses (503/502
 * PAYMENT_PROVIDER_...), or when a stored subscription is live and no Stripe key is configured. Answers the
 * ids of the subscriptions canceled.
 */
export async function cancelBillingBeforeDeletion(options: {
  context: BillingContext;
  userId: string;
}): Promise<string[]> {
  const { context, userId } = options;
  const [user, stored] = await Promise.all([
    findBillingUser(context.db, userId),
    listSubscriptionsOfUser(context.db, userId),
  ]);
  const customerIds = new Set(
    [user?.stripeCustomerId, ...stored.map((row) => row.customerId)].filter((id): id is string => !!id),
  );
  if (customerIds.size === 0) return [];
  const liveStored = stored.filter((row) => !ENDED_SUBSCRIPTION_STATUSES.includes(row.status));
  const { payments } = context;
  if (!payments) {
    // No key, so nothing can be read or canceled at Stripe: only what we know of can stop the deletion.
    if (liveStored.length === 0) return [];
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', DELETE_PAYMENTS_NOT_CONFIGURED_MESSAGE);
  }
  try {
    const toCancel = new Set(liveStored.map((row) => row.id));
    for (const customerId of customerIds) {
      let subscriptions: SubscriptionSnapshot[];
      try {
        subscriptions = await payments.listSubscriptions(customerId);
      } catch (error) {
        // A customer Stripe does not know has nothing left to charge.
        if (error instanceof CustomerMissingError) continue;
        throw error;
      }
      for (const snapshot of subscriptions) {
        if (!ENDED_SUBSCRIPTION_STATUSES.includes(snapshot.status)) toCancel.add(snapshot.id);
      }
    }
    for (const subscriptionId of toCancel) await payments.cancelSubscription(subscriptionId);
    if (toCancel.size > 0) {
      context.log.info(
        { userId, subscriptions: [...toCancel] },
        'Stripe subscriptions canceled: account deleted',
      );
    }
    return [...toCancel];
  } catch (error) {
    if (error instanceof PaymentsUnavailableError) {
      context.log.warn({ userId, reason: error.message }, 'Account not deleted: Stripe unavailable');
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', DELETE_PAYMENTS_UNAVAILABLE_MESSAGE);
    }
    if (error instanceof PaymentsRequestError || error instanceof CustomerMissingError) {
      context.log.error({ userId, reason: error.message }, 'Account not deleted: Stripe refused a cancel');
      throw new AppError('PAYMENT_PROVIDER_ERROR', DELETE_PAYMENTS_REFUSED_MESSAGE);
    }
    throw error;
  }
}

/** GET /api/billing: the plan the guards see, with the period, trial and cancel details of what grants it. */
export async function getBillingSummary(options: {
  context: BillingContext;
  user: User;
}): Promise<BillingSummary> {
  const { context } = options;
  const user = await billingUserOf(context, options.user.id);
  const now = context.now();
  // The portal opens for a customer who bought something (createPortalSession decides the same way).
  const hasBillingAccount = user.stripeCustomerId !== null && (await hasStoredPayments(context.db, user.id));
  if (user.subscriptionStatus === DEMO_STATUS) {
    return {
      plan: options.user.plan,
      status: DEMO_STATUS,
      interval: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      trialEndsAt: null,
      hasBillingAccount,
    };
  }
  const [subscriptions, purchases] = await Promise.all([
    listSubscriptionsOfUser(context.db, user.id),
    listLivePurchasesOfUser(context.db, user.id, now),
  ]);
  const derived = deriveEffectivePlan({
    subscriptions: subscriptions.map(toStoredSubscription),
    purchases,
    now,
    complimentaryPlan: user.complimentaryPlan,
  });
  // A grace or period that ended since the last job run shows, and is stored, at once.
  if (derived.plan !== user.plan || derived.status !== user.subscriptionStatus) {
    await context.db.transaction((tx) => rederivePlan(tx, user.id, now));
  }
  return {
    plan: derived.plan,
    status: derived.status,
    interval: derived.interval,
    currentPeriodEnd: derived.accessEndsAt?.toISOString() ?? null,
    cancelAtPeriodEnd: derived.cancelAtPeriodEnd,
    trialEndsAt: derived.trialEndsAt?.toISOString() ?? null,
    hasBillingAccount,
  };
}
