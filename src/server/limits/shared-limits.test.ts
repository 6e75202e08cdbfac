import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { DEMO_ACCOUNTS_PER_DAY } from '../features/sign-in/routes';
import { testConfig } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { expectError } from '../testing/users';
import { deleteExpiredLimitCounters } from './postgres-store';

const REDIS_URL = 'redis://127.0.0.1:6379';
/** This run's keys only: flushed at the end without touching anyone else's. */
const REDIS_PREFIX = `fw-test-${randomBytes(6).toString('hex')}:`;

const opened: { apps: FastifyInstance[]; database: DatabaseHandle }[] = [];
afterAll(async () => {
  for (const { apps, database } of opened) {
    await Promise.all(apps.map((app) => app.close()));
    await database.close();
  }
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${REDIS_PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** Two app instances on one database, as behind a load balancer. */
async function twoInstances(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const apps = await Promise.all(
    [1, 2].map(async () => {
      const app = await buildApp({ config: testConfig(env), database, version: 'test' });
      await app.ready();
      return app;
    }),
  );
  opened.push({ apps, database });
  return { apps, database };
}

/** A port on which nothing listens (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Opens demo accounts from one /64 on the two instances in turn, up to the daily cap; the next is refused. */
async function expectOneDemoCap([a, b]: FastifyInstance[]) {
  const demo = (app: FastifyInstance | undefined, ip: string) =>
    app!.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: ip });
  for (let i = 0; i < DEMO_ACCOUNTS_PER_DAY; i++) {
    const res = await demo(i % 2 === 0 ? a : b, `2001:db8:5:6::${i + 1}`);
    expect(res.statusCode, res.body).toBe(201);
  }
  for (const app of [a, b]) {
    const refused = await demo(app, '2001:db8:5:6:abcd::9');
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.json().error.message).toMatch(/^Too many requests\. Try again in (23|24) hours\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  }
  // Another address is not held back.
  expect((await demo(b, '198.51.100.4')).statusCode).toBe(201);
}

describe('limits shared by every instance', () => {
  it('in PostgreSQL: two instances count one demo-account cap per /64', async () => {
    const { apps, database } = await twoInstances();
    await expectOneDemoCap(apps);
    const { rows } = await database.pool.query<{ key: string; count: number }>(
      `select key, count from limit_counter where key like 'route:POST /api/auth/demo:%' order by key`,
    );
    expect(rows).toEqual([
      { key: 'route:POST /api/auth/demo:198.51.100.4', count: 1 },
      { key: 'route:POST /api/auth/demo:2001:db8:5:6::/64', count: DEMO_ACCOUNTS_PER_DAY + 2 },
    ]);
  });

  it('deleteExpiredLimitCounters drops exactly the counters whose window has ended', async () => {
    const { apps, database } = await twoInstances();
    await apps[0]!.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: '192.0.2.1' });
    await apps[1]!.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: '192.0.2.2' });
    await database.pool.query(`update limit_counter set expires_at = now() where key like '%:192.0.2.1'`);
    expect(await deleteExpiredLimitCounters(database.db)).toBe(1);
    const { rows } = await database.pool.query<{ key: string }>('select key from limit_counter');
    expect(rows.map((r) => r.key)).toEqual(['route:POST /api/auth/demo:192.0.2.2']);
  });

  it('in Redis when REDIS_URL is set: two instances count one cap, and PostgreSQL holds no counter', async () => {
    const { apps, database } = await twoInstances({ REDIS_URL, REDIS_KEY_PREFIX: REDIS_PREFIX });
    await expectOneDemoCap(apps);
    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.get(`${REDIS_PREFIX}route:POST /api/auth/demo:2001:db8:5:6::/64`)).toBe(
        String(DEMO_ACCOUNTS_PER_DAY + 2),
      );
      const ttl = await redis.pttl(`${REDIS_PREFIX}route:POST /api/auth/demo:2001:db8:5:6::/64`);
      expect(ttl).toBeGreaterThan(23 * 3600_000);
    } finally {
      await redis.quit();
    }
    const { rows } = await database.pool.query('select 1 from limit_counter');
    expect(rows).toEqual([]);
  });

  it('with Redis down the limits neither fail open nor closed: PostgreSQL counts them', async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    const { apps, database } = await twoInstances({ REDIS_URL: url, REDIS_KEY_PREFIX: REDIS_PREFIX });
    await expectOneDemoCap(apps);
    const { rows } = await database.pool.query<{ count: number }>(
      `select count from limit_counter where key = 'route:POST /api/auth/demo:2001:db8:5:6::/64'`,
    );
    expect(rows).toEqual([{ count: DEMO_ACCOUNTS_PER_DAY + 2 }]);
  });
});
