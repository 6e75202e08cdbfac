import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { PaperTradingEvent, Transaction } from './service';
import { expectError, signUpUser, type TestUser } from '../../testing/users';
import { call, createPortfolio, FAKE_AS_OF, FakeQuoteSource, trade } from './test-support';

const ADMIN_EMAIL = 'paper.admin@example.com';
const quotes = new FakeQuoteSource();
const events: PaperTradingEvent[] = [];
/** Set by a test to run inside a trade's transaction just before COMMIT. */
let beforeCommit: ((tx: Transaction) => Promise<void>) | undefined;
let onEventExtra: ((event: PaperTradingEvent, tx: Transaction) => Promise<void>) | undefined;

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    // The ledger is tested here; the per-user trade limit in trade-limit.test.ts.
    env: { ADMIN_EMAILS: ADMIN_EMAIL, TRADES_PER_MINUTE: '0' },
    overrides: {
      paperTrading: {
        quoteSource: quotes,
        onEvent: async (event, { tx }) => {
          events.push(event);
          await onEventExtra?.(event, tx);
        },
        beforeTradeCommit: async ({ tx }) => beforeCommit?.(tx),
      },
    },
  });
  [alice, bob, admin] = await Promise.all([
    signUpUser(t.app),
    signUpUser(t.app),
    signUpUser(t.app, { role: 'admin' }),
  ]);
});
afterAll(() => t.close());
beforeEach(() => {
  quotes.prices.clear();
  quotes.failing.clear();
  quotes.histories.clear();
  beforeCommit = undefined;
  onEventExtra = undefined;
});

const db = (text: string, values: unknown[] = []) => t.deps.database.pool.query(text, values);

async function ledgerOf(portfolioId: string) {
  const [portfolio, holdings, trades] = await Promise.all([
    db('select cash_balance, initial_balance from paper_portfolio where id = $1', [portfolioId]),
    db('select symbol, quantity, average_cost from paper_holding where portfolio_id = $1 order by symbol', [
      portfolioId,
    ]),
    db(
      `select count(*)::int as n,
              coalesce(sum(case when side = 'buy' then -total_value else total_value end), 0)::text as cash_flow,
              coalesce(sum(case when side = 'buy' then quantity else -quantity end), 0)::int as net_quantity
         from paper_trade where portfolio_id = $1`,
      [portfolioId],
    ),
  ]);
  return {
    cash: portfolio.rows[0].cash_balance as string,
    initial: portfolio.rows[0].initial_balance as string,
    holdings: holdings.rows as { symbol: string; quantity: number; average_cost: string }[],
    trades: trades.rows[0].n as number,
    cashFlow: trades.rows[0].cash_flow as string,
    netQuantity: trades.rows[0].net_quantity as number,
  };
}

const listPortfolios = (who: TestUser, query = '') =>
  call(t.app, who, 'GET', `/api/paper-trading/portfolio${query}`);

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
    onEventExtra = async (event, tx) => {
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

describe('POST /api/paper-trading/trade', () => {
  it('buys and sells at the quote price, to the cent', async () => {
    const id = await createPortfolio(t.app, alice, { initialBalance: 10000 });
    quotes.prices.set('AAPL', 215);

    const buy = await trade(t.app, alice, {
      portfolioId: id,
      userId: alice.id,
      symbol: 'aapl',
      side: 'buy',
      quantity: 10,
      price: 1,
    });
    expect(buy.statusCode, buy.body).toBe(201);
    expect(buy.json()).toEqual({
      message: 'Bought 10 AAPL at $215.00.',
      trade: {
        id: expect.any(String),
        portfolioId: id,
        userId: alice.id,
        symbol: 'AAPL',
        side: 'buy',
        quantity: 10,
        price: '215.000000',
        totalValue: '2150.00',
        realizedPnl: null,
        priceSource: 'fake',
        executedAt: expect.any(String),
      },
    });
    expect(await ledgerOf(id)).toMatchObject({
      cash: '7850.00',
      holdings: [{ symbol: 'AAPL', quantity: 10, average_cost: '215.000000' }],
    });

    quotes.prices.set('AAPL', 230);
    expect(
      (await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 5 })).statusCode,
    ).toBe(201);
    expect(await ledgerOf(id)).toMatchObject({
      cash: '6700.00',
      holdings: [{ symbol: 'AAPL', quantity: 15, average_cost: '220.000000' }],
    });

    // 3 × 0.335 = 1.005 -> $1.01 (half away from zero)
    quotes.prices.set('PENNY', 0.335);
    const penny = await trade(t.app, alice, { portfolioId: id, symbol: 'PENNY', side: 'buy', quantity: 3 });
    expect(penny.json().trade).toMatchObject({ price: '0.335000', totalValue: '1.01' });
    expect(penny.json().message).toBe('Bought 3 PENNY at $0.335.');

    quotes.prices.set('AAPL', 250.01);
    const sell = await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'sell', quantity: 15 });
    expect(sell.statusCode, sell.body).toBe(201);
    expect(sell.json().message).toBe('Sold 15 AAPL at $250.01.');
    // (250.01 - 220) × 15 = 450.15; proceeds 3750.15
    expect(sell.json().trade).toMatchObject({ side: 'sell', totalValue: '3750.15', realizedPnl: '450.15' });
    const ledger = await ledgerOf(id);
    expect(ledger).toMatchObject({
      cash: '10449.14',
      holdings: [{ symbol: 'PENNY', quantity: 3, average_cost: '0.335000' }],
      trades: 4,
    });
    expect(Number(ledger.initial) + Number(ledger.cashFlow)).toBeCloseTo(Number(ledger.cash), 10);

    const again = await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'sell', quantity: 1 });
    expectError(
      again,
      422,
      'INSUFFICIENT_SHARES',
      'Insufficient shares: you hold 0 AAPL but tried to sell 1.',
    );
  });

  it('refuses a buy the cash cannot cover, changing nothing', async () => {
    const id = await createPortfolio(t.app, alice);
    quotes.prices.set('AAPL', 215);
    const res = await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 47 });
    expectError(
      res,
      422,
      'INSUFFICIENT_CASH',
      'Insufficient cash: this order costs $10,105.00 but the portfolio has $10,000.00 available.',
    );
    expect(await ledgerOf(id)).toMatchObject({ cash: '10000.00', holdings: [], trades: 0 });
    const partial = await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'sell', quantity: 2 });
    expectError(
      partial,
      422,
      'INSUFFICIENT_SHARES',
      'Insufficient shares: you hold 0 AAPL but tried to sell 2.',
    );
  });

  it('refuses orders under $1.00: free buys of a sub-cent coin, then one sell, make no money', async () => {
    const id = await createPortfolio(t.app, alice);
    // 1 × $0.004 rounds to $0.00: before the minimum, each of these filled for free.
    quotes.prices.set('DUST', 0.004);
    const buys = [];
    for (let i = 0; i < 50; i++) {
      buys.push(await trade(t.app, alice, { portfolioId: id, symbol: 'DUST', side: 'buy', quantity: 1 }));
    }
    for (const res of buys) {
      expectError(res, 422, 'ORDER_TOO_SMALL', 'Minimum order value is $1.00: this order is worth $0.00.');
    }
    quotes.prices.set('DUST', 0.005);
    const sell = await trade(t.app, alice, { portfolioId: id, symbol: 'DUST', side: 'sell', quantity: 50 });
    expectError(sell, 422, 'ORDER_TOO_SMALL', 'Minimum order value is $1.00: this order is worth $0.25.');
    expect(await ledgerOf(id)).toMatchObject({ cash: '10000.00', holdings: [], trades: 0 });

    // Half a cent a unit: 200 for $1.00 may be bought, but selling them one by one ($0.01 each) is refused,
    // and selling them all gives back exactly the $1.00.
    const bought = await trade(t.app, alice, { portfolioId: id, symbol: 'DUST', side: 'buy', quantity: 200 });
    expect(bought.json().trade).toMatchObject({ totalValue: '1.00' });
    const one = await trade(t.app, alice, { portfolioId: id, symbol: 'DUST', side: 'sell', quantity: 1 });
    expectError(one, 422, 'ORDER_TOO_SMALL', 'Minimum order value is $1.00: this order is worth $0.01.');
    const all = await trade(t.app, alice, { portfolioId: id, symbol: 'DUST', side: 'sell', quantity: 200 });
    expect(all.json().trade).toMatchObject({ totalValue: '1.00', realizedPnl: '0.00' });
    expect(await ledgerOf(id)).toMatchObject({ cash: '10000.00', holdings: [], trades: 2 });
  });

  it('lets a sell of the whole holding close a position worth under $1.00', async () => {
    const id = await createPortfolio(t.app, alice);
    quotes.prices.set('FALL', 0.5);
    expect(
      (await trade(t.app, alice, { portfolioId: id, symbol: 'FALL', side: 'buy', quantity: 4 })).statusCode,
    ).toBe(201);
    quotes.prices.set('FALL', 0.2);
    const part = await trade(t.app, alice, { portfolioId: id, symbol: 'FALL', side: 'sell', quantity: 3 });
    expectError(part, 422, 'ORDER_TOO_SMALL', 'Minimum order value is $1.00: this order is worth $0.60.');
    const close = await trade(t.app, alice, { portfolioId: id, symbol: 'FALL', side: 'sell', quantity: 4 });
    expect(close.statusCode, close.body).toBe(201);
    expect(close.json().trade).toMatchObject({ totalValue: '0.80', realizedPnl: '-1.20' });
    expect(await ledgerOf(id)).toMatchObject({ cash: '9998.80', holdings: [], trades: 2 });
  });

  it.each([
    [{ symbol: '' }, 'symbol', 'Stock symbol is required'],
    [{ symbol: 'ABCDEFGHIJK' }, 'symbol', 'Symbol too long'],
    [{ side: 'hold' }, 'side', 'Order type must be buy or sell'],
    [{ quantity: 0 }, 'quantity', 'Quantity must be at least 1'],
    [{ quantity: 10001 }, 'quantity', 'Quantity too large'],
    [{ portfolioId: undefined }, 'portfolioId', 'No portfolio selected'],
  ])('refuses %j with 400 %s: %s', async (override, field, message) => {
    const res = await trade(t.app, alice, {
      portfolioId: '00000000-0000-4000-8000-000000000000',
      symbol: 'AAPL',
      side: 'buy',
      quantity: 1,
      ...override,
    } as Parameters<typeof trade>[2]);
    expect(expectError(res, 400, 'VALIDATION_ERROR', message).fields?.[field]).toBe(message);
  });

  it('passes on the quote source error for an unknown symbol, changing nothing', async () => {
    const id = await createPortfolio(t.app, alice);
    const res = await trade(t.app, alice, { portfolioId: id, symbol: 'NOPE', side: 'buy', quantity: 1 });
    expectError(res, 404, 'NOT_FOUND', 'Unknown symbol NOPE');
    expect((await ledgerOf(id)).trades).toBe(0);
  });

  it('emits trade_executed inside the transaction, with the realised P&L of sells', async () => {
    const id = await createPortfolio(t.app, alice);
    quotes.prices.set('MSFT', 400);
    let visibleInTx = -1;
    onEventExtra = async (event, tx) => {
      if (event.type !== 'trade_executed' || event.portfolioId !== id) return;
      const { rows } = await tx.execute(
        sql`select count(*)::int as n from paper_trade where id = ${event.tradeId}`,
      );
      visibleInTx = (rows[0] as { n: number }).n;
    };
    await trade(t.app, alice, { portfolioId: id, symbol: 'MSFT', side: 'buy', quantity: 2 });
    quotes.prices.set('MSFT', 410.25);
    await trade(t.app, alice, { portfolioId: id, symbol: 'MSFT', side: 'sell', quantity: 1 });
    const mine = events.filter((e) => e.type === 'trade_executed' && e.portfolioId === id);
    expect(mine).toEqual([
      expect.objectContaining({
        type: 'trade_executed',
        side: 'buy',
        quantity: 2,
        price: '400.000000',
        totalValue: '800.00',
        realizedPnl: null,
        cashAfter: '9200.00',
      }),
      expect.objectContaining({
        type: 'trade_executed',
        side: 'sell',
        quantity: 1,
        price: '410.250000',
        totalValue: '410.25',
        realizedPnl: '10.25',
        cashAfter: '9610.25',
      }),
    ]);
    expect(visibleInTx).toBe(1);
  });

  it('an event handler that fails rolls the trade back', async () => {
    const id = await createPortfolio(t.app, alice);
    quotes.prices.set('AAPL', 100);
    onEventExtra = async () => {
      throw new Error('rewards are down');
    };
    const res = await trade(t.app, alice, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 1 });
    expectError(res, 500, 'INTERNAL');
    expect(await ledgerOf(id)).toMatchObject({ cash: '10000.00', holdings: [], trades: 0 });
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

describe('concurrency', () => {
  it('40 concurrent buys where the cash covers exactly 17: 17 fill, 23 are refused, cash exact', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user, { initialBalance: 10000 });
    // 17 × 588.23 = 9,999.91 <= 10,000 < 18 × 588.23 = 10,588.14
    quotes.prices.set('NVDA', 588.23);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        trade(t.app, user, { portfolioId: id, symbol: 'NVDA', side: 'buy', quantity: 1 }),
      ),
    );
    const filled = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(filled).toHaveLength(17);
    expect(refused).toHaveLength(23);
    for (const r of refused)
      expect(r.json().error.message).toMatch(
        /^Insufficient cash: this order costs \$588\.23 but the portfolio has \$\d+\.\d{2} available\.$/,
      );
    expect(await ledgerOf(id)).toMatchObject({
      cash: '0.09',
      holdings: [{ symbol: 'NVDA', quantity: 17, average_cost: '588.230000' }],
      trades: 17,
      cashFlow: '-9999.91',
      netQuantity: 17,
    });
  });

  it('concurrent buys and sells keep holdings = Σ fills and cash = initial + Σ flows', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user, { initialBalance: 5000 });
    quotes.prices.set('AMD', 123.45);
    await trade(t.app, user, { portfolioId: id, symbol: 'AMD', side: 'buy', quantity: 10 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        trade(t.app, user, {
          portfolioId: id,
          symbol: 'AMD',
          side: i % 2 ? 'sell' : 'buy',
          quantity: 1 + (i % 3),
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    const ledger = await ledgerOf(id);
    expect(ledger.holdings[0]?.quantity ?? 0).toBe(ledger.netQuantity);
    const { rows } = await db('select ($1::numeric + $2::numeric)::text as expected', [
      ledger.initial,
      ledger.cashFlow,
    ]);
    expect(ledger.cash).toBe(rows[0].expected);
  });
});

describe('Idempotency-Key', () => {
  it('a retried request with the same key fills once and answers 200 with the first body', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user);
    quotes.prices.set('AAPL', 200);
    const order = { portfolioId: id, symbol: 'AAPL', side: 'buy' as const, quantity: 3 };
    const first = await trade(t.app, user, order, 'order-1');
    expect(first.statusCode).toBe(201);
    quotes.prices.set('AAPL', 250);
    const second = await trade(t.app, user, order, 'order-1');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerOf(id)).toMatchObject({ cash: '9400.00', trades: 1 });
    // Another key is another order; the same key for a different order is a conflict.
    expect((await trade(t.app, user, order, 'order-2')).statusCode).toBe(201);
    expectError(await trade(t.app, user, { ...order, quantity: 4 }, 'order-1'), 409, 'CONFLICT');
    // Keys are per user.
    const other = await signUpUser(t.app);
    const otherId = await createPortfolio(t.app, other);
    expect((await trade(t.app, other, { ...order, portfolioId: otherId }, 'order-1')).statusCode).toBe(201);
  });

  it('concurrent requests with the same key fill once', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user);
    quotes.prices.set('AAPL', 100);
    const order = { portfolioId: id, symbol: 'AAPL', side: 'buy' as const, quantity: 1 };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => trade(t.app, user, order, 'same-key')),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(11);
    expect(new Set(results.map((r) => r.json<{ trade: { id: string } }>().trade.id)).size).toBe(1);
    expect(await ledgerOf(id)).toMatchObject({ cash: '9900.00', trades: 1 });
  });

  it('refuses a malformed key', async () => {
    const id = await createPortfolio(t.app, alice);
    quotes.prices.set('AAPL', 100);
    const res = await trade(
      t.app,
      alice,
      { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 1 },
      'k'.repeat(101),
    );
    expectError(res, 400, 'VALIDATION_ERROR', 'Idempotency-Key must be 1 to 100 visible characters');
  });
});

describe('crash atomicity', () => {
  it('a transaction aborted after the cash update and before COMMIT leaves nothing behind', async () => {
    const user = await signUpUser(t.app);
    const id = await createPortfolio(t.app, user);
    quotes.prices.set('AAPL', 100);
    await trade(t.app, user, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 5 });
    const before = await ledgerOf(id);

    let cashInsideTx = '';
    beforeCommit = async (tx) => {
      const { rows } = await tx.execute(sql`select cash_balance from paper_portfolio where id = ${id}`);
      cashInsideTx = (rows[0] as { cash_balance: string }).cash_balance;
      throw new Error('process killed');
    };
    expectError(
      await trade(t.app, user, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 7 }, 'crash-1'),
      500,
      'INTERNAL',
    );
    expect(cashInsideTx).toBe('8800.00'); // the update had happened inside the transaction
    expect(await ledgerOf(id)).toEqual(before);

    // The connection itself dies mid-transaction (what a killed process does to its session). node-postgres
    // then emits 'error' on the checked-out client, which has no listener of its own (see the report: the app's
    // pool should attach one); the test listens so that the event is not an uncaught exception.
    const clientErrors: Error[] = [];
    const guarded = new WeakSet<object>();
    const guard = (client: PoolClient) => {
      if (guarded.has(client)) return;
      guarded.add(client);
      client.on('error', (error) => clientErrors.push(error));
    };
    t.deps.database.pool.on('acquire', guard);
    beforeCommit = async (tx) => {
      await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
    };
    expect(
      (await trade(t.app, user, { portfolioId: id, symbol: 'AAPL', side: 'sell', quantity: 2 }, 'crash-2'))
        .statusCode,
    ).toBe(500);
    expect(await ledgerOf(id)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 50));
    t.deps.database.pool.off('acquire', guard);
    expect(clientErrors.map((e) => e.message)).toEqual(['Connection terminated unexpectedly']);

    // Afterwards the same keys fill normally: nothing of the aborted attempts survived.
    beforeCommit = undefined;
    expect(
      (await trade(t.app, user, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 7 }, 'crash-1'))
        .statusCode,
    ).toBe(201);
    expect(await ledgerOf(id)).toMatchObject({ cash: '8800.00', holdings: [{ quantity: 12 }], trades: 2 });
  });
});

describe('GET /api/paper-trading/portfolio/:id/performance', () => {
  const daysAgo = (n: number) => {
    const d = new Date();
    d.setUTCHours(12, 0, 0, 0);
    d.setUTCDate(d.getUTCDate() - n);
    return d;
  };
  const date = (n: number) => daysAgo(n).toISOString().slice(0, 10);

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
