// Buying a plan: Checkout with its trial, the Payment Element, one month of Premium, the purchases refused
// (a complimentary or demo plan), a stored customer Stripe does not know, and Stripe failing.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, ZCheckoutSessionStatus } from '../../../contracts/billing';
import {
  billingOf,
  call,
  DAY,
  deliver,
  deliverOk,
  fake,
  lastRequest,
  logLines,
  now,
  planOf,
  setNow,
  subscribeByCheckout,
  t,
  useBillingTestApp,
} from '../../testing/billing-test-app';
import { STRIPE_FAILURES } from '../../testing/fake-stripe';
import { expectError, injectAs, signUpUser, TEST_PASSWORD, type TestUser } from '../../testing/users';
import { appJobs } from '../../jobs/registry';
import { retryDelayMs, reviewDuePlans } from './service';

useBillingTestApp();

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
