/**
 * The currencies of the white-label report (issue 26 item 1, decision 034 "Amounts in the report"): every amount
 * is US dollars and written `$`; a listing outside the US adds its own price in its own currency, labelled
 * (`64p GBX`, `¥3,012 JPY`), and its chart of closes is in that currency, titled so. London is quoted by a fake
 * Alpha Vantage in its wire format (the recorded GLOBAL_QUOTE, TIME_SERIES_DAILY and FX_DAILY bodies' shape with
 * a London listing's values: no recording of one exists); Tokyo, AAPL and SPY come from the simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZValuationResponse } from '../../../contracts/analysis';
import { ZHistoryResponse } from '../../../contracts/market-data';
import { formatMoney } from '../../../domain/analytics/format';
import { priceRange } from '../../../domain/reports/report-layout';
import { buildApp } from '../../app';
import { AlphaVantageAdapter } from '../../providers/market-data/alphavantage';
import {
  startFakeVendorServer,
  type FakeVendorServer,
} from '../../providers/market-data/testing/fake-vendor-server';
import { pdfToText } from '../../testing/pdf-tools';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { injectAs, signUpUser, type TestUser } from '../../testing/users';
import { createMarketDataService } from '../market-data/service';

const NOW = new Date('2026-11-24T09:15:00Z');
const KEY = 'AV-REPORT-CURRENCY-KEY';
const PORTFOLIO = { AAPL: 2, 'VOD.L': 1000, '7203.T': 100 };

/** Alpha Vantage for the London listings only: the rest of the chain is the simulator. */
class LondonAlphaVantage extends AlphaVantageAdapter {
  override supports(symbol: string): boolean {
    return symbol.endsWith('.L') && super.supports(symbol);
  }
}

const json = (body: unknown) => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const av = (query: string) => `GET /query?${query}&apikey=${KEY}`;
const fxDaily = (from: string, close: string) =>
  json({
    'Meta Data': { '2. From Symbol': from, '3. To Symbol': 'USD', '5. Last Refreshed': '2026-11-23' },
    'Time Series FX (Daily)': {
      '2026-11-23': { '1. open': close, '2. high': close, '3. low': close, '4. close': close },
    },
  });
/** Vodafone's closes in pence: 60p low, 86.80p high, 64p last. */
const VODAFONE_CLOSES: Record<string, string> = {
  '2026-11-16': '70.0000',
  '2026-11-17': '86.8000',
  '2026-11-18': '60.0000',
  '2026-11-19': '75.5000',
  '2026-11-20': '80.0000',
  '2026-11-23': '64.0000',
};

/** Yen as the analyzer writes them: '¥3,012'. */
const yen = (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency: 'JPY' });

let server: FakeVendorServer;
let t: { app: Awaited<ReturnType<typeof buildApp>>; close: () => Promise<void> };
beforeAll(async () => {
  server = await startFakeVendorServer();
  server.on(
    av('function=GLOBAL_QUOTE&symbol=VOD.LON'),
    json({
      'Global Quote': {
        '01. symbol': 'VOD.LON',
        '02. open': '63.5000',
        '03. high': '64.2000',
        '04. low': '63.1000',
        '05. price': '64.0000',
        '06. volume': '41234567',
        '07. latest trading day': '2026-11-23',
        '08. previous close': '63.0000',
        '09. change': '1.0000',
        '10. change percent': '1.5873%',
      },
    }),
  );
  server.on(
    av('function=TIME_SERIES_DAILY&symbol=VOD.LON&outputsize=full'),
    json({
      'Meta Data': { '2. Symbol': 'VOD.LON', '3. Last Refreshed': '2026-11-23' },
      'Time Series (Daily)': Object.fromEntries(
        Object.entries(VODAFONE_CLOSES).map(([date, close]) => [
          date,
          { '1. open': close, '2. high': close, '3. low': close, '4. close': close, '5. volume': '1000' },
        ]),
      ),
    }),
  );
  server.on(
    av('function=FX_DAILY&from_symbol=GBP&to_symbol=USD&outputsize=compact'),
    fxDaily('GBP', '1.25000'),
  );
  server.on(
    av('function=FX_DAILY&from_symbol=JPY&to_symbol=USD&outputsize=compact'),
    fxDaily('JPY', '0.00650'),
  );

  const database = await createTestDatabase();
  const config = testConfig({ MARKET_DATA_PROVIDER: 'auto' });
  const marketData = createMarketDataService({
    config,
    db: database.db,
    adapters: [
      new LondonAlphaVantage({ apiKey: KEY, baseUrl: `${server.url}/query`, now: () => NOW.getTime() }),
    ],
    now: () => NOW,
    timeoutMs: 1000,
  });
  const app = await buildApp({
    config,
    database,
    version: 'test',
    overrides: { marketData, analysis: { now: () => NOW } },
  });
  await app.ready();
  t = {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
});
afterAll(async () => {
  expect(server.unhandled).toEqual([]);
  await t.close();
  await server.close();
});

async function professionalWithPortfolio(): Promise<TestUser> {
  const user = await signUpUser(t.app, { plan: 'professional' });
  const saved = await injectAs(user, t.app, {
    method: 'PUT',
    url: '/api/portfolio',
    payload: { portfolio: PORTFOLIO },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

describe('the report’s currencies', () => {
  it('writes USD amounts with $, and a London or Tokyo listing’s own price and closes in its own currency', async () => {
    const user = await professionalWithPortfolio();
    const res = await injectAs(user, t.app, { method: 'GET', url: '/api/reports/portfolio.pdf' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const { text, warnings } = await pdfToText(res.rawPayload);
    expect(warnings).toBe('');
    const report = text.replace(/\s+/g, ' ');

    const { valuation } = ZValuationResponse.parse(
      (
        await injectAs(user, t.app, {
          method: 'POST',
          url: '/api/portfolio/valuation',
          payload: { portfolio: PORTFOLIO },
        })
      ).json(),
    );
    const vodafone = valuation.holdings['VOD.L'];
    const toyota = valuation.holdings['7203.T'];
    // 64p = £0.64 at 1.25 USD/GBP.
    expect(vodafone?.price).toBe(0.8);
    expect(vodafone?.local).toMatchObject({
      price: 64,
      currency: 'GBX',
      fx: { rate: 1.25, source: 'alphavantage' },
    });
    expect(toyota?.local).toMatchObject({ currency: 'JPY', fx: { rate: 0.0065, source: 'alphavantage' } });

    // The holdings table and the detail block: the USD price, and beside it in the details the local one.
    expect(report).toContain(formatMoney(0.8));
    expect(report).toContain(`${formatMoney(0.8)} (64p GBX)`);
    const toyotaYen = yen(toyota?.local?.price as number);
    expect(toyotaYen).toMatch(/^¥[\d,]+$/);
    expect(report).toContain(`${formatMoney(toyota?.price as number)} (${toyotaYen} JPY)`);

    // London's year in pence, labelled; never pence written as dollars.
    expect(report).toContain('Daily closes in GBX (pence), past year');
    expect(report).toContain('1 year: high 86.8p • low 60p');
    expect(report).not.toContain('$86.80');
    expect(report).not.toContain('$60.00');

    // Tokyo's year in yen from the simulator's closes, labelled; the yen are not dollars either.
    const tokyo = ZHistoryResponse.parse(
      (
        await injectAs(user, t.app, { method: 'GET', url: '/api/market-data/7203.T/history?range=1Y' })
      ).json(),
    );
    const range = priceRange(tokyo.history.map((bar) => bar.close));
    expect(range).not.toBeNull();
    expect(report).toContain('Daily closes in JPY, past year');
    expect(report).toContain(`1 year: high ${yen(range?.high as number)} • low ${yen(range?.low as number)}`);
    expect(report).not.toContain(`high ${formatMoney(range?.high as number)}`);

    // A US listing's chart stays in dollars.
    expect(report).toMatch(/1 year: high \$[\d,]+\.\d\d • low \$[\d,]+\.\d\d/);
    // The rates used, as the analyzer names them.
    expect(report).toContain(
      'Converted to USD at Alpha Vantage rates of 2026-11-23: 1 GBP = 1.250 USD; 1 JPY = 0.006500 USD',
    );
  });
});
