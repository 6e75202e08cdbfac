/**
 * GET /api/performance, the base currency and GET /api/v1/performance (issue 28 items 3, 7, 8, 10): an exact answer
 * for a small history priced by a scripted vendor (each figure worked by hand below), every bad input, the access
 * rules of /api/holdings, the base currency stored per person and in 'Download my data', and the v1 read.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITIES_MESSAGES } from '../../../contracts/activities';
import { ZCreatedApiTokenResponse } from '../../../contracts/api-tokens';
import { ZApiV1PerformanceResponse } from '../../../contracts/api-v1';
import {
  PERFORMANCE_MESSAGES as M,
  ZBaseCurrencyResponse,
  ZPerformanceResponse,
  type PerformanceResponse,
} from '../../../contracts/performance';
import { createTestAppWithVendors, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';
import { createScriptedVendor, SCRIPTED_NOW } from './testing/scripted-vendor';

let t: TestApp;
let app: FastifyInstance;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestAppWithVendors({
    adapters: [createScriptedVendor()],
    now: () => SCRIPTED_NOW,
    env: { API_REQUESTS_PER_MINUTE: '100' },
  });
  app = t.app;
  owner = await signUpUser(app, { plan: 'professional' });
  // 10 MSFT at 100 on Monday, 10 more at 110 on Wednesday: no cash recorded, so each buy is a flow in.
  await add(owner, { type: 'buy', symbol: 'MSFT', quantity: 10, price: 100, date: '2024-06-24' });
  await add(owner, { type: 'buy', symbol: 'MSFT', quantity: 10, price: 110, date: '2024-06-26' });
});
afterAll(() => t?.close());

async function add(who: TestUser, activity: Record<string, unknown>, portfolio = 'me') {
  const res = await injectAs(who, app, {
    method: 'POST',
    url: '/api/activities',
    payload: { portfolio, currency: 'USD', ...activity },
  });
  expect(res.statusCode, res.body).toBe(201);
}

function get(who: TestUser | undefined, query = '') {
  return injectAs(who, app, { method: 'GET', url: `/api/performance${query ? `?${query}` : ''}` });
}

async function performance(who: TestUser, query = ''): Promise<PerformanceResponse> {
  const res = await get(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return ZPerformanceResponse.parse(res.json());
}

/** The daily returns worked by hand: buys count at their day's start (docs/performance.md). */
const DAILY = {
  '2024-06-25': 1050 / 1000, // 10 × 105 over 10 × 100
  '2024-06-26': 2200 / (1050 + 1100), // 20 × 110 over yesterday's 1050 plus the buy of 1100
  '2024-06-27': 1980 / 2200, // 20 × 99
  '2024-06-28': 2420 / 1980, // 20 × 121
};

describe('GET /api/performance', () => {
  it('answers the returns of a small history exactly, beside SPY', async () => {
    const body = await performance(owner);
    const twr = DAILY['2024-06-25'] * DAILY['2024-06-26'] * DAILY['2024-06-27'] * DAILY['2024-06-28'] - 1;
    expect(body.twr).toBeCloseTo(twr, 12);
    expect(twr).toBeCloseTo(0.181860465, 9); // 1.05 × 44/43 × 0.9 × 11/9 − 1
    expect(body).toMatchObject({
      portfolio: 'me',
      period: {
        range: 'MAX',
        start: '2024-06-23',
        end: '2024-06-28',
        startsBeforeHistory: false,
        endsAfterAsOf: false,
      },
      twrAnnualized: null,
      mwrAnnualized: null,
      mwrUnavailable: null,
      startValue: 0,
      endValue: 2420,
      netFlows: 2100,
      breakdown: {
        price: 320,
        dividends: 0,
        interest: 0,
        fees: 0,
        taxes: 0,
        currency: 0,
        realized: 0,
        unrealized: 320,
      },
      currency: 'USD',
      asOf: '2024-06-28',
      sources: { prices: { MSFT: 'yahoo', SPY: 'yahoo' }, fx: {} },
      approximations: [],
    });
    // The money-weighted return balances −1000 on Monday, −1100 on Wednesday and +2420 on Friday.
    const g = body.mwr as number;
    const npv = -1000 + -1100 * (1 + g) ** -(2 / 4) + 2420 * (1 + g) ** -1;
    expect(Math.abs(npv)).toBeLessThan(1e-6);
    // SPY: its Friday-before close (500, carried over the weekend) to today's 550.
    expect(body.benchmark).toMatchObject({ symbol: 'SPY', available: true, twrAnnualized: null });
    expect(body.benchmark?.available && body.benchmark.twr).toBeCloseTo(0.1, 12);
    expect(body.series.map((p) => [p.date, p.value, p.netInvested])).toEqual([
      ['2024-06-23', 0, 0],
      ['2024-06-24', 1000, 1000],
      ['2024-06-25', 1050, 1000],
      ['2024-06-26', 2200, 2100],
      ['2024-06-27', 1980, 2100],
      ['2024-06-28', 2420, 2100],
    ]);
    expect(body.series.map((p) => p.benchmarkIndex)).toEqual([1, 1, 1.01, 1.02, 0.99, 1.1]);
    expect(body.series.at(-1)?.twrIndex).toBeCloseTo(1 + twr, 12);
  });

  it('answers a breakdown whose cents add up, for a history whose parts rounded alone do not', async () => {
    const person = await signUpUser(app);
    // Cash recorded: 1,000 in; 0.005 MSFT at 100 with a fee of 0.333; 0.002 sold at 99; a dividend of 0.125.
    await add(person, { type: 'deposit', amount: 1000, date: '2024-06-24' });
    await add(person, {
      type: 'buy',
      symbol: 'MSFT',
      quantity: 0.005,
      price: 100,
      fee: 0.333,
      date: '2024-06-24',
    });
    await add(person, { type: 'sell', symbol: 'MSFT', quantity: 0.002, price: 99, date: '2024-06-27' });
    await add(person, { type: 'dividend', symbol: 'MSFT', amount: 0.125, date: '2024-06-27' });
    const body = await performance(person, 'benchmark=none');
    // Exactly: end value 999.49 cash + 0.003 × 121 = 999.853; price 0.198 + 0.363 − 0.5 = 0.061; dividends 0.125;
    // fees −0.333; realized 0.198 − 0.833 × 2/5 = −0.1352; unrealized 0.363 − 0.833 × 3/5 = −0.1368. Each to its
    // nearest cent: 1,000 + 0.06 + 0.13 − 0.33 = 999.86, not 999.85; −0.14 − 0.14 = −0.28, not 0.06 − 0.33.
    expect([body.startValue, body.endValue, body.netFlows]).toEqual([0, 999.85, 1000]);
    expect(body.breakdown).toEqual({
      price: 0.06,
      dividends: 0.12,
      interest: 0,
      fees: -0.33,
      taxes: 0,
      currency: 0,
      realized: -0.13,
      unrealized: -0.14,
    });
    const b = body.breakdown;
    const cents = (value: number) => Math.round(value * 100);
    const parts = [b.price, b.dividends, b.interest, b.fees, b.taxes, b.currency];
    expect(
      parts.reduce((sum, part) => sum + cents(part), cents(body.netFlows) + cents(body.startValue)),
    ).toBe(cents(body.endValue));
    // Every fee here is a trade's: realized + unrealized = price + currency + fees.
    expect(cents(b.realized) + cents(b.unrealized)).toBe(cents(b.price) + cents(b.currency) + cents(b.fees));
  });

  it('measures from-to dates, and says when the period is clamped to the history and to today', async () => {
    const part = await performance(owner, 'from=2024-06-25&to=2024-06-27&benchmark=none');
    expect(part.period).toMatchObject({ range: 'CUSTOM', start: '2024-06-24', end: '2024-06-27' });
    expect(part.twr).toBeCloseTo(DAILY['2024-06-25'] * DAILY['2024-06-26'] * DAILY['2024-06-27'] - 1, 12);
    expect(part.benchmark).toBeNull();
    expect([part.startValue, part.endValue, part.netFlows]).toEqual([1000, 1980, 1100]);

    const wide = await performance(owner, 'from=2024-01-01&to=2024-12-31');
    expect(wide.period).toMatchObject({ start: '2024-06-23', end: '2024-06-28' });
    expect(wide.period.startsBeforeHistory).toBe(true);
    expect(wide.period.endsAfterAsOf).toBe(true);
  });

  it('answers an edit at once: the next read values the history again from the edit on (the last run kept)', async () => {
    const person = await signUpUser(app);
    await add(person, { type: 'buy', symbol: 'MSFT', quantity: 10, price: 100, date: '2024-06-24' });
    await add(person, { type: 'buy', symbol: 'MSFT', quantity: 10, price: 110, date: '2024-06-26' });
    const before = await performance(person, 'benchmark=none');
    expect(before.breakdown.dividends).toBe(0);
    // A dividend of 10 paid out on Thursday (no cash recorded: an outflow at the day's end).
    await add(person, { type: 'dividend', symbol: 'MSFT', amount: 10, date: '2024-06-27' });
    const after = await performance(person, 'benchmark=none');
    expect(after.breakdown.dividends).toBe(10);
    expect(after.netFlows).toBe(2090);
    const thursday = (1980 + 10) / 2200;
    expect(after.twr).toBeCloseTo(
      DAILY['2024-06-25'] * DAILY['2024-06-26'] * thursday * DAILY['2024-06-28'] - 1,
      12,
    );
    // Another period of the same history, after the run kept: as its own computation.
    const week = await performance(person, 'from=2024-06-26&to=2024-06-28&benchmark=none');
    expect(week.twr).toBeCloseTo(DAILY['2024-06-26'] * thursday * DAILY['2024-06-28'] - 1, 12);
  });

  it('answers a benchmark without history as unavailable, not as an error', async () => {
    const body = await performance(owner, 'benchmark=zzzzq');
    expect(body.benchmark).toEqual({ symbol: 'ZZZZQ', available: false, message: 'Unknown symbol ZZZZQ' });
    expect(body.series.every((p) => p.benchmarkIndex === null)).toBe(true);
  });

  it('refuses bad input with a 400 and the message, never a 500', async () => {
    const cases: [string, string, string][] = [
      ['range=2Y', 'VALIDATION_ERROR', M.rangeInvalid],
      ['currency=XYZ', 'VALIDATION_ERROR', M.currencyInvalid],
      ['from=2024-06-25', 'VALIDATION_ERROR', M.datesTogether],
      ['benchmark=%24%24', 'VALIDATION_ERROR', M.benchmarkInvalid],
      ['portfolio=nobody', 'VALIDATION_ERROR', ''],
      [
        'from=2024-06-27&to=2024-06-25',
        'INVALID_DATES',
        'A period needs two dates, from on or before to (got 2024-06-27 to 2024-06-25).',
      ],
      [
        'from=2024-07-01&to=2024-07-02',
        'INVALID_DATES',
        'The period starts on 2024-07-01, after today (2024-06-28).',
      ],
      [
        'from=2024-01-01&to=2024-02-01',
        'BEFORE_HISTORY',
        'The period ends on 2024-02-01, before the first activity (2024-06-24): there is nothing to measure.',
      ],
    ];
    for (const [query, code, message] of cases) {
      const error = expectError(await get(owner, query), 400, code);
      if (message) expect(error.message, query).toBe(message);
    }
  });

  it('answers a portfolio without a history 422 NO_HISTORY with the empty state, saved holdings or not', async () => {
    const fresh = await signUpUser(app);
    expectError(await get(fresh), 422, 'NO_HISTORY', M.noHistory);
    const res = await injectAs(fresh, app, {
      method: 'PUT',
      url: '/api/portfolio',
      payload: { portfolio: { MSFT: 2 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await get(fresh), 422, 'NO_HISTORY', M.noHistory);
  });

  it('answers a history in a currency without any rate 422 NO_FX_RATES, naming it', async () => {
    const person = await signUpUser(app);
    await add(person, { type: 'deposit', amount: 1000, currency: 'SEK', date: '2024-06-24' });
    const error = expectError(await get(person), 422, 'NO_FX_RATES');
    expect(error.message).toContain('SEK');
  });

  it('has the access rules of /api/holdings', async () => {
    expectError(await get(undefined), 401, 'UNAUTHENTICATED');
    const created = await injectAs(owner, app, {
      method: 'POST',
      url: '/api/portfolio-accounts/manual',
      payload: { accountName: 'IRA', holdings: { MSFT: 1 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const accountId = created.json<{ account: { id: string } }>().account.id;
    await add(
      owner,
      { type: 'buy', symbol: 'MSFT', quantity: 1, price: 100, date: '2024-06-24' },
      `account:${accountId}`,
    );
    expect((await performance(owner, `portfolio=account:${accountId}`)).portfolio).toBe(
      `account:${accountId}`,
    );

    const other = await signUpUser(app, { plan: 'professional' });
    expectError(
      await get(other, `portfolio=account:${accountId}`),
      404,
      'NOT_FOUND',
      ACTIVITIES_MESSAGES.portfolioNotFound,
    );
    const free = await signUpUser(app);
    expectError(await get(free, `portfolio=account:${accountId}`), 403, 'SUBSCRIPTION_REQUIRED');
  });
});

describe('the base currency', () => {
  it('is USD until set, stored per person, used by default, and in Download my data', async () => {
    const person = await signUpUser(app);
    await add(person, { type: 'buy', symbol: 'MSFT', quantity: 10, price: 100, date: '2024-06-24' });
    const read = async () => {
      const res = await injectAs(person, app, { method: 'GET', url: '/api/performance/base-currency' });
      expect(res.statusCode, res.body).toBe(200);
      return ZBaseCurrencyResponse.parse(res.json()).currency;
    };
    const put = (currency: string) =>
      injectAs(person, app, { method: 'PUT', url: '/api/performance/base-currency', payload: { currency } });
    expect(await read()).toBe('USD');
    expectError(await put('XYZ'), 400, 'VALIDATION_ERROR', M.currencyInvalid);
    const saved = await put('EUR');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ currency: 'EUR' });
    expect(await read()).toBe('EUR');
    expect(await read()).not.toBe(
      (await injectAs(owner, app, { method: 'GET', url: '/api/performance/base-currency' })).json<{
        currency: string;
      }>().currency,
    );

    // No vendor here gives FX history: the simulator's reference rate (1.15 USD per EUR), held flat and said so.
    const body = await performance(person, 'benchmark=none');
    expect(body.currency).toBe('EUR');
    expect(body.sources.fx).toEqual({ USD: 'simulated' });
    expect(body.endValue).toBe(Math.round((1210 / 1.15) * 100) / 100);
    expect(body.twr).toBeCloseTo(1.21 - 1, 9); // rates are exact to 10 decimals (docs/performance.md)
    expect((await performance(person, 'currency=USD&benchmark=none')).endValue).toBe(1210);

    const exported = await injectAs(person, app, { method: 'GET', url: '/api/account/export' });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json<{ performanceSettings: unknown }>().performanceSettings).toEqual({
      baseCurrency: 'EUR',
      updatedAt: expect.any(String),
    });
    const none = await injectAs(owner, app, { method: 'GET', url: '/api/account/export' });
    expect(none.json<{ performanceSettings: unknown }>().performanceSettings).toBeNull();
  });
});

describe('GET /api/v1/performance', () => {
  it('answers what /api/performance answers, for the saved portfolio by default, with a read:portfolio token', async () => {
    const created = await injectAs(owner, app, {
      method: 'POST',
      url: '/api/api-tokens',
      payload: { name: 'Returns', scopes: ['read:portfolio'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = ZCreatedApiTokenResponse.parse(created.json()).token;
    const read = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/performance${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const res = await read('?range=MAX');
    expect(res.statusCode, res.body).toBe(200);
    expect(ZApiV1PerformanceResponse.parse(res.json())).toEqual(await performance(owner, 'portfolio=me'));
    expectError(await read('?from=2024-01-01&to=2024-02-01'), 400, 'BEFORE_HISTORY');
    expectError(await app.inject({ method: 'GET', url: '/api/v1/performance' }), 401, 'UNAUTHENTICATED');
  });
});
