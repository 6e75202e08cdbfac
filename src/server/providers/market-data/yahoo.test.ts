import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fixture,
  HTML_200,
  HTML_502,
  jsonFixture,
  startFakeVendorServer,
  truncatedFixture,
  vendorFailure,
  type FakeVendorServer,
} from './testing/fake-vendor-server';
import { VendorError } from './types';
import { createYahooAdapter, yahooFetch } from './yahoo';
import { itMapsTransportFailures } from './testing/transport-failures';

const CRUMB = 'haT3oykhHqZ'; // getcrumb-v1.txt

let server: FakeVendorServer;

beforeEach(async () => {
  server = await startFakeVendorServer();
});

afterEach(async () => {
  expect(server.unhandled).toEqual([]);
  await server.close();
});

function adapter() {
  return createYahooAdapter({ baseUrl: server.url });
}

/**
 * The cookie + crumb handshake as yahoo-finance2 performs it. The cookie page answer is ours (the only
 * recording is a consent-region redirect with an empty body); the crumb is the recorded getcrumb body.
 */
function expectHandshake() {
  server.on('GET /quote/AAPL', {
    status: 200,
    body: '<!doctype html><html><body>Apple Inc. (AAPL)</body></html>',
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'set-cookie':
        'A3=d=AQABBtest&S=AQAAAtest; Max-Age=31557600; Domain=.yahoo.com; Path=/; Secure; HttpOnly',
    },
  });
  server.on('GET /v1/test/getcrumb', {
    body: fixture('yahoo/getcrumb-v1.txt'),
    headers: { 'content-type': 'text/plain;charset=utf-8' },
  });
}

const CHART_QUERY = 'useYfid=true&interval=1d&includePrePost=true&events=div%7Csplit%7Cearn&lang=en-US';

describe('yahoo adapter: happy paths from recorded responses', () => {
  it('quotes AAPL through the cookie + crumb handshake', async () => {
    expectHandshake();
    server.on(`GET /v7/finance/quote?symbols=AAPL&crumb=${CRUMB}`, jsonFixture('yahoo/quote-v7-AAPL.json'));

    const quote = await adapter().quote('AAPL', AbortSignal.timeout(5000));

    expect(quote).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      currentPrice: 244.6,
      change: 3.0700073,
      changePercent: 1.2710667,
      previousClose: 241.53,
      currency: 'USD',
      source: 'yahoo',
      asOf: '2025-02-14T21:00:00.000Z',
    });
    // The cookie set by the page went with the crumb request and the quote request.
    expect(server.requestsTo('/v1/test/getcrumb')[0]?.headers.cookie).toContain('A3=d=AQABBtest');
    expect(server.requestsTo('/v7/finance/quote')[0]?.headers.cookie).toContain('A3=d=AQABBtest');
  });

  it('reuses the crumb for the next request', async () => {
    expectHandshake();
    server.on(`GET /v7/finance/quote?symbols=AAPL&crumb=${CRUMB}`, jsonFixture('yahoo/quote-v7-AAPL.json'));
    const yahoo = adapter();
    await yahoo.quote('AAPL', AbortSignal.timeout(5000));
    await yahoo.quote('AAPL', AbortSignal.timeout(5000));
    expect(server.requestsTo('/v1/test/getcrumb')).toHaveLength(1);
    expect(server.requestsTo('/v7/finance/quote')).toHaveLength(2);
  });

  it('quotes a batch in one request', async () => {
    expectHandshake();
    server.on(
      `GET /v7/finance/quote?symbols=AAPL,BABA&crumb=${CRUMB}`,
      jsonFixture('yahoo/quote-v7-AAPL-BABA.json'),
    );

    const quotes = await adapter().quotes(['AAPL', 'BABA'], AbortSignal.timeout(5000));

    expect([...quotes.keys()]).toEqual(['AAPL', 'BABA']);
    expect(quotes.get('BABA')).toEqual({
      symbol: 'BABA',
      name: 'Alibaba Group Holding Limited',
      currentPrice: 124.73,
      change: 5.19,
      changePercent: 4.34164,
      previousClose: 119.54,
      currency: 'USD',
      source: 'yahoo',
      asOf: '2025-02-14T21:00:02.000Z',
    });
    expect(quotes.get('AAPL')?.currentPrice).toBe(244.6);
  });

  it('an unknown or delisted symbol (result: []) is not_found; a batch just leaves it out', async () => {
    expectHandshake();
    server.on(
      `GET /v7/finance/quote?symbols=UNIR.MI&crumb=${CRUMB}`,
      jsonFixture('yahoo/quote-v7-UNIR.MI-empty-result.json'),
    );
    const yahoo = adapter();
    const error = await vendorFailure(yahoo.quote('UNIR.MI', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('not_found');
    expect(await yahoo.quotes(['UNIR.MI'], AbortSignal.timeout(5000))).toEqual(new Map());
  });

  it('asks for crypto as the USD pair', async () => {
    expectHandshake();
    server.on(
      `GET /v7/finance/quote?symbols=BTC-USD&crumb=${CRUMB}`,
      jsonFixture('yahoo/quote-v7-UNIR.MI-empty-result.json'),
    );
    const error = await vendorFailure(adapter().quote('CRYPTO:BTC', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('not_found');
  });

  it('reads daily bars from the v8 chart with period1/period2 (no crumb needed)', async () => {
    server.on(
      `GET /v8/finance/chart/AAPL?${CHART_QUERY}&period1=1577836800&period2=1578009600`,
      jsonFixture('yahoo/chart-v8-AAPL-1d-2020-01-01-to-2020-01-03.json'),
    );

    const bars = await adapter().history('AAPL', '2020-01-01', '2020-01-02', AbortSignal.timeout(5000));

    expect(bars).toEqual([
      {
        date: '2020-01-02',
        open: 74.05999755859375,
        high: 75.1500015258789,
        low: 73.79750061035156,
        close: 75.0875015258789,
        volume: 135480400,
      },
    ]);
  });

  it('reads 49 sessions and dates them in New York', async () => {
    server.on(
      `GET /v8/finance/chart/AAPL?${CHART_QUERY}&period1=1598832000&period2=1604707200`,
      jsonFixture('yahoo/chart-v8-AAPL-1d-2020-08-31-to-2020-11-07.json'),
    );

    const bars = await adapter().history('AAPL', '2020-08-31', '2020-11-06', AbortSignal.timeout(5000));

    expect(bars).toHaveLength(49);
    expect(bars[0]).toEqual({
      date: '2020-08-31',
      open: 127.58000183105469,
      high: 131,
      low: 126,
      close: 129.0399932861328,
      volume: 225702700,
    });
    // 14:30 UTC after the end of daylight saving time is still 09:30 in New York on 2020-11-06.
    expect(bars.at(-1)).toEqual({
      date: '2020-11-06',
      open: 118.31999969482422,
      high: 119.19999694824219,
      low: 116.12999725341797,
      close: 118.69000244140625,
      volume: 114457900,
    });
  });

  it('searches and keeps stocks, ETFs, funds, indices and crypto only', async () => {
    server.on(
      'GET /v1/finance/search?q=AAPL&quotesCount=10&newsCount=0',
      jsonFixture('yahoo/search-v1-AAPL.json'),
      { extraQuery: true },
    );

    const matches = await adapter().search('AAPL', AbortSignal.timeout(5000));

    expect(matches).toEqual([
      { symbol: 'AAPL', name: 'Apple Inc.', assetClass: 'stock', exchange: 'NASDAQ' },
      { symbol: 'AAPU', name: 'Direxion Daily AAPL Bull 2X Shares', assetClass: 'etf', exchange: 'NASDAQ' },
    ]);
  });

  it('reads the profile from quoteSummary assetProfile', async () => {
    expectHandshake();
    server.on(
      `GET /v10/finance/quoteSummary/AAPL?formatted=false&modules=assetProfile,price&crumb=${CRUMB}`,
      jsonFixture('yahoo/quoteSummary-v10-assetProfile-AAPL.json'),
    );

    const profile = await adapter().profile('AAPL', AbortSignal.timeout(5000));

    expect(profile).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      sector: 'Technology',
      industry: 'Consumer Electronics',
      country: 'United States',
      website: 'https://www.apple.com',
    });
    expect(profile.description).toMatch(/^Apple Inc\. designs, manufactures, and markets smartphones/);
  });

  it('a symbol without fundamentals (recorded 404) is not_found', async () => {
    expectHandshake();
    server.on(
      `GET /v10/finance/quoteSummary/ADH?formatted=false&modules=assetProfile,price&crumb=${CRUMB}`,
      jsonFixture('yahoo/quoteSummary-v10-assetProfile-ADH-404.json', 404),
    );
    const error = await vendorFailure(adapter().profile('ADH', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('not_found');
  });
});

describe('yahoo adapter: failures end in a VendorError of the right kind', () => {
  /** The recorded AAPL body with its one quote's fields changed: the wire shape of another symbol's quote. */
  function recordedQuoteAs(fields: Record<string, unknown>) {
    const body = JSON.parse(fixture('yahoo/quote-v7-AAPL.json')) as {
      quoteResponse: { result: Record<string, unknown>[] };
    };
    body.quoteResponse.result = body.quoteResponse.result.map((q) => ({ ...q, ...fields }));
    return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  }

  it("reads London's GBp as GBX (pence)", async () => {
    expectHandshake();
    server.on(
      `GET /v7/finance/quote?symbols=TSCO.L&crumb=${CRUMB}`,
      recordedQuoteAs({ symbol: 'TSCO.L', currency: 'GBp', regularMarketPrice: 440.2 }),
    );
    const quote = await adapter().quote('TSCO.L', AbortSignal.timeout(5000));
    expect(quote).toMatchObject({ symbol: 'TSCO.L', currency: 'GBX', currentPrice: 440.2 });
  });

  it('reads the USD rate of a currency from its =X pair, dated by the quote', async () => {
    expectHandshake();
    server.on(
      `GET /v7/finance/quote?symbols=GBPUSD%3DX&crumb=${CRUMB}`,
      recordedQuoteAs({ symbol: 'GBPUSD=X', currency: 'USD', regularMarketPrice: 1.3102 }),
    );
    const rate = await adapter().usdRate('gbp', AbortSignal.timeout(5000));
    expect(rate).toEqual({ currency: 'GBP', rate: 1.3102, date: '2025-02-14' });
  });

  const QUOTE = `GET /v7/finance/quote?symbols=AAPL&crumb=${CRUMB}`;

  async function quoteFailure() {
    return vendorFailure(adapter().quote('AAPL', AbortSignal.timeout(5000)));
  }

  it('429 with the recorded "Edge: Too Many Requests" text is rate_limited', async () => {
    expectHandshake();
    server.on(QUOTE, { status: 429, body: fixture('yahoo/error-429-edge-too-many-requests.txt') });
    expect((await quoteFailure()).kind).toBe('rate_limited');
  });

  it('a plain-text "Too Many Requests" body, even with 200, is rate_limited', async () => {
    expectHandshake();
    server.on(QUOTE, { status: 200, body: fixture('yahoo/error-too-many-requests-v7-quote.txt') });
    expect((await quoteFailure()).kind).toBe('rate_limited');
  });

  it('getcrumb answering "Edge: Too Many Requests" is rate_limited, not used as a crumb', async () => {
    server.on('GET /quote/AAPL', {
      status: 200,
      body: '',
      headers: { 'set-cookie': 'A3=d=x; Max-Age=3600; Domain=.yahoo.com; Path=/; Secure' },
    });
    server.on('GET /v1/test/getcrumb', {
      status: 429,
      body: fixture('yahoo/error-429-edge-too-many-requests.txt'),
    });
    expect((await quoteFailure()).kind).toBe('rate_limited');
    expect(server.requestsTo('/v7/finance/quote')).toHaveLength(0);
  });

  it('a cookie page that fails is unavailable, not a verdict on the symbol', async () => {
    server.on('GET /quote/AAPL', { status: 404, body: '<html>Not Found</html>' });
    expect((await quoteFailure()).kind).toBe('unavailable');
    expect(server.requestsTo('/v7/finance/quote')).toHaveLength(0);
  });

  it('500 is unavailable', async () => {
    expectHandshake();
    server.on(QUOTE, { status: 500, body: 'Internal Server Error' });
    expect((await quoteFailure()).kind).toBe('unavailable');
  });

  it('an HTML 502 page is unavailable', async () => {
    expectHandshake();
    server.on(QUOTE, HTML_502);
    const error = await quoteFailure();
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('502');
  });

  it('an HTML page sent with 200 is bad_response', async () => {
    expectHandshake();
    server.on(QUOTE, HTML_200);
    expect((await quoteFailure()).kind).toBe('bad_response');
  });

  it('a truncated JSON body is bad_response', async () => {
    expectHandshake();
    server.on(QUOTE, truncatedFixture('yahoo/quote-v7-AAPL.json'));
    expect((await quoteFailure()).kind).toBe('bad_response');
  });

  it('a body of the wrong shape is bad_response', async () => {
    expectHandshake();
    server.on(QUOTE, {
      body: { quoteResponse: { result: [{ symbol: 'AAPL', regularMarketPrice: 'n/a' }] } },
    });
    expect((await quoteFailure()).kind).toBe('bad_response');
  });

  it('the recorded "Invalid Crumb" 401 gets one fresh handshake, then is unauthorized', async () => {
    expectHandshake();
    server.on(QUOTE, jsonFixture('yahoo/error-v7-quote-unauthorized-invalid-crumb.json', 401));
    expect((await quoteFailure()).kind).toBe('unauthorized');
    expect(server.requestsTo('/v1/test/getcrumb')).toHaveLength(2);
    expect(server.requestsTo('/v7/finance/quote')).toHaveLength(2);
  });

  it('an expired crumb is renewed and the quote succeeds', async () => {
    expectHandshake();
    server.on(QUOTE, jsonFixture('yahoo/error-v7-quote-unauthorized-invalid-crumb.json', 401), { times: 1 });
    server.on(QUOTE, jsonFixture('yahoo/quote-v7-AAPL.json'));
    const quote = await adapter().quote('AAPL', AbortSignal.timeout(5000));
    expect(quote.currentPrice).toBe(244.6);
  });

  it("a server that never answers is a timeout at the caller's deadline", async () => {
    expectHandshake();
    server.on(QUOTE, { hang: true });
    const started = performance.now();
    const error = await vendorFailure(adapter().quote('AAPL', AbortSignal.timeout(200)));
    expect(error.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('a history request that never answers is a timeout too', async () => {
    server.on(`GET /v8/finance/chart/AAPL?${CHART_QUERY}&period1=1577836800&period2=1578009600`, {
      hang: true,
    });
    const started = performance.now();
    const error = await vendorFailure(
      adapter().history('AAPL', '2020-01-01', '2020-01-02', AbortSignal.timeout(200)),
    );
    expect(error.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('a dropped connection is unavailable', async () => {
    expectHandshake();
    server.on(QUOTE, { destroy: true });
    expect((await quoteFailure()).kind).toBe('unavailable');
  });

  it('nothing listening is unavailable', async () => {
    const closed = await startFakeVendorServer();
    const url = closed.url;
    await closed.close();
    const error = await vendorFailure(
      createYahooAdapter({ baseUrl: url }).quote('AAPL', AbortSignal.timeout(5000)),
    );
    expect(error).toBeInstanceOf(VendorError);
    expect(error.kind).toBe('unavailable');
  });
});

describe('yahooFetch', () => {
  it('rewrites every Yahoo host to the base URL and leaves others alone', async () => {
    const seen: string[] = [];
    const inner = async (input: string | URL | Request) => {
      seen.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return new Response('{}', { status: 200 });
    };
    const f = yahooFetch('http://127.0.0.1:1/', inner);
    for (const host of ['query1.finance', 'query2.finance', 'finance', 'fc', 'guce', 'consent']) {
      await f(`https://${host}.yahoo.com/v7/finance/quote?symbols=A`);
    }
    await f('https://example.com/v7/finance/quote');
    expect(seen).toEqual([
      ...Array.from({ length: 6 }, () => 'http://127.0.0.1:1/v7/finance/quote?symbols=A'),
      'https://example.com/v7/finance/quote',
    ]);
  });
});

describe('yahoo adapter: corporate actions from the chart events', () => {
  /** 2020-11-06, after the close in New York: "today" for these tests. */
  const AFTER_CLOSE = Date.parse('2020-11-06T22:00:00Z');
  const corporateActionsAdapter = () => createYahooAdapter({ baseUrl: server.url, now: () => AFTER_CLOSE });

  /** A chart body in Yahoo's layout (ours, not recorded): the recorded AAPL chart with other events. */
  function recordedChartWith(events: unknown, meta: Record<string, unknown> = {}) {
    const body = JSON.parse(fixture('yahoo/chart-v8-AAPL-1d-2020-08-31-to-2020-11-07.json')) as {
      chart: { result: { meta: Record<string, unknown>; events?: unknown }[] };
    };
    for (const result of body.chart.result) {
      result.events = events;
      Object.assign(result.meta, meta);
    }
    return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  }

  it("reads the recorded dividend and AAPL's 4-for-1 split, asking the history's own request up to today", async () => {
    server.on(
      `GET /v8/finance/chart/AAPL?${CHART_QUERY}&period1=1598832000&period2=1604707200`,
      jsonFixture('yahoo/chart-v8-AAPL-1d-2020-08-31-to-2020-11-07.json'),
    );

    const actions = await corporateActionsAdapter().corporateActions(
      'AAPL',
      '2020-08-31',
      '2020-11-06',
      AbortSignal.timeout(5000),
    );

    // Dates in New York: the events are timed at the session's open (13:30 / 14:30 UTC).
    expect(actions).toEqual({
      dividends: [{ exDate: '2020-11-06', amount: '0.205', currency: 'USD' }],
      splits: [{ date: '2020-08-31', ratio: '4' }],
    });
  });

  it('gives only the events of the range, though it asks up to today for the later splits', async () => {
    server.on(
      `GET /v8/finance/chart/AAPL?${CHART_QUERY}&period1=1598832000&period2=1604707200`,
      jsonFixture('yahoo/chart-v8-AAPL-1d-2020-08-31-to-2020-11-07.json'),
    );
    const actions = await corporateActionsAdapter().corporateActions(
      'AAPL',
      '2020-08-31',
      '2020-10-30',
      AbortSignal.timeout(5000),
    );
    expect(actions).toEqual({ dividends: [], splits: [{ date: '2020-08-31', ratio: '4' }] });
  });

  it('gives dividends as declared: amounts Yahoo divided by later splits are multiplied back', async () => {
    // AAPL paid $0.82 (ex 2020-08-07) before its 4-for-1 of 2020-08-31; Yahoo lists it as 0.205.
    server.on(
      `GET /v8/finance/chart/AAPL?${CHART_QUERY}&period1=1596412800&period2=1604707200`,
      recordedChartWith({
        dividends: { '1596807000': { amount: 0.205, date: 1596807000 } },
        splits: {
          '1598880600': { date: 1598880600, numerator: 4, denominator: 1, splitRatio: '4:1' },
        },
      }),
    );
    const actions = await corporateActionsAdapter().corporateActions(
      'AAPL',
      '2020-08-03',
      '2020-08-10',
      AbortSignal.timeout(5000),
    );
    expect(actions).toEqual({
      dividends: [{ exDate: '2020-08-07', amount: '0.82', currency: 'USD' }],
      splits: [],
    });
  });

  it("reads London's GBp as GBX and a 1-for-10 reverse split as 0.1", async () => {
    server.on(
      `GET /v8/finance/chart/TSCO.L?${CHART_QUERY}&period1=1598832000&period2=1604707200`,
      recordedChartWith(
        {
          dividends: { '1601539200': { amount: 3.2, date: 1601539200 } },
          splits: { '1603353600': { date: 1603353600, numerator: 1, denominator: 10, splitRatio: '1:10' } },
        },
        { currency: 'GBp', exchangeTimezoneName: 'Europe/London', symbol: 'TSCO.L' },
      ),
    );
    const actions = await corporateActionsAdapter().corporateActions(
      'TSCO.L',
      '2020-08-31',
      '2020-11-06',
      AbortSignal.timeout(5000),
    );
    // 3.2 pence listed after the 1-for-10: 0.32 pence as declared.
    expect(actions).toEqual({
      dividends: [{ exDate: '2020-10-01', amount: '0.32', currency: 'GBX' }],
      splits: [{ date: '2020-10-22', ratio: '0.1' }],
    });
  });

  it('a chart without events is no dividends and no splits', async () => {
    server.on(
      `GET /v8/finance/chart/AAPL?${CHART_QUERY}&period1=1598832000&period2=1604707200`,
      recordedChartWith(undefined),
    );
    const actions = await corporateActionsAdapter().corporateActions(
      'AAPL',
      '2020-08-31',
      '2020-11-06',
      AbortSignal.timeout(5000),
    );
    expect(actions).toEqual({ dividends: [], splits: [] });
  });

  it('429 with the recorded "Edge: Too Many Requests" text is rate_limited', async () => {
    server.on(`GET /v8/finance/chart/AAPL?${CHART_QUERY}&period1=1598832000&period2=1604707200`, {
      status: 429,
      body: fixture('yahoo/error-429-edge-too-many-requests.txt'),
      headers: { 'content-type': 'text/plain' },
    });
    const error = await vendorFailure(
      corporateActionsAdapter().corporateActions(
        'AAPL',
        '2020-08-31',
        '2020-11-06',
        AbortSignal.timeout(5000),
      ),
    );
    expect(error.kind).toBe('rate_limited');
  });

  it('events of the wrong shape are bad_response', async () => {
    server.on(
      `GET /v8/finance/chart/AAPL?${CHART_QUERY}&period1=1598832000&period2=1604707200`,
      recordedChartWith({ splits: { '1598880600': { date: 1598880600, splitRatio: '4:1' } } }),
    );
    const error = await vendorFailure(
      corporateActionsAdapter().corporateActions(
        'AAPL',
        '2020-08-31',
        '2020-11-06',
        AbortSignal.timeout(5000),
      ),
    );
    expect(error.kind).toBe('bad_response');
  });

  itMapsTransportFailures({
    server: () => server,
    route: `GET /v8/finance/chart/AAPL?${CHART_QUERY}&period1=1598832000&period2=1604707200`,
    truncated: truncatedFixture('yahoo/chart-v8-AAPL-1d-2020-08-31-to-2020-11-07.json'),
    call: (signal) => corporateActionsAdapter().corporateActions('AAPL', '2020-08-31', '2020-11-06', signal),
  });
});
