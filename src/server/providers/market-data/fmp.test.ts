import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFmpAdapter } from './fmp';
import {
  fixture,
  jsonFixture,
  startFakeVendorServer,
  truncatedFixture,
  vendorFailure,
  type FakeVendorServer,
} from './testing/fake-vendor-server';
import { itMapsTransportFailures } from './testing/transport-failures';

const KEY = 'FMP-SECRET-KEY-9012';

let server: FakeVendorServer;

beforeEach(async () => {
  server = await startFakeVendorServer();
});

afterEach(async () => {
  expect(server.unhandled).toEqual([]);
  // Every request went to /stable: /api/v3 is closed to new keys.
  for (const r of server.requests) expect(r.path.startsWith('/stable/')).toBe(true);
  await server.close();
});

function adapter(apiKey: string | undefined = KEY) {
  return createFmpAdapter({
    apiKey,
    baseUrl: `${server.url}/stable`,
    now: () => Date.parse('2025-09-23T18:00:00Z'),
  });
}

const QUOTE_AAPL = `GET /stable/quote?symbol=AAPL&apikey=${KEY}`;
const EOD_AAPL = `GET /stable/historical-price-eod/full?symbol=AAPL&from=2023-01-01&to=2023-01-10&apikey=${KEY}`;

const EXPECTED_AAPL = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  currentPrice: 254.86,
  change: -1.22,
  changePercent: -0.47641,
  previousClose: 256.08,
  currency: 'USD',
  source: 'fmp',
  asOf: '2025-09-23T17:23:02.000Z',
};

/** The recorded v3 bars, in the stable endpoint's flat-array layout (no stable history body was recorded). */
function stableEodBody(): string {
  const v3 = JSON.parse(fixture('fmp/api-v3-historical-price-full-AAPL-2023-01-01-to-2023-01-10.json')) as {
    symbol: string;
    historical: Record<string, unknown>[];
  };
  return JSON.stringify(v3.historical.map((bar) => ({ symbol: v3.symbol, ...bar })));
}

describe('fmp adapter: happy paths', () => {
  it('parses the recorded /stable/quote body', async () => {
    server.on(QUOTE_AAPL, jsonFixture('fmp/stable-quote-AAPL.json'));
    expect(await adapter().quote('AAPL', AbortSignal.timeout(5000))).toEqual(EXPECTED_AAPL);
  });

  it('sends the key as the apikey query parameter', async () => {
    server.on(QUOTE_AAPL, jsonFixture('fmp/stable-quote-AAPL.json'));
    await adapter().quote('AAPL', AbortSignal.timeout(5000));
    expect(server.requests[0]?.query.apikey).toBe(KEY);
  });

  it('an empty answer is not_found', async () => {
    server.on(`GET /stable/quote?symbol=NOPE&apikey=${KEY}`, { body: [] });
    const error = await vendorFailure(adapter().quote('NOPE', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('not_found');
  });

  it('quotes a batch with /stable/batch-quote', async () => {
    server.on(
      `GET /stable/batch-quote?symbols=AAPL,NOPE&apikey=${KEY}`,
      jsonFixture('fmp/stable-quote-AAPL.json'),
    );
    const quotes = await adapter().quotes(['AAPL', 'NOPE'], AbortSignal.timeout(5000));
    expect([...quotes.entries()]).toEqual([['AAPL', EXPECTED_AAPL]]);
  });

  it('when the plan refuses batch quotes, asks symbol by symbol and stops trying the batch', async () => {
    server.on(`GET /stable/batch-quote?symbols=AAPL,NOPE&apikey=${KEY}`, {
      status: 402,
      body: 'Premium Endpoint: This endpoint is not available under your current subscription',
    });
    server.on(QUOTE_AAPL, jsonFixture('fmp/stable-quote-AAPL.json'));
    server.on(`GET /stable/quote?symbol=NOPE&apikey=${KEY}`, { body: [] });
    const fmp = adapter();

    const quotes = await fmp.quotes(['AAPL', 'NOPE'], AbortSignal.timeout(5000));
    expect([...quotes.entries()]).toEqual([['AAPL', EXPECTED_AAPL]]);

    await fmp.quotes(['AAPL', 'NOPE'], AbortSignal.timeout(5000));
    expect(server.requestsTo('/stable/batch-quote')).toHaveLength(1);
    expect(server.requestsTo('/stable/quote')).toHaveLength(4);
  });

  it('reads /stable/historical-price-eod/full into ascending bars', async () => {
    server.on(EOD_AAPL, { body: stableEodBody(), headers: { 'content-type': 'application/json' } });

    const bars = await adapter().history('AAPL', '2023-01-01', '2023-01-10', AbortSignal.timeout(5000));

    expect(bars.map((b) => b.date)).toEqual([
      '2023-01-03',
      '2023-01-04',
      '2023-01-05',
      '2023-01-06',
      '2023-01-09',
      '2023-01-10',
    ]);
    expect(bars.at(-1)).toEqual({
      date: '2023-01-10',
      open: 130.26,
      high: 131.26,
      low: 128.12,
      close: 130.73,
      volume: 63896200,
    });
  });

  it('also accepts the v3 `{symbol, historical}` layout', async () => {
    server.on(EOD_AAPL, jsonFixture('fmp/api-v3-historical-price-full-AAPL-2023-01-01-to-2023-01-10.json'));
    const bars = await adapter().history('AAPL', '2023-01-01', '2023-01-10', AbortSignal.timeout(5000));
    expect(bars).toHaveLength(6);
    expect(bars[0]?.date).toBe('2023-01-03');
  });

  it('searches with /stable/search-symbol', async () => {
    // The documented shape; no recorded search body exists.
    server.on(`GET /stable/search-symbol?query=AAPL&apikey=${KEY}`, {
      body: [
        {
          symbol: 'AAPL',
          name: 'Apple Inc.',
          currency: 'USD',
          exchangeFullName: 'NASDAQ Global Select',
          exchange: 'NASDAQ',
        },
      ],
    });
    expect(await adapter().search('AAPL', AbortSignal.timeout(5000))).toEqual([
      { symbol: 'AAPL', name: 'Apple Inc.', assetClass: 'stock', exchange: 'NASDAQ' },
    ]);
  });
});

describe('fmp adapter: its own error bodies', () => {
  it('the recorded "Invalid API KEY" body is unauthorized (sent with 200 in its day)', async () => {
    server.on(QUOTE_AAPL, jsonFixture('fmp/error-invalid-api-key.json', 200));
    const error = await vendorFailure(adapter().quote('AAPL', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('unauthorized');
  });

  it('the same body with 401 is unauthorized', async () => {
    server.on(QUOTE_AAPL, jsonFixture('fmp/error-invalid-api-key.json', 401));
    expect((await vendorFailure(adapter().quote('AAPL', AbortSignal.timeout(5000)))).kind).toBe(
      'unauthorized',
    );
  });

  it('the recorded 403 "Legacy Endpoint" body is unauthorized', async () => {
    server.on(EOD_AAPL, jsonFixture('fmp/error-403-legacy-endpoint.json', 403));
    const error = await vendorFailure(
      adapter().history('AAPL', '2023-01-01', '2023-01-10', AbortSignal.timeout(5000)),
    );
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toContain('Legacy Endpoint');
  });

  it('no key configured is unauthorized without a request', async () => {
    const error = await vendorFailure(adapter('').quote('AAPL', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('unauthorized');
    expect(server.requests).toHaveLength(0);
  });
});

describe('fmp adapter: transport failures', () => {
  itMapsTransportFailures({
    server: () => server,
    route: QUOTE_AAPL,
    truncated: truncatedFixture('fmp/stable-quote-AAPL.json'),
    call: (signal) => adapter().quote('AAPL', signal),
    secret: KEY,
  });

  async function quoteFailure(signal = AbortSignal.timeout(5000)) {
    return vendorFailure(adapter().quote('AAPL', signal));
  }

  it('429 is rate_limited', async () => {
    server.on(QUOTE_AAPL, {
      status: 429,
      body: {
        'Error Message': 'Limit Reach . Please upgrade your plan or visit our documentation for more details',
      },
    });
    expect((await quoteFailure()).kind).toBe('rate_limited');
  });

  it('500 is unavailable, and a body echoing the key does not leak it', async () => {
    server.on(QUOTE_AAPL, { status: 500, body: `error for apikey=${KEY}` });
    const error = await quoteFailure();
    expect(error.kind).toBe('unavailable');
    expect(error.message).not.toContain(KEY);
  });
});

describe('fmp adapter: fundamentals for the advisor', () => {
  it('reads market cap, sector and industry from /stable/profile', async () => {
    server.on(
      `GET /stable/profile?symbol=AAPL&apikey=${KEY}`,
      jsonFixture('fmp/stable-profile-AAPL-doc-sample.json'),
    );
    expect(await adapter().companyFundamentals('aapl', AbortSignal.timeout(5000))).toEqual({
      marketCap: 3500823120000,
      sector: 'Technology',
      industry: 'Consumer Electronics',
    });
  });

  it('reads the analysts’ ratings and price targets', async () => {
    server.on(
      `GET /stable/grades-consensus?symbol=AAPL&apikey=${KEY}`,
      jsonFixture('fmp/stable-grades-consensus-AAPL-doc-sample.json'),
    );
    server.on(
      `GET /stable/price-target-consensus?symbol=AAPL&apikey=${KEY}`,
      jsonFixture('fmp/stable-price-target-consensus-AAPL-doc-sample.json'),
    );
    expect(await adapter().analystConsensus('AAPL', AbortSignal.timeout(5000))).toEqual({
      strongBuy: 1,
      buy: 69,
      hold: 33,
      sell: 7,
      strongSell: 0,
      consensus: 'Buy',
    });
    expect(await adapter().priceTargetConsensus('AAPL', AbortSignal.timeout(5000))).toEqual({
      targetHigh: 400,
      targetLow: 253,
      targetConsensus: 323.82,
      targetMedian: 325,
    });
  });

  it('an empty answer is not_found; a plan that refuses the endpoint is unauthorized', async () => {
    server.on(`GET /stable/profile?symbol=NOPE&apikey=${KEY}`, { body: [] });
    expect((await vendorFailure(adapter().companyFundamentals('NOPE', AbortSignal.timeout(5000)))).kind).toBe(
      'not_found',
    );
    server.on(`GET /stable/grades-consensus?symbol=AAPL&apikey=${KEY}`, {
      status: 402,
      body: 'Premium Endpoint: This endpoint is not available under your current subscription',
    });
    expect((await vendorFailure(adapter().analystConsensus('AAPL', AbortSignal.timeout(5000)))).kind).toBe(
      'unauthorized',
    );
  });
});

describe('fmp adapter: corporate actions (fixtures written by us in the documented layout)', () => {
  const DIVIDENDS_AAPL = `GET /stable/dividends?symbol=AAPL&apikey=${KEY}`;
  const SPLITS_AAPL = `GET /stable/splits?symbol=AAPL&apikey=${KEY}`;
  const corporateActions = (from: string, to: string, signal = AbortSignal.timeout(5000)) =>
    adapter().corporateActions('AAPL', from, to, signal);

  it('reads declared dividends (not adjDividend) and splits of the range, oldest first', async () => {
    server.on(DIVIDENDS_AAPL, jsonFixture('fmp/stable-dividends-AAPL-doc-layout.json'));
    server.on(SPLITS_AAPL, jsonFixture('fmp/stable-splits-AAPL-doc-layout.json'));

    expect(await corporateActions('2020-01-01', '2020-12-31')).toEqual({
      dividends: [
        { exDate: '2020-02-07', payDate: '2020-02-13', amount: '0.77', currency: 'USD' },
        { exDate: '2020-05-08', payDate: '2020-05-14', amount: '0.82', currency: 'USD' },
        { exDate: '2020-08-07', payDate: '2020-08-13', amount: '0.82', currency: 'USD' },
        { exDate: '2020-11-06', payDate: '2020-11-12', amount: '0.205', currency: 'USD' },
      ],
      splits: [{ date: '2020-08-31', ratio: '4' }],
    });
    expect(adapter().corporateActionsRequests).toBe(2);
  });

  it('an old dividend without a payment date has no payDate', async () => {
    server.on(DIVIDENDS_AAPL, jsonFixture('fmp/stable-dividends-AAPL-doc-layout.json'));
    server.on(SPLITS_AAPL, jsonFixture('fmp/stable-splits-AAPL-doc-layout.json'));
    expect(await corporateActions('1995-01-01', '2005-12-31')).toEqual({
      dividends: [{ exDate: '1995-11-21', amount: '0.12', currency: 'USD' }],
      splits: [{ date: '2005-02-28', ratio: '2' }],
    });
  });

  it('a plan without the endpoint (402) is unauthorized', async () => {
    server.on(DIVIDENDS_AAPL, {
      status: 402,
      body: 'Premium Endpoint: This endpoint is not available under your current subscription',
    });
    server.on(SPLITS_AAPL, jsonFixture('fmp/stable-splits-AAPL-doc-layout.json'));
    expect((await vendorFailure(corporateActions('2020-01-01', '2020-12-31'))).kind).toBe('unauthorized');
  });

  it('the recorded "Invalid API KEY" body is unauthorized', async () => {
    server.on(DIVIDENDS_AAPL, jsonFixture('fmp/error-invalid-api-key.json', 200));
    server.on(SPLITS_AAPL, jsonFixture('fmp/error-invalid-api-key.json', 200));
    expect((await vendorFailure(corporateActions('2020-01-01', '2020-12-31'))).kind).toBe('unauthorized');
  });

  it('"Limit Reach" is rate_limited', async () => {
    server.on(DIVIDENDS_AAPL, jsonFixture('fmp/stable-dividends-AAPL-doc-layout.json'));
    server.on(SPLITS_AAPL, {
      status: 429,
      body: {
        'Error Message': 'Limit Reach . Please upgrade your plan or visit our documentation for more details',
      },
    });
    expect((await vendorFailure(corporateActions('2020-01-01', '2020-12-31'))).kind).toBe('rate_limited');
  });

  describe('transport failures of the splits request', () => {
    beforeEach(() => {
      server.on(DIVIDENDS_AAPL, jsonFixture('fmp/stable-dividends-AAPL-doc-layout.json'));
    });
    itMapsTransportFailures({
      server: () => server,
      route: SPLITS_AAPL,
      truncated: truncatedFixture('fmp/stable-splits-AAPL-doc-layout.json'),
      call: (signal) => corporateActions('2020-01-01', '2020-12-31', signal),
      secret: KEY,
    });
  });
});
