/**
 * Two app instances (each with its own pool, as two processes would have) on ONE database, one Stripe: the
 * same webhook event delivered to both, many times at once, is applied once.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../../contracts/accounts';
import { buildApp } from '../../app';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signStripePayload,
  startFakeStripe,
  type FakeStripe,
} from '../../testing/fake-stripe';
import { createTestDatabase } from '../../testing/test-database';
import { testConfig } from '../../testing/test-app';
import { injectAs, signUpUser } from '../../testing/users';
import { waitForWebhookWork } from './service';

let fake: FakeStripe;
let databases: DatabaseHandle[] = [];
let apps: FastifyInstance[] = [];

beforeAll(async () => {
  fake = await startFakeStripe();
  fake.seedPrices();
  const first = await createTestDatabase();
  databases = [first, connectDatabase(first.url, { max: 10 })];
  apps = await Promise.all(
    databases.map(async (database) => {
      const app = await buildApp({
        config: testConfig({
          STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
          STRIPE_API_BASE_URL: fake.baseUrl,
        }),
        database,
        version: 'test',
        overrides: { billing: { stripeMaxRetries: 0 } },
      });
      await app.ready();
      return app;
    }),
  );
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(databases.map((db) => db.close()));
  await fake?.close();
});

describe('the same event on two instances', () => {
  it('is stored and applied once', async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const user = await signUpUser(one);
    const checkout = await injectAs(user, one, {
      method: 'POST',
      url: '/api/create-checkout-session',
      payload: { plan: 'professional', interval: 'monthly' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId = /\/(cs_test_\w+)$/.exec(checkout.json<{ url: string }>().url)?.[1] ?? '';
    const { session } = fake.completeCheckout(sessionId);
    const payload = JSON.stringify(fake.event('checkout.session.completed', session));
    const headers = {
      'content-type': 'application/json',
      'stripe-signature': signStripePayload(payload, FAKE_STRIPE_WEBHOOK_SECRET),
    };
    const readsBefore = fake.requests.filter((r) => r.path.startsWith('/v1/subscriptions/')).length;

    const deliveries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? one : two).inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers }),
      ),
    );
    await Promise.all(apps.map((app) => waitForWebhookWork(app.services.billing)));

    expect(deliveries.map((d) => d.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const firsts = deliveries.filter((d) => !d.json<{ duplicate: boolean }>().duplicate);
    expect(firsts).toHaveLength(1);
    // Applied once: one read of the subscription from Stripe, by the instance that stored the event.
    const reads = fake.requests.filter((r) => r.path.startsWith('/v1/subscriptions/')).length - readsBefore;
    expect(reads).toBe(1);
    for (const app of apps) {
      const me = await injectAs(user, app, { method: 'GET', url: '/api/auth/me' });
      expect(me.json<SessionResponse>().user).toMatchObject({
        plan: 'professional',
        subscriptionStatus: 'trialing',
      });
    }
    expect(fake.unhandled).toEqual([]);
  });
});
