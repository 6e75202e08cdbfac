import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../contracts/errors';
import {
  ZAchievementsResponse,
  ZLeaderboardResponse,
  ZPointHistoryResponse,
  ZPointsResponse,
  ZUserAchievementsResponse,
} from '../../../contracts/rewards';
import { ACHIEVEMENTS } from '../../../domain/rewards';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { injectAs, signUpUser, type TestUser } from '../../testing/users';
import type { QuoteSource } from '../paper-trading/service';

/** Exact prices the test sets; unknown symbols fail like the real service. */
const prices = new Map<string, number>();
const quotes: QuoteSource = {
  async getQuote(symbol) {
    const price = prices.get(symbol.toUpperCase());
    if (price === undefined) throw new AppError('NOT_FOUND', `Unknown symbol ${symbol}`);
    return {
      symbol: symbol.toUpperCase(),
      currentPrice: price,
      source: 'fake',
      asOf: '2025-01-02T15:30:00.000Z',
    };
  },
  async getUsdCloses() {
    return { histories: {}, errors: {} };
  },
};

const ADMIN_EMAIL = 'rewards.admin@example.com';
/** The rewards clock; undefined = the system clock. */
let clock: Date | undefined;
/** Set by a test to fail a trade's transaction just before COMMIT. */
let failBeforeCommit = false;
/** Set by a test to hold the next trade's transaction open just before COMMIT (its locks held). */
let holdNextCommit: { reached: () => void; release: Promise<void> } | undefined;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // Points for many trades are tested here; the per-user trade limit in paper-trading/trade-limit.test.ts.
    env: { ADMIN_EMAILS: ADMIN_EMAIL, TRADES_PER_MINUTE: '0' },
    overrides: {
      paperTrading: {
        quoteSource: quotes,
        beforeTradeCommit: async () => {
          if (failBeforeCommit) throw new Error('injected failure before COMMIT');
          const hold = holdNextCommit;
          holdNextCommit = undefined;
          if (hold) {
            hold.reached();
            await hold.release;
          }
        },
      },
      rewards: { now: () => clock ?? new Date() },
    },
  });
});
afterAll(() => t.close());
beforeEach(() => {
  clock = undefined;
  failBeforeCommit = false;
  holdNextCommit = undefined;
  prices.clear();
});

// ------------------------------------------------------------------------------------------------ helpers

function call(
  who: TestUser | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return injectAs(who, t.app, {
    method,
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    headers,
  });
}

async function pointsOf(who: TestUser, timeZone?: string) {
  const res = await call(who, 'GET', '/api/points', undefined, timeZone ? { 'x-time-zone': timeZone } : {});
  expect(res.statusCode, res.body).toBe(200);
  return ZPointsResponse.parse(res.json()).points;
}

async function historyOf(who: TestUser) {
  const res = await call(who, 'GET', `/api/points/${who.id}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return ZPointHistoryResponse.parse(res.json()).transactions;
}

async function unlockedOf(who: TestUser) {
  const res = await call(who, 'GET', `/api/achievements/user/${who.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZUserAchievementsResponse.parse(res.json()).achievements.filter((a) => a.isUnlocked);
}

async function createPortfolio(who: TestUser, body: Record<string, unknown> = {}) {
  const res = await call(who, 'POST', '/api/paper-trading/portfolio', { name: 'Practice', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ portfolio: { id: string } }>().portfolio.id;
}

function trade(who: TestUser, portfolioId: string, symbol: string, side: 'buy' | 'sell', quantity: number) {
  return call(who, 'POST', '/api/paper-trading/trade', { portfolioId, symbol, side, quantity });
}

const readLesson = (who: TestUser | undefined, lessonId: string, body?: unknown) =>
  call(who, 'POST', `/api/lessons/${lessonId}/read`, body);

const sql = async (text: string, values: unknown[] = []) =>
  (await t.deps.database.pool.query(text, values)).rows;

// ---------------------------------------------------------------------------------------------- points

describe('points from paper trading', () => {
  it('the first paper portfolio earns exactly +100, once; a second portfolio earns nothing', async () => {
    const alice = await signUpUser(t.app);
    expect(await pointsOf(alice)).toMatchObject({ totalPoints: 0, level: 1, progressPercent: 0 });

    await createPortfolio(alice, { points: 5000, totalPoints: 5000 });
    expect(await pointsOf(alice)).toMatchObject({
      totalPoints: 100,
      lifetimePoints: 100,
      weeklyPoints: 100,
      monthlyPoints: 100,
      currentStreak: 1,
      longestStreak: 1,
      level: 1,
      progressPercent: 10,
      pointsToNextLevel: 900,
    });
    const history = await historyOf(alice);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ points: 100, category: 'earning', reason: 'first_portfolio' });

    await createPortfolio(alice, { name: 'Second' });
    expect((await pointsOf(alice)).totalPoints).toBe(100);
    expect(await historyOf(alice)).toHaveLength(1);

    const unlocked = await unlockedOf(alice);
    expect(unlocked.map((a) => a.achievementId)).toEqual(['first_portfolio']);
    expect(Date.parse(unlocked[0]!.unlockedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('two concurrent first portfolios still earn +100 once', async () => {
    const bob = await signUpUser(t.app);
    await Promise.all([createPortfolio(bob, { name: 'A' }), createPortfolio(bob, { name: 'B' })]);
    expect((await pointsOf(bob)).totalPoints).toBe(100);
    expect(
      await sql('select count(*)::int as n from point_transaction where user_id = $1', [bob.id]),
    ).toEqual([{ n: 1 }]);
  });

  it('a trade earns +10 in its own transaction, and the first trade its achievement', async () => {
    const carol = await signUpUser(t.app);
    const portfolioId = await createPortfolio(carol);
    prices.set('AAPL', 100);
    const res = await trade(carol, portfolioId, 'AAPL', 'buy', 5);
    expect(res.statusCode, res.body).toBe(201);

    const history = await historyOf(carol);
    expect(history.map((h) => [h.reason, h.category, h.points])).toEqual([
      ['achievement_first_trade', 'bonus', 25],
      ['trade_executed', 'earning', 10],
      ['first_portfolio', 'earning', 100],
    ]);
    expect((await pointsOf(carol)).totalPoints).toBe(135);

    // The second trade: +10 only; First Trade does not unlock again.
    expect((await trade(carol, portfolioId, 'AAPL', 'buy', 1)).statusCode).toBe(201);
    expect((await pointsOf(carol)).totalPoints).toBe(145);
    expect(
      await sql('select achievement_id, points from user_achievement where user_id = $1 order by 1', [
        carol.id,
      ]),
    ).toEqual([
      { achievement_id: 'first_portfolio', points: 100 },
      { achievement_id: 'first_trade', points: 25 },
    ]);
  });

  it('a refused or rolled-back trade awards nothing', async () => {
    const dave = await signUpUser(t.app);
    const portfolioId = await createPortfolio(dave, { initialBalance: 1000 });
    prices.set('MSFT', 400);
    // Refused: not enough cash.
    expect((await trade(dave, portfolioId, 'MSFT', 'buy', 10)).statusCode).toBe(422);
    // Rolled back after the rewards were booked in the transaction.
    failBeforeCommit = true;
    expect((await trade(dave, portfolioId, 'MSFT', 'buy', 1)).statusCode).toBe(500);
    failBeforeCommit = false;

    expect((await pointsOf(dave)).totalPoints).toBe(100);
    expect((await historyOf(dave)).map((h) => h.reason)).toEqual(['first_portfolio']);
    expect(await unlockedOf(dave)).toHaveLength(1);
    expect(await sql('select trade_count from user_points where user_id = $1', [dave.id])).toEqual([
      { trade_count: 0 },
    ]);
  });

  it('the first profitable sell earns +50 once', async () => {
    const erin = await signUpUser(t.app);
    const portfolioId = await createPortfolio(erin);
    prices.set('NVDA', 100);
    expect((await trade(erin, portfolioId, 'NVDA', 'buy', 10)).statusCode).toBe(201);
    prices.set('NVDA', 90);
    expect((await trade(erin, portfolioId, 'NVDA', 'sell', 2)).statusCode).toBe(201); // a loss
    prices.set('NVDA', 120);
    expect((await trade(erin, portfolioId, 'NVDA', 'sell', 2)).statusCode).toBe(201); // a profit
    expect((await trade(erin, portfolioId, 'NVDA', 'sell', 2)).statusCode).toBe(201); // another profit

    const reasons = (await historyOf(erin)).map((h) => `${h.reason} ${h.points}`);
    expect(reasons.filter((r) => r.startsWith('first_profitable_trade'))).toEqual([
      'first_profitable_trade 50',
    ]);
    expect(reasons.filter((r) => r.startsWith('trade_executed'))).toHaveLength(4);
    expect(reasons).toContain('achievement_first_loss 10');
    // 100 + 4 × 10 + first trade 25 + first loss 10 + first profit 50
    expect((await pointsOf(erin)).totalPoints).toBe(225);
  });
});

describe('trade points: $1.00 or more, at most 20 a UTC day', () => {
  const tradeRows = async (who: TestUser) =>
    (
      await sql(
        `select count(*)::int as n from point_transaction where user_id = $1 and reason = 'trade_executed'`,
        [who.id],
      )
    )[0] as { n: number };

  it('200 fills of $1.00 in one day pay the cap of 20 × 10 points; the next UTC day pays again', async () => {
    const farmer = await signUpUser(t.app);
    clock = new Date('2025-06-02T23:00:00Z');
    const portfolios = [await createPortfolio(farmer), await createPortfolio(farmer, { name: 'Second' })];
    prices.set('ONE', 1);
    // At once, on two portfolios: their trades run side by side and meet at the user's totals row.
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => trade(farmer, portfolios[i % 2]!, 'ONE', 'buy', 1)),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);

    expect(await tradeRows(farmer)).toEqual({ n: 20 });
    // 100 first portfolio + 20 × 10 + First Trade 25 + Active Trader (10 trades) 50; not Seasoned Trader (50).
    expect((await pointsOf(farmer)).totalPoints).toBe(375);
    expect((await unlockedOf(farmer)).map((a) => a.achievementId).sort()).toEqual([
      'first_portfolio',
      'first_trade',
      'trades_10',
    ]);
    expect(await sql('select trade_count from user_points where user_id = $1', [farmer.id])).toEqual([
      { trade_count: 20 },
    ]);

    clock = new Date('2025-06-03T00:00:00Z');
    expect((await trade(farmer, portfolios[0]!, 'ONE', 'buy', 1)).statusCode).toBe(201);
    expect(await tradeRows(farmer)).toEqual({ n: 21 });
    expect((await pointsOf(farmer)).totalPoints).toBe(385);
  });

  it('two trades at once cannot both take the last award of the day', async () => {
    const racer = await signUpUser(t.app);
    clock = new Date('2025-07-01T12:00:00Z');
    const first = await createPortfolio(racer);
    const second = await createPortfolio(racer, { name: 'B' });
    prices.set('AAPL', 100);
    for (let i = 0; i < 19; i++) expect((await trade(racer, first, 'AAPL', 'buy', 1)).statusCode).toBe(201);

    // The 20th trade holds its transaction open after booking its points; the 21st starts on another portfolio.
    let reached!: () => void;
    let release!: () => void;
    const atCommit = new Promise<void>((resolve) => (reached = resolve));
    holdNextCommit = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
    const twentieth = trade(racer, first, 'AAPL', 'buy', 1);
    await atCommit;
    const twentyFirst = trade(racer, second, 'AAPL', 'buy', 1);
    // Wait until the 21st waits for the 20th's lock on the user's totals row, then let the 20th commit.
    const waitingOnLock = async () =>
      (
        await sql(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0].n > 0;
    while (!(await waitingOnLock())) await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    expect((await twentieth).statusCode).toBe(201);
    expect((await twentyFirst).statusCode).toBe(201);

    expect(await tradeRows(racer)).toEqual({ n: 20 });
    expect(await sql('select trade_count from user_points where user_id = $1', [racer.id])).toEqual([
      { trade_count: 20 },
    ]);
  });

  it("once the day's awards are taken, a trade does no reward work under its locks, unless its size alone unlocks", async () => {
    const busy = await signUpUser(t.app);
    clock = new Date('2025-08-04T12:00:00Z');
    const portfolioId = await createPortfolio(busy, { initialBalance: 1_000_000 });
    prices.set('AAPL', 100);
    // 20 awards, then a 21st trade that finds the cap taken.
    for (let i = 0; i < 21; i++)
      expect((await trade(busy, portfolioId, 'AAPL', 'buy', 1)).statusCode).toBe(201);

    // Another transaction holds the user's totals row: a trade that touched it would wait for it.
    const holder = await t.deps.database.pool.connect();
    const lockWaiters = async () =>
      (
        await sql(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0].n as number;
    try {
      await holder.query('begin');
      await holder.query('select 1 from user_points where user_id = $1 for update', [busy.id]);
      const small = await trade(busy, portfolioId, 'AAPL', 'buy', 1);
      expect(small.statusCode, small.body).toBe(201);

      // $10,000 unlocks Big Ticket whatever the cap: that trade books it, so it waits for the row.
      const big = trade(busy, portfolioId, 'AAPL', 'buy', 100);
      while ((await lockWaiters()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await holder.query('commit');
      expect((await big).statusCode).toBe(201);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
    }
    expect(await tradeRows(busy)).toEqual({ n: 20 });
    expect((await unlockedOf(busy)).map((a) => a.achievementId)).toContain('big_ticket');
    expect(await sql('select trade_count from user_points where user_id = $1', [busy.id])).toEqual([
      { trade_count: 20 },
    ]);
  });

  it('a fill under $1.00 (a small holding sold whole) earns no points and counts toward no achievement', async () => {
    const tiny = await signUpUser(t.app);
    const portfolioId = await createPortfolio(tiny);
    prices.set('FALL', 0.5);
    expect((await trade(tiny, portfolioId, 'FALL', 'buy', 4)).statusCode).toBe(201); // $2.00: +10, First Trade
    prices.set('FALL', 0.2);
    const sell = await trade(tiny, portfolioId, 'FALL', 'sell', 4); // $0.80, a loss
    expect(sell.statusCode, sell.body).toBe(201);
    expect(sell.json().trade).toMatchObject({ totalValue: '0.80' });

    expect(await tradeRows(tiny)).toEqual({ n: 1 });
    expect((await pointsOf(tiny)).totalPoints).toBe(135);
    expect((await unlockedOf(tiny)).map((a) => a.achievementId)).not.toContain('first_loss');
    expect(
      await sql('select trade_count, sell_count from user_points where user_id = $1', [tiny.id]),
    ).toEqual([{ trade_count: 1, sell_count: 0 }]);
  });
});

describe('points from lessons and analyses', () => {
  it('POST /api/lessons/:id/read: the first read earns +20, later reads nothing; client points ignored', async () => {
    const fay = await signUpUser(t.app);
    const first = await readLesson(fay, 'diversification', { points: 100000, category: 'bonus' });
    expect(first.statusCode, first.body).toBe(200);
    // +20 for the lesson, +25 for Eager Learner.
    expect(first.json()).toEqual({ lessonId: 'diversification', firstRead: true, pointsAwarded: 45 });
    const again = await readLesson(fay, 'diversification');
    expect(again.json()).toEqual({ lessonId: 'diversification', firstRead: false, pointsAwarded: 0 });
    expect((await pointsOf(fay)).totalPoints).toBe(45);

    expect((await readLesson(fay, 'etfs')).json()).toMatchObject({ firstRead: true, pointsAwarded: 50 }); // + Curious Mind
    expect((await readLesson(fay, 'no-such-lesson')).statusCode).toBe(404);
    expect((await readLesson(undefined, 'risk')).statusCode).toBe(401);
  });

  it('a signed-in analysis earns +15, at most 3 a day (the user’s day); visitors earn nothing', async () => {
    const gus = await signUpUser(t.app);
    const analyze = () => call(gus, 'POST', '/api/analyze-demo', { portfolio: { AAPL: 10, SPY: 5 } });
    clock = new Date('2025-06-02T15:00:00Z');
    for (let i = 0; i < 4; i++) expect((await analyze()).statusCode).toBe(200);
    let history = await historyOf(gus);
    expect(history.filter((h) => h.reason === 'analysis_completed')).toHaveLength(3);
    expect(history.map((h) => h.reason)).toContain('achievement_first_analysis');

    clock = new Date('2025-06-03T15:00:00Z');
    expect((await analyze()).statusCode).toBe(200);
    history = await historyOf(gus);
    expect(history.filter((h) => h.reason === 'analysis_completed')).toHaveLength(4);

    const visitor = await call(undefined, 'POST', '/api/analyze-demo', { portfolio: { AAPL: 1 } });
    expect(visitor.statusCode).toBe(200);
  });
});

describe('streaks and weeks in the browser’s time zone', () => {
  it('counts days in X-Time-Zone (remembered for later awards); a bad zone falls back to UTC', async () => {
    const utc = await signUpUser(t.app);
    const la = await signUpUser(t.app);
    // Los Angeles is remembered before any activity: awards check streaks in that zone.
    clock = new Date('2025-01-06T18:00:00Z');
    expect((await pointsOf(la, 'America/Los_Angeles')).timeZone).toBe('America/Los_Angeles');

    // UTC days: Jan 6, 7, 7, 8 -> streak 3.  Los Angeles days: Jan 6, 6, 7, 7 -> streak 2.
    const moments = [
      '2025-01-06T20:00:00Z',
      '2025-01-07T04:00:00Z',
      '2025-01-07T20:00:00Z',
      '2025-01-08T05:00:00Z',
    ];
    const lessons = ['diversification', 'etfs', 'risk', 'dollar-cost-averaging'];
    for (const [i, moment] of moments.entries()) {
      clock = new Date(moment);
      for (const who of [utc, la]) expect((await readLesson(who, lessons[i]!)).statusCode).toBe(200);
    }
    clock = new Date('2025-01-08T06:00:00Z');

    const utcPoints = await pointsOf(utc);
    expect(utcPoints).toMatchObject({ currentStreak: 3, longestStreak: 3, timeZone: 'UTC' });
    const laPoints = await pointsOf(la, 'America/Los_Angeles');
    expect(laPoints).toMatchObject({ currentStreak: 2, longestStreak: 2, timeZone: 'America/Los_Angeles' });
    // The 3-day streak bonus went to the UTC player only, when the third UTC day began.
    expect((await historyOf(utc)).map((h) => h.reason)).toContain('streak_3_days');
    expect((await historyOf(la)).map((h) => h.reason)).not.toContain('streak_3_days');
    // Lessons 4 × 20, Eager Learner 25, Curious Mind 30, Graduate 100; the UTC player also streak 3 +25.
    expect(laPoints.totalPoints).toBe(235);
    expect(utcPoints.totalPoints).toBe(260);

    // Seen from UTC, the Los Angeles player's days are Jan 6, 7, 7, 8 again.
    expect(await pointsOf(la, 'UTC')).toMatchObject({ currentStreak: 3, timeZone: 'UTC' });
    // An invalid zone is ignored: the remembered zone (UTC now) applies.
    expect(await pointsOf(la, 'Mars/Olympus_Mons')).toMatchObject({ timeZone: 'UTC' });
    expect(await pointsOf(la, '+01:00')).toMatchObject({ timeZone: 'UTC' });

    // Week: Monday 2025-01-13 03:00 UTC is still Sunday Jan 12 in Los Angeles.
    clock = new Date('2025-01-13T03:00:00Z');
    const weekly = await pointsOf(la, 'America/Los_Angeles');
    expect(weekly.weeklyPoints).toBe(235);
    expect(weekly.monthlyPoints).toBe(235);
    expect(weekly.currentStreak).toBe(0);
    expect((await pointsOf(la, 'UTC')).weeklyPoints).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------ achievements

describe('achievements', () => {
  it('GET /api/achievements lists the catalog without rules', async () => {
    const res = await call(undefined, 'GET', '/api/achievements');
    expect(res.statusCode).toBe(200);
    const { achievements } = ZAchievementsResponse.parse(res.json());
    expect(achievements).toHaveLength(ACHIEVEMENTS.length);
    expect(achievements.length).toBeGreaterThanOrEqual(24);
    expect(res.body).not.toContain('rule');
  });

  it('GET /api/achievements/user/:id lists every achievement, locked or unlocked', async () => {
    const hal = await signUpUser(t.app);
    await createPortfolio(hal);
    const res = await call(hal, 'GET', `/api/achievements/user/${hal.id}`);
    const { achievements } = ZUserAchievementsResponse.parse(res.json());
    expect(achievements).toHaveLength(ACHIEVEMENTS.length);
    expect(achievements.find((a) => a.achievementId === 'first_portfolio')).toMatchObject({
      isUnlocked: true,
    });
    expect(achievements.find((a) => a.achievementId === 'first_trade')).toEqual({
      id: 'first_trade',
      achievementId: 'first_trade',
      isUnlocked: false,
      unlockedAt: null,
    });
  });
});

// ----------------------------------------------------------------------------------------- access rules

describe('access', () => {
  it('another user’s id is a 404 (history, achievements, points); an admin may read it', async () => {
    const [ivy, jay, admin] = await Promise.all([
      signUpUser(t.app),
      signUpUser(t.app),
      signUpUser(t.app, { role: 'admin' }),
    ]);
    await createPortfolio(ivy);
    for (const url of [
      `/api/points/${ivy.id}/history`,
      `/api/achievements/user/${ivy.id}`,
      `/api/points?userId=${ivy.id}`,
      '/api/points/not-a-uuid/history',
    ]) {
      const res = await call(jay, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'User not found' } });
    }
    const byAdmin = await call(admin, 'GET', `/api/points/${ivy.id}/history`);
    expect(byAdmin.statusCode).toBe(200);
    expect(ZPointHistoryResponse.parse(byAdmin.json()).transactions).toHaveLength(1);
    expect((await call(admin, 'GET', `/api/achievements/user/${ivy.id}`)).statusCode).toBe(200);
  });

  it('visitors get 401 from every per-user endpoint', async () => {
    for (const url of [
      '/api/points',
      '/api/points/x/history',
      '/api/achievements/user/x',
      '/api/leaderboard',
    ]) {
      expect((await call(undefined, 'GET', url)).statusCode, url).toBe(401);
    }
  });

  it('no endpoint accepts points from the client', async () => {
    const kim = await signUpUser(t.app);
    const attempts: ['POST' | 'PUT' | 'PATCH' | 'DELETE', string][] = [
      ['POST', '/api/points'],
      ['PUT', '/api/points'],
      ['PATCH', '/api/points'],
      ['POST', `/api/points/${kim.id}/history`],
      ['POST', '/api/achievements'],
      ['POST', `/api/achievements/user/${kim.id}`],
      ['POST', '/api/leaderboard'],
      ['DELETE', `/api/points/${kim.id}/history`],
    ];
    for (const [method, url] of attempts) {
      const res = await call(kim, method, url, { points: 1_000_000, achievementId: 'whale' });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // The one write (a lesson read) takes no points; a body's fields are ignored.
    await readLesson(kim, 'risk', { points: 1_000_000, pointsAwarded: 1_000_000 });
    expect((await pointsOf(kim)).totalPoints).toBe(45);
    for (const url of [
      '/api/points',
      '/api/points/:userId/history',
      '/api/achievements',
      '/api/leaderboard',
    ]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(false);
      }
    }
  });
});

// ----------------------------------------------------------------------------------------- leaderboards

describe('leaderboards', () => {
  it('top 10 by weekly, monthly and lifetime points; the current user marked; no emails or account ids', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => signUpUser(t.app)));
    clock = new Date('2023-09-13T12:00:00Z'); // a week and month of their own
    // TestUser i reads i lessons (0..4) and creates a portfolio when i is even: distinct totals.
    const lessons = ['diversification', 'etfs', 'risk', 'dollar-cost-averaging'];
    for (const [i, who] of players.entries()) {
      for (const lesson of lessons.slice(0, i % 5)) await readLesson(who, lesson);
      if (i % 2 === 0) await createPortfolio(who);
    }
    const me = players[4]!; // 4 lessons + portfolio: 80 + 25 + 30 + 100 + 100 = 335
    for (const type of ['weekly_points', 'monthly_points', 'lifetime_points'] as const) {
      const res = await call(me, 'GET', `/api/leaderboard?type=${type}`);
      expect(res.statusCode, res.body).toBe(200);
      const board = ZLeaderboardResponse.parse(res.json());
      expect(board.type).toBe(type);
      expect(board.entries.length).toBeLessThanOrEqual(10);
      expect(board.entries.length).toBeGreaterThan(0);
      const values = board.entries.map((e) => Number(e.value));
      expect(values).toEqual([...values].sort((a, b) => b - a));
      const mine = board.entries.filter((e) => e.isCurrentUser);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.value).toBe('335');
      for (const entry of board.entries) {
        expect(entry.userId).toMatch(/^\d+$/);
        expect(typeof entry.value).toBe('string');
      }
      for (const p of players) {
        expect(res.body).not.toContain(p.email);
        expect(res.body).not.toContain(p.id);
      }
      expect(res.body).not.toContain('@');
    }
    // Ranks are competition ranks: ties share a rank.
    const lifetime = ZLeaderboardResponse.parse(
      (await call(me, 'GET', '/api/leaderboard?type=lifetime_points')).json(),
    );
    lifetime.entries.forEach((entry, i) => {
      const previous = lifetime.entries[i - 1];
      expect(entry.rank).toBe(previous && previous.value === entry.value ? previous.rank : i + 1);
    });
    // A user's public number is stable across boards.
    const weekly = ZLeaderboardResponse.parse(
      (await call(me, 'GET', '/api/leaderboard?type=weekly_points')).json(),
    );
    expect(weekly.entries.find((e) => e.isCurrentUser)!.userId).toBe(
      lifetime.entries.find((e) => e.isCurrentUser)!.userId,
    );
  });

  it('defaults to weekly and refuses an unknown type', async () => {
    const lee = await signUpUser(t.app);
    expect((await call(lee, 'GET', '/api/leaderboard')).json()).toMatchObject({ type: 'weekly_points' });
    const bad = await call(lee, 'GET', '/api/leaderboard?type=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('a place in a busy weekly top 10 unlocks Rising Star (social)', async () => {
    clock = new Date('2023-05-10T12:00:00Z');
    const crowd = await Promise.all(Array.from({ length: 10 }, () => signUpUser(t.app)));
    for (const who of crowd) await readLesson(who, 'risk'); // 45 each
    const star = await signUpUser(t.app);
    for (const lesson of ['diversification', 'etfs', 'risk', 'dollar-cost-averaging'])
      await readLesson(star, lesson);
    expect((await pointsOf(star)).totalPoints).toBe(235); // under the 250 a week that Rising Star needs
    expect((await historyOf(star)).map((h) => h.reason)).not.toContain('achievement_weekly_top_10');
    // An analysis: +15, Analyst +25 = 275 this week, first of 11 players.
    expect((await call(star, 'POST', '/api/analyze-demo', { portfolio: { SPY: 1 } })).statusCode).toBe(200);
    const reasons = (await historyOf(star)).map((h) => h.reason);
    expect(reasons).toContain('achievement_weekly_top_10');
    expect(reasons).not.toContain('achievement_weekly_podium'); // needs 500 points
    expect((await pointsOf(star)).totalPoints).toBe(375);
    const board = ZLeaderboardResponse.parse(
      (await call(star, 'GET', '/api/leaderboard?type=weekly_points')).json(),
    );
    expect(board.entries).toHaveLength(10);
    expect(board.entries[0]).toMatchObject({ rank: 1, value: '375', isCurrentUser: true });
    expect(board.entries.slice(1).every((e) => e.rank === 2 && e.value === '45')).toBe(true);
  });

  it('last week’s points leave the weekly board but stay on the all-time board', async () => {
    const max = await signUpUser(t.app);
    clock = new Date('2024-03-06T12:00:00Z');
    await readLesson(max, 'diversification');
    clock = new Date('2024-03-12T12:00:00Z'); // the next ISO week, same month
    const weekly = ZLeaderboardResponse.parse(
      (await call(max, 'GET', '/api/leaderboard?type=weekly_points')).json(),
    );
    expect(weekly.entries.some((e) => e.isCurrentUser)).toBe(false);
    const monthly = ZLeaderboardResponse.parse(
      (await call(max, 'GET', '/api/leaderboard?type=monthly_points')).json(),
    );
    expect(monthly.entries.find((e) => e.isCurrentUser)?.value).toBe('45');
  });
});
