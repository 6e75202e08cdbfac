import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZQuotesResponse } from '../../../contracts/market-data';
import {
  PORTFOLIO_ACCOUNT_MESSAGES as M,
  ZManualAccountResponse,
  ZPortfolioAccountListResponse,
} from '../../../contracts/portfolio-accounts';
import { DEMO_ACCOUNTS, PORTFOLIO_ACCOUNT_LIMITS } from '../../../domain/portfolio-accounts';
import { SIGN_IN_REQUIRED_MESSAGE } from '../../auth/guards';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

let t: TestApp;
let premium: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { MARKET_DATA_PROVIDER: 'simulated' } });
  premium = await signUpUser(t.app, { plan: 'premium' });
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who?: TestUser, payload?: unknown) {
  return injectAs(who, t.app, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const list = async (who: TestUser) => {
  const res = await call('GET', '/api/portfolio-accounts', who);
  expect(res.statusCode, res.body).toBe(200);
  return ZPortfolioAccountListResponse.parse(res.json());
};

const addManual = async (who: TestUser, payload: unknown) => {
  const res = await call('POST', '/api/portfolio-accounts/manual', who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return ZManualAccountResponse.parse(res.json()).account;
};

const ROUTES = [
  ['GET', '/api/portfolio-accounts'],
  ['POST', '/api/portfolio-accounts/manual'],
  ['POST', '/api/portfolio-accounts/demo'],
  ['DELETE', '/api/portfolio-accounts/00000000-0000-4000-8000-000000000000'],
  ['POST', '/api/portfolio-accounts/sync'],
] as const;

describe('plan gating', () => {
  it('answers a visitor 401 on every route', async () => {
    for (const [method, url] of ROUTES) {
      expectError(await call(method, url), 401, 'UNAUTHENTICATED', SIGN_IN_REQUIRED_MESSAGE);
    }
  });

  it('answers the free plan 403 SUBSCRIPTION_REQUIRED naming Premium on every route', async () => {
    const free = await signUpUser(t.app);
    for (const [method, url] of ROUTES) {
      const payload = { accountName: 'Mine', holdings: { AAPL: 1 } };
      const error = expectError(
        await call(method, url, free, method === 'POST' ? payload : undefined),
        403,
        'SUBSCRIPTION_REQUIRED',
      );
      expect(error.message).toContain('Premium');
    }
    const res = await t.deps.database.pool.query(
      'select count(*)::int as n from portfolio_account where user_id = $1',
      [free.id],
    );
    expect(res.rows[0]).toEqual({ n: 0 });
  });

  it('lets the professional plan in', async () => {
    const professional = await signUpUser(t.app, { plan: 'professional' });
    expect(await list(professional)).toEqual({
      accounts: [],
      totalValue: 0,
      combinedHoldings: {},
      sources: [],
      isSimulated: false,
    });
  });
});

describe('demo accounts, aggregation and sync', () => {
  it('creates the three sample accounts, values them in one batch of quotes, and combines their holdings', async () => {
    const user = await signUpUser(t.app, { plan: 'premium' });
    const created = await call('POST', '/api/portfolio-accounts/demo', user);
    expect(created.statusCode, created.body).toBe(201);
    expect(ZPortfolioAccountListResponse.parse(created.json()).accounts).toHaveLength(3);

    const getPrices = vi.spyOn(t.services.marketData, 'getUsdPrices');
    const body = await list(user);
    expect(getPrices).toHaveBeenCalledTimes(1);
    const symbols = [...new Set(DEMO_ACCOUNTS.flatMap((a) => Object.keys(a.holdings)))];
    expect([...(getPrices.mock.calls[0]?.[0] ?? [])].sort()).toEqual([...symbols].sort());
    getPrices.mockRestore();

    expect(body.accounts.map((a) => [a.accountType, a.accountName, a.isManual])).toEqual(
      DEMO_ACCOUNTS.map((a) => [a.accountType, a.accountName, false]),
    );
    expect(body.accounts.map((a) => a.holdings)).toEqual(DEMO_ACCOUNTS.map((a) => a.holdings));
    expect(body.sources).toEqual(['simulated']);
    expect(body.isSimulated).toBe(true);

    const quotesRes = await call('POST', '/api/market-data/quotes', user, { symbols });
    const { quotes } = ZQuotesResponse.parse(quotesRes.json());
    const price = (symbol: string) => quotes[symbol]!.currentPrice;
    DEMO_ACCOUNTS.forEach((demo, i) => {
      const expected = Object.entries(demo.holdings).reduce((sum, [s, q]) => sum + q * price(s), 0);
      expect(body.accounts[i]!.totalValue).toBeCloseTo(expected, 6);
    });
    expect(body.totalValue).toBeCloseTo(
      body.accounts.reduce((sum, a) => sum + a.totalValue, 0),
      6,
    );
    // AAPL: 25 in the brokerage account and 10 in the Roth IRA; VTI: 120 in the 401(k) and 40 in the Roth IRA.
    expect(body.combinedHoldings.AAPL).toEqual({
      totalShares: 35,
      value: expect.closeTo(35 * price('AAPL'), 6) as number,
      accounts: [
        { accountName: 'Demo Brokerage Account', shares: 25 },
        { accountName: 'Demo Roth IRA', shares: 10 },
      ],
    });
    expect(body.combinedHoldings.VTI?.totalShares).toBe(160);
    expect(Object.keys(body.combinedHoldings)).toHaveLength(symbols.length);
  });

  it('creates demo accounts only while the user has none', async () => {
    const user = await signUpUser(t.app, { plan: 'premium' });
    await addManual(user, { accountName: 'Mine', holdings: { AAPL: 1 } });
    expectError(await call('POST', '/api/portfolio-accounts/demo', user), 409, 'CONFLICT', M.demoExists);
    expect((await list(user)).accounts).toHaveLength(1);
  });

  it('sync re-values every account in one batch and moves lastUpdated forward', async () => {
    const user = await signUpUser(t.app, { plan: 'premium' });
    await call('POST', '/api/portfolio-accounts/demo', user);
    const before = await list(user);

    const getPrices = vi.spyOn(t.services.marketData, 'getUsdPrices');
    const res = await call('POST', '/api/portfolio-accounts/sync', user);
    expect(getPrices).toHaveBeenCalledTimes(1);
    getPrices.mockRestore();
    expect(res.statusCode, res.body).toBe(200);
    const synced = ZPortfolioAccountListResponse.parse(res.json());
    expect(synced.accounts.map((a) => a.id)).toEqual(before.accounts.map((a) => a.id));
    synced.accounts.forEach((account, i) => {
      expect(Date.parse(account.lastUpdated)).toBeGreaterThan(Date.parse(before.accounts[i]!.lastUpdated));
    });
    expect(synced.totalValue).toBeCloseTo(before.totalValue, 6);
    expect((await list(user)).accounts.map((a) => a.lastUpdated)).toEqual(
      synced.accounts.map((a) => a.lastUpdated),
    );
  });

  it('asks for no quotes when there is nothing to value', async () => {
    const user = await signUpUser(t.app, { plan: 'premium' });
    const getPrices = vi.spyOn(t.services.marketData, 'getUsdPrices');
    await addManual(user, { accountType: 'savings', accountName: 'Emergency fund', holdings: {} });
    const body = await list(user);
    // No symbol asked for (adding the account and listing it): the market-data service answers without a quote.
    expect(getPrices.mock.calls.map(([symbols]) => symbols.length)).toEqual([0, 0]);
    getPrices.mockRestore();
    expect(body.accounts[0]).toMatchObject({ accountType: 'savings', totalValue: 0, isManual: true });
  });
});

describe('POST /api/portfolio-accounts/manual', () => {
  it('adds a manual account (type brokerage by default), normalising symbols and keeping their order', async () => {
    const account = await addManual(premium, {
      accountName: '  Joint account  ',
      holdings: '{"msft": 2, "aapl": 3, "crypto:eth": 0.5}',
    });
    expect(account).toMatchObject({
      accountType: 'brokerage',
      accountName: 'Joint account',
      holdings: { MSFT: 2, AAPL: 3, 'CRYPTO:ETH': 0.5 },
      isManual: true,
    });
    expect(Object.keys(account.holdings)).toEqual(['MSFT', 'AAPL', 'CRYPTO:ETH']);
    expect(account.totalValue).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(account.lastUpdated))).toBe(false);
  });

  it('answers 400 with the spec’s message for holdings that are not a JSON object', async () => {
    for (const holdings of ['{"AAPL": 10', 'not json', '[1, 2]', 'null', 42, ['AAPL'], null, undefined]) {
      const res = await call('POST', '/api/portfolio-accounts/manual', premium, {
        accountName: 'Bad',
        holdings,
      });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.json<{ error: { message: string } }>().error.message).toContain(M.holdingsInvalid);
    }
  });

  it('answers 400 for a missing name, a bad type, a bad symbol or quantity', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ holdings: { AAPL: 1 } }, M.nameRequired],
      [{ accountName: '   ', holdings: { AAPL: 1 } }, M.nameRequired],
      [{ accountName: 'x'.repeat(PORTFOLIO_ACCOUNT_LIMITS.nameMaxLength + 1), holdings: {} }, M.nameTooLong],
      [{ accountName: 'A', accountType: 'checking', holdings: {} }, M.typeInvalid],
      [
        { accountName: 'A', holdings: { AAPL: -1 } },
        'Invalid value for AAPL. All values must be positive numbers.',
      ],
      [
        { accountName: 'A', holdings: { 'AA PL': 1 } },
        'A symbol may contain only letters, digits and . - ^ = : /',
      ],
      [{ accountName: 'A\u0000', holdings: {} }, 'Account name contains characters that are not allowed'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/portfolio-accounts/manual', premium, payload);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.json<{ error: { message: string } }>().error.message, JSON.stringify(payload)).toContain(
        message,
      );
    }
  });

  it(`keeps at most ${PORTFOLIO_ACCOUNT_LIMITS.maxAccounts} accounts`, async () => {
    const user = await signUpUser(t.app, { plan: 'premium' });
    await t.deps.database.pool.query(
      `insert into portfolio_account (user_id, account_type, account_name, holdings, is_manual)
       select $1, 'savings', 'Account ' || n, '{}', true from generate_series(1, $2::int) as n`,
      [user.id, PORTFOLIO_ACCOUNT_LIMITS.maxAccounts],
    );
    expectError(
      await call('POST', '/api/portfolio-accounts/manual', user, { accountName: 'One more', holdings: {} }),
      409,
      'CONFLICT',
      M.tooManyAccounts,
    );
  });
});

describe('DELETE /api/portfolio-accounts/{id}', () => {
  it('deletes a manual account of the user’s', async () => {
    const user = await signUpUser(t.app, { plan: 'premium' });
    const account = await addManual(user, { accountName: 'To delete', holdings: { AAPL: 1 } });
    const res = await call('DELETE', `/api/portfolio-accounts/${account.id}`, user);
    expect(res.statusCode, res.body).toBe(204);
    expect((await list(user)).accounts).toEqual([]);
    expectError(
      await call('DELETE', `/api/portfolio-accounts/${account.id}`, user),
      404,
      'NOT_FOUND',
      M.notFound,
    );
  });

  it('refuses to delete a demo (non-manual) account', async () => {
    const user = await signUpUser(t.app, { plan: 'premium' });
    await call('POST', '/api/portfolio-accounts/demo', user);
    const [demo] = (await list(user)).accounts;
    expectError(
      await call('DELETE', `/api/portfolio-accounts/${demo!.id}`, user),
      403,
      'FORBIDDEN',
      M.notManual,
    );
    expect((await list(user)).accounts).toHaveLength(3);
  });

  it('answers 404 for another user’s account and leaves it, and for an id that is no uuid', async () => {
    const owner = await signUpUser(t.app, { plan: 'premium' });
    const other = await signUpUser(t.app, { plan: 'premium' });
    const account = await addManual(owner, { accountName: 'Not yours', holdings: { AAPL: 1 } });
    expectError(
      await call('DELETE', `/api/portfolio-accounts/${account.id}`, other),
      404,
      'NOT_FOUND',
      M.notFound,
    );
    expectError(
      await call('DELETE', '/api/portfolio-accounts/not-a-uuid', other),
      404,
      'NOT_FOUND',
      M.notFound,
    );
    expect((await list(owner)).accounts.map((a) => a.id)).toEqual([account.id]);
    expect((await list(other)).accounts).toEqual([]);
  });
});
