/**
 * A local Stripe API server for tests, speaking Stripe's wire format as the `stripe` SDK sends and reads it:
 * form-encoded POST bodies in bracket notation (`items[0][price]=...`, `metadata[userId]=...`), JSON objects with
 * `object` and prefixed ids, list objects, `expand[]`, idempotency keys replayed, and errors as
 * `{ error: { type, code, message, decline_code? } }` with Stripe's statuses. A request it has no route for
 * answers 404 and is recorded in `unhandled` (tests assert it stays empty).
 *
 * It also plays Stripe's side of a payment (a checkout completed, an invoice paid or failed, a renewal) and
 * builds webhook events signed exactly as Stripe signs them.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PLANS } from '../../domain/plans';
import { addOneMonth, parsePriceLookupKey } from '../../domain/subscriptions';
import { PRICE_LOOKUP_KEYS } from '../providers/payments/stripe';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fakeSecretKey0123456789abcdef';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fakeWebhookSecret0123456789';

type StripeObject = Record<string, unknown> & { id: string; object: string };
type FormValue = string | FormValue[] | { [key: string]: FormValue };

export interface StripeErrorBody {
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'rate_limit_error' | 'authentication_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
}

/** What the next matching request gets instead of its answer: an error of Stripe's, or no answer at all. */
export type FakeStripeFailure = { status: number; error: StripeErrorBody } | 'hang';

export const STRIPE_FAILURES = {
  cardDeclined: {
    status: 402,
    error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
  rateLimited: {
    status: 429,
    error: {
      type: 'rate_limit_error',
      code: 'rate_limit',
      message: 'Too many requests made to the API too quickly',
    },
  },
  serverError: {
    status: 500,
    error: { type: 'api_error', message: 'Something went wrong on our end.' },
  },
} as const satisfies Record<string, FakeStripeFailure>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, FormValue>;
  idempotencyKey: string | undefined;
}

/** Stripe's ids: a prefix and random letters and digits. */
function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

/** Decodes `a[b][0][c]=v` form bodies and query strings into nested objects and arrays, as Stripe does. */
export function decodeStripeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.replace(/\]/g, '').split('[');
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((segment, index) => {
      const isLast = index === path.length - 1;
      const key = segment === '' && Array.isArray(node) ? node.length : segment;
      const container = node as Record<string | number, FormValue>;
      if (isLast) {
        container[key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[index + 1] ?? '');
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, FormValue> | FormValue[];
    });
  }
  return root;
}

function listOf(url: string, data: unknown[]) {
  return { object: 'list', data, has_more: false, url };
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

function missing(kind: string, id: string): StripeHttpError {
  return new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });
}

function text(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function record(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
}

export interface FakeStripe {
  baseUrl: string;
  /** Every request, in order. */
  requests: RecordedRequest[];
  /** `METHOD path` of every request no route answered. */
  unhandled: string[];
  /** Stripe's clock, in Unix seconds: objects are created at it (tests move it). */
  clock: number;
  /** The next request matching method and path (a regular expression on the path) fails so. */
  failNext(method: string, path: RegExp, failure: FakeStripeFailure): void;
  /** Creates the products and the four prices as `npm run stripe:setup` does. */
  seedPrices(): void;
  object(id: string): StripeObject | undefined;
  /** The customer completes a Checkout session: its subscription starts (trialing when the session had a trial). */
  completeCheckout(sessionId: string): { session: StripeObject; subscription: StripeObject };
  /** The first invoice of an incomplete subscription is paid (Payment Element confirmed): it becomes active. */
  payFirstInvoice(subscriptionId: string): { subscription: StripeObject; invoice: StripeObject };
  /** Changes a subscription as Stripe would (renewal, trial end, failure, price change, cancel). */
  updateSubscription(
    subscriptionId: string,
    change: {
      status?: string;
      lookupKey?: string;
      cancelAtPeriodEnd?: boolean;
      /** Starts the next period at this Unix time (a renewal): the period end moves one interval on. */
      renewAt?: number;
    },
  ): StripeObject;
  /** An invoice of the subscription's current period, paid or failed. */
  invoiceOf(subscriptionId: string, status: 'paid' | 'open'): StripeObject;
  succeedPaymentIntent(paymentIntentId: string): StripeObject;
  /** A webhook event as Stripe sends it, with the object as it is now (or as given). */
  event(type: string, object: StripeObject, options?: { created?: number }): StripeObject;
  reset(): void;
  close(): Promise<void>;
}

/** The Stripe-Signature header of a payload, computed as Stripe does: `t=<unix>,v1=HMAC-SHA256(secret, t.payload)`. */
export function signStripePayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const PERIOD_BY_INTERVAL = { monthly: 'month', yearly: 'year' } as const;

export async function startFakeStripe(options: { secretKey?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const objects = new Map<string, StripeObject>();
  /** What Checkout keeps of `subscription_data` (Stripe does not return it on the session). */
  const sessionSubscriptionData = new Map<string, { metadata: Record<string, string>; trialDays: number }>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const failures: { method: string; path: RegExp; failure: FakeStripeFailure }[] = [];
  const hanging = new Set<http.ServerResponse>();

  const fake: FakeStripe = {
    baseUrl: '',
    requests: [],
    unhandled: [],
    clock: Math.floor(Date.now() / 1000),
    failNext(method, path, failure) {
      failures.push({ method, path, failure });
    },
    seedPrices,
    object: (id) => objects.get(id),
    completeCheckout,
    payFirstInvoice,
    updateSubscription,
    invoiceOf,
    succeedPaymentIntent(id) {
      const intent = get('payment_intent', id);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      return intent;
    },
    event(type, object, eventOptions = {}) {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: eventOptions.created ?? fake.clock,
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    /** Forgets everything but the catalog (products and prices), as a fresh test of the same account. */
    reset() {
      for (const [id, object] of objects) {
        if (object.object !== 'product' && object.object !== 'price') objects.delete(id);
      }
      sessionSubscriptionData.clear();
      idempotent.clear();
      failures.length = 0;
      fake.requests.length = 0;
      fake.unhandled.length = 0;
      fake.clock = Math.floor(Date.now() / 1000);
    },
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function store<T extends StripeObject>(value: T): T {
    objects.set(value.id, value);
    return value;
  }

  function get(kind: string, id: string): StripeObject {
    const found = objects.get(id);
    if (!found || found.object !== kind) throw missing(kind.replace(/_/g, ' ').replace('.', ' '), id);
    return found;
  }

  function createProduct(id: string, name: string): StripeObject {
    return store({
      id,
      object: 'product',
      active: true,
      name,
      metadata: {},
      created: fake.clock,
      livemode: false,
    });
  }

  function createPrice(fields: {
    product: string;
    unitAmount: number;
    currency: string;
    interval: string;
    lookupKey: string | undefined;
    nickname?: string;
  }): StripeObject {
    return store({
      id: newId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: fake.clock,
      currency: fields.currency,
      livemode: false,
      lookup_key: fields.lookupKey ?? null,
      metadata: {},
      nickname: fields.nickname ?? null,
      product: fields.product,
      recurring: { interval: fields.interval, interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      unit_amount: fields.unitAmount,
    });
  }

  function seedPrices() {
    for (const key of PRICE_LOOKUP_KEYS) {
      const parsed = parsePriceLookupKey(key);
      const price = parsed ? PLANS[parsed.plan].price : null;
      if (!parsed || !price) continue;
      const productId = `foliowise_${parsed.plan}`;
      if (!objects.has(productId)) createProduct(productId, `Foliowise ${PLANS[parsed.plan].name}`);
      createPrice({
        product: productId,
        unitAmount: parsed.interval === 'monthly' ? price.monthlyCents : price.yearlyCents,
        currency: 'usd',
        interval: PERIOD_BY_INTERVAL[parsed.interval],
        lookupKey: key,
      });
    }
  }

  function priceByLookupKey(key: string): StripeObject {
    const price = [...objects.values()].find((o) => o.object === 'price' && o.lookup_key === key && o.active);
    if (!price) throw new Error(`fake Stripe: no price ${key}`);
    return price;
  }

  function periodEnd(start: number, price: StripeObject): number {
    const interval = (price.recurring as { interval: string }).interval;
    const startDate = new Date(start * 1000);
    if (interval === 'year') {
      const end = new Date(startDate);
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      return Math.floor(end.getTime() / 1000);
    }
    return Math.floor(addOneMonth(startDate).getTime() / 1000);
  }

  function createSubscriptionObject(fields: {
    customer: string;
    price: StripeObject;
    metadata: Record<string, string>;
    status: string;
    trialDays: number;
  }): StripeObject {
    const id = newId('sub');
    const start = fake.clock;
    const trialEnd = fields.trialDays > 0 ? start + fields.trialDays * 86400 : null;
    const subscription = store({
      id,
      object: 'subscription',
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      currency: fields.price.currency,
      customer: fields.customer,
      ended_at: null,
      items: listOf(`/v1/subscription_items?subscription=${id}`, [
        {
          id: newId('si'),
          object: 'subscription_item',
          created: start,
          current_period_start: start,
          current_period_end: trialEnd ?? periodEnd(start, fields.price),
          metadata: {},
          price: fields.price,
          quantity: 1,
          subscription: id,
        },
      ]),
      latest_invoice: null as string | null,
      livemode: false,
      metadata: fields.metadata,
      start_date: start,
      status: fields.status,
      trial_end: trialEnd,
      trial_start: trialEnd ? start : null,
    });
    subscription.latest_invoice = invoiceOf(id, trialEnd ? 'paid' : 'open').id;
    return subscription;
  }

  function itemOf(subscription: StripeObject) {
    return (subscription.items as { data: Record<string, unknown>[] }).data[0] as Record<string, unknown> & {
      price: StripeObject;
      current_period_start: number;
      current_period_end: number;
    };
  }

  function invoiceOf(subscriptionId: string, status: 'paid' | 'open'): StripeObject {
    const subscription = get('subscription', subscriptionId);
    const item = itemOf(subscription);
    const amount = subscription.status === 'trialing' ? 0 : (item.price.unit_amount as number);
    const intent = store({
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: status === 'paid' ? amount : 0,
      client_secret: '',
      created: fake.clock,
      currency: subscription.currency,
      customer: subscription.customer,
      livemode: false,
      metadata: {},
      status: status === 'paid' ? 'succeeded' : 'requires_payment_method',
    });
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    return store({
      id: newId('in'),
      object: 'invoice',
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      billing_reason: 'subscription_cycle',
      created: fake.clock,
      currency: subscription.currency,
      customer: subscription.customer,
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: subscription.metadata, subscription: subscriptionId },
      },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      status,
      // Only when expanded (an includable field); see expandInto.
      payment_intent_for_fake: intent.id,
    });
  }

  function completeCheckout(sessionId: string) {
    const session = get('checkout.session', sessionId);
    const data = sessionSubscriptionData.get(sessionId) ?? { metadata: {}, trialDays: 0 };
    const lineItem = (session.line_items_for_fake as { price: string }[])[0];
    const subscription = createSubscriptionObject({
      customer: session.customer as string,
      price: get('price', lineItem?.price ?? ''),
      metadata: data.metadata,
      status: data.trialDays > 0 ? 'trialing' : 'active',
      trialDays: data.trialDays,
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: data.trialDays > 0 ? 'no_payment_required' : 'paid',
      subscription: subscription.id,
    });
    return { session, subscription };
  }

  function payFirstInvoice(subscriptionId: string) {
    const subscription = get('subscription', subscriptionId);
    const invoice = get('invoice', subscription.latest_invoice as string);
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
    subscription.status = 'active';
    return { subscription, invoice };
  }

  function updateSubscription(
    subscriptionId: string,
    change: { status?: string; lookupKey?: string; cancelAtPeriodEnd?: boolean; renewAt?: number },
  ): StripeObject {
    const subscription = get('subscription', subscriptionId);
    const item = itemOf(subscription);
    if (change.lookupKey) item.price = priceByLookupKey(change.lookupKey);
    if (change.renewAt !== undefined) {
      item.current_period_start = change.renewAt;
      item.current_period_end = periodEnd(change.renewAt, item.price);
    }
    if (change.cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      subscription.cancel_at = change.cancelAtPeriodEnd ? item.current_period_end : null;
    }
    if (change.status) {
      subscription.status = change.status;
      if (change.status === 'canceled') {
        subscription.canceled_at = fake.clock;
        subscription.ended_at = fake.clock;
      }
    }
    return subscription;
  }

  /** Replaces ids by their objects along a dotted `expand[]` path (`latest_invoice.confirmation_secret`). */
  function expandInto(value: Record<string, unknown>, path: string[]): Record<string, unknown> {
    const [field, ...rest] = path;
    if (!field) return value;
    if (field === 'data' && Array.isArray(value.data)) {
      return { ...value, data: value.data.map((item: Record<string, unknown>) => expandInto(item, rest)) };
    }
    if (field === 'confirmation_secret' && value.object === 'invoice') {
      const intent = objects.get(value.payment_intent_for_fake as string);
      return {
        ...value,
        confirmation_secret: { client_secret: intent?.client_secret, type: 'payment_intent' },
      };
    }
    const current = value[field];
    const expanded = typeof current === 'string' ? objects.get(current) : current;
    if (!expanded || typeof expanded !== 'object') return value;
    return { ...value, [field]: expandInto({ ...(expanded as Record<string, unknown>) }, rest) };
  }

  /** An object as it goes out: expanded where asked, without the fake's own bookkeeping fields. */
  function render(value: unknown, expand: FormValue | undefined): unknown {
    let out = value as Record<string, unknown>;
    const paths = Array.isArray(expand) ? expand : expand ? [expand] : [];
    for (const path of paths) if (typeof path === 'string') out = expandInto(out, path.split('.'));
    return JSON.parse(
      JSON.stringify(out, (key, v: unknown) => (key.endsWith('_for_fake') ? undefined : v)),
    ) as unknown;
  }

  function customerOf(id: string | undefined): string {
    if (!id) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'Missing required param: customer.',
        param: 'customer',
      });
    }
    const customer = objects.get(id);
    if (!customer || customer.object !== 'customer') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such customer: '${id}'`,
        param: 'customer',
      });
    }
    return id;
  }

  type Handler = (match: RegExpExecArray, body: Record<string, FormValue>) => unknown;
  const routes: { method: string; path: RegExp; handle: Handler }[] = [
    {
      method: 'POST',
      path: /^\/v1\/customers$/,
      handle: (_m, body) =>
        store({
          id: newId('cus'),
          object: 'customer',
          created: fake.clock,
          email: text(body.email) ?? null,
          livemode: false,
          metadata: record(body.metadata),
          name: text(body.name) ?? null,
        }),
    },
    {
      method: 'POST',
      path: /^\/v1\/customers\/([^/]+)$/,
      handle: (m, body) => {
        const customer = get('customer', m[1] ?? '');
        if (text(body.email)) customer.email = text(body.email);
        if (text(body.name)) customer.name = text(body.name);
        return customer;
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/products\/([^/]+)$/,
      handle: (m) => get('product', m[1] ?? ''),
    },
    {
      method: 'POST',
      path: /^\/v1\/products$/,
      handle: (_m, body) => {
        const id = text(body.id) ?? newId('prod');
        if (objects.has(id)) {
          throw new StripeHttpError(400, {
            type: 'invalid_request_error',
            code: 'resource_already_exists',
            message: 'Product already exists.',
            param: 'id',
          });
        }
        return createProduct(id, text(body.name) ?? '');
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/prices$/,
      handle: (_m, query) => {
        const keys = Array.isArray(query.lookup_keys) ? query.lookup_keys : [];
        const activeOnly = text(query.active) === 'true';
        const prices = [...objects.values()].filter(
          (o) =>
            o.object === 'price' &&
            (keys.length === 0 || keys.includes(o.lookup_key as string)) &&
            (!activeOnly || o.active),
        );
        return listOf('/v1/prices', prices);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/prices$/,
      handle: (_m, body) => {
        const lookupKey = text(body.lookup_key);
        const holder = [...objects.values()].find((o) => o.object === 'price' && o.lookup_key === lookupKey);
        if (lookupKey && holder) {
          if (text(body.transfer_lookup_key) !== 'true') {
            throw new StripeHttpError(400, {
              type: 'invalid_request_error',
              message: `A price (\`${holder.id}\`) already uses that lookup key.`,
              param: 'lookup_key',
            });
          }
          holder.lookup_key = null;
        }
        const recurring = body.recurring as Record<string, FormValue> | undefined;
        return createPrice({
          product: get('product', text(body.product) ?? '').id,
          unitAmount: Number(text(body.unit_amount)),
          currency: text(body.currency) ?? 'usd',
          interval: text(recurring?.interval) ?? 'month',
          lookupKey,
          nickname: text(body.nickname),
        });
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/checkout\/sessions$/,
      handle: (_m, body) => {
        const lineItems = (Array.isArray(body.line_items) ? body.line_items : []) as Record<
          string,
          FormValue
        >[];
        for (const line of lineItems) get('price', text(line.price) ?? '');
        const subscriptionData = (body.subscription_data ?? {}) as Record<string, FormValue>;
        const id = newId('cs_test');
        sessionSubscriptionData.set(id, {
          metadata: record(subscriptionData.metadata),
          trialDays: Number(text(subscriptionData.trial_period_days) ?? 0),
        });
        return store({
          id,
          object: 'checkout.session',
          allow_promotion_codes: text(body.allow_promotion_codes) === 'true',
          cancel_url: text(body.cancel_url) ?? null,
          client_reference_id: text(body.client_reference_id) ?? null,
          created: fake.clock,
          customer: customerOf(text(body.customer)),
          livemode: false,
          metadata: record(body.metadata),
          mode: text(body.mode),
          payment_status: 'unpaid',
          status: 'open',
          subscription: null,
          success_url: text(body.success_url) ?? null,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          line_items_for_fake: lineItems.map((line) => ({ price: text(line.price) })),
        });
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handle: (m) => get('checkout.session', m[1] ?? ''),
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      handle: (_m, body) => {
        const items = (Array.isArray(body.items) ? body.items : []) as Record<string, FormValue>[];
        return createSubscriptionObject({
          customer: customerOf(text(body.customer)),
          price: get('price', text(items[0]?.price) ?? ''),
          metadata: record(body.metadata),
          status: text(body.payment_behavior) === 'default_incomplete' ? 'incomplete' : 'active',
          trialDays: 0,
        });
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (m) => get('subscription', m[1] ?? ''),
    },
    {
      // subscriptions.cancel: ends it now; a canceled one is missing to this call, as Stripe answers.
      method: 'DELETE',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (m) => {
        const subscription = get('subscription', m[1] ?? '');
        if (subscription.status === 'canceled') throw missing('subscription', subscription.id);
        return updateSubscription(subscription.id, { status: 'canceled' });
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions$/,
      handle: (_m, query) => {
        const status = text(query.status);
        const found = [...objects.values()]
          .filter(
            (o) =>
              o.object === 'subscription' &&
              o.customer === text(query.customer) &&
              (status === 'all' || (status ? o.status === status : o.status !== 'canceled')),
          )
          .sort((a, b) => (b.created as number) - (a.created as number));
        return listOf('/v1/subscriptions', found);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      handle: (_m, body) => {
        const intent = store({
          id: newId('pi'),
          object: 'payment_intent',
          amount: Number(text(body.amount)),
          amount_received: 0,
          automatic_payment_methods: { enabled: true },
          client_secret: '',
          created: fake.clock,
          currency: text(body.currency) ?? 'usd',
          customer: body.customer === undefined ? null : customerOf(text(body.customer)),
          livemode: false,
          metadata: record(body.metadata),
          status: 'requires_payment_method',
        });
        intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
        return intent;
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (m) => get('payment_intent', m[1] ?? ''),
    },
    {
      method: 'POST',
      path: /^\/v1\/billing_portal\/sessions$/,
      handle: (_m, body) => {
        const id = newId('bps');
        return store({
          id,
          object: 'billing_portal.session',
          created: fake.clock,
          customer: customerOf(text(body.customer)),
          livemode: false,
          return_url: text(body.return_url) ?? null,
          url: `https://billing.stripe.com/p/session/test_${id.slice(4)}`,
        });
      },
    },
  ];

  function send(response: http.ServerResponse, status: number, body: string, replayed = false) {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      'stripe-version': '2026-10-28.endive',
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(body);
  }

  function answer(request: http.IncomingMessage, response: http.ServerResponse, rawBody: string) {
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const method = request.method ?? 'GET';
    // GET and DELETE carry their parameters in the query string, POST in the body.
    const body = decodeStripeForm(method === 'POST' ? rawBody : url.search.slice(1));
    const idempotencyHeader = request.headers['idempotency-key'];
    const idempotencyKey = typeof idempotencyHeader === 'string' ? idempotencyHeader : undefined;
    fake.requests.push({ method, path: url.pathname, body, idempotencyKey });

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      const error: StripeErrorBody = { type: 'authentication_error', message: 'Invalid API Key provided.' };
      return send(response, 401, JSON.stringify({ error }));
    }
    const failureIndex = failures.findIndex((f) => f.method === method && f.path.test(url.pathname));
    if (failureIndex >= 0) {
      const [{ failure }] = failures.splice(failureIndex, 1) as [(typeof failures)[number]];
      if (failure === 'hang') {
        hanging.add(response);
        return;
      }
      return send(response, failure.status, JSON.stringify({ error: failure.error }));
    }
    const replayKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : undefined;
    const replay = replayKey ? idempotent.get(replayKey) : undefined;
    if (replay) return send(response, replay.status, replay.body, true);

    for (const route of routes) {
      const match = route.method === method ? route.path.exec(url.pathname) : null;
      if (!match) continue;
      let status = 200;
      let out: string;
      try {
        out = JSON.stringify(render(route.handle(match, body), body.expand));
      } catch (error) {
        if (!(error instanceof StripeHttpError)) throw error;
        status = error.status;
        out = JSON.stringify({ error: error.body });
      }
      if (replayKey) idempotent.set(replayKey, { status, body: out });
      return send(response, status, out);
    }
    fake.unhandled.push(`${method} ${url.pathname}`);
    const error: StripeErrorBody = {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${url.pathname}).`,
    };
    send(response, 404, JSON.stringify({ error }));
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
