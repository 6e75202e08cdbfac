// Stripe's webhooks: plan changes made in the portal, cancels and failed renewals, and the delivery pipeline
// (once, late and out of order, kept 30 days, signed).
import { describe, expect, it } from 'vitest';
import {
  billingOf,
  call,
  DAY,
  deliver,
  deliverOk,
  fake,
  now,
  planOf,
  setNow,
  subscribeByCheckout,
  t,
  useBillingTestApp,
} from '../../testing/billing-test-app';
import { signStripePayload } from '../../testing/fake-stripe';
import { expectError, signUpUser } from '../../testing/users';
import { deleteOldStripeEvents, STRIPE_EVENT_RETENTION_MS } from './repository';
import { reviewDuePlans } from './service';

useBillingTestApp();

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
