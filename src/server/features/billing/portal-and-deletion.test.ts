// The billing portal, deleting an account with a subscription, Stripe's return URLs, and a server without keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, ZBillingSummary } from '../../../contracts/billing';
import {
  billingOf,
  call,
  DAY,
  deliverOk,
  fake,
  lastRequest,
  logLines,
  planOf,
  setNow,
  subscribeByCheckout,
  t,
  useBillingTestApp,
} from '../../testing/billing-test-app';
import { FAKE_STRIPE_SECRET_KEY, STRIPE_FAILURES } from '../../testing/fake-stripe';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, TEST_PASSWORD, type TestUser } from '../../testing/users';
import { DELETE_PAYMENTS_UNAVAILABLE_MESSAGE } from './service';

useBillingTestApp();

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
