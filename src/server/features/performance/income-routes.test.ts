/**
 * GET /api/holdings/income and GET /api/holdings/realized-by-year (issue 28 items 3, 4 and 6) on simulated market
 * data: the access rules of /api/holdings, an empty history, exact figures of a history in dollars, and the base
 * currency (the person's setting, the query's, the simulator's rates labelled). Vendor rates that move from day
 * to day: income-currencies.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITIES_MESSAGES as M, ZHoldingsResponse } from '../../../contracts/activities';
import { PERFORMANCE_MESSAGES } from '../../../contracts/performance';
import { FORWARD_ESTIMATE_NOTE } from '../../../contracts/income';
import { SIGN_IN_REQUIRED_MESSAGE } from '../../auth/guards';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';
import { readIncome, readRealized } from './testing/income-requests';

/** Noon UTC on 2024-06-30: the latest "today" anywhere (UTC+14), the answers' asOf, is 2024-07-01. */
const NOW = new Date('2024-06-30T12:00:00Z');
const SOME_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let free: TestUser;
let professional: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    env: { MARKET_DATA_PROVIDER: 'simulated' },
    overrides: { activities: { now: () => NOW } },
  });
  [free, professional] = await Promise.all([signUpUser(t.app), signUpUser(t.app, { plan: 'professional' })]);
});
afterAll(() => t.close());

function get(url: string, who?: TestUser) {
  return injectAs(who, t.app, { method: 'GET', url });
}

async function add(who: TestUser, activity: Record<string, unknown>): Promise<void> {
  const res = await injectAs(who, t.app, {
    method: 'POST',
    url: '/api/activities',
    payload: { portfolio: 'me', currency: 'USD', ...activity },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const income = (who: TestUser, query?: string) => readIncome(t.app, who, query);
const realized = (who: TestUser, query?: string) => readRealized(t.app, who, query);

const trade = (type: 'buy' | 'sell', symbol: string, quantity: number, price: number, date: string) => ({
  type,
  symbol,
  quantity,
  price,
  date,
});
const dividend = (symbol: string, amount: string, date: string, currency = 'USD') => ({
  type: 'dividend',
  symbol,
  amount,
  date,
  currency,
});

describe('access', () => {
  const routes = ['/api/holdings/income', '/api/holdings/realized-by-year'];

  it('answers a visitor 401', async () => {
    for (const route of routes) {
      expectError(await get(`${route}?portfolio=me`), 401, 'UNAUTHENTICATED', SIGN_IN_REQUIRED_MESSAGE);
    }
  });

  it('gates accounts to Premium and clients to Professional, and answers 400 for a malformed portfolio or currency', async () => {
    for (const route of routes) {
      for (const portfolio of [`account:${SOME_ID}`, `client:${SOME_ID}`]) {
        expectError(await get(`${route}?portfolio=${portfolio}`, free), 403, 'SUBSCRIPTION_REQUIRED');
      }
      expectError(await get(`${route}?portfolio=nope`, free), 400, 'VALIDATION_ERROR');
      expectError(
        await get(`${route}?portfolio=me&currency=XYZ`, free),
        400,
        'VALIDATION_ERROR',
        PERFORMANCE_MESSAGES.currencyInvalid,
      );
    }
  });

  it("answers 404 for another person's account, client and paper portfolio", async () => {
    const other = await signUpUser(t.app, { plan: 'professional' });
    const call = (method: 'POST', url: string, payload: Record<string, unknown>) =>
      injectAs(other, t.app, { method, url, payload });
    const account = await call('POST', '/api/portfolio-accounts/manual', {
      accountName: 'IRA',
      holdings: { VTI: 3 },
    });
    const client = await call('POST', '/api/clients', { name: 'Other client', holdings: { SPY: 1 } });
    const paper = await call('POST', '/api/paper-trading/portfolio', { name: 'Other paper' });
    const keys = [
      `account:${account.json<{ account: { id: string } }>().account.id}`,
      `client:${client.json<{ client: { id: string } }>().client.id}`,
      `paper:${paper.json<{ portfolio: { id: string } }>().portfolio.id}`,
    ];
    for (const route of routes) {
      for (const portfolio of keys) {
        expectError(
          await get(`${route}?portfolio=${portfolio}`, professional),
          404,
          'NOT_FOUND',
          M.portfolioNotFound,
        );
      }
    }
  });
});

describe('empty history', () => {
  it('answers a portfolio with nothing in it with nothing, never a 500', async () => {
    const user = await signUpUser(t.app);
    const answer = await income(user);
    expect(answer).toMatchObject({
      portfolio: 'me',
      currency: 'USD',
      asOf: '2024-07-01',
      trailingFrom: '2023-07-02',
      hasHistory: false,
      total: { amount: 0, byCurrency: [] },
      byMonth: [],
      byYear: [],
      holdings: [],
      yield: { onCost: null, onValue: null, unknownCost: [], unpriced: [] },
      forward12m: { kind: 'estimate', amount: 0, byCurrency: [], note: FORWARD_ESTIMATE_NOTE },
      missingRates: [],
      sources: { prices: [], fx: {} },
    });
    expect(await realized(user)).toEqual({
      portfolio: 'me',
      currency: 'USD',
      costBasisMethod: 'fifo',
      hasHistory: false,
      years: [],
      missingRates: [],
      sources: { fx: {} },
    });
  });

  it('leaves a map without a history out of the yield on cost: its cost is unknown', async () => {
    const user = await signUpUser(t.app);
    const saved = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/portfolio',
      payload: { portfolio: { SPY: 2 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = await income(user);
    expect(answer.hasHistory).toBe(false);
    expect(answer.yield).toMatchObject({ onCost: null, costBasis: null, unknownCost: ['SPY'] });
  });
});

describe('a history with dividends and a sale', () => {
  // 10 AAPL @ 100 on 2023-03-15 and 10 @ 120 on 2024-01-10; 15 sold @ 130 on 2024-03-16 (10 long, 5 short);
  // $0.24 a share each quarter on 10, then 20, then 5 shares; $0.25 in May 2024.
  let user: TestUser;
  beforeAll(async () => {
    user = await signUpUser(t.app);
    for (const activity of [
      trade('buy', 'AAPL', 10, 100, '2023-03-15'),
      dividend('AAPL', '2.40', '2023-05-15'),
      dividend('AAPL', '2.40', '2023-08-15'),
      dividend('AAPL', '2.40', '2023-11-15'),
      trade('buy', 'AAPL', 10, 120, '2024-01-10'),
      dividend('AAPL', '4.80', '2024-02-15'),
      trade('sell', 'AAPL', 15, 130, '2024-03-16'),
      dividend('AAPL', '1.25', '2024-05-15'),
    ]) {
      await add(user, activity);
    }
  });

  it('sums the dividends by year, by month and by holding', async () => {
    const answer = await income(user);
    expect(answer.hasHistory).toBe(true);
    expect(answer.byYear.map((y) => [y.period, y.amount])).toEqual([
      ['2023', 7.2],
      ['2024', 6.05],
    ]);
    expect(answer.byMonth.map((m) => [m.period, m.amount])).toEqual([
      ['2023-05', 2.4],
      ['2023-08', 2.4],
      ['2023-11', 2.4],
      ['2024-02', 4.8],
      ['2024-05', 1.25],
    ]);
    expect(answer.total).toEqual({ amount: 13.25, byCurrency: [{ currency: 'USD', amount: 13.25 }] });
    // From 2023-07-02: August, November, February and May.
    expect(answer.trailing12m.amount).toBe(10.85);
  });

  it('gives the yields on what is held now (5 shares of the second lot, cost 600) at today’s price', async () => {
    const holdingsRes = await get('/api/holdings?portfolio=me', user);
    const price = ZHoldingsResponse.parse(holdingsRes.json()).holdings[0]?.price;
    expect(price).toBeGreaterThan(0);
    const answer = await income(user);
    const [aapl] = answer.holdings;
    expect(aapl).toMatchObject({
      symbol: 'AAPL',
      currency: 'USD',
      quantity: 5,
      total: 13.25,
      trailing12m: 10.85,
    });
    expect(aapl?.costBasis).toBe(600);
    expect(aapl?.yieldOnCost).toBe(0.01808333); // 10.85 / 600
    expect(aapl?.yieldOnValue).toBeCloseTo(10.85 / (5 * (price as number)), 8);
    expect(answer.yield.onCost).toBe(0.01808333);
    expect(aapl?.inBase).toEqual({ total: 13.25, trailing12m: 10.85, forward12m: 4.85 });
    expect(answer.sources).toEqual({ prices: ['simulated'], fx: {} });
  });

  it('estimates the next 12 months in today’s shares: 2.40 × 5/10 twice, 4.80 × 5/20, 1.25 × 5/5', async () => {
    const answer = await income(user);
    expect(answer.holdings[0]?.forward12m).toEqual({
      kind: 'estimate',
      amount: 4.85,
      payments: 4,
      unscaled: 0,
    });
    expect(answer.forward12m).toMatchObject({ kind: 'estimate', amount: 4.85, note: FORWARD_ESTIMATE_NOTE });
  });

  it('splits the sale into short and long term, by FIFO and by average cost', async () => {
    const fifo = await realized(user);
    const figures = { proceeds: 1950, costBasis: 1600, shortTerm: 50, longTerm: 300, total: 350 };
    expect(fifo).toMatchObject({ currency: 'USD', missingRates: [], sources: { fx: {} } });
    expect(fifo.years).toEqual([
      {
        year: 2024,
        inBase: figures,
        byCurrency: [{ currency: 'USD', ...figures }],
        holdings: [{ symbol: 'AAPL', currency: 'USD', inBase: figures }],
      },
    ]);
    const switched = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/holdings/cost-basis-method?portfolio=me',
      payload: { costBasisMethod: 'average' },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const average = await realized(user);
    // Pool 2,200 for 20 shares: 1,650 taken; short 650 − 550, long 1,300 − 1,100.
    expect(average).toMatchObject({ costBasisMethod: 'average' });
    expect(
      average.years.map((y) => [y.year, y.inBase?.shortTerm, y.inBase?.longTerm, y.inBase?.total]),
    ).toEqual([[2024, 100, 200, 300]]);
  });

  it("answers in the person's base currency, at the simulator's rate held flat and labelled so", async () => {
    const put = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/performance/base-currency',
      payload: { currency: 'EUR' },
    });
    expect(put.statusCode, put.body).toBe(200);
    // No vendor: 1.15 dollars a euro every weekday, 0.8695652174 euros a dollar (10 decimals).
    const euros = (dollars: number) => Math.round(dollars * 0.8695652174 * 100) / 100;
    const answer = await income(user);
    expect(answer.currency).toBe('EUR');
    expect(answer.sources).toEqual({ prices: ['simulated'], fx: { USD: 'simulated' } });
    expect(answer.byYear.map((y) => [y.period, y.amount])).toEqual([
      ['2023', euros(7.2)],
      ['2024', euros(6.05)],
    ]);
    expect(answer.holdings[0]?.inBase).toEqual({
      total: euros(13.25),
      trailing12m: euros(10.85),
      forward12m: euros(4.85),
    });
    // One rate for the payments and the cost: the yield on cost is the dollars' (at average cost since the test
    // before: 10.85 / 550).
    expect(answer.yield.onCost).toBe(0.01972727);
    const gains = await realized(user);
    expect(gains).toMatchObject({ currency: 'EUR', missingRates: [], sources: { fx: { USD: 'simulated' } } });
    expect(gains.years[0]?.inBase?.total).toBe(euros(300));
    // The query's currency for one read.
    expect((await income(user, 'portfolio=me&currency=USD')).byYear.map((y) => y.amount)).toEqual([
      7.2, 6.05,
    ]);
  });
});

describe('currencies', () => {
  it('gives a payment in a currency without any rate no base figure, and names its currency', async () => {
    const user = await signUpUser(t.app);
    await add(user, trade('buy', 'KO', 10, 50, '2024-01-02'));
    await add(user, dividend('KO', '4.60', '2024-04-01'));
    await add(user, dividend('VOLV-B.ST', '30.00', '2024-05-02', 'SEK'));
    const answer = await income(user);
    expect(answer.missingRates).toEqual(['SEK']);
    expect(answer.total).toEqual({
      amount: null,
      byCurrency: [
        { currency: 'SEK', amount: 30 },
        { currency: 'USD', amount: 4.6 },
      ],
    });
    expect(answer.byMonth.map((m) => [m.period, m.amount])).toEqual([
      ['2024-04', 4.6],
      ['2024-05', null],
    ]);
    expect(answer.holdings.map((h) => [h.symbol, h.currency, h.total, h.inBase.total])).toEqual([
      ['KO', 'USD', 4.6, 4.6],
      ['VOLV-B.ST', 'SEK', 30, null],
    ]);
  });
});
