import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { session, user } from '../auth/schema';
import { accountToken } from '../features/sign-in/schema';
import { analysisUsage } from '../features/analysis/schema';
import { paperPortfolio } from '../features/paper-trading/schema';
import { limitCounter } from '../limits/schema';
import { createTestDatabase } from '../testing/test-database';
import pino from 'pino';
import { createServices } from '../services';
import { testConfig } from '../testing/test-app';
import { appJobs } from './registry';

const NOW = new Date('2026-11-23T10:15:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY_MS);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function runJob(name: string) {
  const job = appJobs(createServices(testConfig(), database, pino({ level: 'silent' }))).find(
    (entry) => entry.name === name,
  );
  if (!job) throw new Error(`no job ${name}`);
  return job.run({ db: database.db, now: NOW });
}

async function addUser(email: string, values: { isDemo: boolean; createdAt: Date }) {
  const [row] = await database.db
    .insert(user)
    .values({ email, firstName: 'A', lastName: 'B', passwordHash: 'not-a-hash', ...values })
    .returning({ id: user.id });
  return row!.id;
}

async function addSession(
  idHash: string,
  userId: string,
  times: { lastSeenAt: Date; idleExpiresAt: Date; absoluteExpiresAt: Date },
) {
  await database.db.insert(session).values({ idHash, userId, createdAt: times.lastSeenAt, ...times });
}

const remainingSessions = async () =>
  (await database.db.select({ idHash: session.idHash }).from(session)).map((r) => r.idHash).sort();

describe('the scheduled cleanups delete exactly what they should', () => {
  it('delete-expired-sessions removes sessions past their idle or absolute expiry, and keeps live ones', async () => {
    const owner = await addUser('sessions@example.com', { isDemo: false, createdAt: daysAgo(40) });
    await addSession('idle-expired', owner, {
      lastSeenAt: daysAgo(8),
      idleExpiresAt: daysAgo(1),
      absoluteExpiresAt: inDays(20),
    });
    await addSession('absolute-expired', owner, {
      lastSeenAt: daysAgo(0.5),
      idleExpiresAt: inDays(6),
      absoluteExpiresAt: NOW,
    });
    await addSession('live', owner, {
      lastSeenAt: daysAgo(0.5),
      idleExpiresAt: inDays(6),
      absoluteExpiresAt: inDays(1),
    });

    expect(await runJob('delete-expired-sessions')).toBe(2);
    expect(await remainingSessions()).toEqual(['live']);
    expect(await runJob('delete-expired-sessions')).toBe(0);
    await database.db.delete(user).where(sql`${user.id} = ${owner}`);
  });

  it('delete-expired-limit-counters removes the counters whose window has ended, and keeps live ones', async () => {
    await database.db.insert(limitCounter).values([
      { key: 'login:ip:203.0.113.7', count: 3, expiresAt: sql`now() - interval '1 second'` },
      { key: 'login:ip:203.0.113.8', count: 1, expiresAt: sql`now() + interval '15 minutes'` },
    ]);

    expect(await runJob('delete-expired-limit-counters')).toBe(1);
    const left = await database.db.select({ key: limitCounter.key }).from(limitCounter);
    expect(left).toEqual([{ key: 'login:ip:203.0.113.8' }]);
  });

  it('delete-expired-account-tokens removes mailed-link tokens past their lifetime, and keeps live ones', async () => {
    const owner = await addUser('tokens@example.com', { isDemo: false, createdAt: daysAgo(3) });
    await database.db.insert(accountToken).values([
      { idHash: 'expired-reset', userId: owner, purpose: 'reset_password', expiresAt: daysAgo(0.01) },
      {
        idHash: 'used-expired',
        userId: owner,
        purpose: 'verify_email',
        expiresAt: daysAgo(1),
        usedAt: daysAgo(1.5),
      },
      { idHash: 'live-verify', userId: owner, purpose: 'verify_email', expiresAt: inDays(0.5) },
    ]);

    expect(await runJob('delete-expired-account-tokens')).toBe(2);
    const left = await database.db.select({ idHash: accountToken.idHash }).from(accountToken);
    expect(left).toEqual([{ idHash: 'live-verify' }]);
    await database.db.delete(user).where(sql`${user.id} = ${owner}`);
  });

  it('delete-abandoned-demo-accounts removes demo accounts idle for 7 days with all their data, and nothing else', async () => {
    // Abandoned: a demo account of 10 days whose only session expired, unused for 8 days.
    const abandoned = await addUser('demo-abandoned@demo.foliowise.app', {
      isDemo: true,
      createdAt: daysAgo(10),
    });
    await addSession('abandoned-session', abandoned, {
      lastSeenAt: daysAgo(8),
      idleExpiresAt: daysAgo(1),
      absoluteExpiresAt: inDays(20),
    });
    await database.db
      .insert(paperPortfolio)
      .values({ userId: abandoned, name: 'Play', initialBalance: '10000', cashBalance: '10000' });
    // Abandoned too, never signed in again after its session was cleaned up.
    const abandonedWithoutSession = await addUser('demo-gone@demo.foliowise.app', {
      isDemo: true,
      createdAt: daysAgo(30),
    });
    // Kept: a demo account of 10 days used yesterday.
    const active = await addUser('demo-active@demo.foliowise.app', { isDemo: true, createdAt: daysAgo(10) });
    await addSession('active-session', active, {
      lastSeenAt: daysAgo(1),
      idleExpiresAt: inDays(6),
      absoluteExpiresAt: inDays(20),
    });
    // Kept: unused for 8 days, but its session (remembered) is still live.
    const remembered = await addUser('demo-remembered@demo.foliowise.app', {
      isDemo: true,
      createdAt: daysAgo(10),
    });
    await addSession('remembered-session', remembered, {
      lastSeenAt: daysAgo(8),
      idleExpiresAt: inDays(22),
      absoluteExpiresAt: inDays(80),
    });
    // Kept: a demo account opened yesterday whose session is gone.
    const young = await addUser('demo-young@demo.foliowise.app', { isDemo: true, createdAt: daysAgo(1) });
    // Kept: a real account, inactive for months.
    const inactiveReal = await addUser('inactive@example.com', { isDemo: false, createdAt: daysAgo(200) });
    for (const id of [abandoned, inactiveReal]) {
      await database.db
        .insert(analysisUsage)
        .values({ subjectKind: 'user', subjectKey: id, month: '2026-11', count: 2 });
    }

    expect(await runJob('delete-abandoned-demo-accounts')).toBe(2);

    const users = await database.db.select({ id: user.id }).from(user);
    expect(users.map((r) => r.id).sort()).toEqual([active, remembered, young, inactiveReal].sort());
    expect(users.map((r) => r.id)).not.toContain(abandonedWithoutSession);
    expect(await remainingSessions()).toEqual(['active-session', 'remembered-session']);
    expect(await database.db.select().from(paperPortfolio)).toEqual([]);
    const usage = await database.db.select({ key: analysisUsage.subjectKey }).from(analysisUsage);
    expect(usage).toEqual([{ key: inactiveReal }]);
    expect(await runJob('delete-abandoned-demo-accounts')).toBe(0);
  });
});
