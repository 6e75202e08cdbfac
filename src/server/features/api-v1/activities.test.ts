/**
 * GET /api/v1/activities and /api/v1/holdings: a token reads what the signed-in pages read from /api/activities
 * and /api/holdings, for each kind of portfolio, with the same refusals, counted against the token's limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITIES_MESSAGES as M } from '../../../contracts/activities';
import {
  missingScopeMessage,
  ZCreatedApiTokenResponse,
  type ApiTokenScope,
} from '../../../contracts/api-tokens';
import { ZApiV1ActivitiesResponse, ZApiV1HoldingsResponse } from '../../../contracts/api-v1';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { API_REQUESTS_PER_MINUTE: '100' } });
});
afterAll(() => t.close());

async function tokenOf(user: TestUser, scopes: ApiTokenScope[] = ['read:portfolio']) {
  const res = await injectAs(user, t.app, {
    method: 'POST',
    url: '/api/api-tokens',
    payload: { name: 'Ledger', scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZCreatedApiTokenResponse.parse(res.json()).token;
}

function read(url: string, token: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });
}

/** The same read on the signed-in API, as the pages make it. */
async function pageRead(user: TestUser, url: string) {
  const res = await injectAs(user, t.app, { method: 'GET', url: `/api${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<unknown>();
}

async function post(user: TestUser, url: string, payload: Record<string, unknown>) {
  const res = await injectAs(user, t.app, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Record<string, { id: string }>>();
}

const buy = (symbol: string, quantity: number, price: number, date: string) => ({
  type: 'buy',
  symbol,
  quantity,
  price,
  date,
  currency: 'USD',
});

/** A Professional user with a history on the saved portfolio, an account and a client, and a paper portfolio. */
async function ledgerOwner() {
  const user = await signUpUser(t.app, { plan: 'professional' });
  await post(user, '/api/activities', { portfolio: 'me', type: 'deposit', amount: 5000, date: '2024-01-02' });
  await post(user, '/api/activities', { portfolio: 'me', ...buy('AAPL', 10, 150, '2024-01-03') });
  await post(user, '/api/activities', { portfolio: 'me', ...buy('VTI', 4, 220, '2024-02-01') });
  await post(user, '/api/activities', {
    portfolio: 'me',
    type: 'sell',
    symbol: 'AAPL',
    quantity: 4,
    price: 180,
    date: '2024-03-01',
  });
  const account = (
    await post(user, '/api/portfolio-accounts/manual', { accountName: 'IRA', holdings: { VTI: 3 } })
  ).account;
  await post(user, '/api/activities', {
    portfolio: `account:${account?.id}`,
    ...buy('VTI', 1, 200, '2024-04-02'),
  });
  const client = (await post(user, '/api/clients', { name: 'Ada', holdings: { SPY: 2 } })).client;
  const paper = (
    await post(user, '/api/paper-trading/portfolio', { name: 'Practice', initialBalance: 10000 })
  ).portfolio;
  return {
    user,
    portfolios: [`account:${account?.id}`, `client:${client?.id}`, `paper:${paper?.id}`],
  };
}

describe('GET /api/v1/activities and /api/v1/holdings', () => {
  it('answer what /api/activities and /api/holdings answer, for every kind of portfolio, `me` by default', async () => {
    const { user, portfolios } = await ledgerOwner();
    const token = await tokenOf(user);

    const mine = await read('/activities', token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['ratelimit-limit']).toBe('100');
    expect(Number(mine.headers['ratelimit-remaining'])).toBeLessThan(100);
    const activities = ZApiV1ActivitiesResponse.parse(mine.json());
    expect(activities.activities.map((a) => [a.type, a.symbol, a.date])).toEqual([
      ['sell', 'AAPL', '2024-03-01'],
      ['buy', 'VTI', '2024-02-01'],
      ['buy', 'AAPL', '2024-01-03'],
      ['deposit', null, '2024-01-02'],
    ]);
    expect(activities).toEqual(await pageRead(user, '/activities?portfolio=me'));

    const holdings = ZApiV1HoldingsResponse.parse((await read('/holdings', token)).json());
    expect(holdings.hasHistory).toBe(true);
    expect(holdings.holdings.map((h) => [h.symbol, h.quantity, h.costBasis])).toEqual([
      ['AAPL', 6, 900],
      ['VTI', 4, 880],
    ]);
    expect(holdings.holdings[0]?.realizedGain.total).toBe(120);
    expect(holdings).toEqual(await pageRead(user, '/holdings?portfolio=me'));

    for (const portfolio of portfolios) {
      const listed = await read(`/activities?portfolio=${portfolio}`, token);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json()).toEqual(await pageRead(user, `/activities?portfolio=${portfolio}`));
      const held = await read(`/holdings?portfolio=${portfolio}`, token);
      expect(held.statusCode, held.body).toBe(200);
      expect(ZApiV1HoldingsResponse.parse(held.json()).portfolio).toBe(portfolio);
      expect(held.json()).toEqual(await pageRead(user, `/holdings?portfolio=${portfolio}`));
    }
  });

  it('filter by type, symbol and dates, as the page does', async () => {
    const { user } = await ledgerOwner();
    const token = await tokenOf(user);
    for (const query of [
      'type=buy',
      'symbol=aapl',
      'from=2024-01-03&to=2024-02-01',
      'portfolio=ME&type=sell',
    ]) {
      const res = await read(`/activities?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      const withPortfolio = query.includes('portfolio') ? query : `portfolio=me&${query}`;
      expect(res.json()).toEqual(await pageRead(user, `/activities?${withPortfolio}`));
      expect(ZApiV1ActivitiesResponse.parse(res.json()).activities.length).toBeGreaterThan(0);
    }
  });

  it("answers 404 for another person's portfolio and 400 for a bad parameter, counted with RateLimit headers", async () => {
    const { portfolios } = await ledgerOwner();
    const stranger = await signUpUser(t.app, { plan: 'professional' });
    const token = await tokenOf(stranger);
    for (const portfolio of portfolios) {
      for (const path of ['/activities', '/holdings']) {
        const res = await read(`${path}?portfolio=${portfolio}`, token);
        expectError(res, 404, 'NOT_FOUND', M.portfolioNotFound);
        expect(res.headers['ratelimit-remaining']).toBeDefined();
      }
    }
    for (const [url, field] of [
      ['/activities?portfolio=someone', 'portfolio'],
      ['/holdings?portfolio=account:1', 'portfolio'],
      ['/activities?type=gift', 'type'],
      ['/activities?from=2024-13-40', 'from'],
      ['/activities?cursor=nonsense', 'cursor'],
    ] as const) {
      const res = await read(url, token);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(Object.keys(res.json<{ error: { fields: object } }>().error.fields), url).toEqual([field]);
      expect(res.headers['ratelimit-remaining'], url).toBeDefined();
    }
  });

  it('need the read:portfolio scope', async () => {
    const { user } = await ledgerOwner();
    const token = await tokenOf(user, ['read:analysis']);
    for (const path of ['/activities', '/holdings']) {
      expectError(await read(path, token), 403, 'FORBIDDEN', missingScopeMessage('read:portfolio'));
    }
  });
});
