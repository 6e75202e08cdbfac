// Points: from paper trades (the first portfolio, each trade, the first profitable sell; a daily cap), from
// lessons and analyses, and streaks and weeks in the browser's time zone.
import { describe, expect, it } from 'vitest';
import {
  call,
  control,
  createPortfolio,
  historyOf,
  pointsOf,
  prices,
  readLesson,
  t,
  trade,
  unlockedOf,
  useRewardsTestApp,
} from '../../testing/rewards-test-app';
import { signUpUser, type TestUser } from '../../testing/users';

useRewardsTestApp();

const sql = async (text: string, values: unknown[] = []) =>
  (await t.deps.database.pool.query(text, values)).rows;

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
    control.failBeforeCommit = true;
    expect((await trade(dave, portfolioId, 'MSFT', 'buy', 1)).statusCode).toBe(500);
    control.failBeforeCommit = false;

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
    control.clock = new Date('2025-06-02T23:00:00Z');
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

    control.clock = new Date('2025-06-03T00:00:00Z');
    expect((await trade(farmer, portfolios[0]!, 'ONE', 'buy', 1)).statusCode).toBe(201);
    expect(await tradeRows(farmer)).toEqual({ n: 21 });
    expect((await pointsOf(farmer)).totalPoints).toBe(385);
  });

  it('two trades at once cannot both take the last award of the day', async () => {
    const racer = await signUpUser(t.app);
    control.clock = new Date('2025-07-01T12:00:00Z');
    const first = await createPortfolio(racer);
    const second = await createPortfolio(racer, { name: 'B' });
    prices.set('AAPL', 100);
    for (let i = 0; i < 19; i++) expect((await trade(racer, first, 'AAPL', 'buy', 1)).statusCode).toBe(201);

    // The 20th trade holds its transaction open after booking its points; the 21st starts on another portfolio.
    let reached!: () => void;
    let release!: () => void;
    const atCommit = new Promise<void>((resolve) => (reached = resolve));
    control.holdNextCommit = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
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
    control.clock = new Date('2025-08-04T12:00:00Z');
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
    control.clock = new Date('2025-06-02T15:00:00Z');
    for (let i = 0; i < 4; i++) expect((await analyze()).statusCode).toBe(200);
    let history = await historyOf(gus);
    expect(history.filter((h) => h.reason === 'analysis_completed')).toHaveLength(3);
    expect(history.map((h) => h.reason)).toContain('achievement_first_analysis');

    control.clock = new Date('2025-06-03T15:00:00Z');
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
    control.clock = new Date('2025-01-06T18:00:00Z');
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
      control.clock = new Date(moment);
      for (const who of [utc, la]) expect((await readLesson(who, lessons[i]!)).statusCode).toBe(200);
    }
    control.clock = new Date('2025-01-08T06:00:00Z');

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
    control.clock = new Date('2025-01-13T03:00:00Z');
    const weekly = await pointsOf(la, 'America/Los_Angeles');
    expect(weekly.weeklyPoints).toBe(235);
    expect(weekly.monthlyPoints).toBe(235);
    expect(weekly.currentStreak).toBe(0);
    expect((await pointsOf(la, 'UTC')).weeklyPoints).toBe(0);
  });
});
