import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZActivityListResponse, ZHoldingsResponse, type Holding } from '../../../contracts/activities';
import { ZCsvImportResponse } from '../../../contracts/imports';
import { SIGN_IN_REQUIRED_MESSAGE } from '../../auth/guards';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

/** Issue 27 item 7 (decision 038): a signed-in import records the file's lots, with their cost, in the history. */

const NOW = new Date('2024-06-30T12:00:00Z');
const fixture = (name: string) =>
  readFileSync(new URL(`../../../domain/broker-csv/fixtures/${name}`, import.meta.url), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { MARKET_DATA_PROVIDER: 'simulated' },
    overrides: { activities: { now: () => NOW } },
  });
});
afterAll(() => t.close());

async function importFile(who: TestUser | undefined, payload: Record<string, unknown>) {
  return injectAs(who, t.app, { method: 'POST', url: '/api/import/csv', payload });
}

async function holdingsOf(who: TestUser): Promise<Record<string, Holding>> {
  const res = await injectAs(who, t.app, { method: 'GET', url: '/api/holdings?portfolio=me' });
  expect(res.statusCode, res.body).toBe(200);
  const body = ZHoldingsResponse.parse(res.json());
  expect(body.hasHistory).toBe(true);
  return Object.fromEntries(body.holdings.map((holding) => [holding.symbol, holding]));
}

async function savedMap(who: TestUser): Promise<Record<string, number>> {
  const res = await injectAs(who, t.app, { method: 'GET', url: '/api/portfolio' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ portfolio: Record<string, number> }>().portfolio;
}

/** The gain is the market value over the cost basis: both known, from the file's cost. */
function expectGain(holding: Holding | undefined, costBasis: number) {
  expect(holding?.costBasis).toBe(costBasis);
  expect(holding?.marketValue).not.toBeNull();
  expect(holding?.unrealizedGain).toBeCloseTo((holding?.marketValue ?? 0) - costBasis, 2);
}

describe('POST /api/import/csv with a portfolio (signed in)', () => {
  it('records E*TRADE tax lots with their cost and acquisition dates: holdings show cost basis and gain', async () => {
    const user = await signUpUser(t.app);
    const csv = fixture('own__etrade_PortfolioDownload_lots.csv');
    const res = await importFile(user, { broker: 'etrade', csv, portfolio: 'me' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZCsvImportResponse.parse(res.json())).toEqual({
      success: true,
      portfolio: { VTTSX: 250.5, VTI: 55, BND: 18.2034 },
      skipped: [
        { row: 21, reason: 'cash and money market are not holdings' },
        { row: 22, reason: 'total row, not a holding' },
      ],
      message: 'Imported 3 holdings from your E*TRADE export.',
      history: {
        portfolio: 'me',
        lots: 7,
        lotsWithCost: 7,
        message: 'Recorded 7 opening lots in your history, 7 with their cost.',
      },
    });

    const held = await holdingsOf(user);
    // 120 × 48.94 + 2.5 × 48.1 + 12 × 44.44 + 116 × 40.02
    expect(held.VTTSX?.costBasis).toBe(11168.65); // a fund the simulator does not price: no gain shown
    expect(held.VTTSX?.lots).toEqual([
      { acquired: '2021-08-02', quantity: 120, costBasis: 5872.8 },
      { acquired: '2021-12-30', quantity: 2.5, costBasis: 120.25 },
      { acquired: '2022-02-22', quantity: 12, costBasis: 533.28 },
      { acquired: '2023-09-19', quantity: 116, costBasis: 4642.32 },
    ]);
    expectGain(held.VTI, 10451.5);
    // No lot rows: the position at its Price Paid $, acquired the import's day.
    expect(held.BND?.lots).toEqual([{ acquired: '2024-06-30', quantity: 18.2034, costBasis: 1317.93 }]);
    expect(await savedMap(user)).toEqual({ VTTSX: 250.5, VTI: 55, BND: 18.2034 });

    const activities = await injectAs(user, t.app, { method: 'GET', url: '/api/activities?portfolio=me' });
    const first = ZActivityListResponse.parse(activities.json()).activities.at(-1);
    expect(first).toMatchObject({
      type: 'transfer_in',
      date: '2021-08-02',
      symbol: 'VTTSX',
      quantity: 120,
      price: 48.94,
      note: 'E*TRADE positions file, line 13',
      source: { kind: 'opening' },
    });

    // The analyzer then saves the same map (PUT /api/portfolio): the history already explains it.
    const put = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/portfolio',
      payload: { portfolio: { VTTSX: 250.5, VTI: 55, BND: 18.2034 } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await holdingsOf(user)).VTTSX?.costBasis).toBe(11168.65);

    // A second file replaces the holdings: a new symbol gets its cost, a traded one the file's quantity at
    // unknown cost, one the file does not hold is transferred out.
    const schwab = [
      '"Symbol","Description","Quantity","Price","Market Value","Cost Basis","Security Type",',
      '"VTI","VANGUARD TOTAL STOCK MARKET ETF","60","$250.00","$15,000.00","$12,000.00","ETFs & Closed End Funds",',
      '"SCHX","SCHWAB US LARGE-CAP ETF","42","$60.00","$2,520.00","$2,100.00","ETFs & Closed End Funds",',
    ].join('\r\n');
    const again = await importFile(user, { broker: 'schwab', csv: schwab, portfolio: 'me' });
    expect(again.statusCode, again.body).toBe(200);
    expect(ZCsvImportResponse.parse(again.json()).history?.message).toBe(
      "Recorded 1 opening lot in your history, 1 with its cost. 1 holding already in your history was brought to the file's quantity at unknown cost.",
    );
    const replaced = await holdingsOf(user);
    expectGain(replaced.SCHX, 2100);
    expect(replaced.VTI?.quantity).toBe(60);
    expect(replaced.VTI?.costBasis).toBeNull(); // 5 shares of unknown cost joined the 55
    expect(replaced.VTTSX?.quantity).toBe(0);
    expect(await savedMap(user)).toEqual({ VTI: 60, SCHX: 42 });
  });

  it('keeps a total cost that does not divide evenly (Fidelity mock, a symbol in two accounts)', async () => {
    const user = await signUpUser(t.app);
    const csv = fixture('fidelity-account-overview__example.csv');
    const res = await importFile(user, { broker: 'fidelity', csv, portfolio: 'me' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZCsvImportResponse.parse(res.json()).history).toMatchObject({ lots: 8, lotsWithCost: 8 });
    const held = await holdingsOf(user);
    expect(held.ABC?.costBasis).toBe(2958.5); // $1440.09 (41.28 shares) + $1518.41 (15.444)
    expect(held.ABC?.lots.map((lot) => lot.costBasis)).toEqual([1440.09, 1518.41]);
  });

  it('records a Vanguard file (no cost column) at unknown cost, replacing what the map held', async () => {
    const user = await signUpUser(t.app);
    await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/portfolio',
      payload: { portfolio: { AAPL: 3 } },
    });
    const csv = fixture('bankroll__vanguard_positions_and_transactions.csv');
    const res = await importFile(user, { broker: 'vanguard', csv, portfolio: 'me' });
    expect(ZCsvImportResponse.parse(res.json()).history).toMatchObject({ lots: 4, lotsWithCost: 0 });
    const held = await holdingsOf(user);
    expect(held.VT?.costBasis).toBeNull();
    expect(held.AAPL).toBeUndefined();
    expect(await savedMap(user)).toEqual({ VT: 10, VWO: 20, VOO: 100.1, VTI: 50.5 });
  });

  it('needs a session to record; a visitor without it imports as before, and nothing is stored', async () => {
    const csv = fixture('own__etrade_PortfolioDownload_lots.csv');
    expectError(
      await importFile(undefined, { broker: 'etrade', csv, portfolio: 'me' }),
      401,
      'UNAUTHENTICATED',
      SIGN_IN_REQUIRED_MESSAGE,
    );
    const visitor = await importFile(undefined, { broker: 'etrade', csv });
    expect(visitor.statusCode).toBe(200);
    expect(Object.keys(visitor.json<object>())).toEqual(['success', 'portfolio', 'skipped', 'message']);
  });

  it('refuses a paper portfolio or anything else as the portfolio, with a 400', async () => {
    const user = await signUpUser(t.app);
    const csv = fixture('own__etrade_PortfolioDownload_lots.csv');
    for (const portfolio of ['paper:00000000-0000-0000-0000-000000000000', 'mine']) {
      const res = await importFile(user, { broker: 'etrade', csv, portfolio });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
