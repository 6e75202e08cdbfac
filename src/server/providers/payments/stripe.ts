import Stripe from 'stripe';
import { BILLING_INTERVALS, PAID_PLAN_IDS, type BillingInterval } from '../../../domain/plans';
import {
  parsePriceLookupKey,
  priceLookupKey,
  type StripeSubscriptionStatus,
} from '../../../domain/subscriptions';
import {
  CustomerMissingError,
  PaymentDeclinedError,
  PaymentsRequestError,
  PaymentsUnavailableError,
  PriceNotSetUpError,
  type CheckoutSessionSnapshot,
  type PaymentIntentSnapshot,
  type PaymentsProvider,
  type PriceRef,
  type SubscriptionSnapshot,
  type WebhookEvent,
} from './types';

export interface StripeProviderOptions {
  secretKey: string;
  /** Another Stripe API server (tests: the local fake), as `http://127.0.0.1:4242`. */
  apiBaseUrl?: string;
  /** Per request; a Stripe that does not answer in time is a 503 for the user. */
  timeoutMs?: number;
  /** Retries of a failed connection, 429 or 5xx (the SDK sends an idempotency key with every POST). */
  maxNetworkRetries?: number;
  /** How long the prices found by lookup key are kept. */
  priceCacheMs?: number;
}

/** Every lookup key of ours: the four prices of src/domain/plans.ts. */
export const PRICE_LOOKUP_KEYS: readonly string[] = PAID_PLAN_IDS.flatMap((plan) =>
  BILLING_INTERVALS.map((interval) => priceLookupKey(plan, interval)),
);

/** The Stripe client for a secret key, pointed at `apiBaseUrl` when given (tests, `stripe:setup` against the fake). */
export function createStripeClient(options: StripeProviderOptions): Stripe {
  const base = options.apiBaseUrl ? new URL(options.apiBaseUrl) : undefined;
  return new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/**
 * Turns a Stripe SDK error into ours: a declined card keeps Stripe's message (written for the card holder);
 * an unreachable, rate-limited or failing Stripe becomes "unavailable"; anything else is a refused request.
 * The messages never contain the key (Stripe masks it in its own texts, and these are not shown as they are).
 */
function translateError(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) return error as Error;
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentDeclinedError(error.message);
  if (isMissing(error) && error.param === 'customer') return new CustomerMissingError(error.message);
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    (error.statusCode !== undefined && error.statusCode >= 500)
  ) {
    return new PaymentsUnavailableError(`Stripe unavailable: ${error.type} ${error.statusCode ?? ''}`.trim());
  }
  return new PaymentsRequestError(`Stripe refused the request: ${error.code ?? error.type}`);
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw translateError(error);
  }
}

/** A retrieve that answers null for an id Stripe does not know. */
async function retrieveOrNull<T>(request: () => Promise<T>): Promise<T | null> {
  try {
    return await request();
  } catch (error) {
    if (isMissing(error)) return null;
    throw translateError(error);
  }
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function toSubscriptionSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  // Since API 2025-03-31 the period lives on the items; every subscription of ours has one item.
  const item = subscription.items.data[0];
  const customerId = idOf(subscription.customer);
  if (!item || !customerId) throw new PaymentsRequestError(`Subscription ${subscription.id} has no item`);
  return {
    id: subscription.id,
    customerId,
    userId: subscription.metadata?.userId ?? null,
    status: subscription.status as StripeSubscriptionStatus,
    priceLookupKey: item.price.lookup_key ?? null,
    currentPeriodStart: fromUnix(item.current_period_start),
    currentPeriodEnd: fromUnix(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    trialEnd: subscription.trial_end === null ? null : fromUnix(subscription.trial_end),
    createdAt: fromUnix(subscription.created),
  };
}

function toPaymentIntentSnapshot(intent: Stripe.PaymentIntent): PaymentIntentSnapshot {
  return {
    id: intent.id,
    status: intent.status,
    amountReceivedCents: intent.amount_received,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    createdAt: fromUnix(intent.created),
  };
}

/** A value of Stripe's open enums as one of the values we know, else `fallback`. */
function oneOf<T extends string>(value: string | null, known: readonly T[], fallback: T): T {
  return known.includes(value as T) ? (value as T) : fallback;
}

function toCheckoutSnapshot(session: Stripe.Checkout.Session): CheckoutSessionSnapshot {
  const parsed = parsePriceLookupKey(session.metadata?.priceLookupKey);
  const subscription = typeof session.subscription === 'object' ? session.subscription : null;
  return {
    id: session.id,
    status: oneOf(session.status, ['open', 'complete', 'expired'], 'open'),
    paymentStatus: oneOf(session.payment_status, ['paid', 'unpaid', 'no_payment_required'], 'unpaid'),
    customerId: idOf(session.customer),
    userId: session.metadata?.userId ?? session.client_reference_id ?? null,
    plan: parsed?.plan ?? null,
    interval: parsed?.interval ?? null,
    subscriptionId: idOf(session.subscription),
    trialEnd: subscription?.trial_end ? fromUnix(subscription.trial_end) : null,
  };
}

/** Stripe through its SDK (the `stripe` package); see PaymentsProvider. */
export function createStripePaymentsProvider(options: StripeProviderOptions): PaymentsProvider {
  const stripe = createStripeClient(options);
  const cacheMs = options.priceCacheMs ?? 10 * 60_000;
  let prices: { byKey: Map<string, PriceRef>; loadedAt: number } | undefined;
  let loading: Promise<Map<string, PriceRef>> | undefined;

  async function loadPrices(): Promise<Map<string, PriceRef>> {
    const list = await call(() =>
      stripe.prices.list({ lookup_keys: [...PRICE_LOOKUP_KEYS], active: true, limit: 100 }),
    );
    const byKey = new Map<string, PriceRef>();
    for (const price of list.data) {
      if (!price.lookup_key || price.unit_amount === null) continue;
      byKey.set(price.lookup_key, {
        id: price.id,
        lookupKey: price.lookup_key,
        unitAmountCents: price.unit_amount,
        currency: price.currency,
      });
    }
    prices = { byKey, loadedAt: Date.now() };
    return byKey;
  }

  async function pricesByKey(): Promise<Map<string, PriceRef>> {
    if (prices && Date.now() - prices.loadedAt < cacheMs) return prices.byKey;
    // Concurrent first requests share one list call.
    loading ??= loadPrices().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  return {
    async priceFor(plan, interval: BillingInterval) {
      const key = priceLookupKey(plan, interval);
      const price = (await pricesByKey()).get(key);
      if (!price) throw new PriceNotSetUpError(`No active Stripe price with lookup key ${key}`);
      return price;
    },

    async createCustomer({ userId, email, name, replacing }) {
      const customer = await call(() =>
        stripe.customers.create(
          { email, ...(name ? { name } : {}), metadata: { userId } },
          // Two first payments of one user at once create one customer.
          { idempotencyKey: `foliowise-customer-${userId}${replacing ? `-replacing-${replacing}` : ''}` },
        ),
      );
      return customer.id;
    },

    async updateCustomer(customerId, { email, name }) {
      const updated = await retrieveOrNull(() => stripe.customers.update(customerId, { email, name }));
      if (!updated) throw new CustomerMissingError(`No such customer: '${customerId}'`);
    },

    async listSubscriptions(customerId) {
      const list = await call(() =>
        stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
      );
      return list.data.map(toSubscriptionSnapshot);
    },

    async retrieveSubscription(subscriptionId) {
      const subscription = await retrieveOrNull(() => stripe.subscriptions.retrieve(subscriptionId));
      return subscription ? toSubscriptionSnapshot(subscription) : null;
    },

    async cancelSubscription(subscriptionId) {
      // Stripe's defaults, written out: the unused part of the period is not credited or refunded
      // (prorate: false) and nothing is invoiced now (invoice_now: false).
      await retrieveOrNull(() =>
        stripe.subscriptions.cancel(subscriptionId, {
          prorate: false,
          invoice_now: false,
          cancellation_details: { comment: 'Foliowise account deleted' },
        }),
      );
    },

    async retrievePaymentIntent(paymentIntentId) {
      const intent = await retrieveOrNull(() => stripe.paymentIntents.retrieve(paymentIntentId));
      return intent ? toPaymentIntentSnapshot(intent) : null;
    },

    async createCheckoutSession(input) {
      const metadata = { userId: input.userId, priceLookupKey: input.price.lookupKey };
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: input.price.id, quantity: 1 }],
          allow_promotion_codes: true,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata,
          subscription_data: {
            metadata,
            ...(input.trialDays ? { trial_period_days: input.trialDays } : {}),
          },
        }),
      );
      if (!session.url) throw new PaymentsRequestError('Stripe returned a checkout session without a URL');
      return { url: session.url };
    },

    async retrieveCheckoutSession(sessionId) {
      const session = await retrieveOrNull(() =>
        stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }),
      );
      return session ? toCheckoutSnapshot(session) : null;
    },

    async createSubscription({ userId, customerId, price }) {
      const subscription = await call(() =>
        stripe.subscriptions.create({
          customer: customerId,
          items: [{ price: price.id }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { userId, priceLookupKey: price.lookupKey },
          expand: ['latest_invoice.confirmation_secret'],
        }),
      );
      const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      if (!clientSecret)
        throw new PaymentsRequestError('Stripe returned a subscription without a client secret');
      return { subscriptionId: subscription.id, clientSecret };
    },

    async createPaymentIntent({ userId, customerId, amountCents, currency, purpose }) {
      const intent = await call(() =>
        stripe.paymentIntents.create({
          amount: amountCents,
          currency,
          customer: customerId,
          automatic_payment_methods: { enabled: true },
          metadata: { userId, purpose },
        }),
      );
      if (!intent.client_secret) throw new PaymentsRequestError('Stripe returned no client secret');
      return { clientSecret: intent.client_secret };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
    },
  };
}

/** Thrown for a webhook whose Stripe-Signature does not match its body (or is missing, or too old). */
export class WebhookSignatureError extends Error {}

/**
 * Checks a webhook's Stripe-Signature against the raw body, as Stripe signs it (HMAC-SHA256 of
 * `timestamp.body` with the endpoint secret, within 5 minutes), and parses the event. No API key is needed.
 */
export function verifyWebhookEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): WebhookEvent {
  if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
  }
  return {
    id: event.id,
    type: event.type,
    createdAt: fromUnix(event.created),
    object: event.data.object as unknown as Record<string, unknown>,
  };
}
