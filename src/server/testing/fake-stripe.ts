/**
 * A local Stripe API server for tests, speaking Stripe's wire format as the `stripe` SDK sends and reads it:
 * form-encoded POST bodies in bracket notation (`items[0][price]=...`, `metadata[userId]=...`), JSON objects with
 * `object` and prefixed ids, list objects, `expand[]`, idempotency keys replayed, and errors as
 * `{ error: { type, code, message, decline_code? } }` with Stripe's statuses. A request it has no route for
 * answers 404 and is recorded in `unhandled` (tests assert it stays empty).
 *
 * It also plays Stripe's side of a payment (a checkout completed, an invoice paid or failed, a renewal) and
 * builds webhook events signed exactly as Stripe signs them. This file is the server (requests, failures,
 * idempotency, events); each kind of Stripe object has its file in fake-stripe/ (the wire format, the objects,
 * the catalog, customers and the portal, Checkout, subscriptions and invoices, payment intents).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCatalog } from './fake-stripe/catalog';
import { createCheckout } from './fake-stripe/checkout';
import { customerRoutes } from './fake-stripe/customers';
import { createObjects } from './fake-stripe/objects';
import { createPaymentIntents } from './fake-stripe/payment-intents';
import { createSubscriptions, type SubscriptionChange } from './fake-stripe/subscriptions';
import {
  decodeStripeForm,
  newId,
  StripeHttpError,
  type FormValue,
  type StripeErrorBody,
  type StripeObject,
} from './fake-stripe/wire';

export { decodeStripeForm } from './fake-stripe/wire';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fakeSecretKey0123456789abcdef';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fakeWebhookSecret0123456789';

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
  updateSubscription(subscriptionId: string, change: SubscriptionChange): StripeObject;
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

export async function startFakeStripe(options: { secretKey?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const idempotent = new Map<string, { status: number; body: string }>();
  const failures: { method: string; path: RegExp; failure: FakeStripeFailure }[] = [];
  const hanging = new Set<http.ServerResponse>();

  // The account's objects, kind by kind (fake-stripe/), on Stripe's clock.
  const db = createObjects(() => fake.clock);
  const catalog = createCatalog(db);
  const subscriptions = createSubscriptions(db, catalog.priceByLookupKey);
  const checkout = createCheckout(db, subscriptions.createSubscriptionObject);
  const paymentIntents = createPaymentIntents(db);
  const routes = [
    ...customerRoutes(db),
    ...catalog.routes,
    ...checkout.routes,
    ...subscriptions.routes,
    ...paymentIntents.routes,
  ];

  const fake: FakeStripe = {
    baseUrl: '',
    requests: [],
    unhandled: [],
    clock: Math.floor(Date.now() / 1000),
    failNext(method, path, failure) {
      failures.push({ method, path, failure });
    },
    seedPrices: () => catalog.seedPrices(),
    object: (id) => db.objects.get(id),
    completeCheckout: (sessionId) => checkout.completeCheckout(sessionId),
    payFirstInvoice: (subscriptionId) => subscriptions.payFirstInvoice(subscriptionId),
    updateSubscription: (subscriptionId, change) => subscriptions.updateSubscription(subscriptionId, change),
    invoiceOf: (subscriptionId, status) => subscriptions.invoiceOf(subscriptionId, status),
    succeedPaymentIntent: (id) => paymentIntents.succeedPaymentIntent(id),
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
      for (const [id, object] of db.objects) {
        if (object.object !== 'product' && object.object !== 'price') db.objects.delete(id);
      }
      checkout.forgetSessions();
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
        out = JSON.stringify(db.render(route.handle(match, body), body.expand));
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
