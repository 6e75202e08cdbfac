// Paper portfolios: who may call, creating, valuing and listing them, another user's, the trade list and the
// performance chart.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  alice,
  bob,
  db,
  hooks,
  ledgerOf,
  listPortfolios,
  quotes,
  t,
  usePaperTradingTestApp,
} from '../../testing/paper-trading-test-app';
import { expectError, signUpUser } from '../../testing/users';
import { call, createPortfolio, FAKE_AS_OF, trade } from '../../testing/paper-trading';
import { utcDateOf } from '../../../domain/calendar';

usePaperTradingTestApp();

describe('authentication', () => {
  it('answers 401 to a visitor on every endpoint', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/paper-trading/portfolio'],
      ['POST', '/api/paper-trading/portfolio'],
      ['GET', '/api/paper-trading/trades'],
      ['GET', `/api/paper-trading/portfolio/${id}/performance`],
      ['POST', '/api/paper-trading/trade'],
    ] as const) {
      expectError(
        await call(t.app, undefined, method, url, method === 'POST' ? {} : undefined),
        401,
        'UNAUTHENTICATED',
      );
    }
  });
});

describe('POST /api/paper-trading/portfolio', () => {
  it('creates with the server-set balances, ignoring the ones the client sends', async () => {
    const user = await signUpUser(t.app);
    const res = await call(t.app, user, 'POST', '/api/paper-trading/portfolio', {
      userId: 1,
      name: 'Growth',
      description: 'Long only',
      initialBalance: '25000',
      currentBalance: '999999',
      totalValue: '999999',
      totalReturn: '500',
      totalReturnPercent: '5',
      holdings: { AAPL: { quantity: 1000, averageCost: 1 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'Portfolio "Growth" created with $25,000.00 virtual cash.',
      portfolio: {
        id: expect.any(String),
        userId: user.id,
        name: 'Growth',
        description: 'Long only',
        initialBalance: '25000.00',
        currentBalance: '25000.00',
        totalValue: '25000.00',
        totalReturn: '0.00',
        totalReturnPercent: '0.00',
        holdings: {},
        hasStalePrices: false,
        createdAt: expect.any(String),
      },
    });
    const ledger = await ledgerOf(body.portfolio.id);
    expect(ledger).toMatchObject({ cash: '25000.00', initial: '25000.00', holdings: [], trades: 0 });
  });

  it('defaults the starting balance to $10,000.00', async () => {
    const res = await call(t.app, alice, 'POST', '/api/paper-trading/portfolio', { name: 'Default' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Portfolio "Default" created with $10,000.00 virtual cash.');
    expect(res.json().portfolio).toMatchObject({ initialBalance: '10000.00', description: null });
  });

  it.each([
    [{ name: '' }, 'name', 'Portfolio name is required'],
    [{}, 'name', 'Portfolio name is required'],
    [{ name: 'n'.repeat(101) }, 'name', 'Name too long'],
    [{ name: 'x', description: 'd'.repeat(501) }, 'description', 'Description too long'],
    [{ name: 'x', initialBalance: 999 }, 'initialBalance', 'Minimum balance is $1,000'],
    [{ name: 'x', initialBalance: '1000000.01' }, 'initialBalance', 'Maximum balance is $1,000,000'],
  ])('refuses %j with 400 %s: %s', async (body, field, message) => {
    const res = await call(t.app, alice, 'POST', '/api/paper-trading/portfolio', body);
    const error = expectError(res, 400, 'VALIDATION_ERROR', message);
    expect(error.fields?.[field]).toBe(message);
  });

  it("emits portfolio_created with first = true only for the user's first portfolio, in its transaction", async () => {
    const user = await signUpUser(t.app);
    const seen: { first: boolean; visible: number }[] = [];
    hooks.onEventExtra = async (event, tx) => {
      if (event.type !== 'portfolio_created' || event.userId !== user.id) return;
      const { rows } = await tx.execute(
        sql`select count(*)::int as n from paper_portfolio where id = ${event.portfolioId}`,
      );
      seen.push({ first: event.first, visible: (rows[0] as { n: number }).n });
    };
    // Concurrent creations still agree on which one was first.
    await Promise.all([1, 2, 3].map((i) => createPortfolio(t.app, user, { name: `P${i}` })));
    expect(seen.map((s) => s.first).sort()).toEqual([false, false, true]);
    expect(seen.every((s) => s.visible === 1)).toBe(true);
  });
});

describe('GET /api/paper-trading/portfolio', () => {
  it('values holdings at the current quote: market value, unrealised P&L, total value and return', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user, { name: 'Valued' });
    quotes.prices.set('AAPL', 215);
    await trade(t.app, user, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 10 });
    quotes.prices.set('AAPL', 220.555);
    const res = await listPortfolios(user, `?userId=${user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id,
        userId: user.id,
        name: 'Valued',
        description: null,
        initialBalance: '10000.00',
        currentBalance: '7850.00',
        totalValue: '10055.55',
        totalReturn: '55.55',
        totalReturnPercent: '0.56',
        holdings: {
          AAPL: {
            quantity: 10,
            averageCost: '215.000000',
            currentPrice: '220.555000',
            marketValue: '2205.55',
            unrealizedPnl: '55.55',
            priceSource: 'fake',
            priceAsOf: FAKE_AS_OF,
          },
        },
        hasStalePrices: false,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('values a holding at its last fill price, marked, when its quote fails', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user);
    quotes.prices.set('TSLA', 300);
    await trade(t.app, user, { portfolioId: id, symbol: 'TSLA', side: 'buy', quantity: 2 });
    quotes.prices.set('TSLA', 310.5);
    await trade(t.app, user, { portfolioId: id, symbol: 'TSLA', side: 'buy', quantity: 2 });
    quotes.failing.add('TSLA');
    const [portfolio] = (await listPortfolios(user)).json();
    expect(portfolio).toMatchObject({
      totalValue: '10021.00',
      currentBalance: '8779.00',
      hasStalePrices: true,
    });
    expect(portfolio.holdings.TSLA).toMatchObject({
      quantity: 4,
      averageCost: '305.250000',
      currentPrice: '310.500000',
      marketValue: '1242.00',
      unrealizedPnl: '21.00',
      priceSource: 'last_trade',
    });
  });

  it("lists only the session user's portfolios, oldest first; an empty list for none", async () => {
    const user = await signUpUser(t.app);
    expect((await listPortfolios(user)).json()).toEqual([]);
    await createPortfolio(t.app, user, { name: 'First' });
    await createPortfolio(t.app, user, { name: 'Second' });
    expect((await listPortfolios(user)).json().map((p: { name: string }) => p.name)).toEqual([
      'First',
      'Second',
    ]);
  });
});

describe("another user's portfolio is a 404 on every endpoint", () => {
  let alicePortfolio: string;
  beforeAll(async () => {
    alicePortfolio = await createPortfolio(t.app, alice, { name: 'Private' });
  });

  it('list with another userId (admins excepted)', async () => {
    expectError(await listPortfolios(bob, `?userId=${alice.id}`), 404, 'NOT_FOUND');
    expectError(await listPortfolios(bob, '?userId=1'), 404, 'NOT_FOUND');
    const asAdmin = await listPortfolios(admin, `?userId=${alice.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().map((p: { id: string }) => p.id)).toContain(alicePortfolio);
  });

  it('trade, whatever ids are passed', async () => {
    quotes.prices.set('AAPL', 100);
    for (const body of [
      { portfolioId: alicePortfolio },
      { portfolioId: alicePortfolio, userId: alice.id },
      { portfolioId: alicePortfolio, userId: bob.id },
      { portfolioId: 'not-a-uuid' },
      { portfolioId: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const res = await trade(t.app, bob, { ...body, symbol: 'AAPL', side: 'buy', quantity: 1 });
      expectError(res, 404, 'NOT_FOUND', 'Portfolio not found');
    }
    // Your own portfolio with somebody else's userId is refused too; admins do not trade for others.
    const own = await createPortfolio(t.app, bob);
    expectError(
      await trade(t.app, bob, {
        portfolioId: own,
        userId: alice.id,
        symbol: 'AAPL',
        side: 'buy',
        quantity: 1,
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await trade(t.app, admin, { portfolioId: alicePortfolio, symbol: 'AAPL', side: 'buy', quantity: 1 }),
      404,
      'NOT_FOUND',
    );
    expect((await ledgerOf(alicePortfolio)).trades).toBe(0);
  });

  it('performance', async () => {
    expectError(
      await call(t.app, bob, 'GET', `/api/paper-trading/portfolio/${alicePortfolio}/performance`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(t.app, bob, 'GET', '/api/paper-trading/portfolio/x/performance'),
      404,
      'NOT_FOUND',
    );
    // Administrators may read (never trade in) any portfolio.
    const asAdmin = await call(
      t.app,
      admin,
      'GET',
      `/api/paper-trading/portfolio/${alicePortfolio}/performance`,
    );
    expect(asAdmin.statusCode).toBe(200);
  });

  it('trades?portfolioId=', async () => {
    expectError(
      await call(t.app, bob, 'GET', `/api/paper-trading/trades?portfolioId=${alicePortfolio}`),
      404,
      'NOT_FOUND',
    );
    expectError(await call(t.app, bob, 'GET', '/api/paper-trading/trades?portfolioId=zzz'), 404, 'NOT_FOUND');
    const asAdmin = await call(
      t.app,
      admin,
      'GET',
      `/api/paper-trading/trades?portfolioId=${alicePortfolio}`,
    );
    expect(asAdmin.statusCode).toBe(200);
  });
});

describe('GET /api/paper-trading/trades', () => {
  it("lists the session user's trades newest first, by portfolio and up to the limit", async () => {
    const user = await signUpUser(t.app);
    const [p1, p2] = [await createPortfolio(t.app, user), await createPortfolio(t.app, user)];
    quotes.prices.set('AAPL', 10);
    for (let q = 1; q <= 3; q++)
      await trade(t.app, user, { portfolioId: p1, symbol: 'AAPL', side: 'buy', quantity: q });
    await trade(t.app, user, { portfolioId: p2, symbol: 'AAPL', side: 'buy', quantity: 9 });

    const all = (await call(t.app, user, 'GET', '/api/paper-trading/trades')).json();
    expect(all.map((tr: { quantity: number }) => tr.quantity)).toEqual([9, 3, 2, 1]);
    expect(Object.keys(all[0]).sort()).toEqual([
      'executedAt',
      'id',
      'portfolioId',
      'price',
      'priceSource',
      'quantity',
      'realizedPnl',
      'side',
      'symbol',
      'totalValue',
      'userId',
    ]);
    const one = (
      await call(t.app, user, 'GET', `/api/paper-trading/trades?portfolioId=${p1}&limit=2`)
    ).json();
    expect(one.map((tr: { quantity: number }) => tr.quantity)).toEqual([3, 2]);
    expectError(
      await call(t.app, user, 'GET', '/api/paper-trading/trades?limit=501'),
      400,
      'VALIDATION_ERROR',
    );
    // Nobody else's trades show up.
    expect(
      (await call(t.app, bob, 'GET', '/api/paper-trading/trades'))
        .json()
        .every((tr: { userId: string }) => tr.userId === bob.id),
    ).toBe(true);
  });
});

describe('GET /api/paper-trading/portfolio/:id/performance', () => {
  const daysAgo = (n: number) => {
    const d = new Date();
    d.setUTCHours(12, 0, 0, 0);
    d.setUTCDate(d.getUTCDate() - n);
    return d;
  };
  const date = (n: number) => utcDateOf(daysAgo(n));

  it('replays cash from the fills and values holdings at daily closes, today at the live quote', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user, { initialBalance: 10000 });
    quotes.prices.set('AAPL', 100);
    const buy = (
      await trade(t.app, user, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 10 })
    ).json().trade.id;
    quotes.prices.set('AAPL', 110);
    const sell = (
      await trade(t.app, user, { portfolioId: id, symbol: 'AAPL', side: 'sell', quantity: 4 })
    ).json().trade.id;
    await db('update paper_portfolio set created_at = $2 where id = $1', [id, daysAgo(4)]);
    await db('update paper_trade set executed_at = $2 where id = $1', [buy, daysAgo(3)]);
    await db('update paper_trade set executed_at = $2 where id = $1', [sell, daysAgo(1)]);
    quotes.histories.set('AAPL', [
      { date: date(4), close: 99 },
      { date: date(3), close: 101 },
      // no close 2 days ago: forward-filled
      { date: date(1), close: 108 },
    ]);
    quotes.prices.set('AAPL', 112.5);

    const res = await call(t.app, user, 'GET', `/api/paper-trading/portfolio/${id}/performance`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      portfolioId: id,
      points: [
        { date: date(4), value: '10000.00', cash: '10000.00' },
        { date: date(3), value: '10010.00', cash: '9000.00' },
        { date: date(2), value: '10010.00', cash: '9000.00' },
        { date: date(1), value: '10088.00', cash: '9440.00' },
        { date: date(0), value: '10115.00', cash: '9440.00' },
      ],
      totalReturn: '115.00',
      totalReturnPercent: '1.15',
      dailyReturn: '27.00',
      dailyReturnPercent: '0.27',
      priceSources: { AAPL: 'fake' },
    });
    expect(quotes.historyCalls.at(-1)).toEqual({ symbol: 'AAPL', range: '1M' });

    // The last point matches the portfolio's total value.
    const [portfolio] = (await listPortfolios(user)).json();
    expect(portfolio.totalValue).toBe('10115.00');
  });

  it('a new portfolio has one point; a failed history falls back to fill prices', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user, { initialBalance: 2000 });
    const fresh = (await call(t.app, user, 'GET', `/api/paper-trading/portfolio/${id}/performance`)).json();
    expect(fresh).toEqual({
      portfolioId: id,
      points: [{ date: date(0), value: '2000.00', cash: '2000.00' }],
      totalReturn: '0.00',
      totalReturnPercent: '0.00',
      dailyReturn: '0.00',
      dailyReturnPercent: '0.00',
      priceSources: {},
    });
    quotes.prices.set('XYZ', 50.123);
    await trade(t.app, user, { portfolioId: id, symbol: 'XYZ', side: 'buy', quantity: 2 });
    quotes.failing.add('XYZ');
    const stale = (await call(t.app, user, 'GET', `/api/paper-trading/portfolio/${id}/performance`)).json();
    expect(stale.points).toEqual([{ date: date(0), value: '2000.00', cash: '1899.75' }]);
    expect(stale.priceSources).toEqual({ XYZ: 'last_trade' });
  });
});
