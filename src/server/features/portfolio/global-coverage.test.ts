/**
 * Global market coverage (issue 16 item 4, docs/decisions/034): listings outside the US are Professional's
 * everywhere holdings are valued, searched or imported, and they are valued in USD at the day's FX rate.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAnalyzeResponse, ZValuationResponse, ZValueHistoryResponse } from '../../../contracts/analysis';
import { ZSearchResponse } from '../../../contracts/market-data';
import { buildApp } from '../../app';
import { createAlphaVantageAdapter } from '../../providers/market-data/alphavantage';
import {
  jsonFixture,
  startFakeVendorServer,
  type FakeVendorServer,
} from '../../providers/market-data/testing/fake-vendor-server';
import { createTestDatabase } from '../../testing/test-database';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';
import { createMarketDataService } from '../market-data/service';

const PROFESSIONAL_MESSAGE =
  'TSCO.L is listed outside the US: global market coverage is part of Professional. ' +
  'This feature requires a Professional plan. Upgrade to Professional to continue.';

let ipCounter = 0;
const uniqueIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  who?: TestUser,
) {
  return injectAs(who, app, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    remoteAddress: uniqueIp(),
  });
}

describe('gating (simulated prices)', () => {
  let t: TestApp;
  let free: TestUser;
  let premium: TestUser;
  let professional: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { MARKET_DATA_PROVIDER: 'simulated' } });
    [free, premium, professional] = await Promise.all([
      signUpUser(t.app),
      signUpUser(t.app, { plan: 'premium' }),
      signUpUser(t.app, { plan: 'professional' }),
    ]);
  });
  afterAll(() => t.close());

  const mixed = { AAPL: 10, 'tsco.l': 100 };

  it('answers 403 SUBSCRIPTION_REQUIRED naming Professional to visitors, Free and Premium', async () => {
    for (const who of [undefined, free, premium]) {
      for (const url of ['/api/portfolio/valuation', '/api/portfolio/value-history', '/api/analyze-demo']) {
        expectError(
          await call(t.app, 'POST', url, { portfolio: mixed }, who),
          403,
          'SUBSCRIPTION_REQUIRED',
          PROFESSIONAL_MESSAGE,
        );
      }
      expectError(
        await call(t.app, 'GET', '/api/market-data/TSCO.L', undefined, who),
        403,
        'SUBSCRIPTION_REQUIRED',
        PROFESSIONAL_MESSAGE,
      );
    }
    for (const who of [free, premium]) {
      expectError(
        await call(t.app, 'PUT', '/api/portfolio', { portfolio: mixed }, who),
        403,
        'SUBSCRIPTION_REQUIRED',
        PROFESSIONAL_MESSAGE,
      );
    }
    const many = await call(
      t.app,
      'POST',
      '/api/market-data/quotes',
      { symbols: ['AAPL', '7203.T', 'SAP.DE', 'BHP.AX', '0700.HK'] },
      premium,
    );
    expectError(many, 403, 'SUBSCRIPTION_REQUIRED');
    expect(many.json<{ error: { message: string } }>().error.message).toMatch(
      /^7203\.T, SAP\.DE, BHP\.AX and 1 more are listed outside the US/,
    );
  });

  it('still values US and crypto portfolios for Free', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/portfolio/valuation',
      { portfolio: { AAPL: 1, 'CRYPTO:BTC': 0.1 } },
      free,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('leaves non-US listings out of search below Professional', async () => {
    const search = async (who: TestUser | undefined) =>
      ZSearchResponse.parse(
        (await call(t.app, 'GET', '/api/market-data/search?q=Rio%20Tinto', undefined, who)).json(),
      ).results.map((r) => r.symbol);
    expect(await search(undefined)).toEqual([]);
    expect(await search(premium)).toEqual([]);
    expect(await search(professional)).toEqual(['RIO.L', 'RIO.AX']);
  });

  it('values a Professional mixed portfolio in USD with the local price and the simulated rate beside it', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/portfolio/valuation',
      { portfolio: { AAPL: 10, 'TSCO.L': 100, '8306.T': 200 } },
      professional,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { valuation } = ZValuationResponse.parse(res.json());
    const tesco = valuation.holdings['TSCO.L']!;
    expect(tesco.local).toMatchObject({
      currency: 'GBX',
      fx: { currency: 'GBP', rate: 1.31, source: 'simulated' },
    });
    expect(tesco.price).toBeCloseTo((tesco.local!.price / 100) * 1.31, 6);
    expect(tesco.currentValue).toBeCloseTo(100 * tesco.price!, 6);
    expect(tesco.region).toBe('United Kingdom');
    const mufg = valuation.holdings['8306.T']!;
    expect(mufg.local).toMatchObject({ currency: 'JPY', fx: { currency: 'JPY', rate: 0.0064 } });
    expect(mufg.price).toBeCloseTo(mufg.local!.price * 0.0064, 6);
    expect(valuation.holdings.AAPL!.local).toBeUndefined();
    expect(valuation.allocation.byRegion.map((b) => b.name).sort()).toEqual([
      'Japan',
      'US',
      'United Kingdom',
    ]);
    expect(valuation.totalCurrentValue).toBeCloseTo(
      Object.values(valuation.holdings).reduce((sum, h) => sum + h.currentValue, 0),
      6,
    );

    const saved = await call(t.app, 'PUT', '/api/portfolio', { portfolio: { 'TSCO.L': 100 } }, professional);
    expect(saved.statusCode, saved.body).toBe(200);
    const history = await call(
      t.app,
      'POST',
      '/api/portfolio/value-history',
      { portfolio: { 'TSCO.L': 100 } },
      professional,
    );
    const { history: points } = ZValueHistoryResponse.parse(history.json());
    // A share of Tesco at about 440p is worth about $5.76: 100 shares are worth hundreds of dollars, not 44,000.
    expect(points.points.at(-1)!.value).toBeLessThan(2000);
  });

  it('analyses a Professional mixed portfolio with region exposure in the markets', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/analyze-demo',
      { portfolio: { AAPL: 10, 'SHOP.TO': 20, 'BHP.AX': 50 } },
      professional,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { analysis } = ZAnalyzeResponse.parse(res.json());
    expect(analysis.metrics.exposure.region.map((b) => b.name).sort()).toEqual([
      'Asia-Pacific',
      'Canada',
      'US',
    ]);
  });

  it('keeps paper trading to US listings and crypto', async () => {
    const created = await call(
      t.app,
      'POST',
      '/api/paper-trading/portfolio',
      { name: 'Global' },
      professional,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { portfolio } = created.json<{ portfolio: { id: string } }>();
    const res = await call(
      t.app,
      'POST',
      '/api/paper-trading/trade',
      { portfolioId: portfolio.id, symbol: 'TSCO.L', side: 'buy', quantity: 1 },
      professional,
    );
    expectError(
      res,
      400,
      'VALIDATION_ERROR',
      'Paper trading covers US listings and crypto; TSCO.L is listed outside the US.',
    );
  });
});

describe('valuation with a fake FX vendor (Alpha Vantage wire format)', () => {
  const KEY = 'AV-GLOBAL-TEST-KEY';
  let server: FakeVendorServer;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  let professional: TestUser;
  let nowMs = Date.parse('2025-11-24T12:00:00Z');

  beforeAll(async () => {
    server = await startFakeVendorServer();
    database = await createTestDatabase();
    const config = testConfig({ MARKET_DATA_PROVIDER: 'alphavantage' });
    const marketData = createMarketDataService({
      config,
      db: database.db,
      adapters: [
        createAlphaVantageAdapter({ apiKey: KEY, baseUrl: `${server.url}/query`, now: () => nowMs }),
      ],
      now: () => new Date(nowMs),
      timeoutMs: 500,
    });
    app = await buildApp({ config, database, version: 'test', overrides: { marketData } });
    await app.ready();
    professional = await signUpUser(app, { plan: 'professional' });
  });
  afterAll(async () => {
    expect(server.unhandled).toEqual([]);
    await app.close();
    await database.close();
    await server.close();
  });

  const quoteBody = (symbol: string, price: string, change: string, previous: string) => ({
    body: JSON.stringify({
      'Global Quote': {
        '01. symbol': symbol,
        '02. open': price,
        '03. high': price,
        '04. low': price,
        '05. price': price,
        '06. volume': '1000',
        '07. latest trading day': '2025-11-21',
        '08. previous close': previous,
        '09. change': change,
        '10. change percent': '1.0000%',
      },
    }),
    headers: { 'content-type': 'application/json' },
  });
  const fxBody = (close: string) => ({
    body: JSON.stringify({
      'Meta Data': { '2. From Symbol': 'GBP', '3. To Symbol': 'USD', '5. Last Refreshed': '2025-11-21' },
      'Time Series FX (Daily)': {
        '2025-11-21': { '1. open': close, '2. high': close, '3. low': close, '4. close': close },
      },
    }),
    headers: { 'content-type': 'application/json' },
  });
  const QUOTE = `GET /query?function=GLOBAL_QUOTE&symbol=TSCO.LON&apikey=${KEY}`;
  const FX = `GET /query?function=FX_DAILY&from_symbol=GBP&to_symbol=USD&outputsize=compact&apikey=${KEY}`;

  it('converts pence at the vendor rate, asks for the rate once a day, and shows its date and source', async () => {
    server.on(QUOTE, quoteBody('TSCO.LON', '440.0000', '4.0000', '436.0000'));
    server.on(FX, fxBody('1.25000'), { times: 1 });

    const value = async () => {
      const res = await call(
        app,
        'POST',
        '/api/portfolio/valuation',
        { portfolio: { 'TSCO.L': 100 } },
        professional,
      );
      expect(res.statusCode, res.body).toBe(200);
      return ZValuationResponse.parse(res.json()).valuation;
    };
    const first = await value();
    const tesco = first.holdings['TSCO.L']!;
    expect(tesco.local).toEqual({
      price: 440,
      change: 4,
      currency: 'GBX',
      fx: { currency: 'GBP', rate: 1.25, date: '2025-11-21', source: 'alphavantage' },
    });
    expect(tesco.price).toBe(5.5); // 440p = £4.40 × 1.25
    expect(tesco.change).toBe(0.05);
    expect(first.totalCurrentValue).toBe(550);

    nowMs += 61_000; // past the quote cache: a new quote, the day's rate from the cache
    expect((await value()).totalCurrentValue).toBe(550);
    expect(server.requestsTo('/query').filter((r) => r.query.function === 'FX_DAILY')).toHaveLength(1);
  });

  it('falls back to the labelled simulated rate when the vendor is rate limited, and asks again later', async () => {
    nowMs = Date.parse('2025-11-25T12:00:00Z'); // a new UTC day: the rate is asked again
    server.on(FX, jsonFixture('alphavantage/rate-limit-information-25-per-day.json'), { times: 1 });
    const res = await call(
      app,
      'POST',
      '/api/portfolio/valuation',
      { portfolio: { 'TSCO.L': 100 } },
      professional,
    );
    expect(res.statusCode, res.body).toBe(200);
    const tesco = ZValuationResponse.parse(res.json()).valuation.holdings['TSCO.L']!;
    expect(tesco.local?.fx).toEqual({ currency: 'GBP', rate: 1.31, date: '2025-11-25', source: 'simulated' });
  });
});
