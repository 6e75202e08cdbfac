/**
 * Daily FX history (issue 28 item 3): Yahoo's `EURUSD=X` chart and Alpha Vantage's FX_DAILY over a span, against a
 * local server speaking each wire format: the closes as USD per unit, the vendors' errors, 429 and timeouts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAlphaVantageAdapter } from './alphavantage';
import {
  jsonFixture,
  startFakeVendorServer,
  truncatedFixture,
  vendorFailure,
  type FakeVendorServer,
  type ScriptedResponse,
} from './testing/fake-vendor-server';
import { itMapsTransportFailures } from './testing/transport-failures';
import { createYahooAdapter } from './yahoo';

let server: FakeVendorServer;

beforeEach(async () => {
  server = await startFakeVendorServer();
});

afterEach(async () => {
  expect(server.unhandled).toEqual([]);
  await server.close();
});

const json = (body: unknown): ScriptedResponse => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

const CHART_QUERY = 'useYfid=true&interval=1d&includePrePost=true&events=div%7Csplit%7Cearn&lang=en-US';
/** 2025-11-17 00:00 UTC to 2025-11-22 00:00 UTC: the week of 2025-11-17 to 2025-11-21. */
const EURUSD_CHART = `GET /v8/finance/chart/EURUSD=X?${CHART_QUERY}&period1=1763337600&period2=1763769600`;

/**
 * An FX pair's v8 chart as Yahoo sends it (the recorded AAPL chart's shape, with a currency pair's meta): sessions
 * at 00:00 London, a null close on a day without one.
 */
function eurUsdChart(): ScriptedResponse {
  const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
  return json({
    chart: {
      result: [
        {
          meta: {
            currency: 'USD',
            symbol: 'EURUSD=X',
            exchangeName: 'CCY',
            instrumentType: 'CURRENCY',
            gmtoffset: 0,
            timezone: 'GMT',
            exchangeTimezoneName: 'Europe/London',
            dataGranularity: '1d',
          },
          timestamp: ['2025-11-17', '2025-11-18', '2025-11-19', '2025-11-20', '2025-11-21'].map(midnight),
          indicators: {
            quote: [
              {
                open: [1.1621, 1.1592, 1.1583, null, 1.1529],
                high: [1.1632, 1.1601, 1.1599, null, 1.1546],
                low: [1.1576, 1.1567, 1.1541, null, 1.1491],
                close: [1.16198, 1.15915, 1.15831, null, 1.15129],
                volume: [0, 0, 0, null, 0],
              },
            ],
          },
        },
      ],
      error: null,
    },
  });
}

describe('yahoo: usdRateHistory from the =X pair', () => {
  const yahoo = () => createYahooAdapter({ baseUrl: server.url });

  it("reads each session's close as USD per unit, dated in London, skipping days without a close", async () => {
    server.on(EURUSD_CHART, eurUsdChart());
    const rates = await yahoo().usdRateHistory('eur', '2025-11-17', '2025-11-21', AbortSignal.timeout(5000));
    expect(rates).toEqual([
      { date: '2025-11-17', close: 1.16198 },
      { date: '2025-11-18', close: 1.15915 },
      { date: '2025-11-19', close: 1.15831 },
      { date: '2025-11-21', close: 1.15129 },
    ]);
  });

  it('refuses what is not a currency code without asking', async () => {
    const error = await vendorFailure(
      yahoo().usdRateHistory('EURO', '2025-11-17', '2025-11-21', AbortSignal.timeout(5000)),
    );
    expect(error.kind).toBe('not_found');
  });

  it('429 is rate_limited', async () => {
    server.on(EURUSD_CHART, { status: 429, body: 'Too Many Requests' });
    const error = await vendorFailure(
      yahoo().usdRateHistory('EUR', '2025-11-17', '2025-11-21', AbortSignal.timeout(5000)),
    );
    expect(error.kind).toBe('rate_limited');
  });

  itMapsTransportFailures({
    server: () => server,
    route: EURUSD_CHART,
    truncated: truncatedFixture('yahoo/chart-v8-AAPL-1d-2020-01-01-to-2020-01-03.json'),
    call: (signal) => yahoo().usdRateHistory('EUR', '2025-11-17', '2025-11-21', signal),
  });
});

describe('alphavantage: usdRateHistory from FX_DAILY', () => {
  const KEY = 'AV-SECRET-KEY-1234';
  const NOW = Date.parse('2025-11-22T12:00:00Z');
  const alphaVantage = () =>
    createAlphaVantageAdapter({ apiKey: KEY, baseUrl: `${server.url}/query`, now: () => NOW });
  const FX = (size: 'compact' | 'full') =>
    `GET /query?function=FX_DAILY&from_symbol=CHF&to_symbol=USD&outputsize=${size}&apikey=${KEY}`;
  // FX_DAILY's documented shape (no recorded success body exists: SOURCES.md), newest first, as sent.
  const fxDaily = json({
    'Meta Data': {
      '1. Information': 'Forex Daily Prices (open, high, low, close)',
      '2. From Symbol': 'CHF',
      '3. To Symbol': 'USD',
      '4. Output Size': 'Compact',
      '5. Last Refreshed': '2025-11-21',
      '6. Time Zone': 'UTC',
    },
    'Time Series FX (Daily)': {
      '2025-11-21': { '1. open': '1.2380', '2. high': '1.2421', '3. low': '1.2367', '4. close': '1.2409' },
      '2025-11-20': { '1. open': '1.2431', '2. high': '1.2450', '3. low': '1.2372', '4. close': '1.2380' },
      '2025-11-19': { '1. open': '1.2552', '2. high': '1.2560', '3. low': '1.2418', '4. close': '1.2431' },
      '2025-11-14': { '1. open': '1.2600', '2. high': '1.2631', '3. low': '1.2577', '4. close': '1.2588' },
    },
  });

  it('reads the closes of the span, oldest first (compact: the span is within the latest 100 days)', async () => {
    server.on(FX('compact'), fxDaily);
    const rates = await alphaVantage().usdRateHistory(
      'chf',
      '2025-11-17',
      '2025-11-21',
      AbortSignal.timeout(5000),
    );
    expect(rates).toEqual([
      { date: '2025-11-19', close: 1.2431 },
      { date: '2025-11-20', close: 1.238 },
      { date: '2025-11-21', close: 1.2409 },
    ]);
  });

  it('asks for the full history for a span that starts before the latest 100 days', async () => {
    server.on(FX('full'), fxDaily);
    const rates = await alphaVantage().usdRateHistory(
      'CHF',
      '2015-01-01',
      '2025-11-14',
      AbortSignal.timeout(5000),
    );
    expect(rates).toEqual([{ date: '2025-11-14', close: 1.2588 }]);
  });

  it('"Invalid API call" is not_found; past the daily quota is rate_limited; HTTP 429 too', async () => {
    server.on(FX('compact'), jsonFixture('alphavantage/error-message-invalid-api-call-FX_DAILY.json'), {
      times: 1,
    });
    server.on(FX('compact'), jsonFixture('alphavantage/rate-limit-information-25-per-day.json'), {
      times: 1,
    });
    server.on(FX('compact'), { status: 429, body: 'Too Many Requests' }, { times: 1 });
    const call = () =>
      alphaVantage().usdRateHistory('CHF', '2025-11-17', '2025-11-21', AbortSignal.timeout(5000));
    const invalid = await vendorFailure(call());
    expect(invalid.kind).toBe('not_found');
    expect(invalid.message).not.toContain(KEY);
    expect((await vendorFailure(call())).kind).toBe('rate_limited');
    expect((await vendorFailure(call())).kind).toBe('rate_limited');
  });

  itMapsTransportFailures({
    server: () => server,
    route: FX('compact'),
    truncated: truncatedFixture('alphavantage/time-series-daily-IBM-compact-truncated-upstream.json'),
    call: (signal) => alphaVantage().usdRateHistory('CHF', '2025-11-17', '2025-11-21', signal),
    secret: KEY,
  });
});
