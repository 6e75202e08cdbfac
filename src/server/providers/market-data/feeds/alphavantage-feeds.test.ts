import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  jsonFixture,
  startFakeVendorServer,
  truncatedFixture,
  vendorFailure,
  type FakeVendorServer,
} from '../testing/fake-vendor-server';
import { itMapsTransportFailures } from '../testing/transport-failures';
import { alphaVantageTime, createAlphaVantageFeedAdapter } from './alphavantage-feeds';

const KEY = 'AV-FEED-SECRET-1618';
const NEWS = `GET /query?function=NEWS_SENTIMENT&topics=financial_markets&sort=LATEST&apikey=${KEY}`;

let server: FakeVendorServer;

beforeEach(async () => {
  server = await startFakeVendorServer();
});

afterEach(async () => {
  expect(server.unhandled).toEqual([]);
  await server.close();
});

function adapter(apiKey = KEY) {
  return createAlphaVantageFeedAdapter({ apiKey, baseUrl: `${server.url}/query` });
}

const signal = () => AbortSignal.timeout(5000);

describe('alphavantage feeds: news', () => {
  it('reads the recorded NEWS_SENTIMENT feed, times in UTC', async () => {
    server.on(NEWS, jsonFixture('alphavantage/news-sentiment-financial-markets-latest.json'));
    const items = await adapter().news(signal());
    expect(items).toHaveLength(3);
    expect(items[0]).toEqual({
      title: "Matrixport founder says dissemination of Bitcoin ETF report was 'beyond our control'",
      publisher: 'Cointelegraph',
      publishedAt: '2024-01-03T16:59:40.000Z',
      url: 'https://cointelegraph.com/news/matrixport-founder-says-dissemination-bitcoin-etf-report-beyond-our-control',
    });
    // Runs of spaces in Benzinga's titles are made single.
    expect(items[1]?.title).toBe(
      "What's Going On With School Bus Manufacturer Blue Bird ( BLBD ) Shares Today? - Blue Bird ( NASDAQ:BLBD )",
    );
    // Stamped "5.45 pm" in Paris (UTC+1): 16:45 UTC.
    expect(items[2]).toMatchObject({ publisher: 'GlobeNewswire', publishedAt: '2024-01-03T16:45:00.000Z' });
  });

  it('has no calendar', () => {
    expect('calendar' in adapter()).toBe(false);
  });

  it('reads time_published with or without seconds and a Z', () => {
    expect(alphaVantageTime('20240103T164500')).toBe('2024-01-03T16:45:00.000Z');
    expect(alphaVantageTime('20240103T165940Z')).toBe('2024-01-03T16:59:40.000Z');
    expect(alphaVantageTime('20240103T1645')).toBe('2024-01-03T16:45:00.000Z');
    expect(alphaVantageTime('2024-01-03')).toBeUndefined();
  });
});

describe('alphavantage feeds: errors sent with HTTP 200', () => {
  it('the Note and the 25/day Information are rate_limited', async () => {
    server.on(NEWS, jsonFixture('alphavantage/rate-limit-note-5-per-minute.json'), { times: 1 });
    server.on(NEWS, jsonFixture('alphavantage/rate-limit-information-25-per-day.json'));
    expect((await vendorFailure(adapter().news(signal()))).kind).toBe('rate_limited');
    expect((await vendorFailure(adapter().news(signal()))).kind).toBe('rate_limited');
  });

  it('an Error Message about the key is unauthorized and never repeats it', async () => {
    server.on(NEWS, {
      body: {
        'Error Message':
          'the parameter apikey is invalid or missing. Please claim your free API key on (https://www.alphavantage.co/support/#api-key).',
      },
    });
    const error = await vendorFailure(adapter().news(signal()));
    expect(error.kind).toBe('unauthorized');
    expect(error.message).not.toContain(KEY);
  });

  it('429 is rate_limited and 500 is unavailable', async () => {
    server.on(NEWS, { status: 429, body: 'Too Many Requests' }, { times: 1 });
    server.on(NEWS, { status: 500, body: 'Internal Server Error' });
    expect((await vendorFailure(adapter().news(signal()))).kind).toBe('rate_limited');
    expect((await vendorFailure(adapter().news(signal()))).kind).toBe('unavailable');
  });

  describe('transport failures', () => {
    itMapsTransportFailures({
      server: () => server,
      route: NEWS,
      truncated: truncatedFixture('alphavantage/news-sentiment-financial-markets-latest.json'),
      call: (s) => adapter().news(s),
      secret: KEY,
    });
  });
});
