import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  jsonFixture,
  startFakeVendorServer,
  truncatedFixture,
  vendorFailure,
  type FakeVendorServer,
} from '../testing/fake-vendor-server';
import { itMapsTransportFailures } from '../testing/transport-failures';
import { createPolygonFeedAdapter } from './polygon-feeds';

const KEY = 'POLY-FEED-SECRET-2718';
const NEWS = 'GET /v2/reference/news?limit=20&order=desc';

let server: FakeVendorServer;

beforeEach(async () => {
  server = await startFakeVendorServer();
});

afterEach(async () => {
  expect(server.unhandled).toEqual([]);
  // The key travels in the Authorization header, never in a URL.
  for (const r of server.requests) expect(r.url).not.toContain(KEY);
  await server.close();
});

function adapter(apiKey = KEY) {
  return createPolygonFeedAdapter({ apiKey, baseUrl: server.url });
}

const signal = () => AbortSignal.timeout(5000);

describe('polygon feeds: news', () => {
  it('reads the recorded /v2/reference/news body, sending the key as a bearer token', async () => {
    server.on(NEWS, jsonFixture('polygon/reference-news-ticker-NFLX.json'));
    expect(await adapter().news(signal())).toEqual([
      {
        title: 'Theres a big hole in the Feds theory of inflation—incomes are falling at a record 10.9 rate',
        publisher: 'MarketWatch',
        publishedAt: '2022-04-28T17:08:00.000Z',
        url: 'https://www.marketwatch.com/story/theres-a-big-hole-in-the-feds-theory-of-inflationincomes-are-falling-at-a-record-10-9-rate-11651165705',
      },
    ]);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('has no calendar', () => {
    expect('calendar' in adapter()).toBe(false);
  });

  it('an empty answer is an empty list; unreadable articles are skipped', async () => {
    server.on(
      NEWS,
      { body: { status: 'OK', results: [{ id: 'x' }, { title: 'Kept', article_url: 'ftp://x' }] } },
      { times: 1 },
    );
    server.on(NEWS, { body: { status: 'OK', count: 0 } });
    expect(await adapter().news(signal())).toEqual([
      { title: 'Kept', publisher: 'Polygon', publishedAt: null },
    ]);
    expect(await adapter().news(signal())).toEqual([]);
  });
});

describe('polygon feeds: errors', () => {
  it('a missing or unknown key is unauthorized', async () => {
    server.on(NEWS, jsonFixture('polygon/error-api-key-not-provided.json', 401));
    const error = await vendorFailure(adapter().news(signal()));
    expect(error.kind).toBe('unauthorized');
    expect(error.message).not.toContain(KEY);
  });

  it('429 is rate_limited and 500 is unavailable', async () => {
    server.on(
      NEWS,
      {
        status: 429,
        body: {
          status: 'ERROR',
          request_id: 'r1',
          error:
            "You've exceeded the maximum requests per minute, please wait or upgrade your subscription to continue. https://polygon.io/pricing",
        },
      },
      { times: 1 },
    );
    server.on(NEWS, { status: 500, body: 'Internal Server Error' });
    expect((await vendorFailure(adapter().news(signal()))).kind).toBe('rate_limited');
    expect((await vendorFailure(adapter().news(signal()))).kind).toBe('unavailable');
  });

  describe('transport failures', () => {
    itMapsTransportFailures({
      server: () => server,
      route: NEWS,
      truncated: truncatedFixture('polygon/reference-news-ticker-NFLX.json'),
      call: (s) => adapter().news(s),
      secret: KEY,
    });
  });
});
