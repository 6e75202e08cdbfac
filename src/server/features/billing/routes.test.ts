import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, ZBillingSummary, ZCheckoutSessionStatus } from '../../../contracts/billing';
import type { SessionResponse } from '../../../contracts/accounts';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signStripePayload,
  startFakeStripe,
  STRIPE_FAILURES,
  type FakeStripe,
} from '../../testing/fake-stripe';
import { captureLogger } from '../../testing/capture-logger';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, TEST_PASSWORD, type TestUser } from '../../testing/users';
import { appJobs } from '../../jobs/registry';
import { deleteOldStripeEvents, STRIPE_EVENT_RETENTION_MS } from './repository';
import {
  DELETE_PAYMENTS_UNAVAILABLE_MESSAGE,
  retryDelayMs,
  reviewDuePlans,
  waitForWebhookWork,
} from './service';

const DAY = 86_400;
const logLines: string[] = [];
const bodies: string[] = [];

let fake: FakeStripe;
let t: TestApp;
/** The app's clock for plan derivations; Stripe's clock (fake.clock) moves with it. */
let now = new Date();

function setNow(unixSeconds: number) {
  fake.clock = unixSeconds;
  now = new Date(unixSeconds * 1000);
}

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

async function call(
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
async function deliver(event: object, signature?: string): Promise<LightMyRequestResponse> {
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

async function deliverOk(type: string, object: Record<string, unknown>, created?: number) {
  const res = await deliver(fake.event(type, object as never, { created }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ received: boolean; duplicate: boolean }>();
}

async function planOf(user: TestUser) {
  // The plan was written by a webhook or a job: the cached session learns it from the database's notice.
  await t.services.sessions.listener.caughtUp();
  const res = await call(user, 'GET', '/api/auth/me');
  const { user: me } = res.json<SessionResponse>();
  return { plan: me?.plan, status: me?.subscriptionStatus };
}

async function billingOf(user: TestUser) {
  const res = await call(user, 'GET', '/api/billing');
  expect(res.statusCode, res.body).toBe(200);
  return ZBillingSummary.parse(res.json());
}

function lastRequest(method: string, path: string) {
  const found = fake.requests.filter((r) => r.method === method && r.path === path).at(-1);
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
}

/** Checkout for a plan, completed in Stripe, with its webhooks: the user's subscription id. */
async function subscribeByCheckout(user: TestUser, plan = 'premium', interval = 'monthly') {
  const res = await call(user, 'POST', '/api/create-checkout-session', { plan, interval });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = /\/(cs_test_\w+)$/.exec(res.json<{ url: string }>().url)?.[1] ?? '';
  const { session, subscription } = fake.completeCheckout(sessionId);
  await deliverOk('checkout.session.completed', session);
  await deliverOk('customer.subscription.created', subscription);
  return { sessionId, subscriptionId: subscription.id };
}

describe('Checkout (Premium, 7-day trial once per customer)', () => {
  it('starts Checkout for the user, and the webhooks make them Premium on trial', async () => {
    const user = await signUpUser(t.app);
    const res = await call(user, 'POST', '/api/create-checkout-session', {
      plan: 'premium',
      interval: 'monthly',
      userId: user.id,
      priceId: 'price_chosen_by_browser',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const request = lastRequest('POST', '/v1/checkout/sessions');
    const price = fake.requests.find((r) => r.path === '/v1/prices');
    expect(price?.body.lookup_keys).toContain('foliowise_premium_monthly');
    expect(request.body).toMatchObject({
      mode: 'subscription',
      allow_promotion_codes: 'true',
      success_url: 'https://foliowise.example/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://foliowise.example/pricing',
      client_reference_id: user.id,
      metadata: { userId: user.id, priceLookupKey: 'foliowise_premium_monthly' },
      subscription_data: { trial_period_days: '7', metadata: { userId: user.id } },
    });
    const lineItem = (request.body.line_items as { price: string }[])[0];
    expect(fake.object(lineItem?.price ?? '')?.lookup_key).toBe('foliowise_premium_monthly');
    const customer = fake.object(request.body.customer as string);
    expect(customer?.metadata).toEqual({ userId: user.id });
    expect(await planOf(user)).toEqual({ plan: 'free', status: 'none' });

    const sessionId = /\/(cs_test_\w+)$/.exec(res.json<{ url: string }>().url)?.[1] ?? '';
    const { session, subscription } = fake.completeCheckout(sessionId);
    await deliverOk('checkout.session.completed', session);
    expect(await planOf(user)).toEqual({ plan: 'premium', status: 'trialing' });

    const status = await call(user, 'GET', `/api/checkout-sessions/${sessionId}`);
    expect(status.statusCode, status.body).toBe(200);
    expect(ZCheckoutSessionStatus.parse(status.json())).toEqual({
      sessionId,
      status: 'complete',
      paymentStatus: 'no_payment_required',
      plan: 'premium',
      interval: 'monthly',
      trialEndsAt: new Date(((subscription.trial_end as number) ?? 0) * 1000).toISOString(),
    });
    expect(await billingOf(user)).toMatchObject({
      plan: 'premium',
      status: 'trialing',
      interval: 'monthly',
      hasBillingAccount: true,
      trialEndsAt: new Date((subscription.trial_end as number) * 1000).toISOString(),
    });

    // The trial ends and the first invoice is paid.
    setNow(subscription.trial_end as number);
    const active = fake.updateSubscription(subscription.id, {
      status: 'active',
      renewAt: subscription.trial_end as number,
    });
    await deliverOk('customer.subscription.updated', active);
    await deliverOk('invoice.paid', fake.invoiceOf(subscription.id, 'paid'));
    expect(await planOf(user)).toEqual({ plan: 'premium', status: 'active' });
  });

  it('refuses a second checkout to a subscriber, and gives no second trial to a customer who had one', async () => {
    const user = await signUpUser(t.app);
    const { subscriptionId } = await subscribeByCheckout(user);
    expectError(
      await call(user, 'POST', '/api/create-checkout-session', { plan: 'professional', interval: 'yearly' }),
      409,
      'CONFLICT',
      BILLING_MESSAGES.alreadySubscribed,
    );

    await deliverOk(
      'customer.subscription.deleted',
      fake.updateSubscription(subscriptionId, { status: 'canceled' }),
    );
    const again = await call(user, 'POST', '/api/create-checkout-session', {
      plan: 'premium',
      interval: 'monthly',
    });
    expect(again.statusCode, again.body).toBe(200);
    const request = lastRequest('POST', '/v1/checkout/sessions');
    expect(request.body.subscription_data).toEqual({
      metadata: { userId: user.id, priceLookupKey: 'foliowise_premium_monthly' },
    });
    // One customer per user: created once, reused.
    expect(fake.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
  });

  describe('the trial is once per email, also after the account is deleted (issue 24)', () => {
    /** Signs up `email`, starts Checkout and answers the trial days Stripe was asked for (undefined: none). */
    async function trialDaysOffered(user: TestUser) {
      const res = await call(user, 'POST', '/api/create-checkout-session', {
        plan: 'premium',
        interval: 'monthly',
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = lastRequest('POST', '/v1/checkout/sessions').body.subscription_data as Record<
        string,
        unknown
      >;
      return data.trial_period_days;
    }
    async function deleteOwnAccount(user: TestUser) {
      const res = await call(user, 'POST', '/api/account/delete', {
        password: TEST_PASSWORD,
        confirm: 'DELETE',
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    const uniqueEmail = () => `trial.${randomBytes(6).toString('hex')}@example.com`;

    it('gives no trial to a new account of an email whose deleted account had one', async () => {
      const email = uniqueEmail();
      const first = await signUpUser(t.app, { email });
      expect(await trialDaysOffered(first)).toBe('7');
      await subscribeByCheckout(first);
      // Only a keyed digest of the email is kept, in a table of its own.
      const { rows } = await t.deps.database.pool.query<{ email_digest: string }>(
        'select email_digest from trial_email',
      );
      expect(rows.map((r) => r.email_digest).join(' ')).not.toContain(email);
      await deleteOwnAccount(first);

      const again = await signUpUser(t.app, { email: email.toUpperCase() });
      expect(await trialDaysOffered(again)).toBeUndefined();
      // Another email still gets its trial.
      expect(await trialDaysOffered(await signUpUser(t.app, { email: uniqueEmail() }))).toBe('7');
    });

    it('remembers the trial at deletion when it was not remembered yet (a trial from before the table)', async () => {
      const email = uniqueEmail();
      const first = await signUpUser(t.app, { email });
      await subscribeByCheckout(first);
      await t.deps.database.pool.query('delete from trial_email');
      await deleteOwnAccount(first);

      expect(await trialDaysOffered(await signUpUser(t.app, { email }))).toBeUndefined();
    });
  });

  it('answers 404 for another user id in the body, and 401 for a visitor', async () => {
    const [user, other] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    expectError(
      await call(user, 'POST', '/api/create-checkout-session', { plan: 'premium', userId: other.id }),
      404,
      'NOT_FOUND',
    );
    for (const url of [
      '/api/create-checkout-session',
      '/api/create-subscription',
      '/api/create-payment-intent',
      '/api/create-portal-session',
    ]) {
      expectError(await call(undefined, 'POST', url, {}), 401, 'UNAUTHENTICATED');
    }
    expectError(await call(undefined, 'GET', '/api/billing'), 401, 'UNAUTHENTICATED');
  });

  it('shows nothing for a forged or foreign session id', async () => {
    const [user, other] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    expectError(await call(user, 'GET', '/api/checkout-sessions/cs_test_forged123'), 404, 'NOT_FOUND');
    const { sessionId } = await subscribeByCheckout(other);
    expectError(await call(user, 'GET', `/api/checkout-sessions/${sessionId}`), 404, 'NOT_FOUND');
    expectError(await call(user, 'GET', '/api/checkout-sessions/not-an-id'), 400, 'VALIDATION_ERROR');
    expect(await planOf(user)).toEqual({ plan: 'free', status: 'none' });
  });
});

describe('Subscription through the Payment Element', () => {
  it('creates an incomplete subscription and answers its client secret; paid, the user is Professional', async () => {
    const user = await signUpUser(t.app);
    const res = await call(user, 'POST', '/api/create-subscription', {
      plan: 'professional',
      interval: 'yearly',
      amount: 1,
      customerEmail: 'payer@example.com',
      customerName: 'Pat Payer',
      paymentMethod: 'credit-card',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { subscriptionId, clientSecret } = res.json<{ subscriptionId: string; clientSecret: string }>();
    const subscription = fake.object(subscriptionId);
    const invoice = fake.object(subscription?.latest_invoice as string);
    const intent = fake.object(invoice?.payment_intent_for_fake as string);
    expect(clientSecret).toBe(intent?.client_secret);
    expect(intent?.amount).toBe(95000);
    expect(lastRequest('POST', '/v1/subscriptions').body).toMatchObject({
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { userId: user.id },
    });
    expect(fake.object(subscription?.customer as string)).toMatchObject({
      email: 'payer@example.com',
      name: 'Pat Payer',
    });

    await deliverOk('customer.subscription.created', subscription ?? {});
    expect(await planOf(user)).toEqual({ plan: 'free', status: 'incomplete' });
    const paid = fake.payFirstInvoice(subscriptionId);
    await deliverOk('invoice.paid', paid.invoice);
    expect(await planOf(user)).toEqual({ plan: 'professional', status: 'active' });

    expectError(
      await call(user, 'POST', '/api/create-subscription', {
        plan: 'premium',
        interval: 'monthly',
        customerEmail: 'payer@example.com',
        customerName: 'Pat Payer',
      }),
      409,
      'CONFLICT',
      BILLING_MESSAGES.alreadySubscribed,
    );
  });

  it('refuses card details and a missing name with the spec message', async () => {
    const user = await signUpUser(t.app);
    expectError(
      await call(user, 'POST', '/api/create-subscription', {
        plan: 'premium',
        interval: 'monthly',
        customerEmail: 'a@example.com',
        customerName: 'A',
        paymentDetails: { cardNumber: '4242424242424242' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(user, 'POST', '/api/create-subscription', {
        plan: 'premium',
        interval: 'monthly',
        customerEmail: 'a@example.com',
        customerName: ' ',
      }),
      400,
      'VALIDATION_ERROR',
      BILLING_MESSAGES.missingNameOrEmail,
    );
    expect(fake.requests).toEqual([]);
  });
});

describe('One month of Premium (payment intent)', () => {
  it('charges the monthly price and grants Premium for one month once the payment succeeds', async () => {
    const user = await signUpUser(t.app);
    const res = await call(user, 'POST', '/api/create-payment-intent', { amount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ clientSecret: string; amountCents: number }>();
    expect(body.amountCents).toBe(2900);
    const request = lastRequest('POST', '/v1/payment_intents');
    expect(request.body).toMatchObject({
      amount: '2900',
      currency: 'usd',
      metadata: { userId: user.id, purpose: 'premium_one_month' },
    });
    const intentId = body.clientSecret.split('_secret_')[0] ?? '';
    expect(await planOf(user)).toEqual({ plan: 'free', status: 'none' });

    const intent = fake.succeedPaymentIntent(intentId);
    await deliverOk('payment_intent.succeeded', intent);
    await deliverOk('payment_intent.succeeded', intent);
    expect(await planOf(user)).toEqual({ plan: 'premium', status: 'active' });
    const summary = await billingOf(user);
    const expectedEnd = new Date((intent.created as number) * 1000);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(summary).toMatchObject({ plan: 'premium', interval: null, cancelAtPeriodEnd: false });
    expect(new Date(summary.currentPeriodEnd ?? 0).getUTCDate()).toBe(expectedEnd.getUTCDate());

    // A month and a day later the hourly job finds it ended.
    setNow((intent.created as number) + 32 * DAY);
    expect(await reviewDuePlans(t.deps.database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await planOf(user)).toEqual({ plan: 'free', status: 'none' });
  });

  it("grants nothing when the event's body says succeeded and Stripe's copy of the payment does not", async () => {
    const user = await signUpUser(t.app);
    const res = await call(user, 'POST', '/api/create-payment-intent', {});
    expect(res.statusCode, res.body).toBe(200);
    const intentId = res.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0] ?? '';
    const unpaid = fake.object(intentId);
    if (!unpaid) throw new Error('no payment intent');
    // A validly signed event whose body was written before (or apart from) the payment: Stripe still has it unpaid.
    const claimed = { ...unpaid, status: 'succeeded', amount_received: 2900 };
    await deliverOk('payment_intent.succeeded', claimed);
    expect(lastRequest('GET', `/v1/payment_intents/${intentId}`)).toBeDefined();
    expect(await planOf(user)).toEqual({ plan: 'free', status: 'none' });
    const { rows } = await t.deps.database.pool.query(
      'select count(*)::int as n from premium_purchase where user_id = $1',
      [user.id],
    );
    expect(rows[0]).toEqual({ n: 0 });
    expect(logLines.join('')).toContain(intentId);

    // Nor does an amount or a user written into the body: what is granted is what Stripe holds.
    const other = await signUpUser(t.app);
    fake.succeedPaymentIntent(intentId);
    const forged = { ...unpaid, status: 'succeeded', amount_received: 9900, metadata: { userId: other.id } };
    await deliverOk('payment_intent.succeeded', forged);
    expect(await planOf(user)).toEqual({ plan: 'premium', status: 'active' });
    expect(await planOf(other)).toEqual({ plan: 'free', status: 'none' });
    const purchase = await t.deps.database.pool.query(
      'select user_id, amount_cents from premium_purchase where payment_intent_id = $1',
      [intentId],
    );
    expect(purchase.rows).toEqual([{ user_id: user.id, amount_cents: 2900 }]);
  });
});

describe('Plan changes, cancel, failed renewal', () => {
  it('follows an upgrade and a downgrade made in the billing portal', async () => {
    const user = await signUpUser(t.app);
    const { subscriptionId } = await subscribeByCheckout(user);
    await deliverOk(
      'customer.subscription.updated',
      fake.updateSubscription(subscriptionId, {
        status: 'active',
        lookupKey: 'foliowise_professional_monthly',
      }),
    );
    expect(await planOf(user)).toEqual({ plan: 'professional', status: 'active' });
    await deliverOk(
      'customer.subscription.updated',
      fake.updateSubscription(subscriptionId, { lookupKey: 'foliowise_premium_yearly' }),
    );
    expect(await planOf(user)).toEqual({ plan: 'premium', status: 'active' });
    expect((await billingOf(user)).interval).toBe('yearly');
  });

  it('keeps access until the end of a period canceled at its end', async () => {
    const user = await signUpUser(t.app);
    const { subscriptionId } = await subscribeByCheckout(user);
    const canceling = fake.updateSubscription(subscriptionId, { status: 'active', cancelAtPeriodEnd: true });
    await deliverOk('customer.subscription.updated', canceling);
    const summary = await billingOf(user);
    expect(summary).toMatchObject({ plan: 'premium', status: 'active', cancelAtPeriodEnd: true });
    const periodEnd =
      (canceling.items as { data: { current_period_end: number }[] }).data[0]?.current_period_end ?? 0;
    expect(summary.currentPeriodEnd).toBe(new Date(periodEnd * 1000).toISOString());

    setNow(periodEnd);
    await deliverOk(
      'customer.subscription.deleted',
      fake.updateSubscription(subscriptionId, { status: 'canceled' }),
    );
    expect(await planOf(user)).toEqual({ plan: 'free', status: 'canceled' });
  });

  it('keeps a past_due subscriber for the grace, drops them after it, and restores them when paid', async () => {
    const user = await signUpUser(t.app);
    const { subscriptionId } = await subscribeByCheckout(user);
    const renewal = fake.clock + 7 * DAY;
    setNow(renewal);
    fake.updateSubscription(subscriptionId, { status: 'past_due', renewAt: renewal });
    await deliverOk('invoice.payment_failed', fake.invoiceOf(subscriptionId, 'open'));
    expect(await planOf(user)).toEqual({ plan: 'premium', status: 'past_due' });

    setNow(renewal + 6 * DAY);
    await reviewDuePlans(t.deps.database.db, now);
    expect(await planOf(user)).toEqual({ plan: 'premium', status: 'past_due' });
    // After the grace, the billing card shows it (and stores it) before the hourly job runs.
    setNow(renewal + 7 * DAY + 60);
    expect(await billingOf(user)).toMatchObject({ plan: 'free', status: 'past_due' });
    expect(await planOf(user)).toEqual({ plan: 'free', status: 'past_due' });

    fake.updateSubscription(subscriptionId, { status: 'active' });
    await deliverOk('invoice.paid', fake.invoiceOf(subscriptionId, 'paid'));
    expect(await planOf(user)).toEqual({ plan: 'premium', status: 'active' });
  });
});

describe('Webhook deliveries', () => {
  it('applies an event once however often it is delivered', async () => {
    const user = await signUpUser(t.app);
    const { subscriptionId } = await subscribeByCheckout(user);
    const event = fake.event(
      'customer.subscription.updated',
      fake.updateSubscription(subscriptionId, {
        status: 'active',
        lookupKey: 'foliowise_professional_monthly',
      }),
    );
    const results = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.filter((r) => !r.json<{ duplicate: boolean }>().duplicate)).toHaveLength(1);
    const { rows } = await t.deps.database.pool.query(
      'select count(*)::int as n from stripe_event where id = $1',
      [event.id],
    );
    expect(rows[0]).toEqual({ n: 1 });
    expect(await planOf(user)).toEqual({ plan: 'professional', status: 'active' });
  });

  it('ends in Stripe state when events come late and out of order', async () => {
    const user = await signUpUser(t.app);
    const { subscriptionId } = await subscribeByCheckout(user);
    const older = fake.event(
      'customer.subscription.updated',
      fake.updateSubscription(subscriptionId, { status: 'active' }),
      { created: fake.clock + 10 },
    );
    const canceled = fake.updateSubscription(subscriptionId, { status: 'canceled' });
    setNow(
      fake.clock + (canceled.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end,
    );
    const newer = fake.event('customer.subscription.deleted', canceled, { created: fake.clock });
    expect((await deliver(newer)).statusCode).toBe(200);
    expect((await deliver(older)).statusCode).toBe(200);
    expect(await planOf(user)).toEqual({ plan: 'free', status: 'canceled' });
    // The event body said 'active'; the subscription was read from Stripe.
    const { rows } = await t.deps.database.pool.query('select status from subscription where id = $1', [
      subscriptionId,
    ]);
    expect(rows).toEqual([{ status: 'canceled' }]);
  });

  it('keeps the newer state when the Stripe read of an older event is applied after a newer one', async () => {
    const user = await signUpUser(t.app);
    const { subscriptionId } = await subscribeByCheckout(user);
    const start = fake.clock;
    const upgraded = fake.updateSubscription(subscriptionId, {
      status: 'active',
      lookupKey: 'foliowise_professional_monthly',
    });
    await deliverOk('customer.subscription.updated', upgraded, start + 20);
    // The older event's read raced the upgrade and saw the state before it.
    const stale = fake.updateSubscription(subscriptionId, { lookupKey: 'foliowise_premium_monthly' });
    await deliverOk('customer.subscription.updated', stale, start + 10);
    expect(await planOf(user)).toEqual({ plan: 'professional', status: 'active' });
  });

  it('keeps applied event ids for 30 days, then the daily job deletes them', async () => {
    const event = fake.event('customer.created', { id: 'cus_kept', object: 'customer' });
    expect((await deliver(event)).statusCode).toBe(200);
    const { db, pool } = t.deps.database;
    const processedAtOf = async () =>
      (await pool.query('select processed_at from stripe_event where id = $1', [event.id])).rows.map(
        (row: { processed_at: Date }) => row.processed_at,
      );
    const [processedAt] = await processedAtOf();
    if (!processedAt) throw new Error('event not applied');
    await deleteOldStripeEvents(db, new Date(processedAt.getTime() + STRIPE_EVENT_RETENTION_MS - 1000));
    expect(await processedAtOf()).toEqual([processedAt]);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    await deleteOldStripeEvents(db, new Date(processedAt.getTime() + STRIPE_EVENT_RETENTION_MS));
    expect(await processedAtOf()).toEqual([]);
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const user = await signUpUser(t.app);
    const res = await call(user, 'POST', '/api/create-payment-intent', {});
    const intentId = res.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0] ?? '';
    const event = fake.event('payment_intent.succeeded', fake.succeedPaymentIntent(intentId));
    const payload = JSON.stringify(event);
    expectError(await deliver(event, signStripePayload(payload, 'whsec_wrong')), 400, 'BAD_REQUEST');
    expectError(await deliver(event, 't=1,v1=abc'), 400, 'BAD_REQUEST');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expectError(unsigned, 400, 'BAD_REQUEST');
    expect(await planOf(user)).toEqual({ plan: 'free', status: 'none' });
    const { rows } = await t.deps.database.pool.query(
      'select count(*)::int as n from stripe_event where id = $1',
      [event.id],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('is let through the cross-site check: Stripe sends no Origin and no cookie', async () => {
    const event = fake.event('customer.created', { id: 'cus_x', object: 'customer' });
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
  });
});

describe('Billing portal', () => {
  it("opens the user's own customer, ignoring a customer id in the body", async () => {
    const [user, other] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    expectError(
      await call(user, 'POST', '/api/create-portal-session', {}),
      409,
      'CONFLICT',
      BILLING_MESSAGES.noBillingAccount,
    );
    await subscribeByCheckout(user);
    await subscribeByCheckout(other);
    const otherCustomer = fake.requests
      .filter((r) => r.path === '/v1/checkout/sessions')
      .map((r) => r.body.customer)
      .at(-1);
    const res = await call(user, 'POST', '/api/create-portal-session', { customerId: otherCustomer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const request = lastRequest('POST', '/v1/billing_portal/sessions');
    expect(request.body.customer).not.toBe(otherCustomer);
    expect(request.body.return_url).toBe('https://foliowise.example/account');
  });

  it('stays closed for a customer who bought nothing (a payment page opened, a subscription never paid)', async () => {
    const portal = async (user: TestUser) => call(user, 'POST', '/api/create-portal-session', {});
    const user = await signUpUser(t.app);
    // Opening /checkout asks for a payment intent, which makes the user a Stripe customer; nothing is paid.
    const intent = await call(user, 'POST', '/api/create-payment-intent', {});
    expect(intent.statusCode, intent.body).toBe(200);
    // /subscribe's 'Continue to Payment' makes an incomplete subscription, which Stripe reports: still unpaid.
    const started = await call(user, 'POST', '/api/create-subscription', {
      plan: 'premium',
      interval: 'monthly',
      customerEmail: 'pat@example.com',
      customerName: 'Pat',
    });
    expect(started.statusCode, started.body).toBe(200);
    const { subscriptionId } = started.json<{ subscriptionId: string }>();
    await deliverOk('customer.subscription.created', fake.object(subscriptionId) as Record<string, unknown>);
    expect(fake.object(subscriptionId)).toMatchObject({ status: 'incomplete' });
    expect(await billingOf(user)).toMatchObject({ plan: 'free', hasBillingAccount: false });
    expectError(await portal(user), 409, 'CONFLICT', BILLING_MESSAGES.noBillingAccount);
    expect(fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions')).toEqual([]);

    // The month is paid: there is a receipt to see, and it stays there after the month ends.
    const intentId = intent.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0] ?? '';
    await deliverOk('payment_intent.succeeded', fake.succeedPaymentIntent(intentId));
    expect(await billingOf(user)).toMatchObject({ plan: 'premium', hasBillingAccount: true });
    expect((await portal(user)).statusCode).toBe(200);
    setNow(fake.clock + 40 * DAY);
    expect(await billingOf(user)).toMatchObject({ plan: 'free', hasBillingAccount: true });
  });

  it('opens once Checkout is completed in Stripe, before its webhook arrives', async () => {
    const user = await signUpUser(t.app);
    const res = await call(user, 'POST', '/api/create-checkout-session', { plan: 'premium' });
    const sessionId = /\/(cs_test_\w+)$/.exec(res.json<{ url: string }>().url)?.[1] ?? '';
    expectError(
      await call(user, 'POST', '/api/create-portal-session', {}),
      409,
      'CONFLICT',
      BILLING_MESSAGES.noBillingAccount,
    );
    fake.completeCheckout(sessionId);
    const portal = await call(user, 'POST', '/api/create-portal-session', {});
    expect(portal.statusCode, portal.body).toBe(200);
  });
});

describe('A plan had without paying for it (spec 000 §6, issue 25 item 14)', () => {
  const startEverything = (user: TestUser, plan: 'premium' | 'professional') =>
    Promise.all([
      call(user, 'POST', '/api/create-checkout-session', { plan, interval: 'monthly' }),
      call(user, 'POST', '/api/create-subscription', {
        plan,
        interval: 'yearly',
        customerEmail: 'a@example.com',
        customerName: 'A B',
      }),
      ...(plan === 'premium' ? [call(user, 'POST', '/api/create-payment-intent', {})] : []),
    ]);

  it('refuses every purchase to a complimentary plan an admin granted, before anything reaches Stripe', async () => {
    const [admin, user] = await Promise.all([signUpUser(t.app, { role: 'admin' }), signUpUser(t.app)]);
    const grant = await call(admin, 'POST', `/api/admin/users/${user.id}/plan`, { plan: 'premium' });
    expect(grant.statusCode, grant.body).toBe(200);
    const message =
      'Your Premium plan is complimentary: it was granted to your account, so there is nothing to pay. ' +
      'To change your plan, please contact support.';
    // Premium, and Professional too: the grant overrides billing, so a paid plan would change nothing.
    for (const res of [
      ...(await startEverything(user, 'premium')),
      ...(await startEverything(user, 'professional')),
    ]) {
      expectError(res, 409, 'CONFLICT', message);
    }
    expect(fake.requests).toEqual([]);
    expect(await billingOf(user)).toMatchObject({
      plan: 'premium',
      status: 'complimentary',
      hasBillingAccount: false,
    });
  });

  it('refuses a demo account the plans Demo Settings already gave it, and lets it buy a higher one', async () => {
    const opened = await t.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: '10.79.0.1' });
    expect(opened.statusCode, opened.body).toBe(201);
    const cookie = opened.cookies.find((c) => c.name === 'fw_session')?.value ?? '';
    const demo: TestUser = { id: opened.json<{ user: { id: string } }>().user.id, email: '', cookie };
    const switched = await injectAs(demo, t.app, {
      method: 'PUT',
      url: '/api/demo/plan',
      payload: { plan: 'premium' },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const message =
      'This demo account already has Premium, set in Demo Settings: there is nothing to pay. ' +
      'Demo Settings changes its plan.';
    for (const res of await startEverything(demo, 'premium')) expectError(res, 409, 'CONFLICT', message);
    expect(fake.requests).toEqual([]);
    const upgrade = await call(demo, 'POST', '/api/create-checkout-session', { plan: 'professional' });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
  });
});

describe('A stored customer that Stripe does not know', () => {
  it('is replaced by a new customer on the next payment, and opens no portal', async () => {
    const [payer, portalUser] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    const { pool } = t.deps.database;
    const setGone = (user: TestUser, id: string) =>
      pool.query('update "user" set stripe_customer_id = $2 where id = $1', [user.id, id]);
    // Stored while the app used test keys, say: unknown to this account.
    await setGone(payer, 'cus_fromTestMode1');
    await setGone(portalUser, 'cus_fromTestMode2');
    // The portal user had a subscription (canceled since) under that customer: the portal asks Stripe.
    await pool.query(
      `insert into subscription (id, user_id, customer_id, price_lookup_key, plan, interval, status,
         current_period_start, current_period_end, cancel_at_period_end, stripe_created_at, last_event_at)
       values ('sub_fromTestMode2', $1, 'cus_fromTestMode2', 'foliowise_premium_monthly', 'premium', 'monthly',
               'canceled', now() - interval '60 days', now() - interval '30 days', false, now(), now())`,
      [portalUser.id],
    );

    const res = await call(payer, 'POST', '/api/create-subscription', {
      plan: 'premium',
      interval: 'monthly',
      customerEmail: 'payer@example.com',
      customerName: 'Pat Payer',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await pool.query('select stripe_customer_id from "user" where id = $1', [payer.id]);
    const customerId = (rows[0] as { stripe_customer_id: string }).stripe_customer_id;
    expect(customerId).toMatch(/^cus_/);
    expect(customerId).not.toBe('cus_fromTestMode1');
    expect(fake.object(customerId)).toMatchObject({
      email: 'payer@example.com',
      metadata: { userId: payer.id },
    });

    expectError(
      await call(portalUser, 'POST', '/api/create-portal-session', {}),
      409,
      'CONFLICT',
      BILLING_MESSAGES.noBillingAccount,
    );
    expect((await billingOf(portalUser)).hasBillingAccount).toBe(false);
    expect(lastRequest('POST', '/v1/billing_portal/sessions').body.customer).toBe('cus_fromTestMode2');
  });
});

describe('Stripe failures', () => {
  const subscribe = (user: TestUser) =>
    call(user, 'POST', '/api/create-subscription', {
      plan: 'premium',
      interval: 'monthly',
      customerEmail: 'a@example.com',
      customerName: 'A B',
    });

  it("answers a declined card with 402 and Stripe's message", async () => {
    const user = await signUpUser(t.app);
    fake.failNext('POST', /^\/v1\/subscriptions$/, STRIPE_FAILURES.cardDeclined);
    expectError(await subscribe(user), 402, 'PAYMENT_DECLINED', 'Your card was declined.');
  });

  it.each([
    ['rate limited (429)', STRIPE_FAILURES.rateLimited],
    ['failing (500)', STRIPE_FAILURES.serverError],
    ['not answering', 'hang' as const],
  ])('answers 503 when Stripe is %s', async (_name, failure) => {
    const user = await signUpUser(t.app);
    fake.failNext('POST', /^\/v1\/subscriptions$/, failure);
    const error = expectError(await subscribe(user), 503, 'SERVICE_UNAVAILABLE');
    expect(error.message).toMatch(/try again/);
    expect(await planOf(user)).toEqual({ plan: 'free', status: 'none' });
  });

  it('answers a webhook at once while Stripe is down, and applies the event when a retry can read Stripe', async () => {
    const user = await signUpUser(t.app);
    const { subscriptionId } = await subscribeByCheckout(user);
    const event = fake.event(
      'customer.subscription.updated',
      fake.updateSubscription(subscriptionId, { lookupKey: 'foliowise_professional_monthly' }),
    );
    fake.failNext('GET', /^\/v1\/subscriptions\/sub_/, STRIPE_FAILURES.serverError);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    expect(await planOf(user)).toEqual({ plan: 'premium', status: 'trialing' });
    const { rows } = await t.deps.database.pool.query(
      'select attempts, processed_at from stripe_event where id = $1',
      [event.id],
    );
    expect(rows).toEqual([{ attempts: 1, processed_at: null }]);

    // Stripe delivering it again changes nothing; the retry job (every minute, on the job runner), once the
    // retry is due, applies it.
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    const retryJob = appJobs(t.services).find((job) => job.name === 'retry-stripe-events');
    expect(retryJob?.period).toBe('minute');
    const runRetryJob = (at: Date) => retryJob!.run({ db: t.deps.database.db, now: at });
    expect(await runRetryJob(now)).toBe(0);
    expect(await runRetryJob(new Date(now.getTime() + retryDelayMs(1)))).toBe(1);
    expect(await planOf(user)).toEqual({ plan: 'professional', status: 'trialing' });
  });
});

describe('Deleting an account stops its billing', () => {
  const deleteOwn = (user: TestUser) =>
    call(user, 'POST', '/api/account/delete', { password: TEST_PASSWORD, confirm: 'DELETE' });
  const deleteAsAdmin = (admin: TestUser, user: TestUser) =>
    call(admin, 'DELETE', `/api/admin/users/${user.id}`);

  async function userRowCount(user: TestUser) {
    const { rows } = await t.deps.database.pool.query('select count(*)::int as n from "user" where id = $1', [
      user.id,
    ]);
    return (rows[0] as { n: number }).n;
  }

  it("'Delete my account' cancels the subscription at Stripe now, then deletes; its last webhooks are ignored", async () => {
    const user = await signUpUser(t.app);
    const { subscriptionId } = await subscribeByCheckout(user);
    const res = await deleteOwn(user);
    expect(res.statusCode, res.body).toBe(204);
    expect(fake.object(subscriptionId)?.status).toBe('canceled');
    // Immediately, no proration credit, nothing invoiced now.
    expect(lastRequest('DELETE', `/v1/subscriptions/${subscriptionId}`).body).toMatchObject({
      prorate: 'false',
      invoice_now: 'false',
    });
    expect(await userRowCount(user)).toBe(0);

    // Stripe then tells of the cancel (and would of any renewal): answered 200, a warning, nothing recreated.
    logLines.length = 0;
    const deleted = await deliverOk('customer.subscription.deleted', fake.object(subscriptionId) ?? {});
    expect(deleted).toEqual({ received: true, duplicate: false });
    const warning = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string; subscription?: string })
      .find((line) => line.subscription === subscriptionId);
    expect(warning).toMatchObject({ level: 40, msg: expect.stringMatching(/no user/) });
    const { rows } = await t.deps.database.pool.query(
      'select count(*)::int as n from subscription where id = $1',
      [subscriptionId],
    );
    expect(rows[0]).toEqual({ n: 0 });
    expect(await userRowCount(user)).toBe(0);
  });

  it.each([
    ['failing (500)', 'DELETE', STRIPE_FAILURES.serverError],
    ['not answering the list', 'GET', 'hang' as const],
  ])('refuses to delete, and deletes nothing, while Stripe is %s', async (_name, method, failure) => {
    const user = await signUpUser(t.app);
    const { subscriptionId } = await subscribeByCheckout(user);
    fake.failNext(method, /^\/v1\/subscriptions/, failure);
    expectError(
      await deleteOwn(user),
      503,
      'PAYMENT_PROVIDER_UNAVAILABLE',
      DELETE_PAYMENTS_UNAVAILABLE_MESSAGE,
    );
    expect(await userRowCount(user)).toBe(1);
    expect(fake.object(subscriptionId)?.status).toBe('trialing');
    expect(await planOf(user)).toEqual({ plan: 'premium', status: 'trialing' });

    // Once Stripe answers again, the same request deletes.
    expect((await deleteOwn(user)).statusCode).toBe(204);
    expect(fake.object(subscriptionId)?.status).toBe('canceled');
  });

  it('deletes an account that never paid without a Stripe call', async () => {
    const user = await signUpUser(t.app);
    expect((await deleteOwn(user)).statusCode).toBe(204);
    expect(fake.requests).toEqual([]);
  });

  it("the admin's delete cancels first too, refuses while Stripe is down, and the audit log names the cancel", async () => {
    const admin = await signUpUser(t.app, { role: 'admin' });
    const user = await signUpUser(t.app);
    const { subscriptionId } = await subscribeByCheckout(user);

    fake.failNext('DELETE', /^\/v1\/subscriptions\//, STRIPE_FAILURES.rateLimited);
    expectError(await deleteAsAdmin(admin, user), 503, 'PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await userRowCount(user)).toBe(1);
    expect(fake.object(subscriptionId)?.status).toBe('trialing');

    expect((await deleteAsAdmin(admin, user)).statusCode).toBe(204);
    expect(fake.object(subscriptionId)?.status).toBe('canceled');
    expect(await userRowCount(user)).toBe(0);
    const log = await call(admin, 'GET', '/api/admin/audit-log');
    const entry = log.json<{ entries: { action: string; targetEmail: string; detail: string }[] }>()
      .entries[0];
    expect(entry).toMatchObject({ action: 'account_deleted', targetEmail: user.email });
    expect(entry?.detail).toContain(subscriptionId);
  });
});

describe("Stripe's return URLs without PUBLIC_URL", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_API_BASE_URL: fake.baseUrl,
        HOST: '127.0.0.1',
        PORT: '5123',
      },
    });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it("come from the address the server listens on, whatever the request's Host says", async () => {
    const user = await signUpUser(bare.app);
    const hostile = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    const checkout = await injectAs(user, bare.app, {
      method: 'POST',
      url: '/api/create-checkout-session',
      payload: { plan: 'premium', interval: 'monthly' },
      headers: hostile,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(lastRequest('POST', '/v1/checkout/sessions').body).toMatchObject({
      success_url: 'http://127.0.0.1:5123/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:5123/pricing',
    });
    // Paid in Stripe: the portal opens (for a customer who bought something).
    fake.completeCheckout(/\/(cs_test_\w+)$/.exec(checkout.json<{ url: string }>().url)?.[1] ?? '');
    const portal = await injectAs(user, bare.app, {
      method: 'POST',
      url: '/api/create-portal-session',
      payload: {},
      headers: hostile,
    });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(lastRequest('POST', '/v1/billing_portal/sessions').body.return_url).toBe(
      'http://127.0.0.1:5123/account',
    );
  });
});

describe('Without Stripe keys', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers every payment call with the spec message, and the webhook with 503', async () => {
    const user = await signUpUser(bare.app);
    const calls: [string, object][] = [
      ['/api/create-checkout-session', { plan: 'premium' }],
      [
        '/api/create-subscription',
        { plan: 'premium', interval: 'monthly', customerEmail: 'a@example.com', customerName: 'A' },
      ],
      ['/api/create-payment-intent', {}],
    ];
    for (const [url, payload] of calls) {
      const res = await injectAs(user, bare.app, { method: 'POST', url, payload });
      expectError(res, 503, 'SERVICE_UNAVAILABLE', BILLING_MESSAGES.notConfigured);
    }
    const status = await injectAs(user, bare.app, {
      method: 'GET',
      url: '/api/checkout-sessions/cs_test_abc',
    });
    expectError(status, 503, 'SERVICE_UNAVAILABLE', BILLING_MESSAGES.notConfigured);
    const summary = await injectAs(user, bare.app, { method: 'GET', url: '/api/billing' });
    expect(ZBillingSummary.parse(summary.json())).toEqual({
      plan: 'free',
      status: 'none',
      interval: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      trialEndsAt: null,
      hasBillingAccount: false,
    });
    const webhook = await bare.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    });
    expectError(webhook, 503, 'SERVICE_UNAVAILABLE');
  });

  it('does not delete an account whose stored subscription is live, since nothing can cancel it', async () => {
    const user = await signUpUser(bare.app);
    const { pool } = bare.deps.database;
    await pool.query(
      `insert into subscription (id, user_id, customer_id, price_lookup_key, plan, interval, status,
         current_period_start, current_period_end, cancel_at_period_end, stripe_created_at, last_event_at)
       values ('sub_keyless', $1, 'cus_keyless', 'foliowise_premium_monthly', 'premium', 'monthly', $2,
               now(), now() + interval '30 days', false, now(), now())`,
      [user.id, 'active'],
    );
    const remove = () =>
      injectAs(user, bare.app, {
        method: 'POST',
        url: '/api/account/delete',
        payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
      });
    expectError(await remove(), 503, 'PAYMENT_PROVIDER_UNAVAILABLE');
    // Canceled (by Stripe's webhook, say): nothing left to charge, so the account goes.
    await pool.query(`update subscription set status = 'canceled' where id = 'sub_keyless'`);
    expect((await remove()).statusCode).toBe(204);
  });
});
