import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES as M, ZClientListResponse, ZClientResponse } from '../../../contracts/clients';
import { ZQuotesResponse } from '../../../contracts/market-data';
import { CLIENT_LIMITS } from '../../../domain/clients';
import { SIGN_IN_REQUIRED_MESSAGE } from '../../auth/guards';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';
import { findClientHoldings } from './service';

let t: TestApp;
let professional: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { MARKET_DATA_PROVIDER: 'simulated' } });
  professional = await signUpUser(t.app, { plan: 'professional' });
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: TestUser, payload?: unknown) {
  return injectAs(who, t.app, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const list = async (who: TestUser) => {
  const res = await call('GET', '/api/clients', who);
  expect(res.statusCode, res.body).toBe(200);
  return ZClientListResponse.parse(res.json());
};

const create = async (who: TestUser, payload: unknown) => {
  const res = await call('POST', '/api/clients', who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return ZClientResponse.parse(res.json());
};

const patch = async (who: TestUser, id: string, payload: unknown) => {
  const res = await call('PATCH', `/api/clients/${id}`, who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return ZClientResponse.parse(res.json());
};

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const ROUTES = [
  ['GET', '/api/clients'],
  ['POST', '/api/clients'],
  ['GET', `/api/clients/${SOME_ID}`],
  ['PATCH', `/api/clients/${SOME_ID}`],
  ['DELETE', `/api/clients/${SOME_ID}`],
] as const;

describe('plan gating', () => {
  it('answers a visitor 401 on every route', async () => {
    for (const [method, url] of ROUTES) {
      expectError(await call(method, url), 401, 'UNAUTHENTICATED', SIGN_IN_REQUIRED_MESSAGE);
    }
  });

  it('answers free and premium 403 SUBSCRIPTION_REQUIRED naming Professional, and stores nothing', async () => {
    const [free, premium] = await Promise.all([signUpUser(t.app), signUpUser(t.app, { plan: 'premium' })]);
    for (const who of [free, premium]) {
      for (const [method, url] of ROUTES) {
        const payload = method === 'POST' || method === 'PATCH' ? { name: 'A client' } : undefined;
        expectError(
          await call(method, url, who, payload),
          403,
          'SUBSCRIPTION_REQUIRED',
          'This feature requires a Professional plan. Upgrade to Professional to continue.',
        );
      }
    }
    const res = await t.deps.database.pool.query(
      'select count(*)::int as n from client_portfolio where user_id = any($1)',
      [[free.id, premium.id]],
    );
    expect(res.rows[0]).toEqual({ n: 0 });
  });
});

describe('GET and POST /api/clients', () => {
  it('starts empty, creates clients with and without holdings, and values them at the quotes', async () => {
    const user = await signUpUser(t.app, { plan: 'professional' });
    expect(await list(user)).toEqual({ clients: [], sources: [], isSimulated: false });

    const empty = await create(user, { name: '  Ada Lovelace  ' });
    expect(empty.holdings).toEqual({});
    expect(empty.client).toMatchObject({
      name: 'Ada Lovelace',
      holdingsCount: 0,
      value: 0,
      dayChange: 0,
      dayChangePercent: null,
      riskLevel: null,
      lastReviewedAt: null,
      archivedAt: null,
    });

    const full = await create(user, { name: 'Grace Hopper', holdings: { aapl: 10, BND: 100 } });
    expect(full.holdings).toEqual({ AAPL: 10, BND: 100 });

    const { quotes } = ZQuotesResponse.parse(
      (await call('POST', '/api/market-data/quotes', user, { symbols: ['AAPL', 'BND'] })).json(),
    );
    const value = 10 * quotes.AAPL!.currentPrice + 100 * quotes.BND!.currentPrice;
    const change = 10 * quotes.AAPL!.change + 100 * quotes.BND!.change;
    expect(full.client.value).toBeCloseTo(value, 6);
    expect(full.client.dayChange).toBeCloseTo(change, 6);
    expect(full.client.dayChangePercent).toBeCloseTo((change / (value - change)) * 100, 6);
    expect(full.client.riskLevel).not.toBeNull();

    const listed = await list(user);
    // Newest first.
    expect(listed.clients.map((c) => c.name)).toEqual(['Grace Hopper', 'Ada Lovelace']);
    expect(listed.clients[0]).toEqual(full.client);
    expect(listed).toMatchObject({ sources: ['simulated'], isSimulated: true });
  });

  it("values a client's London and Tokyo listings in USD, as the analyzer's valuation does", async () => {
    const user = await signUpUser(t.app, { plan: 'professional' });
    const holdings = { 'TSCO.L': 100, '7203.T': 50, AAPL: 2 };
    const { client } = await create(user, { name: 'Global', holdings });
    const valuation = await call('POST', '/api/portfolio/valuation', user, { portfolio: holdings });
    expect(valuation.statusCode, valuation.body).toBe(200);
    const { totalCurrentValue } = valuation.json<{ valuation: { totalCurrentValue: number } }>().valuation;
    expect(client.value).toBeCloseTo(totalCurrentValue, 6);
  });

  it('refuses a bad name or holdings with a clear 400', async () => {
    const cases: [unknown, string][] = [
      [{}, M.nameRequired],
      [{ name: '   ' }, M.nameRequired],
      [{ name: 42 }, M.nameRequired],
      [{ name: 'x'.repeat(CLIENT_LIMITS.nameMaxLength + 1) }, M.nameTooLong],
      [{ name: 'Bad\u0000name' }, 'Client name contains characters that are not allowed'],
      [
        { name: 'Client', holdings: { AAPL: -1 } },
        'Invalid value for AAPL. All values must be positive numbers.',
      ],
      [{ name: 'Client', holdings: [1, 2] }, 'The portfolio must map each symbol to a quantity.'],
    ];
    for (const [payload, message] of cases) {
      expectError(
        await call('POST', '/api/clients', professional, payload),
        400,
        'VALIDATION_ERROR',
        message,
      );
    }
    expect(
      (await create(professional, { name: 'x'.repeat(CLIENT_LIMITS.nameMaxLength) })).client.name,
    ).toHaveLength(CLIENT_LIMITS.nameMaxLength);
  });

  it(`stops at ${CLIENT_LIMITS.maxClients} clients with a 409, even for requests at once`, async () => {
    const user = await signUpUser(t.app, { plan: 'professional' });
    await t.deps.database.pool.query(
      `insert into client_portfolio (user_id, name, holdings)
       select $1, 'Client ' || n, '{}'::jsonb from generate_series(1, $2::int) as n`,
      [user.id, CLIENT_LIMITS.maxClients - 2],
    );
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => call('POST', '/api/clients', user, { name: `Late ${n}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409]);
    expectError(
      answers.find((a) => a.statusCode === 409)!,
      409,
      'CONFLICT',
      M.tooManyClients,
    );
    expect((await list(user)).clients).toHaveLength(CLIENT_LIMITS.maxClients);
  });
});

describe('PATCH, GET and DELETE /api/clients/{id}', () => {
  it('renames, replaces holdings, marks reviewed, archives and unarchives', async () => {
    const { client } = await create(professional, { name: 'Alan Turing', holdings: { VTI: 5 } });

    const renamed = await patch(professional, client.id, { name: 'Alan M. Turing' });
    expect(renamed.client).toMatchObject({ name: 'Alan M. Turing', holdingsCount: 1 });

    const reholdings = await patch(professional, client.id, { holdings: { msft: 2, 'crypto:btc': 0.1 } });
    expect(reholdings.holdings).toEqual({ MSFT: 2, 'CRYPTO:BTC': 0.1 });
    expect(reholdings.client.holdingsCount).toBe(2);

    const reviewed = await patch(professional, client.id, { reviewed: true });
    expect(Date.parse(reviewed.client.lastReviewedAt ?? '')).not.toBeNaN();

    const archived = await patch(professional, client.id, { archived: true });
    expect(archived.client.archivedAt).not.toBeNull();
    // Archiving again keeps the first time.
    expect((await patch(professional, client.id, { archived: true })).client.archivedAt).toBe(
      archived.client.archivedAt,
    );
    const listed = (await list(professional)).clients.find((c) => c.id === client.id);
    expect(listed?.archivedAt).toBe(archived.client.archivedAt);
    expect((await patch(professional, client.id, { archived: false })).client.archivedAt).toBeNull();

    const fetched = await call('GET', `/api/clients/${client.id}`, professional);
    expect(fetched.statusCode).toBe(200);
    expect(ZClientResponse.parse(fetched.json()).holdings).toEqual({ MSFT: 2, 'CRYPTO:BTC': 0.1 });
  });

  it('refuses an empty or invalid change with a clear 400', async () => {
    const { client } = await create(professional, { name: 'Patch target' });
    const url = `/api/clients/${client.id}`;
    expectError(await call('PATCH', url, professional, {}), 400, 'VALIDATION_ERROR', M.nothingToChange);
    expectError(
      await call('PATCH', url, professional, { name: '' }),
      400,
      'VALIDATION_ERROR',
      M.nameRequired,
    );
    expectError(
      await call('PATCH', url, professional, { archived: 'yes' }),
      400,
      'VALIDATION_ERROR',
      M.archivedBoolean,
    );
    expectError(
      await call('PATCH', url, professional, { reviewed: false }),
      400,
      'VALIDATION_ERROR',
      M.reviewedTrue,
    );
  });

  it("answers 404 for another user's client or an unknown id, and leaves it unchanged", async () => {
    const other = await signUpUser(t.app, { plan: 'professional' });
    const { client } = await create(other, { name: 'Not yours', holdings: { AAPL: 1 } });
    for (const id of [client.id, SOME_ID, 'not-a-uuid']) {
      const url = `/api/clients/${id}`;
      expectError(await call('GET', url, professional), 404, 'NOT_FOUND', M.notFound);
      expectError(await call('PATCH', url, professional, { name: 'Mine' }), 404, 'NOT_FOUND', M.notFound);
      expectError(await call('DELETE', url, professional), 404, 'NOT_FOUND', M.notFound);
    }
    await expect(
      findClientHoldings({ db: t.deps.database.db, userId: professional.id, clientId: client.id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
    expect(
      await findClientHoldings({ db: t.deps.database.db, userId: other.id, clientId: client.id }),
    ).toEqual({ id: client.id, name: 'Not yours', holdings: { AAPL: 1 } });
    expect((await list(other)).clients.map((c) => c.name)).toEqual(['Not yours']);
  });

  it('deletes a client for good', async () => {
    const { client } = await create(professional, { name: 'To delete' });
    const res = await call('DELETE', `/api/clients/${client.id}`, professional);
    expect(res.statusCode).toBe(204);
    expect((await list(professional)).clients.some((c) => c.id === client.id)).toBe(false);
    expectError(await call('DELETE', `/api/clients/${client.id}`, professional), 404, 'NOT_FOUND');
  });
});
