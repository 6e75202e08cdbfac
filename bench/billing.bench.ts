// Billing figures: POST /api/stripe/webhook at 20 concurrent deliveries of distinct signed events (each one
// verified and stored before the answer, then read back from Stripe — the local fake, in a process of its
// own — and applied in its transaction; the load generator runs in its own process too), then 1,000
// deliveries of one and the same event (20 at a time), which must change the state exactly once.
// Runs in-process on a fresh database of TEST_DATABASE_URL's server, or on its own embedded PostgreSQL
// (temp DATA_DIR). Prints figures; asserts nothing.
// `npx tsx bench/billing.bench.ts` (or `npm run bench -- billing`; BENCH_REQUESTS: deliveries of the saturated phase, default 4000)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { buildConfig, parseEnv } from '../src/server/config';
import { startEmbeddedPostgres } from '../src/server/db/embedded-server';
import { openDatabase } from '../src/server/db/open-database';
import { waitForWebhookWork } from '../src/server/features/billing/service';
import { createStripeClient } from '../src/server/providers/payments/stripe';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signStripePayload,
} from '../src/server/testing/fake-stripe';
import { startFakeStripeProcess } from './fake-stripe-process';
import { freshBenchDatabase } from './support';

const CONNECTIONS = 20;
const DISTINCT_DELIVERIES = Number(process.env.BENCH_REQUESTS ?? 4000);
const SAME_EVENT_DELIVERIES = 1000;
const STEADY_DELIVERIES = 1000;
const STEADY_RATE = 100;
const SUBSCRIBERS = 200;
const run = promisify(execFile);

interface Delivery {
  body: string;
  headers: Record<string, string>;
}

/** autocannon's figures, and how many answers said `duplicate: false` (the event was new). */
type LoadResult = Pick<autocannon.Result, 'requests' | 'latency' | 'non2xx'> & { firstDeliveries: number };

// autocannon in a process of its own: sharing the app's event loop, it would add its own work to every
// latency (and autocannon on a worker thread answers raw histograms, meant for its own aggregation).
const LOAD_GENERATOR = `
const { readFileSync } = require('node:fs');
const autocannon = require('autocannon');
const { deliveries, ...options } = JSON.parse(readFileSync(process.argv[1], 'utf8'));
let next = 0;
let firstDeliveries = 0;
const setupRequest = (request) => ({ ...request, ...deliveries[next++ % deliveries.length] });
const onResponse = (status, body) => {
  if (status === 200 && JSON.parse(body).duplicate === false) firstDeliveries++;
};
autocannon({ ...options, requests: [{ method: 'POST', setupRequest, onResponse }] }, (error, result) => {
  if (error) throw error;
  const { requests, latency, non2xx } = result;
  process.stdout.write(JSON.stringify({ requests, latency, non2xx, firstDeliveries }));
});`;

async function deliverFromAnotherProcess(
  dataDir: string,
  options: { url: string; connections: number; amount: number; overallRate?: number; deliveries: Delivery[] },
): Promise<LoadResult> {
  const file = path.join(dataDir, 'deliveries.json');
  writeFileSync(file, JSON.stringify(options));
  const { stdout } = await run(process.execPath, ['-e', LOAD_GENERATOR, file], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as LoadResult;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fw-bench-billing-'));
  const embedded = process.env.TEST_DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir, log: () => undefined });
  const adminUrl = process.env.TEST_DATABASE_URL ?? embedded?.adminUrl ?? '';
  const appDatabase = await freshBenchDatabase(adminUrl);
  if (!appDatabase) throw new Error('no database server');
  console.log(`database: ${embedded ? 'embedded PostgreSQL' : 'TEST_DATABASE_URL server'}`);
  // Latency here is mostly waiting for a CPU: the machine's load says how many others wanted one.
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
  const fake = await startFakeStripeProcess();
  const env = parseEnv({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: appDatabase.url,
    MARKET_DATA_PROVIDER: 'simulated',
    LOG_LEVEL: 'warn',
    JOBS: 'off',
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE_URL: fake.baseUrl,
  });
  const config = buildConfig(env, randomBytes(32).toString('hex'));
  const database = await openDatabase(config, () => undefined);
  const app = await buildApp({ config, database: database.handle, version: 'bench' });
  const sql = (text: string, values: unknown[] = []) => database.handle.pool.query(text, values);

  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    // ---- subscribers: users with a customer and an active Premium subscription in the fake account
    const stripe = createStripeClient({ secretKey: FAKE_STRIPE_SECRET_KEY, apiBaseUrl: fake.baseUrl });
    const { rows: users } = await sql(
      `insert into "user" (email, first_name, last_name, password_hash)
       select 'billing-bench-' || g || '@example.com', 'Bench', 'User', 'not-a-hash'
         from generate_series(1, $1::int) as g
       returning id`,
      [SUBSCRIBERS],
    );
    const [premium] = (await stripe.prices.list({ lookup_keys: ['foliowise_premium_monthly'] })).data;
    const subscriptionIds: string[] = [];
    for (const { id: userId } of users as { id: string }[]) {
      const customer = await stripe.customers.create({
        email: `${userId}@example.com`,
        metadata: { userId },
      });
      await sql('update "user" set stripe_customer_id = $2 where id = $1', [userId, customer.id]);
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: premium?.id ?? '' }],
        metadata: { userId },
      });
      subscriptionIds.push(subscription.id);
    }

    const signed = (event: object) => {
      const body = JSON.stringify(event);
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripePayload(body, FAKE_STRIPE_WEBHOOK_SECRET),
        },
      };
    };

    // ---- 1. distinct events, 20 connections: as fast as they go, then at a steady 100 events/s
    const distinctEvents = async (amount: number, overallRate?: number) => {
      const events = await fake.events(
        'customer.subscription.updated',
        Array.from({ length: amount }, (_, i) => subscriptionIds[i % subscriptionIds.length] ?? ''),
      );
      return deliverFromAnotherProcess(dataDir, {
        url: `${address}/api/stripe/webhook`,
        connections: CONNECTIONS,
        amount,
        ...(overallRate ? { overallRate } : {}),
        deliveries: events.map(signed),
      });
    };
    const cpuBefore = process.cpuUsage();
    const saturated = await distinctEvents(DISTINCT_DELIVERIES);
    const answered = performance.now();
    await waitForWebhookWork(app.services.billing);
    const drainMs = performance.now() - answered;
    const cpu = process.cpuUsage(cpuBefore);
    const { rows: applied } = await sql(
      'select count(*)::int as n from stripe_event where processed_at is not null',
    );
    console.log(
      `webhook, ${DISTINCT_DELIVERIES} distinct events, ${CONNECTIONS} connections as fast as they go: ` +
        `${saturated.requests.average.toFixed(0)} events/s, p50 ${saturated.latency.p50} ms, ` +
        `p99 ${saturated.latency.p99} ms, non-2xx ${saturated.non2xx}; ${applied[0]?.n} applied ` +
        `(read from Stripe, written), the last ${drainMs.toFixed(0)} ms after the last answer`,
    );
    console.log(
      `  CPU of the app's process (fake Stripe and the load generator run in their own): ` +
        `${((cpu.user + cpu.system) / 1000 / DISTINCT_DELIVERIES).toFixed(2)} ms per event`,
    );
    const steady = await distinctEvents(STEADY_DELIVERIES, STEADY_RATE);
    await waitForWebhookWork(app.services.billing);
    console.log(
      `webhook, ${STEADY_DELIVERIES} distinct events, ${CONNECTIONS} connections at ${STEADY_RATE} events/s: ` +
        `p50 ${steady.latency.p50} ms, p99 ${steady.latency.p99} ms, non-2xx ${steady.non2xx} (target p99 < 50 ms)`,
    );

    // ---- 2. one event delivered 1,000 times: an upgrade to Professional
    const target = (await fake.updateSubscription(subscriptionIds[0] ?? '', {
      lookupKey: 'foliowise_professional_monthly',
    })) as { id: string; metadata: { userId: string } };
    const [event] = (await fake.events('customer.subscription.updated', [target.id])) as { id: string }[];
    const delivery = signed(event ?? {});
    const before = await sql('select plan from "user" where id = $1', [target.metadata.userId]);
    const same = await deliverFromAnotherProcess(dataDir, {
      url: `${address}/api/stripe/webhook`,
      connections: CONNECTIONS,
      amount: SAME_EVENT_DELIVERIES,
      deliveries: [delivery],
    });
    await waitForWebhookWork(app.services.billing);
    const after = await sql('select plan from "user" where id = $1', [target.metadata.userId]);
    const { rows: stored } = await sql('select count(*)::int as n from stripe_event where id = $1', [
      event?.id,
    ]);
    console.log(
      `same event delivered ${SAME_EVENT_DELIVERIES} times (${CONNECTIONS} at a time): ` +
        `${same.firstDeliveries} applied, ${SAME_EVENT_DELIVERIES - same.firstDeliveries} answered as duplicates, ${stored[0]?.n} stored event row, plan ` +
        `${before.rows[0]?.plan} -> ${after.rows[0]?.plan}; p99 ${same.latency.p99} ms, non-2xx ${same.non2xx}`,
    );
  } finally {
    await app.close();
    database.handle.pool.on('error', () => undefined);
    await database.shutdown();
    await appDatabase.drop();
    await embedded?.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
