import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAlphaVantageAdapter } from './alphavantage';
import {
  jsonFixture,
  startFakeVendorServer,
  truncatedFixture,
  vendorFailure,
  type FakeVendorServer,
} from './testing/fake-vendor-server';
import { itMapsTransportFailures } from './testing/transport-failures';

const KEY = 'AV-SECRET-KEY-1234';
const NOW = Date.parse('2021-10-30T12:00:00Z');

let server: FakeVendorServer;

beforeEach(async () => {
  server = await startFakeVendorServer();
});

afterEach(async () => {
  expect(server.unhandled).toEqual([]);
  await server.close();
});

function adapter(apiKey: string | undefined = KEY) {
  return createAlphaVantageAdapter({ apiKey, baseUrl: `${server.url}/query`, now: () => NOW });
}

const QUOTE_IBM = `GET /query?function=GLOBAL_QUOTE&symbol=IBM&apikey=${KEY}`;
const DAILY_IBM = `GET /query?function=TIME_SERIES_DAILY&symbol=IBM&outputsize=compact&apikey=${KEY}`;

describe('alphavantage adapter: happy paths from recorded responses', () => {
  it('parses the IBM GLOBAL_QUOTE, "%"-suffixed change percent included', async () => {
    server.on(QUOTE_IBM, jsonFixture('alphavantage/global-quote-IBM.json'));

    const quote = await adapter().quote('IBM', AbortSignal.timeout(5000));

    expect(quote).toEqual({
      symbol: 'IBM',
      name: 'International Business Machines Corporation',
      currentPrice: 125.1,
      change: -0.74,
      changePercent: -0.588,
      previousClose: 125.84,
      currency: 'USD',
      source: 'alphavantage',
      // 16:00 New York (EDT) on the latest trading day, 2021-10-29.
      asOf: '2021-10-29T20:00:00.000Z',
    });
  });

  it('parses the MSFT GLOBAL_QUOTE (4-space indented as Alpha Vantage sends it)', async () => {
    server.on(
      `GET /query?function=GLOBAL_QUOTE&symbol=MSFT&apikey=${KEY}`,
      jsonFixture('alphavantage/global-quote-MSFT.json'),
    );
    const quote = await adapter().quote('MSFT', AbortSignal.timeout(5000));
    expect(quote).toMatchObject({
      currentPrice: 112.13,
      change: -0.66,
      changePercent: -0.5852,
      previousClose: 112.79,
      asOf: '2018-10-05T20:00:00.000Z',
    });
  });

  it('sends the key as the apikey query parameter', async () => {
    server.on(QUOTE_IBM, jsonFixture('alphavantage/global-quote-IBM.json'));
    await adapter().quote('IBM', AbortSignal.timeout(5000));
    expect(server.requests[0]?.query.apikey).toBe(KEY);
  });

  it('reads TIME_SERIES_DAILY (compact for a recent range) into ascending bars', async () => {
    server.on(DAILY_IBM, jsonFixture('alphavantage/time-series-daily-IBM-compact-truncated-upstream.json'));

    const bars = await adapter().history('IBM', '2021-10-27', '2021-10-29', AbortSignal.timeout(5000));

    expect(bars).toEqual([
      { date: '2021-10-27', open: 127.44, high: 127.88, low: 125.01, close: 125.17, volume: 6973432 },
      { date: '2021-10-28', open: 125.17, high: 126.31, low: 124.62, close: 125.84, volume: 6503003 },
      { date: '2021-10-29', open: 125.43, high: 126.32, low: 124.91, close: 125.1, volume: 5916789 },
    ]);
  });

  it('asks for outputsize=full when the range starts before the latest 100 sessions', async () => {
    server.on(
      `GET /query?function=TIME_SERIES_DAILY&symbol=IBM&outputsize=full&apikey=${KEY}`,
      jsonFixture('alphavantage/time-series-daily-IBM-compact-truncated-upstream.json'),
    );
    const bars = await adapter().history('IBM', '2021-01-04', '2021-10-28', AbortSignal.timeout(5000));
    expect(bars.map((b) => b.date)).toEqual(['2021-10-27', '2021-10-28']);
  });

  it('searches with SYMBOL_SEARCH', async () => {
    server.on(
      `GET /query?function=SYMBOL_SEARCH&keywords=BA&apikey=${KEY}`,
      jsonFixture('alphavantage/symbol-search-BA.json'),
    );
    const matches = await adapter().search('BA', AbortSignal.timeout(5000));
    expect(matches).toHaveLength(10);
    expect(matches[0]).toEqual({ symbol: 'BA', name: 'The Boeing Company', assetClass: 'stock' });
    expect(matches[3]).toEqual({
      symbol: '6190.HKG',
      name: 'Bank of Jiujiang Co. Ltd.',
      assetClass: 'stock',
    });
  });

  it('searches by name', async () => {
    server.on(
      `GET /query?function=SYMBOL_SEARCH&keywords=tesco&apikey=${KEY}`,
      jsonFixture('alphavantage/symbol-search-tesco.json'),
    );
    const matches = await adapter().search('tesco', AbortSignal.timeout(5000));
    // London's `.LON` is read as our (Yahoo's) `.L`.
    expect(matches.map((m) => m.symbol)).toEqual(['TSCO.L', 'TSCDF', 'TSCDY']);
  });

  it('serves stocks and funds, not crypto or indices', () => {
    const av = adapter();
    expect(av.supports('IBM')).toBe(true);
    expect(av.supports('VFIAX')).toBe(true);
    expect(av.supports('CRYPTO:BTC')).toBe(false);
    expect(av.supports('^VIX')).toBe(false);
  });
});

describe('alphavantage adapter: listings outside the US and FX', () => {
  it('asks London as .LON and answers in pence under our symbol', async () => {
    // The recorded IBM body, served for TSCO.LON: what matters here is the request's symbol and our answer's.
    server.on(
      `GET /query?function=GLOBAL_QUOTE&symbol=TSCO.LON&apikey=${KEY}`,
      jsonFixture('alphavantage/global-quote-IBM.json'),
    );
    const quote = await adapter().quote('TSCO.L', AbortSignal.timeout(5000));
    expect(quote).toMatchObject({
      symbol: 'TSCO.L',
      name: 'Tesco PLC',
      currency: 'GBX',
      currentPrice: 125.1,
    });
  });

  it('serves London, Toronto and XETRA, not Tokyo, Hong Kong or Sydney', () => {
    const av = adapter();
    for (const s of ['TSCO.L', 'SHOP.TO', 'SAP.DE']) expect(av.supports(s), s).toBe(true);
    for (const s of ['7203.T', '0700.HK', 'BHP.AX']) expect(av.supports(s), s).toBe(false);
  });

  const FX_GBP = `GET /query?function=FX_DAILY&from_symbol=GBP&to_symbol=USD&outputsize=compact&apikey=${KEY}`;

  it('reads the latest FX_DAILY close as the rate', async () => {
    // FX_DAILY's documented shape (no recorded success body was found: SOURCES.md), four decimals as sent.
    server.on(FX_GBP, {
      body: JSON.stringify({
        'Meta Data': {
          '1. Information': 'Forex Daily Prices (open, high, low, close)',
          '2. From Symbol': 'GBP',
          '3. To Symbol': 'USD',
          '4. Output Size': 'Compact',
          '5. Last Refreshed': '2025-11-21',
          '6. Time Zone': 'UTC',
        },
        'Time Series FX (Daily)': {
          '2025-11-21': {
            '1. open': '1.30710',
            '2. high': '1.31240',
            '3. low': '1.30520',
            '4. close': '1.31020',
          },
          '2025-11-20': {
            '1. open': '1.30580',
            '2. high': '1.30940',
            '3. low': '1.30300',
            '4. close': '1.30700',
          },
        },
      }),
      headers: { 'content-type': 'application/json' },
    });
    const rate = await adapter().usdRate('gbp', AbortSignal.timeout(5000));
    expect(rate).toEqual({ currency: 'GBP', rate: 1.3102, date: '2025-11-21' });
  });

  it('FX_DAILY\'s "Invalid API call" is not_found', async () => {
    server.on(FX_GBP, jsonFixture('alphavantage/error-message-invalid-api-call-FX_DAILY.json'));
    const invalid = await vendorFailure(adapter().usdRate('GBP', AbortSignal.timeout(5000)));
    expect(invalid.kind).toBe('not_found');
    expect(invalid.message).toContain('FX_DAILY');
  });

  it('FX_DAILY past the daily quota is rate_limited', async () => {
    server.on(FX_GBP, jsonFixture('alphavantage/rate-limit-information-25-per-day.json'));
    const limited = await vendorFailure(adapter().usdRate('GBP', AbortSignal.timeout(5000)));
    expect(limited.kind).toBe('rate_limited');
  });
});

describe('alphavantage adapter: its own error bodies (sent with HTTP 200)', () => {
  it('the old "Note" (5 calls per minute) is rate_limited', async () => {
    server.on(QUOTE_IBM, jsonFixture('alphavantage/rate-limit-note-5-per-minute.json'));
    const error = await vendorFailure(adapter().quote('IBM', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toContain('5 calls per minute');
  });

  it('the current "Information" (25 requests per day) is rate_limited', async () => {
    server.on(DAILY_IBM, jsonFixture('alphavantage/rate-limit-information-25-per-day.json'));
    const error = await vendorFailure(
      adapter().history('IBM', '2021-10-27', '2021-10-29', AbortSignal.timeout(5000)),
    );
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toContain('25 requests per day');
  });

  it('"Error Message: Invalid API call" (its unknown-symbol answer) is not_found', async () => {
    server.on(DAILY_IBM, jsonFixture('alphavantage/error-message-invalid-api-call-FX_DAILY.json'));
    const error = await vendorFailure(
      adapter().history('IBM', '2021-10-27', '2021-10-29', AbortSignal.timeout(5000)),
    );
    expect(error.kind).toBe('not_found');
  });

  it('an empty "Global Quote" is an unknown symbol: not_found', async () => {
    server.on(`GET /query?function=GLOBAL_QUOTE&symbol=NOPE&apikey=${KEY}`, { body: { 'Global Quote': {} } });
    const error = await vendorFailure(adapter().quote('NOPE', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('not_found');
  });

  it('an "Error Message" about the apikey is unauthorized', async () => {
    server.on(QUOTE_IBM, {
      body: {
        'Error Message': 'the parameter apikey is invalid or missing. Please claim your free API key.',
      },
    });
    const error = await vendorFailure(adapter().quote('IBM', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('unauthorized');
  });

  it('no key configured is unauthorized without a request', async () => {
    const error = await vendorFailure(adapter('').quote('IBM', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('unauthorized');
    expect(server.requests).toHaveLength(0);
  });
});

describe('alphavantage adapter: transport failures', () => {
  itMapsTransportFailures({
    server: () => server,
    route: QUOTE_IBM,
    truncated: truncatedFixture('alphavantage/global-quote-IBM.json'),
    call: (signal) => adapter().quote('IBM', signal),
    secret: KEY,
  });

  async function quoteFailure(signal = AbortSignal.timeout(5000)) {
    return vendorFailure(adapter().quote('IBM', signal));
  }

  it('429 is rate_limited', async () => {
    server.on(QUOTE_IBM, { status: 429, body: 'Too Many Requests' });
    expect((await quoteFailure()).kind).toBe('rate_limited');
  });

  it('500 is unavailable, and a body echoing the key does not leak it', async () => {
    server.on(QUOTE_IBM, { status: 500, body: `upstream failed for /query?apikey=${KEY}` });
    const error = await quoteFailure();
    expect(error.kind).toBe('unavailable');
    expect(error.message).not.toContain(KEY);
    expect(error.message).toContain('***');
  });

  it('a quote with a non-numeric price is bad_response', async () => {
    server.on(QUOTE_IBM, {
      body: {
        'Global Quote': {
          '01. symbol': 'IBM',
          '05. price': 'n/a',
          '07. latest trading day': '2021-10-29',
          '08. previous close': '125.8400',
          '09. change': '-0.7400',
          '10. change percent': '-0.5880%',
        },
      },
    });
    expect((await quoteFailure()).kind).toBe('bad_response');
  });
});

describe('alphavantage adapter: corporate actions (fixtures written by us in the documented layout)', () => {
  const DIVIDENDS_IBM = `GET /query?function=DIVIDENDS&symbol=IBM&apikey=${KEY}`;
  const SPLITS_IBM = `GET /query?function=SPLITS&symbol=IBM&apikey=${KEY}`;
  const corporateActions = (from: string, to: string, signal = AbortSignal.timeout(5000)) =>
    adapter().corporateActions('IBM', from, to, signal);

  it('reads DIVIDENDS and SPLITS within the range, oldest first', async () => {
    server.on(DIVIDENDS_IBM, jsonFixture('alphavantage/dividends-IBM-doc-layout.json'));
    server.on(SPLITS_IBM, jsonFixture('alphavantage/splits-IBM-doc-layout.json'));

    expect(await corporateActions('2024-05-01', '2024-12-31')).toEqual({
      dividends: [
        { exDate: '2024-05-09', payDate: '2024-06-10', amount: '1.67', currency: 'USD' },
        { exDate: '2024-08-09', payDate: '2024-09-10', amount: '1.67', currency: 'USD' },
        { exDate: '2024-11-12', payDate: '2024-12-10', amount: '1.67', currency: 'USD' },
      ],
      splits: [],
    });
    expect(adapter().corporateActionsRequests).toBe(2);
  });

  it('a payment date of "None" is no payDate; a split_factor of 2.0000 is 2', async () => {
    server.on(DIVIDENDS_IBM, jsonFixture('alphavantage/dividends-IBM-doc-layout.json'));
    server.on(SPLITS_IBM, jsonFixture('alphavantage/splits-IBM-doc-layout.json'));
    expect(await corporateActions('1999-01-01', '1999-12-31')).toEqual({
      dividends: [{ exDate: '1999-05-06', amount: '0.24', currency: 'USD' }],
      splits: [{ date: '1999-05-27', ratio: '2' }],
    });
  });

  it('a symbol it does not know ({}) has none', async () => {
    server.on(`GET /query?function=DIVIDENDS&symbol=NOPE&apikey=${KEY}`, { body: {} });
    server.on(`GET /query?function=SPLITS&symbol=NOPE&apikey=${KEY}`, { body: {} });
    expect(
      await adapter().corporateActions('NOPE', '2024-01-01', '2024-12-31', AbortSignal.timeout(5000)),
    ).toEqual({ dividends: [], splits: [] });
  });

  it('the "Information" of 25 requests per day and the old "Note" are rate_limited', async () => {
    server.on(DIVIDENDS_IBM, jsonFixture('alphavantage/rate-limit-information-25-per-day.json'));
    server.on(SPLITS_IBM, jsonFixture('alphavantage/rate-limit-note-5-per-minute.json'));
    expect((await vendorFailure(corporateActions('2024-01-01', '2024-12-31'))).kind).toBe('rate_limited');
  });

  it('an "Information" about a premium endpoint is unauthorized', async () => {
    server.on(DIVIDENDS_IBM, jsonFixture('alphavantage/dividends-IBM-doc-layout.json'));
    server.on(SPLITS_IBM, {
      body: {
        Information:
          'Thank you for using Alpha Vantage! This is a premium endpoint. You may subscribe to any of the premium plans at https://www.alphavantage.co/premium/ to instantly unlock all premium endpoints',
      },
    });
    expect((await vendorFailure(corporateActions('2024-01-01', '2024-12-31'))).kind).toBe('unauthorized');
  });

  it('an "Error Message" about the apikey is unauthorized', async () => {
    const invalidKey = {
      body: {
        'Error Message': 'the parameter apikey is invalid or missing. Please claim your free API key.',
      },
    };
    server.on(DIVIDENDS_IBM, invalidKey);
    server.on(SPLITS_IBM, invalidKey);
    expect((await vendorFailure(corporateActions('2024-01-01', '2024-12-31'))).kind).toBe('unauthorized');
  });

  describe('transport failures of the DIVIDENDS request', () => {
    beforeEach(() => {
      server.on(SPLITS_IBM, jsonFixture('alphavantage/splits-IBM-doc-layout.json'));
    });
    itMapsTransportFailures({
      server: () => server,
      route: DIVIDENDS_IBM,
      truncated: truncatedFixture('alphavantage/dividends-IBM-doc-layout.json'),
      call: (signal) => corporateActions('2024-01-01', '2024-12-31', signal),
      secret: KEY,
    });
  });
});
