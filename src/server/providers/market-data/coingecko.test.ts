import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coingeckoIdOf, createCoinGeckoAdapter } from './coingecko';
import {
  jsonFixture,
  startFakeVendorServer,
  truncatedFixture,
  vendorFailure,
  type FakeVendorServer,
} from './testing/fake-vendor-server';
import { itMapsTransportFailures } from './testing/transport-failures';

/** When coins-bitcoin-market-chart-90d-daily-usd.json was recorded. */
const RECORDED_AT = Date.parse('2021-05-15T14:42:27Z');

let server: FakeVendorServer;

beforeEach(async () => {
  server = await startFakeVendorServer();
});

afterEach(async () => {
  expect(server.unhandled).toEqual([]);
  await server.close();
});

function adapter(apiKey?: string) {
  return createCoinGeckoAdapter({ baseUrl: `${server.url}/api/v3`, apiKey, now: () => RECORDED_AT });
}

const MARKETS_BTC = 'GET /api/v3/coins/markets?vs_currency=usd&ids=bitcoin';

describe('coingecko adapter: happy paths from recorded responses', () => {
  it('maps our crypto symbols to CoinGecko ids through the security master', () => {
    const cg = adapter();
    expect(coingeckoIdOf('CRYPTO:BTC')).toBe('bitcoin');
    expect(coingeckoIdOf('crypto:eth')).toBe('ethereum');
    expect(cg.supports('CRYPTO:BTC')).toBe(true);
    expect(cg.supports('AAPL')).toBe(false);
    expect(cg.supports('CRYPTO:NOT-A-COIN')).toBe(false);
  });

  it('quotes bitcoin from /coins/markets with its 24-hour change', async () => {
    server.on(MARKETS_BTC, jsonFixture('coingecko/coins-markets-bitcoin-usd.json'));

    const quote = await adapter().quote('CRYPTO:BTC', AbortSignal.timeout(5000));

    expect(quote).toEqual({
      symbol: 'CRYPTO:BTC',
      name: 'Bitcoin',
      currentPrice: 49053,
      change: -2246.57482218,
      changePercent: -4.37931,
      previousClose: 49053 + 2246.57482218,
      currency: 'USD',
      source: 'coingecko',
      asOf: '2021-05-15T15:59:43.867Z',
    });
  });

  it('an id CoinGecko does not return is missing from a batch and not_found alone', async () => {
    // As in the recorded /simple/price answer for "bitcoin, ethereum": only bitcoin came back.
    server.on(
      'GET /api/v3/coins/markets?vs_currency=usd&ids=bitcoin,ethereum',
      jsonFixture('coingecko/coins-markets-bitcoin-usd.json'),
    );
    server.on(
      'GET /api/v3/coins/markets?vs_currency=usd&ids=ethereum',
      jsonFixture('coingecko/coins-markets-bitcoin-usd.json'),
    );
    const cg = adapter();

    const quotes = await cg.quotes(['CRYPTO:BTC', 'CRYPTO:ETH'], AbortSignal.timeout(5000));
    expect([...quotes.keys()]).toEqual(['CRYPTO:BTC']);
    expect(quotes.get('CRYPTO:BTC')?.currentPrice).toBe(49053);

    const error = await vendorFailure(cg.quote('CRYPTO:ETH', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('not_found');
  });

  it('a symbol with no CoinGecko id is not_found without a request', async () => {
    const error = await vendorFailure(adapter().quote('CRYPTO:NOT-A-COIN', AbortSignal.timeout(5000)));
    expect(error.kind).toBe('not_found');
    expect(server.requests).toHaveLength(0);
  });

  it('turns the daily market chart into bars dated by the day each price closes', async () => {
    server.on(
      'GET /api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=90&interval=daily',
      jsonFixture('coingecko/coins-bitcoin-market-chart-90d-daily-usd.json'),
    );

    const bars = await adapter().history('CRYPTO:BTC', '2021-02-14', '2021-05-15', AbortSignal.timeout(5000));

    expect(bars).toHaveLength(91);
    // The 2021-02-15T00:00Z price closes 2021-02-14; prices only, so open = high = low = close.
    expect(bars[0]).toEqual({
      date: '2021-02-14',
      open: 48607.8745224845,
      high: 48607.8745224845,
      low: 48607.8745224845,
      close: 48607.8745224845,
      volume: 57738376570.131905,
    });
    expect(bars[89]).toEqual({
      date: '2021-05-14',
      open: 49913.26314398822,
      high: 49913.26314398822,
      low: 49913.26314398822,
      close: 49913.26314398822,
      volume: 56820196964.51265,
    });
    // The last point (14:39:54 UTC) is today's price so far.
    expect(bars[90]).toEqual({
      date: '2021-05-15',
      open: 49078.83040364477,
      high: 49078.83040364477,
      low: 49078.83040364477,
      close: 49078.83040364477,
      volume: 59650085993.00212,
    });
    expect(new Set(bars.map((b) => b.date)).size).toBe(91);
  });

  it('keeps only the bars asked for', async () => {
    server.on(
      'GET /api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=90&interval=daily',
      jsonFixture('coingecko/coins-bitcoin-market-chart-90d-daily-usd.json'),
    );
    const cg = createCoinGeckoAdapter({
      baseUrl: `${server.url}/api/v3`,
      now: () => RECORDED_AT,
    });
    const bars = await cg.history('CRYPTO:BTC', '2021-02-14', '2021-02-16', AbortSignal.timeout(5000));
    expect(bars.map((b) => [b.date, b.close])).toEqual([
      ['2021-02-14', 48607.8745224845],
      ['2021-02-15', 47898.487027633135],
      ['2021-02-16', 49238.13690672487],
    ]);
  });

  it('sends a demo key in its header, never in the URL or an error message', async () => {
    server.on(MARKETS_BTC, jsonFixture('coingecko/error-429-rate-limit.json', 429));
    const error = await vendorFailure(
      adapter('CG-secret-demo-key').quote('CRYPTO:BTC', AbortSignal.timeout(5000)),
    );
    expect(error.kind).toBe('rate_limited');
    const [request] = server.requests;
    expect(request?.headers['x-cg-demo-api-key']).toBe('CG-secret-demo-key');
    expect(request?.url).not.toContain('CG-secret-demo-key');
    expect(error.message).not.toContain('CG-secret-demo-key');
  });
});

describe('coingecko adapter: failures end in a VendorError of the right kind', () => {
  itMapsTransportFailures({
    server: () => server,
    route: MARKETS_BTC,
    truncated: truncatedFixture('coingecko/coins-markets-bitcoin-usd.json'),
    call: (signal) => adapter().quote('CRYPTO:BTC', signal),
  });

  async function quoteFailure(signal = AbortSignal.timeout(5000)) {
    return vendorFailure(adapter().quote('CRYPTO:BTC', signal));
  }

  it('the recorded 429 body is rate_limited', async () => {
    server.on(MARKETS_BTC, jsonFixture('coingecko/error-429-rate-limit.json', 429));
    const error = await quoteFailure();
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toContain("You've exceeded the Rate Limit");
  });

  it('the recorded 422 "Missing parameter" body is bad_response', async () => {
    server.on(MARKETS_BTC, jsonFixture('coingecko/error-422-coins-markets-missing-vs_currency.json', 422));
    const error = await quoteFailure();
    expect(error.kind).toBe('bad_response');
    expect(error.message).toContain('Missing parameter vs_currency');
  });

  it('500 is unavailable', async () => {
    server.on(MARKETS_BTC, { status: 500, body: '{"error":"Internal Server Error"}' });
    expect((await quoteFailure()).kind).toBe('unavailable');
  });

  it('a body of the wrong shape is bad_response', async () => {
    server.on(MARKETS_BTC, { body: { bitcoin: { usd: 49013 } } });
    expect((await quoteFailure()).kind).toBe('bad_response');
  });

  it('an unknown coin on market_chart (404) is not_found', async () => {
    server.on('GET /api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=90&interval=daily', {
      status: 404,
      body: { error: 'coin not found' },
    });
    const error = await vendorFailure(
      adapter().history('CRYPTO:BTC', '2021-02-14', '2021-05-15', AbortSignal.timeout(5000)),
    );
    expect(error.kind).toBe('not_found');
  });
});
