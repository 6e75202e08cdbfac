import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITIES_MESSAGES as M,
  ACTIVITY_PAGE_SIZE,
  ZActivityListResponse,
  ZActivityResponse,
  ZHoldingsResponse,
  type Activity,
  type HoldingsResponse,
} from '../../../contracts/activities';
import { SIGN_IN_REQUIRED_MESSAGE } from '../../auth/guards';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

/** Noon UTC on 2024-06-30: the latest "today" anywhere (UTC+14) is 2024-07-01. */
const NOW = new Date('2024-06-30T12:00:00Z');

let t: TestApp;
let free: TestUser;
let premium: TestUser;
let professional: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    env: { MARKET_DATA_PROVIDER: 'simulated' },
    overrides: { activities: { now: () => NOW } },
  });
  [free, premium, professional] = await Promise.all([
    signUpUser(t.app),
    signUpUser(t.app, { plan: 'premium' }),
    signUpUser(t.app, { plan: 'professional' }),
  ]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
function call(method: Method, url: string, who?: TestUser, payload?: unknown) {
  return injectAs(who, t.app, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function add(who: TestUser, activity: Record<string, unknown>): Promise<Activity> {
  const res = await call('POST', '/api/activities', who, { portfolio: 'me', currency: 'USD', ...activity });
  expect(res.statusCode, res.body).toBe(201);
  return ZActivityResponse.parse(res.json()).activity;
}

async function list(who: TestUser, query: string) {
  const res = await call('GET', `/api/activities?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return ZActivityListResponse.parse(res.json());
}

async function holdings(who: TestUser, portfolio = 'me'): Promise<HoldingsResponse> {
  const res = await call('GET', `/api/holdings?portfolio=${encodeURIComponent(portfolio)}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return ZHoldingsResponse.parse(res.json());
}

async function savedMap(who: TestUser): Promise<Record<string, number>> {
  const res = await call('GET', '/api/portfolio', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ portfolio: Record<string, number> }>().portfolio;
}

async function saveMap(who: TestUser, portfolio: Record<string, number>) {
  const res = await call('PUT', '/api/portfolio', who, { portfolio });
  expect(res.statusCode, res.body).toBe(200);
}

/** The map the ledger last wrote for the user's saved portfolio (`activity_portfolio.ledger_map`). */
async function ledgerMapOf(who: TestUser): Promise<unknown> {
  const { rows } = await t.deps.database.pool.query<{ ledger_map: unknown }>(
    `select ledger_map from activity_portfolio where user_id = $1 and key = 'me'`,
    [who.id],
  );
  return rows[0]?.ledger_map;
}

/** As a portfolio from before migration 0028: its last written map not known. */
async function forgetLedgerMap(who: TestUser): Promise<void> {
  await t.deps.database.pool.query(
    `update activity_portfolio set ledger_map = null where user_id = $1 and key = 'me'`,
    [who.id],
  );
}

const buy = (symbol: string, quantity: number, price: number, date: string) => ({
  type: 'buy',
  symbol,
  quantity,
  price,
  date,
});
const sell = (symbol: string, quantity: number, price: number, date: string) => ({
  ...buy(symbol, quantity, price, date),
  type: 'sell',
});

describe('access', () => {
  const SOME_ID = '00000000-0000-4000-8000-000000000000';
  it('answers a visitor 401 on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/activities?portfolio=me'],
      ['POST', '/api/activities'],
      ['PATCH', `/api/activities/${SOME_ID}`],
      ['DELETE', `/api/activities/${SOME_ID}`],
      ['POST', '/api/activities/bulk-delete'],
      ['GET', '/api/holdings?portfolio=me'],
      ['PUT', '/api/holdings/cost-basis-method?portfolio=me'],
    ] as const) {
      expectError(await call(method, url), 401, 'UNAUTHENTICATED', SIGN_IN_REQUIRED_MESSAGE);
    }
  });

  it('gates accounts to Premium and clients to Professional, as their own pages', async () => {
    const account = `account:${SOME_ID}`;
    const client = `client:${SOME_ID}`;
    for (const [who, portfolio] of [
      [free, account],
      [free, client],
      [premium, client],
    ] as const) {
      const read = await call('GET', `/api/holdings?portfolio=${portfolio}`, who);
      expectError(read, 403, 'SUBSCRIPTION_REQUIRED');
      const write = await call('POST', '/api/activities', who, {
        portfolio,
        ...buy('AAPL', 1, 1, '2024-01-02'),
      });
      expectError(write, 403, 'SUBSCRIPTION_REQUIRED');
    }
  });

  it("answers 404 for another person's account, client, paper portfolio and activity", async () => {
    const other = await signUpUser(t.app, { plan: 'professional' });
    const accountRes = await call('POST', '/api/portfolio-accounts/manual', other, {
      accountName: 'Other IRA',
      holdings: { VTI: 3 },
    });
    expect(accountRes.statusCode, accountRes.body).toBe(201);
    const accountId = accountRes.json<{ account: { id: string } }>().account.id;
    const clientRes = await call('POST', '/api/clients', other, {
      name: 'Other client',
      holdings: { SPY: 1 },
    });
    const clientId = clientRes.json<{ client: { id: string } }>().client.id;
    const paperRes = await call('POST', '/api/paper-trading/portfolio', other, { name: 'Other paper' });
    expect(paperRes.statusCode, paperRes.body).toBe(201);
    const paperId = paperRes.json<{ portfolio: { id: string } }>().portfolio.id;
    for (const portfolio of [`account:${accountId}`, `client:${clientId}`, `paper:${paperId}`]) {
      expectError(
        await call('GET', `/api/holdings?portfolio=${portfolio}`, professional),
        404,
        'NOT_FOUND',
        M.portfolioNotFound,
      );
      expectError(
        await call('GET', `/api/activities?portfolio=${portfolio}`, professional),
        404,
        'NOT_FOUND',
      );
      const write = await call('POST', '/api/activities', professional, {
        portfolio,
        ...buy('AAPL', 1, 1, '2024-01-02'),
      });
      expect(write.statusCode, write.body).toBe(portfolio.startsWith('paper') ? 403 : 404);
    }
    const theirs = await add(other, buy('AAPL', 1, 100, '2024-01-02'));
    expectError(
      await call('PATCH', `/api/activities/${theirs.id}`, professional, { quantity: 2 }),
      404,
      'NOT_FOUND',
      M.activityNotFound,
    );
    expectError(await call('DELETE', `/api/activities/${theirs.id}`, professional), 404, 'NOT_FOUND');
    const bulk = await call('POST', '/api/activities/bulk-delete', professional, {
      portfolio: 'me',
      ids: [theirs.id],
    });
    expectError(bulk, 404, 'NOT_FOUND');
    expect((await holdings(other)).holdings.map((h) => h.quantity)).toEqual([1]);
  });
});

describe('validation', () => {
  it('answers 400 with each field and never a 500', async () => {
    const user = await signUpUser(t.app);
    const post = (payload: unknown) => call('POST', '/api/activities', user, payload);
    const missing = expectError(
      await post({ portfolio: 'me', type: 'buy', date: '2024-01-02' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(missing.fields).toEqual({
      symbol: 'Symbol is required for buy',
      quantity: 'Quantity is required for buy',
      price: 'Price is required for buy',
    });
    expectError(await post({ portfolio: 'mine', type: 'buy' }), 400, 'VALIDATION_ERROR', M.portfolioInvalid);
    expectError(
      await post({ portfolio: 'me', type: 'swap', date: '2024-01-02' }),
      400,
      'VALIDATION_ERROR',
      M.typeInvalid,
    );
    expectError(
      await post({ portfolio: 'me', ...buy('AAPL', 1, 1, '2024-07-02') }),
      400,
      'VALIDATION_ERROR',
      'Date cannot be in the future (today is 2024-07-01)',
    );
    expectError(
      await post({ portfolio: 'me', ...buy('AAPL', -1, 1, '2024-01-02') }),
      400,
      'VALIDATION_ERROR',
      'Quantity must be a number',
    );
    expectError(
      await post({ portfolio: 'me', ...buy('AAPL', 1, 1, '2024-01-02'), quantity: 'ten' }),
      400,
      'VALIDATION_ERROR',
      'Quantity must be a number',
    );
    expectError(
      await post({ portfolio: 'me', type: 'deposit', date: '2024-01-02', amount: 10, currency: 'ZZZ' }),
      400,
      'VALIDATION_ERROR',
      'Currency must be an ISO 4217 code such as USD, EUR or GBP',
    );
    for (const note of ['a\u0000b', 'line\u0007bell', 'x\u009b']) {
      const res = await post({ portfolio: 'me', type: 'deposit', date: '2024-01-02', amount: 10, note });
      expectError(res, 400, 'VALIDATION_ERROR', 'note contains characters that are not allowed');
    }
    expectError(
      await post({ portfolio: 'me', ...buy('AA\u0000PL', 1, 1, '2024-01-02') }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await call('GET', '/api/activities?portfolio=me&cursor=%00', user), 400, 'VALIDATION_ERROR');
    expectError(
      await call('GET', '/api/activities?portfolio=me&cursor=bm9wZQ', user),
      400,
      'VALIDATION_ERROR',
      M.cursorInvalid,
    );
    expectError(
      await call('GET', '/api/activities?portfolio=me&from=yesterday', user),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call('PATCH', '/api/activities/not-a-uuid', user, { quantity: 1 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call('PUT', '/api/holdings/cost-basis-method?portfolio=me', user, { costBasisMethod: 'lifo' }),
      400,
      'VALIDATION_ERROR',
      M.methodInvalid,
    );
    expect(await list(user, 'portfolio=me')).toEqual({ activities: [], nextCursor: null });
  });
});

describe('the saved portfolio: its map and its history in step', () => {
  it('is its map at unknown cost until the first activity, which opens the map and writes it back', async () => {
    const user = await signUpUser(t.app);
    await saveMap(user, { AAPL: 10, MSFT: 2 });
    const before = await holdings(user);
    expect(before.hasHistory).toBe(false);
    expect(before.holdings.map((h) => [h.symbol, h.quantity, h.costBasis])).toEqual([
      ['AAPL', 10, null],
      ['MSFT', 2, null],
    ]);

    await add(user, buy('AAPL', 5, 100, '2024-01-02'));
    expect(await savedMap(user)).toEqual({ AAPL: 15, MSFT: 2 });
    const { activities } = await list(user, 'portfolio=me');
    expect(activities.map((a) => [a.type, a.date, a.symbol, a.quantity, a.source.kind])).toEqual([
      ['buy', '2024-01-02', 'AAPL', 5, 'manual'],
      ['transfer_in', '2024-01-02', 'MSFT', 2, 'opening'],
      ['transfer_in', '2024-01-02', 'AAPL', 10, 'opening'],
    ]);
    const after = await holdings(user);
    expect(after.hasHistory).toBe(true);
    const aapl = after.holdings.find((h) => h.symbol === 'AAPL');
    expect(aapl && [aapl.quantity, aapl.costBasis, aapl.lots.map((lot) => lot.costBasis)]).toEqual([
      15,
      null,
      [null, 500],
    ]);
  });

  it('opens a listing outside the US in its own currency, so its closes are never read as dollars', async () => {
    // Listings outside the US are Professional's (decision 034).
    const user = await signUpUser(t.app, { plan: 'professional' });
    await saveMap(user, { '7203.T': 100, AAPL: 1 });
    await add(user, buy('AAPL', 1, 100, '2024-01-02'));
    const { activities } = await list(user, 'portfolio=me');
    expect(activities.map((a) => [a.symbol, a.source.kind, a.currency])).toEqual([
      ['AAPL', 'manual', 'USD'],
      ['7203.T', 'opening', 'JPY'],
      ['AAPL', 'opening', 'USD'],
    ]);
  });

  it('refuses a sale of more than is held, naming date and symbol, and writes nothing', async () => {
    const user = await signUpUser(t.app);
    await add(user, buy('NVDA', 10, 50, '2024-02-01'));
    const res = await call('POST', '/api/activities', user, {
      portfolio: 'me',
      ...sell('NVDA', 11, 60, '2024-03-01'),
    });
    expectError(res, 422, 'INSUFFICIENT_SHARES', 'Cannot sell 11 NVDA on 2024-03-01: only 10 held then.');
    expect((await list(user, 'portfolio=me')).activities).toHaveLength(1);
    expect(await savedMap(user)).toEqual({ NVDA: 10 });
  });

  it('refuses an edit or a delete that would leave a negative position; a bulk delete of both is fine', async () => {
    const user = await signUpUser(t.app);
    const bought = await add(user, buy('TSLA', 10, 200, '2024-02-01'));
    const sold = await add(user, sell('TSLA', 8, 210, '2024-03-01'));
    expectError(
      await call('PATCH', `/api/activities/${bought.id}`, user, { quantity: 5 }),
      422,
      'INSUFFICIENT_SHARES',
      'Cannot sell 8 TSLA on 2024-03-01: only 5 held then.',
    );
    expectError(
      await call('PATCH', `/api/activities/${sold.id}`, user, { date: '2024-01-15' }),
      422,
      'INSUFFICIENT_SHARES',
      'Cannot sell 8 TSLA on 2024-01-15: only 0 held then.',
    );
    expectError(await call('DELETE', `/api/activities/${bought.id}`, user), 422, 'INSUFFICIENT_SHARES');
    expect(await savedMap(user)).toEqual({ TSLA: 2 });

    const patched = await call('PATCH', `/api/activities/${sold.id}`, user, {
      quantity: '7.5',
      note: 'partial',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(ZActivityResponse.parse(patched.json()).activity).toMatchObject({
      quantity: 7.5,
      note: 'partial',
    });
    expect(await savedMap(user)).toEqual({ TSLA: 2.5 });

    const bulk = await call('POST', '/api/activities/bulk-delete', user, {
      portfolio: 'me',
      ids: [bought.id, sold.id],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ deleted: 2 });
    expect(await savedMap(user)).toEqual({});
  });

  it("records a change of the map made in the analyzer's editor as transfers, so nothing typed is lost", async () => {
    const user = await signUpUser(t.app);
    await add(user, buy('AAPL', 10, 100, '2024-02-01'));
    await saveMap(user, { AAPL: 12, VTI: 1 });
    const { activities } = await list(user, 'portfolio=me&type=transfer_in');
    expect(activities.map((a) => [a.symbol, a.quantity, a.source.kind]).sort()).toEqual([
      ['AAPL', 2, 'map-edit'],
      ['VTI', 1, 'map-edit'],
    ]);
    // Dated the day of the edit (the test's today): the edit's transfers come before a sale that day.
    await add(user, sell('AAPL', 12, 120, '2024-07-01'));
    expect(await savedMap(user)).toEqual({ VTI: 1 });
  });

  it('finds a change of the map made after reads that compared it with the map the ledger last wrote', async () => {
    const user = await signUpUser(t.app);
    await add(user, buy('AAPL', 10, 100, '2024-02-01'));
    expect((await list(user, 'portfolio=me')).activities).toHaveLength(1);
    expect(await ledgerMapOf(user)).toEqual({ AAPL: 10 });
    await saveMap(user, { AAPL: 7 });
    const page = (await list(user, 'portfolio=me')).activities;
    expect(page.map((a) => [a.type, a.symbol, a.quantity, a.source.kind])).toEqual([
      ['transfer_out', 'AAPL', 3, 'map-edit'],
      ['buy', 'AAPL', 10, 'manual'],
    ]);
    expect(await ledgerMapOf(user)).toEqual({ AAPL: 7 });
    expect((await list(user, 'portfolio=me')).activities).toHaveLength(2);
  });

  it('reconciles a portfolio whose last written map is not known (before migration 0028), then remembers it', async () => {
    const user = await signUpUser(t.app);
    await add(user, buy('VTI', 5, 200, '2024-02-01'));
    await forgetLedgerMap(user);
    expect((await list(user, 'portfolio=me')).activities).toHaveLength(1);
    expect(await ledgerMapOf(user)).toEqual({ VTI: 5 });

    await forgetLedgerMap(user);
    await saveMap(user, { VTI: 6 });
    const { activities } = await list(user, 'portfolio=me&type=transfer_in');
    expect(activities.map((a) => [a.symbol, a.quantity, a.source.kind])).toEqual([['VTI', 1, 'map-edit']]);
    expect(await ledgerMapOf(user)).toEqual({ VTI: 6 });
  });

  it('reads a split position by its lots when it checks the map, and records only what the map changed', async () => {
    const user = await signUpUser(t.app);
    await add(user, buy('AAPL', 3, 100, '2024-02-01'));
    await add(user, { type: 'split', symbol: 'AAPL', quantity: 2.5, date: '2024-03-01' });
    await add(user, sell('AAPL', 1.5, 50, '2024-03-02'));
    await add(user, buy('VTI', 5, 200, '2024-03-03'));
    expect(await savedMap(user)).toEqual({ AAPL: 6, VTI: 5 });
    expect((await list(user, 'portfolio=me')).activities).toHaveLength(4);
    await saveMap(user, { AAPL: 6, VTI: 6 });
    const { activities } = await list(user, 'portfolio=me&type=transfer_in');
    expect(activities.map((a) => [a.symbol, a.quantity, a.source.kind])).toEqual([['VTI', 1, 'map-edit']]);
    expect(await savedMap(user)).toEqual({ AAPL: 6, VTI: 6 });
  });

  it('reads a page in the order of its index, never sorting the history', async () => {
    const user = await signUpUser(t.app);
    await add(user, buy('AAPL', 1, 10, '2024-01-10'));
    const { pool } = t.deps.database;
    const sent = vi.spyOn(pool, 'query');
    // Any cursor (a date and an entry order) asks for the rows after it.
    const cursor = Buffer.from('2024-06-30|1000000000').toString('base64url');
    await list(user, 'portfolio=me');
    await list(user, 'portfolio=me&symbol=AAPL');
    await list(user, `portfolio=me&cursor=${cursor}`);
    await list(user, `portfolio=me&symbol=AAPL&type=buy&cursor=${cursor}`);
    const pages = sent.mock.calls.flatMap(([query, values]) => {
      const text = typeof query === 'string' ? query : (query as { text: string }).text;
      return /from "activity" where .* limit/.test(text) ? [{ text, values: values as unknown[] }] : [];
    });
    sent.mockRestore();
    expect(pages).toHaveLength(4);
    // Without a sort allowed, the plan sorts only when no index gives the page's order.
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_sort = off');
      for (const page of pages) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${page.text}`, page.values);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).toMatch(/Index Scan/);
        expect(plan).not.toMatch(/Sort/);
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('pages newest first by a cursor, filtered by type, symbol and dates', async () => {
    const user = await signUpUser(t.app);
    const total = ACTIVITY_PAGE_SIZE + 5;
    for (let i = 0; i < total; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      await add(user, { type: 'deposit', date: `2024-0${1 + Math.floor(i / 28)}-${day}`, amount: i + 1 });
    }
    await add(user, buy('AAPL', 1, 10, '2024-01-10'));
    const first = await list(user, 'portfolio=me&type=deposit');
    expect(first.activities).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(user, `portfolio=me&type=deposit&cursor=${first.nextCursor}`);
    expect(second.activities).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const all = [...first.activities, ...second.activities];
    expect(new Set(all.map((a) => a.id)).size).toBe(total);
    const keys = all.map((a) => a.date);
    expect(keys).toEqual([...keys].sort().reverse());
    expect((await list(user, 'portfolio=me&symbol=aapl')).activities.map((a) => a.type)).toEqual(['buy']);
    const window = await list(user, 'portfolio=me&from=2024-02-01&to=2024-02-03');
    expect(window.activities.map((a) => a.date)).toEqual(['2024-02-03', '2024-02-02', '2024-02-01']);
  });

  it('switches between FIFO and average cost', async () => {
    const user = await signUpUser(t.app);
    await add(user, buy('AAPL', 10, 100, '2023-01-10'));
    await add(user, buy('AAPL', 10, 120, '2023-06-01'));
    await add(user, sell('AAPL', 15, 130, '2024-03-01'));
    const fifo = (await holdings(user)).holdings[0];
    expect(fifo && [fifo.costBasis, fifo.averageCost, fifo.realizedGain]).toEqual([
      600,
      120,
      { total: 350, shortTerm: 50, longTerm: 300, thisYear: 350 },
    ]);
    const res = await call('PUT', '/api/holdings/cost-basis-method?portfolio=me', user, {
      costBasisMethod: 'average',
    });
    expect(res.statusCode, res.body).toBe(200);
    const average = ZHoldingsResponse.parse(res.json());
    expect(average.costBasisMethod).toBe('average');
    expect(
      average.holdings[0] && [average.holdings[0].costBasis, average.holdings[0].realizedGain.total],
    ).toEqual([550, 300]);
  });

  it('keeps the map of a portfolio without history when its method is chosen first', async () => {
    const user = await signUpUser(t.app);
    const saved = await call('PUT', '/api/portfolio', user, { portfolio: { AAPL: 10 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call('PUT', '/api/holdings/cost-basis-method?portfolio=me', user, {
      costBasisMethod: 'average',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZHoldingsResponse.parse(res.json()).holdings.map((h) => [h.symbol, h.quantity])).toEqual([
      ['AAPL', 10],
    ]);
    expect((await call('GET', '/api/portfolio', user)).json()).toMatchObject({ portfolio: { AAPL: 10 } });
  });
});

describe('accounts and clients', () => {
  it("keeps a Premium account's map in step with its history", async () => {
    const res = await call('POST', '/api/portfolio-accounts/manual', premium, {
      accountName: 'My IRA',
      holdings: { VTI: 3 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ account: { id: string } }>().account.id;
    const portfolio = `account:${id}`;
    const created = await call('POST', '/api/activities', premium, {
      portfolio,
      ...sell('VTI', 1, 250, '2024-06-03'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const accounts = await call('GET', '/api/portfolio-accounts', premium);
    const account = accounts
      .json<{ accounts: { id: string; holdings: Record<string, number> }[] }>()
      .accounts.find((a) => a.id === id);
    expect(account?.holdings).toEqual({ VTI: 2 });
    expect((await holdings(premium, portfolio)).holdings.map((h) => [h.symbol, h.quantity])).toEqual([
      ['VTI', 2],
    ]);
  });

  it("keeps a Professional client's map in step, and the history goes with the client", async () => {
    const res = await call('POST', '/api/clients', professional, { name: 'Ada', holdings: {} });
    const id = res.json<{ client: { id: string } }>().client.id;
    const portfolio = `client:${id}`;
    const created = await call('POST', '/api/activities', professional, {
      portfolio,
      ...buy('SPY', 4, 500, '2024-06-03'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const client = await call('GET', `/api/clients/${id}`, professional);
    expect(client.json<{ holdings: Record<string, number> }>().holdings).toEqual({ SPY: 4 });
    expect((await call('DELETE', `/api/clients/${id}`, professional)).statusCode).toBe(204);
    expectError(await call('GET', `/api/activities?portfolio=${portfolio}`, professional), 404, 'NOT_FOUND');
    const { rows } = await t.deps.database.pool.query(
      'select count(*)::int as n from activity_portfolio where client_id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('paper portfolios', () => {
  it('show their fills as activities, read-only', async () => {
    const user = await signUpUser(t.app);
    const created = await call('POST', '/api/paper-trading/portfolio', user, {
      name: 'Practice',
      initialBalance: 10000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ portfolio: { id: string } }>().portfolio.id;
    const trade = await call('POST', '/api/paper-trading/trade', user, {
      portfolioId: id,
      symbol: 'AAPL',
      side: 'buy',
      quantity: 2,
    });
    expect(trade.statusCode, trade.body).toBe(201);
    const portfolio = `paper:${id}`;
    const { activities } = await list(user, `portfolio=${portfolio}`);
    expect(activities.map((a) => [a.type, a.symbol, a.quantity, a.amount, a.source.kind])).toEqual([
      ['buy', 'AAPL', 2, null, 'paper'],
      ['deposit', null, null, 10000, 'paper'],
    ]);
    const held = await holdings(user, portfolio);
    expect(held.holdings.map((h) => [h.symbol, h.quantity])).toEqual([['AAPL', 2]]);
    const write = await call('POST', '/api/activities', user, {
      portfolio,
      ...buy('AAPL', 1, 1, '2024-01-02'),
    });
    expectError(write, 403, 'FORBIDDEN', M.paperReadOnly);
    const method = await call('PUT', `/api/holdings/cost-basis-method?portfolio=${portfolio}`, user, {
      costBasisMethod: 'fifo',
    });
    expectError(method, 403, 'FORBIDDEN', M.paperReadOnly);
  });
});
