import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteResponse } from '../../../contracts/market-data';
import { buildApp } from '../../app';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import { user as userTable } from '../../auth/schema';
import { portfolioSnapshot, triggeredAlert } from './schema';
import { savedPortfolio } from '../portfolio/schema';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { injectAs, signUpUser, type TestUser } from '../../testing/users';
import { appJobs } from '../../jobs/registry';
import { createJobRunner, JOBS_SCHEMA, type JobRunner } from '../../jobs/runner';
import { ALERT_MAIL_SUBJECT, evaluateAlerts, snapshotAllPortfolios } from './service';

/** Prices the fake quote source answers with (labelled simulated, as the real simulator's are). */
const prices: Record<string, { price: number; changePercent: number }> = {};
async function fakeQuotes(symbols: readonly string[]) {
  const quotes: Record<string, QuoteResponse> = {};
  for (const symbol of symbols) {
    const p = prices[symbol];
    if (!p) continue;
    quotes[symbol] = {
      symbol,
      name: symbol,
      currentPrice: p.price,
      change: 0,
      changePercent: p.changePercent,
      previousClose: p.price,
      currency: 'USD',
      source: 'simulated',
      asOf: '2026-11-24T15:00:00.000Z',
    };
  }
  return { quotes, errors: {} };
}

// Tuesday 10:00 in New York (open), the Wednesday after, and a Saturday (closed).
const TUESDAY = new Date('2026-11-24T15:00:00Z');
const WEDNESDAY = new Date('2026-11-25T15:00:00Z');
const SATURDAY = new Date('2026-11-28T15:00:00Z');

describe('two app instances on one database evaluating the same conditions', () => {
  let database: DatabaseHandle & { url: string };
  let secondPool: DatabaseHandle;
  let apps: FastifyInstance[];
  let smtp: TestSmtpServer;
  let user: TestUser;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    database = await createTestDatabase();
    // The second instance has its own pool, as another process would.
    secondPool = connectDatabase(database.url);
    apps = await Promise.all(
      [database, secondPool].map((handle) =>
        buildApp({
          config: testConfig({ SMTP_URL: smtp.url }),
          database: handle,
          version: 'test',
          overrides: { alerts: { quotes: fakeQuotes } },
        }),
      ),
    );
    await Promise.all(apps.map((app) => app.ready()));
    user = await signUpUser(apps[0]!);
    const saved = await injectAs(user, apps[0]!, {
      method: 'POST',
      url: '/api/alerts/conditions',
      payload: {
        userId: user.id,
        conditions: [
          { type: 'price_above', symbol: 'AAPL', threshold: 150, enabled: true },
          { type: 'percent_change', symbol: 'CRYPTO:ETH', threshold: 5, enabled: true },
          { type: 'gain_loss', threshold: 1000, enabled: true },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await secondPool.close();
    await database.close();
    await smtp.close();
  });

  /** Eight passes at once, four on each instance. */
  async function evaluateConcurrently(now: Date) {
    const results = await Promise.all(
      [...apps, ...apps, ...apps, ...apps].map((app) => evaluateAlerts(app.services.alerts, now)),
    );
    return results.reduce((sum, r) => sum + r.fired, 0);
  }
  const alertMessages = async () =>
    (
      await database.db
        .select({ message: triggeredAlert.message })
        .from(triggeredAlert)
        .where(eq(triggeredAlert.userId, user.id))
        .orderBy(triggeredAlert.triggeredAt)
    ).map((row) => row.message);
  // Sign-up mailed a verification link too: only the alert mail counts.
  const mails = () =>
    smtp.received.filter(
      (mail) => mail.envelopeTo.includes(user.email) && mail.subject === ALERT_MAIL_SUBJECT,
    );

  it('fire one alert per crossing, re-arm only after the condition stopped holding, mail once a day', async () => {
    prices.AAPL = { price: 100, changePercent: 0 };
    prices['CRYPTO:ETH'] = { price: 3000, changePercent: 1 };
    expect(await evaluateConcurrently(TUESDAY)).toBe(0);

    // The crossing: eight concurrent passes, one alert and one e-mail.
    prices.AAPL.price = 160;
    expect(await evaluateConcurrently(TUESDAY)).toBe(1);
    expect(await alertMessages()).toEqual(['AAPL is at $160.00, at or above your $150.00 alert.']);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toMatchObject({ subject: ALERT_MAIL_SUBJECT });
    expect(mails()[0]!.text).toContain('AAPL is at $160.00, at or above your $150.00 alert.');

    // Still true: nothing more.
    prices.AAPL.price = 170;
    expect(await evaluateConcurrently(TUESDAY)).toBe(0);

    // False (re-armed), then true again the same day: a second alert, no second e-mail that day.
    prices.AAPL.price = 140;
    expect(await evaluateConcurrently(TUESDAY)).toBe(0);
    prices.AAPL.price = 155;
    expect(await evaluateConcurrently(TUESDAY)).toBe(1);
    expect(await alertMessages()).toHaveLength(2);
    expect(mails()).toHaveLength(1);

    // The next day's crossing is mailed again.
    prices.AAPL.price = 140;
    await evaluateConcurrently(WEDNESDAY);
    prices.AAPL.price = 151;
    expect(await evaluateConcurrently(WEDNESDAY)).toBe(1);
    expect(mails()).toHaveLength(2);
  });

  it('evaluate stocks only while the US session is open, crypto around the clock', async () => {
    prices.AAPL!.price = 100;
    await evaluateConcurrently(WEDNESDAY); // re-armed
    prices.AAPL!.price = 200;
    prices['CRYPTO:ETH'] = { price: 2700, changePercent: -10 };
    expect(await evaluateConcurrently(SATURDAY)).toBe(1);
    expect((await alertMessages()).at(-1)).toBe('ETH moved -10.00% today (your alert: 5.00%).');
    const [crypto] = await database.db
      .select({ severity: triggeredAlert.severity })
      .from(triggeredAlert)
      .where(eq(triggeredAlert.message, 'ETH moved -10.00% today (your alert: 5.00%).'));
    expect(crypto?.severity).toBe('critical');
  });

  it('through two job runners: one evaluate-alerts run per minute, one alert per crossing', async () => {
    let clock = new Date('2026-11-24T16:00:10Z');
    const evaluateOnly = (app: FastifyInstance) =>
      appJobs(app.services).filter((job) => job.name === 'evaluate-alerts');
    const runners: JobRunner[] = apps.map((app) =>
      createJobRunner({
        database: app.deps.database,
        log: app.log,
        jobs: evaluateOnly(app),
        now: () => clock,
      }),
    );
    const finishedRuns = async () => {
      const { rows } = await database.pool.query<{ period: string }>(
        `select data->>'period' as period from ${JOBS_SCHEMA}.job where name = 'evaluate-alerts' and state = 'completed'`,
      );
      return rows.map((row) => row.period).sort();
    };
    const before = (await alertMessages()).length;
    try {
      prices.AAPL = { price: 100, changePercent: 0 };
      await Promise.all(runners.map((runner) => runner.start()));
      await expect.poll(finishedRuns, { timeout: 15_000, interval: 50 }).toEqual(['2026-11-24T16:00']);

      // The next minute the price crosses: both runners offer the minute's run three times each, at once.
      prices.AAPL.price = 180;
      clock = new Date('2026-11-24T16:01:05Z');
      await Promise.all([...runners, ...runners, ...runners].map((runner) => runner.offerDueRuns()));
      await expect
        .poll(finishedRuns, { timeout: 15_000, interval: 50 })
        .toEqual(['2026-11-24T16:00', '2026-11-24T16:01']);
      const messages = await alertMessages();
      expect(messages).toHaveLength(before + 1);
      expect(messages).toContain('AAPL is at $180.00, at or above your $150.00 alert.');
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
  });

  it('gain_loss: against the latest snapshot the daily job stored, streamed in batches', async () => {
    await database.db.insert(savedPortfolio).values({ userId: user.id, holdings: { AAPL: 100 } });
    prices.AAPL!.price = 100;
    // Wednesday 00:30 UTC is Tuesday evening in New York: the snapshot of Tuesday's session.
    const stored = await snapshotAllPortfolios(apps[0]!.services.alerts, new Date('2026-11-25T00:30:00Z'));
    expect(stored).toBe(1);
    const [snapshot] = await database.db
      .select()
      .from(portfolioSnapshot)
      .where(eq(portfolioSnapshot.userId, user.id));
    expect(snapshot).toMatchObject({ date: '2026-11-24', totalValue: '10000.00', totalGainLoss: '0.00' });

    prices.AAPL!.price = 89; // $1,100 down since the snapshot
    expect(await evaluateConcurrently(WEDNESDAY)).toBe(1);
    expect(await alertMessages()).toContain(
      'Your portfolio is down $1,100.00 since the last snapshot (your alert: $1,000.00).',
    );
  });

  it('client portfolios: own conditions and snapshots, alerts that name the client; archived or downgraded ones rest', async () => {
    const pro = await signUpUser(apps[0]!, { plan: 'professional' });
    const createClient = async (name: string) => {
      const created = await injectAs(pro, apps[0]!, {
        method: 'POST',
        url: '/api/clients',
        payload: { name, holdings: { MSFT: 10 } },
      });
      expect(created.statusCode, created.body).toBe(201);
      const clientId = created.json<{ client: { id: string } }>().client.id;
      const saved = await injectAs(pro, apps[0]!, {
        method: 'POST',
        url: '/api/alerts/conditions',
        payload: {
          clientId,
          conditions: [
            { type: 'portfolio_value', threshold: 1500, enabled: true },
            { type: 'price_below', symbol: 'MSFT', threshold: 90, enabled: true },
          ],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return clientId;
    };
    const active = await createClient('Okafor Family Trust');
    const archived = await createClient('Archived Client');
    await injectAs(pro, apps[0]!, {
      method: 'PATCH',
      url: `/api/clients/${archived}`,
      payload: { archived: true },
    });
    const alertsOf = async () =>
      database.db
        .select({ clientId: triggeredAlert.clientId, message: triggeredAlert.message })
        .from(triggeredAlert)
        .where(eq(triggeredAlert.userId, pro.id))
        .orderBy(triggeredAlert.triggeredAt);
    const snapshotsOf = async (clientId: string) =>
      database.db.select().from(portfolioSnapshot).where(eq(portfolioSnapshot.clientId, clientId));

    prices.MSFT = { price: 100, changePercent: 0 };
    await evaluateConcurrently(TUESDAY);
    expect(await alertsOf()).toEqual([]);

    // 10 × $160: the active client's value crosses $1,500, once; the archived client's does not count.
    prices.MSFT.price = 160;
    await evaluateConcurrently(TUESDAY);
    const message = "Okafor Family Trust's portfolio is worth $1,600.00, at or above your $1,500.00 alert.";
    expect(await alertsOf()).toEqual([{ clientId: active, message }]);
    const mailed = smtp.received.filter(
      (mail) => mail.envelopeTo.includes(pro.email) && mail.subject === ALERT_MAIL_SUBJECT,
    );
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.text).toContain(message);
    expect(mailed[0]!.text).toContain(`/app?client=${active}`);

    // The daily job snapshots the active client, not the archived one.
    await snapshotAllPortfolios(apps[0]!.services.alerts, new Date('2026-11-25T00:30:00Z'));
    expect(await snapshotsOf(active)).toMatchObject([
      { userId: pro.id, portfolioId: active, date: '2026-11-24', totalValue: '1600.00' },
    ]);
    expect(await snapshotsOf(archived)).toEqual([]);

    // Downgraded to Free: the client's conditions rest and no snapshot is taken; nothing is deleted.
    await database.db.update(userTable).set({ plan: 'free' }).where(eq(userTable.id, pro.id));
    prices.MSFT.price = 80;
    await evaluateConcurrently(WEDNESDAY);
    expect(await alertsOf()).toHaveLength(1);
    await snapshotAllPortfolios(apps[0]!.services.alerts, new Date('2026-11-26T00:30:00Z'));
    expect((await snapshotsOf(active)).map((row) => row.date)).toEqual(['2026-11-24']);

    // Professional again: the client's price alert fires, named.
    await database.db.update(userTable).set({ plan: 'professional' }).where(eq(userTable.id, pro.id));
    await evaluateConcurrently(WEDNESDAY);
    expect((await alertsOf()).map((row) => row.message)).toEqual([
      message,
      'Okafor Family Trust: MSFT is at $80.00, at or below your $90.00 alert.',
    ]);
  });
});
