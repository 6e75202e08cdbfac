import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSamplePortfolio } from '../../../domain/sample-portfolios';
import { session } from '../../auth/schema';
import { accountRequests, sessionCookie } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, signUpUser, TEST_PASSWORD } from '../../testing/users';
import { DEMO_PAPER_PORTFOLIO, DEMO_SAMPLE_PORTFOLIO_ID, DEMO_TRADES } from './demo-content';

let t: TestApp;
/** Demo features off. */
let off: TestApp;

beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp({ env: { DEMO_FEATURES: 'true' } }),
    createTestApp({ env: { DEMO_FEATURES: 'false' } }),
  ]);
});
afterAll(() => Promise.all([t.close(), off.close()]));

const { call, logIn, me, sql, uniqueEmail, uniqueIp, expectNoSecretsSeen } = accountRequests(() => t, {
  ipPrefix: '10.2',
});

describe('POST /api/auth/demo', () => {
  it('opens a fresh demo account and signs it in when demo features are on', async () => {
    const res = await call('POST', '/api/auth/demo', undefined, { ip: uniqueIp() });
    expect(res.statusCode, res.body).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ firstName: 'Demo', lastName: 'Investor', role: 'user', plan: 'free' });
    expect(user.email).toMatch(/^demo-[0-9a-f]+@demo\.foliowise\.app$/);
    const token = sessionCookie(res).value;
    expect((await me(token)).json()).toEqual({ user });
    const { rows } = await sql<{ is_demo: boolean }>('select is_demo from "user" where id = $1', [user.id]);
    expect(rows[0]?.is_demo).toBe(true);

    const again = await call('POST', '/api/auth/demo', undefined, { ip: uniqueIp() });
    expect(again.json().user.id).not.toBe(user.id);
    expect(again.json().user.email).not.toBe(user.email);
  });

  it('starts the demo with the sample portfolio saved and a paper portfolio with trades at real fills', async () => {
    const res = await call('POST', '/api/auth/demo', undefined, { ip: uniqueIp() });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = sessionCookie(res).value;

    const saved = await call('GET', '/api/portfolio', undefined, { cookie });
    expect(saved.json().portfolio).toEqual(findSamplePortfolio(DEMO_SAMPLE_PORTFOLIO_ID)?.holdings);

    const portfolios = (await call('GET', '/api/paper-trading/portfolio', undefined, { cookie })).json();
    expect(portfolios).toHaveLength(1);
    const [portfolio] = portfolios;
    expect(portfolio).toMatchObject({ name: DEMO_PAPER_PORTFOLIO.name, initialBalance: '10000.00' });

    const trades = (await call('GET', '/api/paper-trading/trades', undefined, { cookie })).json();
    expect(
      trades
        .map((trade: { symbol: string; quantity: number; side: string }) => [
          trade.symbol,
          trade.quantity,
          trade.side,
        ])
        .sort(),
    ).toEqual(DEMO_TRADES.map((trade) => [trade.symbol, trade.quantity, 'buy']).sort());
    // Each fill is the trade service's: cash is the starting balance less every fill's total.
    const spent = trades.reduce(
      (sum: Decimal, trade: { totalValue: string }) => sum.plus(trade.totalValue),
      new Decimal(0),
    );
    expect(new Decimal(portfolio.currentBalance).toFixed(2)).toBe(
      new Decimal(10_000).minus(spent).toFixed(2),
    );
    for (const trade of trades) expect(Number(trade.price)).toBeGreaterThan(0);
  });

  it('answers 404 NOT_FOUND with demo features off', async () => {
    const res = await call('POST', '/api/auth/demo', undefined, { app: off });
    expectError(res, 404, 'NOT_FOUND');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('cross-site requests', () => {
  const body = () => ({ email: uniqueEmail('x'), password: TEST_PASSWORD });

  it('refuses a POST that the browser marks cross-site', async () => {
    const res = await logIn(body(), { headers: { 'sec-fetch-site': 'cross-site' } });
    expectError(res, 403, 'CROSS_SITE_REQUEST');
    const signup = await call(
      'POST',
      '/api/auth/signup',
      { firstName: 'A', lastName: 'B', ...body() },
      { headers: { 'sec-fetch-site': 'same-site' } },
    );
    expectError(signup, 403, 'CROSS_SITE_REQUEST');
  });

  it('refuses a POST from a foreign Origin when Sec-Fetch-Site is absent', async () => {
    const res = await logIn(body(), { headers: { origin: 'https://evil.example', host: 'app.example' } });
    expectError(res, 403, 'CROSS_SITE_REQUEST');
    const logout = await call('POST', '/api/auth/logout', undefined, {
      headers: { origin: 'https://evil.example', host: 'app.example' },
    });
    expectError(logout, 403, 'CROSS_SITE_REQUEST');
  });

  it('refuses a foreign Origin whatever the encoding of the path, and opens no session', async () => {
    const foreign = { origin: 'https://evil.example', host: 'app.example' };
    const sessionsBefore = await t.deps.database.db.$count(session);
    const res = await call('POST', '/%61pi/auth/demo', undefined, { ip: uniqueIp(), headers: foreign });
    expectError(res, 403, 'CROSS_SITE_REQUEST');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.deps.database.db.$count(session)).toBe(sessionsBefore);
    // The same encoded path from this origin reaches the route, so the refusal above is the check's.
    const sameOrigin = await call('POST', '/%61pi/auth/demo', undefined, {
      ip: uniqueIp(),
      headers: { origin: 'https://app.example', host: 'app.example' },
    });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('allows same-origin requests', async () => {
    const { email } = await signUpUser(t.app);
    const viaFetchSite = await logIn(
      { email, password: TEST_PASSWORD },
      { ip: uniqueIp(), headers: { 'sec-fetch-site': 'same-origin' } },
    );
    expect(viaFetchSite.statusCode).toBe(200);
    const viaOrigin = await logIn(
      { email, password: TEST_PASSWORD },
      { ip: uniqueIp(), headers: { origin: 'https://app.example', host: 'app.example' } },
    );
    expect(viaOrigin.statusCode).toBe(200);
  });
});

describe('answers never leak secrets', () => {
  it('no answer of this file carried a password, a password hash or a session id hash', () => {
    expectNoSecretsSeen();
  });
});
