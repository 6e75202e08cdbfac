import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeStripeForm,
  FAKE_STRIPE_SECRET_KEY,
  signStripePayload,
  startFakeStripe,
  STRIPE_FAILURES,
  type FakeStripe,
} from '../../testing/fake-stripe';
import { createStripePaymentsProvider, verifyWebhookEvent, WebhookSignatureError } from './stripe';
import {
  CustomerMissingError,
  PaymentDeclinedError,
  PaymentsRequestError,
  PaymentsUnavailableError,
  PriceNotSetUpError,
  type PaymentsProvider,
} from './types';

let fake: FakeStripe;
let payments: PaymentsProvider;
const USER_ID = '5b0c6a8e-2f4d-4c1e-9a7b-3d2e1f0a9b8c';

beforeAll(async () => {
  fake = await startFakeStripe();
  fake.seedPrices();
  payments = createStripePaymentsProvider({
    secretKey: FAKE_STRIPE_SECRET_KEY,
    apiBaseUrl: fake.baseUrl,
    timeoutMs: 2_000, // an answer on a loaded machine is never read as a timeout; the hang case waits this long
    maxNetworkRetries: 0,
  });
});
afterEach(() => {
  expect(fake.unhandled).toEqual([]);
  fake.reset();
});
afterAll(async () => {
  await fake?.close();
});

describe('Stripe payments provider', () => {
  it('finds prices by lookup key with one list call, then from its cache', async () => {
    const [premium, professional] = await Promise.all([
      payments.priceFor('premium', 'monthly'),
      payments.priceFor('professional', 'yearly'),
    ]);
    expect(premium).toMatchObject({
      lookupKey: 'foliowise_premium_monthly',
      unitAmountCents: 2900,
      currency: 'usd',
    });
    expect(premium.id).toMatch(/^price_/);
    expect(professional).toMatchObject({
      lookupKey: 'foliowise_professional_yearly',
      unitAmountCents: 95000,
    });
    await payments.priceFor('premium', 'yearly');
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/prices']);
    expect(fake.requests[0]?.body).toMatchObject({
      lookup_keys: [
        'foliowise_premium_monthly',
        'foliowise_premium_yearly',
        'foliowise_professional_monthly',
        'foliowise_professional_yearly',
      ],
      active: 'true',
    });
  });

  it('says which price is missing from an account that was not set up', async () => {
    const empty = await startFakeStripe();
    try {
      const provider = createStripePaymentsProvider({
        secretKey: FAKE_STRIPE_SECRET_KEY,
        apiBaseUrl: empty.baseUrl,
      });
      await expect(provider.priceFor('premium', 'monthly')).rejects.toThrow(
        new PriceNotSetUpError('No active Stripe price with lookup key foliowise_premium_monthly'),
      );
    } finally {
      await empty.close();
    }
  });

  it('creates one customer per user, whatever the number of calls (idempotency key)', async () => {
    const first = await payments.createCustomer({ userId: USER_ID, email: 'a@example.com', name: 'A B' });
    const second = await payments.createCustomer({ userId: USER_ID, email: 'a@example.com', name: 'A B' });
    expect(second).toBe(first);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([
      `foliowise-customer-${USER_ID}`,
      `foliowise-customer-${USER_ID}`,
    ]);
    expect(fake.object(first)).toMatchObject({
      object: 'customer',
      email: 'a@example.com',
      metadata: { userId: USER_ID },
    });
  });

  it('answers null for a subscription or session Stripe does not know', async () => {
    expect(await payments.retrieveSubscription('sub_unknown')).toBeNull();
    expect(await payments.retrieveCheckoutSession('cs_test_unknown')).toBeNull();
  });

  it('turns Stripe errors into ours', async () => {
    const customerId = await payments.createCustomer({ userId: USER_ID, email: 'a@example.com' });
    const price = await payments.priceFor('premium', 'monthly');
    const subscribe = () => payments.createSubscription({ userId: USER_ID, customerId, price });

    fake.failNext('POST', /^\/v1\/subscriptions$/, STRIPE_FAILURES.cardDeclined);
    await expect(subscribe()).rejects.toThrow(new PaymentDeclinedError('Your card was declined.'));
    for (const failure of [STRIPE_FAILURES.rateLimited, STRIPE_FAILURES.serverError, 'hang' as const]) {
      fake.failNext('POST', /^\/v1\/subscriptions$/, failure);
      await expect(subscribe()).rejects.toBeInstanceOf(PaymentsUnavailableError);
    }
    await expect(
      payments.createSubscription({ userId: USER_ID, customerId: 'cus_missing', price }),
    ).rejects.toBeInstanceOf(CustomerMissingError);
    await expect(
      payments.updateCustomer('cus_missing', { email: 'a@example.com', name: 'A' }),
    ).rejects.toBeInstanceOf(CustomerMissingError);
    await expect(
      payments.createSubscription({ userId: USER_ID, customerId, price: { ...price, id: 'price_gone' } }),
    ).rejects.toBeInstanceOf(PaymentsRequestError);
    const wrongKey = createStripePaymentsProvider({ secretKey: 'sk_test_wrong', apiBaseUrl: fake.baseUrl });
    await expect(wrongKey.retrieveSubscription('sub_x')).rejects.toBeInstanceOf(PaymentsUnavailableError);
    // Still works after all that.
    expect((await subscribe()).clientSecret).toMatch(/^pi_\w+_secret_/);
  });

  it('retries a 500 with the same idempotency key', async () => {
    const retrying = createStripePaymentsProvider({
      secretKey: FAKE_STRIPE_SECRET_KEY,
      apiBaseUrl: fake.baseUrl,
      maxNetworkRetries: 1,
    });
    fake.failNext('POST', /^\/v1\/customers$/, STRIPE_FAILURES.serverError);
    const customerId = await retrying.createCustomer({ userId: USER_ID, email: 'a@example.com' });
    expect(customerId).toMatch(/^cus_/);
    const posts = fake.requests.filter((r) => r.path === '/v1/customers');
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((r) => r.idempotencyKey)).size).toBe(1);
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec_test_signing';
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    created: 1_790_000_000,
    type: 'invoice.paid',
    data: { object: { id: 'in_1', object: 'invoice' } },
  });

  it("signs as Stripe's own test helper does", () => {
    const timestamp = 1_790_000_123;
    expect(signStripePayload(payload, secret, timestamp)).toBe(
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
  });

  it('accepts a signed event and refuses a tampered, unsigned, foreign or old one', () => {
    const event = verifyWebhookEvent(Buffer.from(payload), signStripePayload(payload, secret), secret);
    expect(event).toEqual({
      id: 'evt_1',
      type: 'invoice.paid',
      createdAt: new Date(1_790_000_000_000),
      object: { id: 'in_1', object: 'invoice' },
    });
    const tampered = payload.replace('in_1', 'in_2');
    expect(() =>
      verifyWebhookEvent(Buffer.from(tampered), signStripePayload(payload, secret), secret),
    ).toThrow(WebhookSignatureError);
    expect(() => verifyWebhookEvent(Buffer.from(payload), undefined, secret)).toThrow(WebhookSignatureError);
    expect(() =>
      verifyWebhookEvent(Buffer.from(payload), signStripePayload(payload, 'whsec_other'), secret),
    ).toThrow(WebhookSignatureError);
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    expect(() =>
      verifyWebhookEvent(Buffer.from(payload), signStripePayload(payload, secret, anHourAgo), secret),
    ).toThrow(WebhookSignatureError);
  });
});

describe('decodeStripeForm', () => {
  it('reads bracket notation into objects and arrays', () => {
    expect(
      decodeStripeForm(
        'customer=cus_1&items[0][price]=price_1&items[1][price]=price_2&metadata[userId]=u&expand[0]=a.b&payment_settings[save_default_payment_method]=on_subscription',
      ),
    ).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_1' }, { price: 'price_2' }],
      metadata: { userId: 'u' },
      expand: ['a.b'],
      payment_settings: { save_default_payment_method: 'on_subscription' },
    });
  });
});
