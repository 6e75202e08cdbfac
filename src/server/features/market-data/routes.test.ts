import type { FastifyInstance } from 'fastify';
import { isGlobalListing } from '../../../domain/listings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZCorporateActionsResponse,
  ZHistoryResponse,
  ZMarketDataStatusResponse,
  ZQuoteResponse,
  ZQuotesResponse,
  ZSearchResponse,
} from '../../../contracts/market-data';
import { securityMaster } from '../../../domain/security-master';
import { buildApp } from '../../app';
import { createMarketDataService } from '../market-data/service';
import {
  createFakeAdapter,
  hangUntilAborted,
  type FakeAdapter,
} from '../../providers/market-data/testing/fake-adapter';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';

/** Friday 2026-11-20 after the close; tests move it on by seconds to let circuits close again. */
let nowMs = Date.parse('2026-11-20T22:00:00Z');

// The app as configured for tests (MARKET_DATA_PROVIDER=simulated): the default service, no network.
let simulated: TestApp;
// The app in `auto` mode with a scripted vendor we control.
let auto: { app: FastifyInstance; yahoo: FakeAdapter; close(): Promise<void> };

beforeAll(async () => {
  simulated = await createTestApp();
  const database = await createTestDatabase();
  const config = testConfig({ MARKET_DATA_PROVIDER: 'auto' });
  const yahoo = createFakeAdapter('yahoo', { supports: () => true, corporateActionsRequests: 1 });
  const marketData = createMarketDataService({
    config,
    db: database.db,
    adapters: [yahoo],
    now: () => new Date(nowMs),
    timeoutMs: 50,
  });
  const app = await buildApp({ config, database, version: 'test', overrides: { marketData } });
  await app.ready();
  auto = {
    app,
    yahoo,
    async close() {
      await app.close();
      await database.close();
    },
  };
});
afterAll(async () => {
  await simulated.close();
  await auto.close();
});

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

describe('GET /api/market-data/:ticker', () => {
  it('answers a quote with its source and time', async () => {
    const res = await get(simulated.app, '/api/market-data/AAPL');
    expect(res.statusCode).toBe(200);
    const body = ZQuoteResponse.parse(res.json());
    expect(body).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.', currency: 'USD', source: 'simulated' });
    expect(body.currentPrice).toBeGreaterThan(0);
    expect(Date.parse(body.asOf)).not.toBeNaN();
  });

  it.each(['AAPL;DROP', 'A'.repeat(16), '../etc', 'AA PL'])(
    'refuses the malformed ticker %j with a 400',
    async (ticker) => {
      const res = await get(simulated.app, `/api/market-data/${encodeURIComponent(ticker)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    },
  );

  it('answers 404 for a ticker the simulator does not know', async () => {
    const res = await get(simulated.app, '/api/market-data/ZZZZZZ');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Unknown symbol ZZZZZZ' } });
  });

  it('reads CRYPTO:BTC and BTC-USD as the same symbol', async () => {
    for (const ticker of ['CRYPTO:BTC', 'BTC-USD', 'btc-usd']) {
      const res = await get(simulated.app, `/api/market-data/${encodeURIComponent(ticker)}`);
      expect(res.statusCode, ticker).toBe(200);
      expect(res.json()).toMatchObject({ symbol: 'CRYPTO:BTC', name: 'Bitcoin' });
    }
  });

  it('quotes indices (^VIX)', async () => {
    const res = await get(simulated.app, `/api/market-data/${encodeURIComponent('^VIX')}`);
    expect(res.json()).toMatchObject({ symbol: '^VIX', source: 'simulated' });
  });

  it('falls back to the simulator when the vendor hangs, and says so', async () => {
    auto.yahoo.onQuote = (_symbol, signal) => hangUntilAborted('yahoo', signal);
    const res = await get(auto.app, '/api/market-data/KO');
    expect(res.json()).toMatchObject({ symbol: 'KO', source: 'simulated' });
    const status = ZMarketDataStatusResponse.parse((await get(auto.app, '/api/market-data/status')).json());
    expect(status.provider).toBe('auto');
    expect(status.vendors.find((v) => v.name === 'yahoo')).toMatchObject({
      configured: true,
      circuitOpen: true,
      healthy: false,
    });
  });
});

describe('GET /api/market-data/:ticker/history', () => {
  it('gives a year of trading days for a stock and every day for crypto', async () => {
    const stock = ZHistoryResponse.parse(
      (await get(simulated.app, '/api/market-data/AAPL/history?range=1Y')).json(),
    );
    expect(stock).toMatchObject({ symbol: 'AAPL', source: 'simulated' });
    expect(stock.history.length).toBeGreaterThanOrEqual(240);
    expect(stock.history.length).toBeLessThanOrEqual(260);
    const dates = stock.history.map((bar) => bar.date);
    expect([...dates].sort()).toEqual(dates);
    const crypto = ZHistoryResponse.parse(
      (
        await get(simulated.app, `/api/market-data/${encodeURIComponent('CRYPTO:ETH')}/history?range=1Y`)
      ).json(),
    );
    expect([365, 366]).toContain(crypto.history.length);
  });

  it.each([
    ['1M', 17, 24],
    ['6M', 120, 130],
    ['5Y', 1245, 1265],
  ])('range %s has a plausible number of sessions', async (range, min, max) => {
    const { history } = ZHistoryResponse.parse(
      (await get(simulated.app, `/api/market-data/SPY/history?range=${range}`)).json(),
    );
    expect(history.length).toBeGreaterThanOrEqual(min);
    expect(history.length).toBeLessThanOrEqual(max);
  });

  it('refuses an unknown range', async () => {
    const res = await get(simulated.app, '/api/market-data/AAPL/history?range=2W');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: 'Range must be one of 1M, 6M, 1Y, 5Y' },
    });
  });

  it('stores vendor bars: the same range again asks the vendor nothing, a longer one only the missing span', async () => {
    nowMs += 61_000; // past any circuit opened by an earlier test
    const first = await get(auto.app, '/api/market-data/PG/history?range=1Y');
    expect(first.json()).toMatchObject({ symbol: 'PG', source: 'yahoo' });
    expect(auto.yahoo.callsOf('history').map((c) => c.args)).toEqual([['PG', '2025-11-21', '2026-11-20']]);
    const second = await get(auto.app, '/api/market-data/PG/history?range=1Y');
    expect(second.json()).toEqual(first.json());
    expect(auto.yahoo.callsOf('history')).toHaveLength(1);
    const longer = ZHistoryResponse.parse(
      (await get(auto.app, '/api/market-data/PG/history?range=5Y')).json(),
    );
    expect(auto.yahoo.callsOf('history').map((c) => c.args)[1]).toEqual(['PG', '2021-11-21', '2025-11-20']);
    expect(longer.history.length).toBeGreaterThan(1240);
  });
});

describe('GET /api/market-data/corporate-actions', () => {
  const url = (query: string) => `/api/market-data/corporate-actions?${query}`;

  it("answers a vendor's dividends and splits with their source", async () => {
    nowMs += 61_000; // past any circuit opened by an earlier test
    auto.yahoo.onCorporateActions = async () => ({
      dividends: [{ exDate: '2020-11-06', amount: '0.205', currency: 'USD' }],
      splits: [{ date: '2020-08-31', ratio: '4' }],
    });
    const res = await get(auto.app, url('symbol=aapl&from=2020-08-31&to=2020-11-06'));
    expect(res.statusCode).toBe(200);
    expect(ZCorporateActionsResponse.parse(res.json())).toEqual({
      symbol: 'AAPL',
      from: '2020-08-31',
      to: '2020-11-06',
      source: 'yahoo',
      dividends: [{ exDate: '2020-11-06', amount: '0.205', currency: 'USD' }],
      splits: [{ date: '2020-08-31', ratio: '4' }],
    });
    expect(auto.yahoo.callsOf('corporateActions').at(-1)?.args).toEqual(['AAPL', '2020-08-31', '2020-11-06']);
  });

  it('with simulated prices: none, and the answer says why (no invented dividend)', async () => {
    const res = await get(simulated.app, url('symbol=KO&from=2020-01-01&to=2020-12-31'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      symbol: 'KO',
      from: '2020-01-01',
      to: '2020-12-31',
      source: 'simulated',
      dividends: [],
      splits: [],
      note: 'No vendor gave the dividends and splits of KO, and simulated prices have none.',
    });
  });

  it.each([
    ['no symbol', 'from=2020-01-01&to=2020-12-31', 'Symbol is required'],
    ['an empty symbol', 'symbol=&from=2020-01-01&to=2020-12-31', 'Symbol is required'],
    ['no from', 'symbol=AAPL&to=2020-12-31', 'from is required (YYYY-MM-DD)'],
    [
      'a date that is not one',
      'symbol=AAPL&from=2020-02-30&to=2020-12-31',
      'from must be a date written YYYY-MM-DD',
    ],
    [
      'another spelling of a date',
      'symbol=AAPL&from=2020-01-01&to=12/31/2020',
      'to must be a date written YYYY-MM-DD',
    ],
    ['from after to', 'symbol=AAPL&from=2021-01-01&to=2020-12-31', 'from must not be after to'],
  ])('answers 400 for %s, saying what is wrong', async (_label, query, message) => {
    const res = await get(simulated.app, url(query));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message } });
  });

  it('answers 400 for a malformed ticker and 404 for an unknown one', async () => {
    const malformed = await get(simulated.app, url('symbol=AAPL%3BDROP&from=2020-01-01&to=2020-12-31'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    const unknown = await get(simulated.app, url('symbol=ZZZZZZ&from=2020-01-01&to=2020-12-31'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Unknown symbol ZZZZZZ' } });
  });

  it('a listing outside the US is for plans with global coverage, as its quote is', async () => {
    const res = await get(simulated.app, url('symbol=TSCO.L&from=2020-01-01&to=2020-12-31'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'SUBSCRIPTION_REQUIRED' } });
  });
});

describe('POST /api/market-data/quotes', () => {
  const post = (payload: unknown) =>
    simulated.app.inject({ method: 'POST', url: '/api/market-data/quotes', payload: payload as object });

  it('quotes many symbols, keyed as asked, with per-symbol errors', async () => {
    const res = await post({ symbols: ['AAPL', 'btc-usd', 'ZZZZZZ', 'AAPL;DROP'] });
    expect(res.statusCode).toBe(200);
    const body = ZQuotesResponse.parse(res.json());
    expect(Object.keys(body.quotes).sort()).toEqual(['AAPL', 'BTC-USD']);
    expect(body.quotes['BTC-USD']?.symbol).toBe('CRYPTO:BTC');
    expect(body.errors).toEqual({
      ZZZZZZ: 'Unknown symbol ZZZZZZ',
      'AAPL;DROP': expect.stringContaining('Invalid ticker'),
    });
  });

  it('leaves `errors` out when every symbol was quoted', async () => {
    const body = (await post({ symbols: ['VTI', 'BND'] })).json();
    expect(body.errors).toBeUndefined();
    expect(Object.keys(body.quotes)).toEqual(['VTI', 'BND']);
  });

  it.each([
    ['no symbols', { symbols: [] }],
    ['201 symbols', { symbols: Array.from({ length: 201 }, () => 'AAPL') }],
    ['no list', {}],
    ['a number', { symbols: [42] }],
  ])('answers 400 for %s', async (_label, payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('takes 200 symbols', async () => {
    const symbols = securityMaster
      .filter((e) => !isGlobalListing(e.symbol))
      .slice(0, 200)
      .map((e) => e.symbol);
    const body = ZQuotesResponse.parse((await post({ symbols })).json());
    expect(Object.keys(body.quotes)).toHaveLength(200);
  });
});

describe('GET /api/market-data/search', () => {
  it('finds securities of the master by symbol and name', async () => {
    const body = ZSearchResponse.parse((await get(simulated.app, '/api/market-data/search?q=apple')).json());
    expect(body.results[0]).toEqual({ symbol: 'AAPL', name: 'Apple Inc.', assetClass: 'stock' });
    const bitcoin = ZSearchResponse.parse((await get(simulated.app, '/api/market-data/search?q=btc')).json());
    expect(bitcoin.results[0]?.symbol).toBe('CRYPTO:BTC');
    expect((await get(simulated.app, '/api/market-data/search?q=')).json()).toEqual({ results: [] });
  });
});

describe('GET /api/market-data/status', () => {
  it('lists every vendor with its configuration, health and quota', async () => {
    const body = ZMarketDataStatusResponse.parse(
      (await get(simulated.app, '/api/market-data/status')).json(),
    );
    expect(body.provider).toBe('simulated');
    expect(body.vendors.map((v) => v.name)).toEqual(['yahoo', 'coingecko', 'alphavantage', 'polygon', 'fmp']);
    expect(body.vendors.find((v) => v.name === 'alphavantage')).toMatchObject({
      configured: false,
      quotaLeft: 25,
      quotaWindow: 'day',
    });
    expect(body.vendors.find((v) => v.name === 'yahoo')).toMatchObject({
      configured: true,
      circuitOpen: false,
    });
  });
});

describe('rate limit', () => {
  it('answers 429 past 300 requests a minute from one address', async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < 300; i++)
        expect((await get(t.app, '/api/market-data/status')).statusCode).toBe(200);
      const res = await get(t.app, '/api/market-data/status');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    } finally {
      await t.close();
    }
  });
});
