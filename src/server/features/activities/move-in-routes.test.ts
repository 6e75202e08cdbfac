import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZActivityListResponse, ZHoldingsResponse } from '../../../contracts/activities';
import { ZClientListResponse } from '../../../contracts/clients';
import { MOVE_IN_LIMITS, MOVE_IN_MESSAGES as M, ZMoveInSummary } from '../../../contracts/move-in';
import { ZPortfolioAccountListResponse } from '../../../contracts/portfolio-accounts';
import { MOVE_IN_REASONS as R } from '../../../domain/activities/move-in';
import { multipart, MULTIPART_CONTENT_TYPE, type MultipartPart } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MARKET_DATA_PROVIDER: 'simulated' } });
});
afterAll(() => t.close());

async function call(who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  const res = await injectAs(who, t.app, { method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json<unknown>();
}

const send = (who: TestUser | undefined, step: 'preview' | 'confirm', parts: MultipartPart[]) =>
  injectAs(who, t.app, {
    method: 'POST',
    url: `/api/account/move-in/${step}`,
    headers: { 'content-type': MULTIPART_CONTENT_TYPE },
    payload: multipart(parts),
  });

const asFile = (content: string | Buffer, fileName = 'foliowise-data-2026-11-27.json'): MultipartPart[] => [
  { name: 'file', fileName, type: 'application/json', content },
];

async function moveIn(who: TestUser, step: 'preview' | 'confirm', content: string) {
  const res = await send(who, step, asFile(content));
  expect(res.statusCode, res.body).toBe(200);
  return ZMoveInSummary.parse(res.json());
}

const activity = (portfolio: string, fields: Record<string, unknown>) =>
  ({ portfolio, currency: 'USD', ...fields }) as const;

/** A Professional user with a saved portfolio, two accounts and two clients, each with a history. */
async function userWithEverything(): Promise<{ user: TestUser; keys: string[] }> {
  const user = await signUpUser(t.app, { plan: 'professional' });
  await call(user, 'PUT', '/api/portfolio', { portfolio: { MSFT: 3 } });
  const account = async (accountType: string, accountName: string, holdings: object) => {
    const body = (await call(user, 'POST', '/api/portfolio-accounts/manual', {
      accountType,
      accountName,
      holdings,
    })) as { account: { id: string } };
    return `account:${body.account.id}`;
  };
  const client = async (name: string, holdings: object) =>
    `client:${((await call(user, 'POST', '/api/clients', { name, holdings })) as { client: { id: string } }).client.id}`;
  const joint = await account('brokerage', 'Joint brokerage', {});
  const roth = await account('roth_ira', 'Roth IRA at Vanguard', { VTI: 5 });
  const ada = await client('Ada Lovelace', {});
  const grace = await client('Grace Hopper', { QQQ: 2 });
  const activities = [
    activity('me', { type: 'buy', date: '2025-03-03', symbol: 'AAPL', quantity: 2, price: 180, fee: 1 }),
    activity(joint, { type: 'deposit', date: '2025-01-02', amount: 10000 }),
    activity(joint, { type: 'buy', date: '2025-01-03', symbol: 'AAPL', quantity: 10, price: 150.25, fee: 1 }),
    activity(joint, {
      type: 'sell',
      date: '2025-06-02',
      symbol: 'AAPL',
      quantity: 4,
      price: 170,
      note: 'Trim',
    }),
    activity(roth, { type: 'buy', date: '2025-02-03', symbol: 'VTI', quantity: 2, price: 200 }),
    activity(ada, { type: 'buy', date: '2025-01-10', symbol: 'NVDA', quantity: 3, price: 400 }),
    activity(ada, { type: 'dividend', date: '2025-04-01', symbol: 'NVDA', amount: 1.2 }),
    activity(grace, { type: 'buy', date: '2025-05-05', symbol: 'QQQ', quantity: 1, price: 350 }),
  ];
  for (const body of activities) await call(user, 'POST', '/api/activities', body);
  await call(user, 'PUT', `/api/holdings/cost-basis-method?portfolio=${roth}`, {
    costBasisMethod: 'average',
  });
  await call(user, 'PATCH', `/api/clients/${grace.slice('client:'.length)}`, { archived: true });
  return { user, keys: ['me', joint, roth, ada, grace] };
}

async function exportOf(user: TestUser): Promise<string> {
  const res = await injectAs(user, t.app, { method: 'GET', url: '/api/account/export' });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** A portfolio's history and holdings, without what names the portfolio or its ids. */
async function portfolioOf(user: TestUser, key: string) {
  const list = ZActivityListResponse.parse(
    await call(user, 'GET', `/api/activities?portfolio=${encodeURIComponent(key)}`),
  );
  const holdings = ZHoldingsResponse.parse(
    await call(user, 'GET', `/api/holdings?portfolio=${encodeURIComponent(key)}`),
  );
  return {
    activities: list.activities.map(({ id: _id, portfolio: _portfolio, ...rest }) => rest),
    holdings: { ...holdings, portfolio: undefined },
  };
}

async function accountsOf(user: TestUser) {
  const body = ZPortfolioAccountListResponse.parse(await call(user, 'GET', '/api/portfolio-accounts'));
  return body.accounts.map(({ accountType, accountName, holdings }) => ({
    accountType,
    accountName,
    holdings,
  }));
}

async function clientsOf(user: TestUser) {
  const body = ZClientListResponse.parse(await call(user, 'GET', '/api/clients'));
  return body.clients
    .map(({ name, holdingsCount, archivedAt, lastReviewedAt }) => ({
      name,
      holdingsCount,
      archivedAt,
      lastReviewedAt,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe('POST /api/account/move-in: our own export imports back', () => {
  it('moves portfolios, accounts, clients and histories to another account in one step, and only once', async () => {
    const { user: a, keys } = await userWithEverything();
    const file = await exportOf(a);
    const b = await signUpUser(t.app, { plan: 'professional' });

    const preview = await moveIn(b, 'preview', file);
    expect(preview).toMatchObject({
      moved: false,
      created: { accounts: 2, clients: 2 },
      duplicates: 0,
      nothingToMove: false,
    });
    // Two opening positions (MSFT in the saved portfolio, VTI in the Roth IRA) and QQQ's are activities too.
    expect(preview.activities).toBe(11);
    expect(preview.portfolios.map((p) => [p.kind, p.name, p.action, p.activities])).toEqual([
      ['saved', 'Saved portfolio', 'add', 2],
      ['account', 'Joint brokerage', 'create', 3],
      ['account', 'Roth IRA at Vanguard', 'create', 2],
      ['client', 'Ada Lovelace', 'create', 2],
      ['client', 'Grace Hopper', 'create', 2],
    ]);
    // The preview stored nothing.
    expect(await accountsOf(b)).toEqual([]);
    expect((await portfolioOf(b, 'me')).activities).toEqual([]);

    const moved = await moveIn(b, 'confirm', file);
    expect(moved).toMatchObject({ moved: true, created: { accounts: 2, clients: 2 }, activities: 11 });
    expect(await accountsOf(b)).toEqual(await accountsOf(a));
    expect(await clientsOf(b)).toEqual(await clientsOf(a));
    const saved = async (who: TestUser) =>
      ((await call(who, 'GET', '/api/portfolio')) as { portfolio: object }).portfolio;
    expect(await saved(b)).toEqual(await saved(a));
    // Each portfolio of A's file is one of B's, with the same history and the same holdings.
    for (const key of keys) {
      const into = moved.portfolios.find((p) => p.from === key)?.into;
      expect(into, key).toMatch(/^(me|account:|client:)/);
      expect(await portfolioOf(b, into ?? ''), key).toEqual(await portfolioOf(a, key));
    }

    // The same file again: everything is there, nothing is added.
    const again = await moveIn(b, 'preview', file);
    expect(again).toMatchObject({ nothingToMove: true, activities: 0, duplicates: 11 });
    expect(again.portfolios.map((p) => p.action)).toEqual(Array(5).fill('unchanged'));
    expect(again.portfolios[1]?.reason).toBe(R.intoAccount('Joint brokerage', 'brokerage'));
    expectError(await send(b, 'confirm', asFile(file)), 409, 'CONFLICT', M.nothingToMove);
    expect(await accountsOf(b)).toEqual(await accountsOf(a));
  });

  it('skips what the plan does not include, says why, and moves it once the plan does', async () => {
    const { user: a } = await userWithEverything();
    const file = await exportOf(a);
    const c = await signUpUser(t.app);
    const free = await moveIn(c, 'confirm', file);
    expect(free.portfolios.map((p) => [p.action, p.reason])).toEqual([
      ['add', null],
      ['skip', R.accountsPlan],
      ['skip', R.accountsPlan],
      ['skip', R.clientsPlan],
      ['skip', R.clientsPlan],
    ]);
    expect(free.created).toEqual({ accounts: 0, clients: 0 });

    await t.deps.database.pool.query('update "user" set plan = $1 where id = $2', ['premium', c.id]);
    await t.services.sessions.listener.caughtUp(); // the cached session learns the plan from the notification
    const premium = await moveIn(c, 'confirm', file);
    expect(premium.portfolios.map((p) => p.action)).toEqual([
      'unchanged',
      'create',
      'create',
      'skip',
      'skip',
    ]);
    expect(premium.duplicates).toBe(2);
  });

  it('refuses, with a 4xx that says why, a file that is not an export or breaks a rule; nothing is stored', async () => {
    const user = await signUpUser(t.app, { plan: 'professional' });
    const refused = async (content: string | Buffer, status: number, code: string, message?: string) =>
      expectError(await send(user, 'preview', asFile(content)), status, code, message);

    await refused(
      '{"exportedAt": "2026-11-27T00:00:00.000Z", "profile": {',
      400,
      'VALIDATION_ERROR',
      M.notJson,
    );
    await refused('Date,Action,Symbol\n2025-01-02,Buy,AAPL\n', 400, 'VALIDATION_ERROR', M.notJson);
    // Ghostfolio's export: JSON, but not ours.
    await refused(
      JSON.stringify({ meta: { version: '2.0.0' }, accounts: [], activities: [] }),
      400,
      'VALIDATION_ERROR',
      M.notAnExport,
    );
    await refused('[]', 400, 'VALIDATION_ERROR', M.notAnExport);
    const base = { exportedAt: '2026-11-27T00:00:00.000Z', profile: {} };
    await refused(
      JSON.stringify({
        ...base,
        portfolioAccounts: [
          { id: crypto.randomUUID(), accountType: 'brokerage', accountName: ' ', holdings: {} },
        ],
      }),
      400,
      'VALIDATION_ERROR',
      M.invalid('portfolioAccounts.0.accountName', 'Account name is required'),
    );
    await refused(
      JSON.stringify({
        ...base,
        clients: [{ id: crypto.randomUUID(), name: 'Bad\u0000name', holdings: {} }],
      }),
      400,
      'VALIDATION_ERROR',
      M.invalid('clients.0.name', 'Client name contains characters that are not allowed'),
    );
    // The upload's own refusals, from a second person (the route takes 10 a minute from each).
    const other = await signUpUser(t.app);
    expectError(
      await send(other, 'preview', asFile(Buffer.alloc(MOVE_IN_LIMITS.maxBytes + 1, ' '))),
      413,
      'PAYLOAD_TOO_LARGE',
      M.tooLarge,
    );
    expectError(await send(other, 'preview', []), 400, 'VALIDATION_ERROR', M.fileRequired);
    expectError(
      await send(other, 'preview', [...asFile('{}'), { name: 'mapping', content: '{}' }]),
      400,
      'VALIDATION_ERROR',
      M.onlyFile,
    );
    const json = await injectAs(user, t.app, {
      method: 'POST',
      url: '/api/account/move-in/confirm',
      payload: base,
    });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE', M.fileRequired);
    expectError(await send(undefined, 'preview', asFile('{}')), 401, 'UNAUTHENTICATED');
    expect(await accountsOf(user)).toEqual([]);
  });

  it('refuses a history that sells more than it holds, naming the portfolio, and stores nothing', async () => {
    const { user: a } = await userWithEverything();
    const file = JSON.parse(await exportOf(a)) as {
      activities: { activities: { type: string; quantity: string | null }[] };
    };
    // Without its buy of 10 AAPL, the brokerage's sale of 4 sells shares it never held.
    file.activities.activities = file.activities.activities.filter(
      (row) => !(row.type === 'buy' && Number(row.quantity) === 10),
    );
    const b = await signUpUser(t.app, { plan: 'professional' });
    for (const step of ['preview', 'confirm'] as const) {
      const error = expectError(
        await send(b, step, asFile(JSON.stringify(file))),
        422,
        'INSUFFICIENT_SHARES',
      );
      expect(error.message).toMatch(/^Joint brokerage: /);
    }
    expect(await accountsOf(b)).toEqual([]);
    expect((await portfolioOf(b, 'me')).activities).toEqual([]);
  });
});

describe('Download my data', () => {
  it('includes the history with exact numbers', async () => {
    const user = await signUpUser(t.app);
    await call(user, 'POST', '/api/activities', {
      ...activity('me', { type: 'buy', symbol: 'AAPL', quantity: 0.125, price: 190.5, date: '2024-01-02' }),
      fee: 1,
      note: 'first',
    });
    const { activities } = (await call(user, 'GET', '/api/account/export')) as {
      activities: { portfolios: unknown[]; activities: Record<string, unknown>[] };
    };
    expect(activities.portfolios).toEqual([
      expect.objectContaining({ portfolio: 'me', costBasisMethod: 'fifo' }),
    ]);
    expect(activities.activities).toEqual([
      expect.objectContaining({
        portfolio: 'me',
        type: 'buy',
        quantity: '0.1250000000',
        price: '190.5000000000',
        fee: '1.0000000000',
        note: 'first',
        source: 'manual',
      }),
    ]);
  });
});
