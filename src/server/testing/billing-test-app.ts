/**
 * The billing tests' app (src/server/features/billing/*.test.ts): a test app on the fake Stripe (keys, webhook
 * secret, prices), with its clock and Stripe's moving together, and the calls the tests make through it. A test
 * file calls `useBillingTestApp()` once at its top; `fake`, `t` and `now` are live bindings, set by its hooks.
 * After each test the fake must have been asked nothing it was not told to expect, and after the file nothing
 * the app answered or logged may contain the secret key.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { SessionResponse } from '../../contracts/accounts';
import { ZBillingSummary } from '../../contracts/billing';
import { waitForWebhookWork } from '../features/billing/service';
import { captureLogger } from './capture-logger';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signStripePayload,
  startFakeStripe,
  type FakeStripe,
} from './fake-stripe';
import { createTestApp, type TestApp } from './test-app';
import { injectAs, type TestUser } from './users';

export const DAY = 86_400;
/** Every line the app logged (pino's JSON); a test may empty it first. */
export const logLines: string[] = [];
const bodies: string[] = [];

export let fake: FakeStripe;
export let t: TestApp;
/** The app's clock for plan derivations; Stripe's clock (fake.clock) moves with it. */
export let now = new Date();

export function setNow(unixSeconds: number) {
  fake.clock = unixSeconds;
  now = new Date(unixSeconds * 1000);
}

/** Starts the fake Stripe and the app before the file's tests, and checks and stops them after. */
export function useBillingTestApp() {
  beforeAll(async () => {
    fake = await startFakeStripe();
    fake.seedPrices();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE_URL: fake.baseUrl,
        PUBLIC_URL: 'https://foliowise.example',
        ADMIN_EMAILS: 'billing.admin@example.com',
      },
      loggerInstance: captureLogger(logLines),
      // A Stripe that never answers is given up after 300 ms (the SDK's timeout), with no retry.
      overrides: { billing: { stripeTimeoutMs: 300, stripeMaxRetries: 0, now: () => now } },
    });
  });
  beforeEach(() => {
    fake.reset();
    setNow(Math.floor(Date.now() / 1000));
  });
  afterEach(() => {
    expect(fake.unhandled).toEqual([]);
  });
  afterAll(async () => {
    // Nothing the app answered or logged contains the secret key.
    for (const text of [...bodies, ...logLines]) expect(text).not.toContain(FAKE_STRIPE_SECRET_KEY);
    await t?.close();
    await fake?.close();
  });
}

export async function call(
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  const res = await injectAs(user, t.app, { method, url, ...(payload ? { payload } : {}) });
  bodies.push(res.body);
  return res;
}

/** Delivers an event as Stripe does, and waits until the app has applied it (it answers before). */
export async function deliver(event: object, signature?: string): Promise<LightMyRequestResponse> {
  const payload = JSON.stringify(event);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature ?? signStripePayload(payload, FAKE_STRIPE_WEBHOOK_SECRET),
    },
  });
  bodies.push(res.body);
  await waitForWebhookWork(t.services.billing);
  return res;
}

export async function deliverOk(type: string, object: Record<string, unknown>, created?: number) {
  const res = await deliver(fake.event(type, object as never, { created }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ received: boolean; duplicate: boolean }>();
}

export async function planOf(user: TestUser) {
  // The plan was written by a webhook or a job: the cached session learns it from the database's notice.
  await t.services.sessions.listener.caughtUp();
  const res = await call(user, 'GET', '/api/auth/me');
  const { user: me } = res.json<SessionResponse>();
  return { plan: me?.plan, status: me?.subscriptionStatus };
}

export async function billingOf(user: TestUser) {
  const res = await call(user, 'GET', '/api/billing');
  expect(res.statusCode, res.body).toBe(200);
  return ZBillingSummary.parse(res.json());
}

export function lastRequest(method: string, path: string) {
  const found = fake.requests.filter((r) => r.method === method && r.path === path).at(-1);
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
}

/** Checkout for a plan, completed in Stripe, with its webhooks: the user's subscription id. */
export async function subscribeByCheckout(user: TestUser, plan = 'premium', interval = 'monthly') {
  const res = await call(user, 'POST', '/api/create-checkout-session', { plan, interval });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = /\/(cs_test_\w+)$/.exec(res.json<{ url: string }>().url)?.[1] ?? '';
  const { session, subscription } = fake.completeCheckout(sessionId);
  await deliverOk('checkout.session.completed', session);
  await deliverOk('customer.subscription.created', subscription);
  return { sessionId, subscriptionId: subscription.id };
}
