import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFeedAdapterFactory } from '../../providers/market-data/feeds';
import {
  HTML_200,
  HTML_502,
  jsonFixture,
  startFakeVendorServer,
  truncatedFixture,
  type FakeVendorServer,
  type ScriptedResponse,
} from '../../providers/market-data/testing/fake-vendor-server';
import { SAMPLE_CALENDAR, SAMPLE_NEWS, createTerminalFeeds, type FeedKeys, type FeedVendor } from './feeds';

/**
 * The real feed adapters against a local server speaking each vendor's wire format: whatever the vendor
 * answers, the terminal gets a list — the vendor's, or the labelled sample — and never an error.
 */

const KEYS = { fmp: 'FMP-FEED-KEY-0001', polygon: 'POLY-FEED-KEY-0002', alphavantage: 'AV-FEED-KEY-0003' };
const NOW = Date.parse('2026-04-08T12:00:00Z');

const ROUTES = {
  fmpCalendar: `GET /stable/economic-calendar?from=2026-04-08&to=2026-04-15&apikey=${KEYS.fmp}`,
  fmpNews: `GET /stable/news/general-latest?page=0&limit=20&apikey=${KEYS.fmp}`,
  polygonNews: 'GET /v2/reference/news?limit=20&order=desc',
  alphavantageNews: `GET /query?function=NEWS_SENTIMENT&topics=financial_markets&sort=LATEST&apikey=${KEYS.alphavantage}`,
};

let server: FakeVendorServer;
let failures: { vendor: FeedVendor; message: string }[];

beforeEach(async () => {
  server = await startFakeVendorServer();
  failures = [];
});

afterEach(async () => {
  expect(server.unhandled).toEqual([]);
  await server.close();
});

function feeds() {
  return createTerminalFeeds({
    factory: createFeedAdapterFactory({
      baseUrls: { fmp: `${server.url}/stable`, polygon: server.url, alphavantage: `${server.url}/query` },
      now: () => NOW,
    }),
    takeQuota: () => true,
    timeoutMs: 2_000, // long enough for a loaded machine; the no-answer cases wait this long
    onVendorError: (vendor, error) =>
      failures.push({ vendor, message: error instanceof Error ? error.message : String(error) }),
  });
}

const HANG: ScriptedResponse = { hang: true };

const COMMON_FAILURES: [string, (recorded: string) => ScriptedResponse][] = [
  ['429 Too Many Requests', () => ({ status: 429, body: 'Too Many Requests' })],
  ['500 Internal Server Error', () => ({ status: 500, body: 'Internal Server Error' })],
  ['no answer in time', () => HANG],
  ['an HTML 502 page', () => HTML_502],
  ['an HTML page with 200', () => HTML_200],
  ['a truncated body', (recorded) => truncatedFixture(recorded)],
];

const VENDOR_CASES: {
  vendor: FeedVendor;
  routes: string[];
  recorded: string;
  own: [string, ScriptedResponse][];
}[] = [
  {
    vendor: 'fmp',
    routes: [ROUTES.fmpCalendar, ROUTES.fmpNews],
    recorded: 'fmp/stable-news-general-latest-doc-sample.json',
    own: [
      ["FMP's invalid-key answer", jsonFixture('fmp/error-invalid-api-key.json')],
      ['a plan without the feed (402)', { status: 402, body: { 'Error Message': 'Restricted Endpoint' } }],
    ],
  },
  {
    vendor: 'polygon',
    routes: [ROUTES.polygonNews],
    recorded: 'polygon/reference-news-ticker-NFLX.json',
    own: [["Polygon's missing-key answer", jsonFixture('polygon/error-api-key-not-provided.json', 401)]],
  },
  {
    vendor: 'alphavantage',
    routes: [ROUTES.alphavantageNews],
    recorded: 'alphavantage/news-sentiment-financial-markets-latest.json',
    own: [
      [
        "Alpha Vantage's 200 with a rate-limit Note",
        jsonFixture('alphavantage/rate-limit-note-5-per-minute.json'),
      ],
      [
        "Alpha Vantage's 200 with the 25/day Information",
        jsonFixture('alphavantage/rate-limit-information-25-per-day.json'),
      ],
    ],
  },
];

describe('terminal feeds from real vendors: failures end in the sample', () => {
  for (const { vendor, routes, recorded, own } of VENDOR_CASES) {
    const cases: [string, ScriptedResponse][] = [
      ...COMMON_FAILURES.map(([name, make]): [string, ScriptedResponse] => [name, make(recorded)]),
      ...own,
    ];
    for (const [name, response] of cases) {
      it(`${vendor}: ${name}`, async () => {
        for (const route of routes) server.on(route, response);
        const keys: FeedKeys = { [vendor]: KEYS[vendor] };
        const [calendar, news] = await Promise.all([feeds().calendar(keys), feeds().news(keys)]);
        expect(calendar).toEqual({ source: 'sample', items: SAMPLE_CALENDAR });
        expect(news).toEqual({ source: 'sample', items: SAMPLE_NEWS });
        expect(failures.map((f) => f.vendor)).toEqual(routes.map(() => vendor));
        for (const failure of failures) expect(failure.message).not.toContain(KEYS[vendor]);
      });
    }
  }
});

describe('terminal feeds from real vendors: answers', () => {
  it('FMP supplies the calendar and the news', async () => {
    server.on(ROUTES.fmpCalendar, jsonFixture('fmp/stable-economic-calendar-doc-sample.json'));
    server.on(ROUTES.fmpNews, jsonFixture('fmp/stable-news-general-latest-doc-sample.json'));
    const f = feeds();
    const calendar = await f.calendar({ fmp: KEYS.fmp });
    expect(calendar.source).toBe('fmp');
    expect(calendar.items.map((i) => i.title)).toEqual(['Foreign Bond Investment (Apr/04)']);
    const news = await f.news({ fmp: KEYS.fmp });
    expect(news.source).toBe('fmp');
    expect(news.items[0]?.url).toMatch(/^https:\/\/www\.cnbc\.com\//);
  });

  it('when FMP fails, Polygon supplies the news, then Alpha Vantage; the calendar stays the sample', async () => {
    server.on(ROUTES.fmpCalendar, { status: 500, body: 'Internal Server Error' });
    server.on(ROUTES.fmpNews, { status: 500, body: 'Internal Server Error' });
    server.on(ROUTES.polygonNews, jsonFixture('polygon/reference-news-ticker-NFLX.json'));
    const all = await Promise.all([feeds().calendar(KEYS), feeds().news(KEYS)]);
    expect(all.map((list) => list.source)).toEqual(['sample', 'polygon']);
    expect(all[1]?.items[0]?.publisher).toBe('MarketWatch');
  });

  it('Alpha Vantage supplies the news when it is the only vendor with a key', async () => {
    server.on(
      ROUTES.alphavantageNews,
      jsonFixture('alphavantage/news-sentiment-financial-markets-latest.json'),
    );
    const news = await feeds().news({ alphavantage: KEYS.alphavantage });
    expect(news.source).toBe('alphavantage');
    expect(news.items).toHaveLength(3);
  });
});
