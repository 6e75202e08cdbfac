import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPolygonAdapter, toPolygonTicker } from './polygon';
import {
  jsonFixture,
  startFakeVendorServer,
  truncatedFixture,
  vendorFailure,
  type FakeVendorServer,
} from './testing/fake-vendor-server';
import { itMapsTransportFailures } from './testing/transport-failures';

const KEY = 'PG-SECRET-KEY-5678';
/** After the close of 2023-01-10 (17:00 New York). */
const NOW = Date.parse('2023-01-10T22:00:00Z');

let server: FakeVendorServer;

beforeEach(async () => {
  server = await startFakeVendorServer();
});

afterEach(async () => {
  expect(server.unhandled).toEqual([]);
  await server.close();
});

function adapter(apiKey: string | undefined = KEY) {
  return createPolygonAdapter({ apiKey, baseUrl: server.url, now: () => NOW });
}

const SNAPSHOT_AAPL = 'GET /v2/snapshot/locale/us/markets/stocks/tickers/AAPL';
const RANGE_2023 =
  'GET /v2/aggs/ticker/AAPL/range/1/day/2023-01-01/2023-01-10?adjusted=true&sort=asc&limit=50000';
/** The fallback's window: the two weeks up to today (New York). */
const RECENT_CLOSES =
  'GET /v2/aggs/ticker/AAPL/range/1/day/2022-12-27/2023-01-10?adjusted=true&sort=asc&limit=50000';

describe('polygon adapter: happy paths from recorded responses', () => {
  it('quotes from the ticker snapshot when the plan includes it', async () => {
    server.on(SNAPSHOT_AAPL, jsonFixture('polygon/snapshot-stocks-ticker-AAPL.json'));

    const quote = await adapter().quote('AAPL', AbortSignal.timeout(5000));

    expect(quote).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      currentPrice: 159.99,
      change: -3.65,
      changePercent: -2.231,
      previousClose: 163.64,
      currency: 'USD',
      source: 'polygon',
      asOf: '2022-04-29T17:05:48.294Z',
    });
  });

  it('sends the key as a Bearer header, never in the URL', async () => {
    server.on(SNAPSHOT_AAPL, jsonFixture('polygon/snapshot-stocks-ticker-AAPL.json'));
    await adapter().quote('AAPL', AbortSignal.timeout(5000));
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.url).not.toContain(KEY);
  });

  it('on NOT_AUTHORIZED falls back to the latest close, dated at that close, and stops asking', async () => {
    server.on(SNAPSHOT_AAPL, jsonFixture('polygon/error-not-authorized-plan-timeframe.json', 403));
    // The recorded 2023-01-03..10 bars answer for the two-week window.
    server.on(RECENT_CLOSES, jsonFixture('polygon/aggs-range-AAPL-1-day-2023-01-01-2023-01-10-desc.json'));
    const polygon = adapter();

    const quote = await polygon.quote('AAPL', AbortSignal.timeout(5000));

    expect(quote).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      currentPrice: 130.73,
      change: 130.73 - 130.15,
      changePercent: ((130.73 - 130.15) / 130.15) * 100,
      previousClose: 130.15,
      currency: 'USD',
      source: 'polygon',
      // The close of 2023-01-10, 16:00 New York (EST): a close, not a live price.
      asOf: '2023-01-10T21:00:00.000Z',
    });

    await polygon.quote('AAPL', AbortSignal.timeout(5000));
    expect(server.requestsTo('/v2/snapshot/locale/us/markets/stocks/tickers/AAPL')).toHaveLength(1);
    expect(server.requestsTo('/v2/aggs/ticker/AAPL/range/1/day/2022-12-27/2023-01-10')).toHaveLength(2);
  });

  it('reads range aggregates into ascending bars dated in New York', async () => {
    // Recorded with sort=desc: the adapter orders bars itself.
    server.on(RANGE_2023, jsonFixture('polygon/aggs-range-AAPL-1-day-2023-01-01-2023-01-10-desc.json'));

    const bars = await adapter().history('AAPL', '2023-01-01', '2023-01-10', AbortSignal.timeout(5000));

    expect(bars.map((b) => b.date)).toEqual([
      '2023-01-03',
      '2023-01-04',
      '2023-01-05',
      '2023-01-06',
      '2023-01-09',
      '2023-01-10',
    ]);
    expect(bars[0]).toEqual({
      date: '2023-01-03',
      open: 130.28,
      high: 130.9,
      low: 124.17,
      close: 125.07,
      volume: 112117471,
    });
    expect(bars.at(-1)).toEqual({
      date: '2023-01-10',
      open: 130.26,
      high: 131.2636,
      low: 128.12,
      close: 130.73,
      volume: 63896155,
    });
  });

  it('dates bars across a daylight-saving change', async () => {
    server.on(
      'GET /v2/aggs/ticker/AAPL/range/1/day/2005-04-01/2005-04-04?adjusted=true&sort=asc&limit=50000',
      jsonFixture('polygon/aggs-range-AAPL-1-day-2005-04-01-2005-04-04.json'),
    );
    const bars = await adapter().history('AAPL', '2005-04-01', '2005-04-04', AbortSignal.timeout(5000));
    expect(bars).toEqual([
      { date: '2005-04-01', open: 1.5032, high: 1.5064, low: 1.4489, close: 1.4604, volume: 642646396 },
      { date: '2005-04-04', open: 1.4639, high: 1.4754, low: 1.4343, close: 1.4675, volume: 578172308 },
    ]);
  });

  it('writes share classes with a dot and serves stocks and ETFs only', () => {
    expect(toPolygonTicker('BRK-B')).toBe('BRK.B');
    const polygon = adapter();
    expect(polygon.supports('AAPL')).toBe(true);
    expect(polygon.supports('SPY')).toBe(true);
    expect(polygon.supports('^VIX')).toBe(false);
    expect(polygon.supports('CRYPTO:BTC')).toBe(false);
  });
});

describe('polygon adapter: its own error bodies', () => {
  it('NOT_AUTHORIZED for a history timeframe is unauthorized', async () => {
    server.on(RANGE_2023, jsonFixture('polygon/error-not-authorized-plan-timeframe.json', 403));
    const error = await vendorFailure(
      adapter().history('AAPL', '2023-01-01', '2023-01-10', AbortSignal.timeout(5000)),
    );
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toContain("Your plan doesn't include this data timeframe");
  });

  it('"API Key was not provided" is unauthorized, whatever the status', async () => {
    server.on(SNAPSHOT_AAPL, jsonFixture('polygon/error-api-key-not-provided.json', 400));
    const error = await vendorFailure(adapter().quote('AAPL', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('unauthorized');
    expect(server.requests).toHaveLength(1);
  });

  it('an unknown ticker (NotFound) is not_found', async () => {
    server.on('GET /v2/snapshot/locale/us/markets/stocks/tickers/NOPE', {
      status: 404,
      body: { status: 'NotFound', request_id: 'x', message: 'Ticker not found.' },
    });
    const error = await vendorFailure(adapter().quote('NOPE', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('not_found');
  });

  it('no key configured is unauthorized without a request', async () => {
    const error = await vendorFailure(adapter('').quote('AAPL', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('unauthorized');
    expect(server.requests).toHaveLength(0);
  });
});

describe('polygon adapter: transport failures', () => {
  itMapsTransportFailures({
    server: () => server,
    route: RANGE_2023,
    truncated: truncatedFixture('polygon/aggs-range-AAPL-1-day-2023-01-01-2023-01-10-desc.json'),
    call: (signal) => adapter().history('AAPL', '2023-01-01', '2023-01-10', signal),
    secret: KEY,
  });

  async function historyFailure(signal = AbortSignal.timeout(5000)) {
    return vendorFailure(adapter().history('AAPL', '2023-01-01', '2023-01-10', signal));
  }

  it('429 is rate_limited', async () => {
    server.on(RANGE_2023, {
      status: 429,
      body: {
        status: 'ERROR',
        request_id: 'x',
        error:
          "You've exceeded the maximum requests per minute, please wait or upgrade your subscription to continue. https://polygon.io/pricing",
      },
    });
    expect((await historyFailure()).kind).toBe('rate_limited');
  });

  it('500 is unavailable', async () => {
    server.on(RANGE_2023, { status: 500, body: 'Internal Server Error' });
    expect((await historyFailure()).kind).toBe('unavailable');
  });
});

describe('polygon adapter: corporate actions (fixtures written by us in the documented layout)', () => {
  const DIVIDENDS_2020 =
    'GET /v3/reference/dividends?ticker=AAPL&ex_dividend_date.gte=2020-01-01&ex_dividend_date.lte=2020-12-31&sort=ex_dividend_date&order=asc&limit=1000';
  const SPLITS_2020 =
    'GET /v3/reference/splits?ticker=AAPL&execution_date.gte=2020-01-01&execution_date.lte=2020-12-31&sort=execution_date&order=asc&limit=1000';
  const corporateActions2020 = (signal = AbortSignal.timeout(5000)) =>
    adapter().corporateActions('AAPL', '2020-01-01', '2020-12-31', signal);

  it('reads dividends as declared with their pay dates, and the 4-for-1 split as 4', async () => {
    server.on(DIVIDENDS_2020, jsonFixture('polygon/reference-dividends-AAPL-2020-doc-layout.json'));
    server.on(SPLITS_2020, jsonFixture('polygon/reference-splits-AAPL-2020-doc-layout.json'));

    expect(await corporateActions2020()).toEqual({
      dividends: [
        { exDate: '2020-02-07', payDate: '2020-02-13', amount: '0.77', currency: 'USD' },
        { exDate: '2020-05-08', payDate: '2020-05-14', amount: '0.82', currency: 'USD' },
        { exDate: '2020-08-07', payDate: '2020-08-13', amount: '0.82', currency: 'USD' },
        { exDate: '2020-11-06', payDate: '2020-11-12', amount: '0.205', currency: 'USD' },
      ],
      splits: [{ date: '2020-08-31', ratio: '4' }],
    });
    // Two requests, the key in a header each time.
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
    expect(adapter().corporateActionsRequests).toBe(2);
  });

  it('a ticker with none is two empty lists', async () => {
    server.on(DIVIDENDS_2020, { body: { results: [], status: 'OK', request_id: 'x' } });
    server.on(SPLITS_2020, { body: { status: 'OK', request_id: 'y' } });
    expect(await corporateActions2020()).toEqual({ dividends: [], splits: [] });
  });

  it('NOT_AUTHORIZED (a plan without reference data) is unauthorized', async () => {
    server.on(DIVIDENDS_2020, jsonFixture('polygon/error-not-authorized-plan-timeframe.json', 403));
    server.on(SPLITS_2020, jsonFixture('polygon/reference-splits-AAPL-2020-doc-layout.json'));
    expect((await vendorFailure(corporateActions2020())).kind).toBe('unauthorized');
  });

  it('429 is rate_limited', async () => {
    server.on(DIVIDENDS_2020, jsonFixture('polygon/reference-dividends-AAPL-2020-doc-layout.json'));
    server.on(SPLITS_2020, {
      status: 429,
      body: {
        status: 'ERROR',
        request_id: 'x',
        error:
          "You've exceeded the maximum requests per minute, please wait or upgrade your subscription to continue. https://polygon.io/pricing",
      },
    });
    expect((await vendorFailure(corporateActions2020())).kind).toBe('rate_limited');
  });

  it('no key configured is unauthorized without a request', async () => {
    const error = await vendorFailure(
      adapter('').corporateActions('AAPL', '2020-01-01', '2020-12-31', AbortSignal.timeout(5000)),
    );
    expect(error.kind).toBe('unauthorized');
    expect(server.requests).toHaveLength(0);
  });

  describe('transport failures of the dividends request', () => {
    beforeEach(() => {
      server.on(SPLITS_2020, jsonFixture('polygon/reference-splits-AAPL-2020-doc-layout.json'));
    });
    itMapsTransportFailures({
      server: () => server,
      route: DIVIDENDS_2020,
      truncated: truncatedFixture('polygon/reference-dividends-AAPL-2020-doc-layout.json'),
      call: (signal) => corporateActions2020(signal),
      secret: KEY,
    });
  });
});
