import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  jsonFixture,
  startFakeVendorServer,
  truncatedFixture,
  vendorFailure,
  type FakeVendorServer,
} from '../testing/fake-vendor-server';
import { itMapsTransportFailures } from '../testing/transport-failures';
import { createFmpFeedAdapter, fmpUtcDate, newYorkWallClockToIso, selectCalendarItems } from './fmp-feeds';

const KEY = 'FMP-FEED-SECRET-3141';
// 2026-04-08 12:00 UTC: the calendar asks for 2026-04-08 to 2026-04-15.
const NOW = Date.parse('2026-04-08T12:00:00Z');
const CALENDAR = `GET /stable/economic-calendar?from=2026-04-08&to=2026-04-15&apikey=${KEY}`;
const NEWS = `GET /stable/news/general-latest?page=0&limit=20&apikey=${KEY}`;

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

function adapter(apiKey = KEY) {
  return createFmpFeedAdapter({ apiKey, baseUrl: `${server.url}/stable`, now: () => NOW });
}

const signal = () => AbortSignal.timeout(5000);

function calendarRow(overrides: Record<string, unknown>) {
  return {
    date: '2026-04-09 12:30:00',
    country: 'US',
    event: 'Initial Jobless Claims',
    currency: 'USD',
    previous: 219,
    estimate: 223,
    actual: null,
    change: null,
    impact: 'Medium',
    changePercentage: null,
    unit: 'K',
    ...overrides,
  };
}

describe('fmp feeds: economic calendar', () => {
  it('reads the documented /stable/economic-calendar row for the week ahead', async () => {
    server.on(CALENDAR, jsonFixture('fmp/stable-economic-calendar-doc-sample.json'));
    expect(await adapter().calendar(signal())).toEqual([
      {
        title: 'Foreign Bond Investment (Apr/04)',
        country: 'JP',
        importance: 'low',
        date: '2026-04-08T23:50:00.000Z',
        timing: null,
        actual: '-2462.4',
        forecast: null,
        previous: '-945.4',
      },
    ]);
  });

  it('keeps US events, the most important first, listed by date, with their units', async () => {
    server.on(CALENDAR, {
      body: [
        calendarRow({
          date: '2026-04-10 12:30:00',
          event: 'CPI MoM',
          impact: 'High',
          unit: '%',
          previous: 0.2,
        }),
        calendarRow({ country: 'JP', event: 'Tankan', impact: 'High' }),
        calendarRow({
          date: '2026-04-08 14:30:00',
          event: 'Crude Oil Inventories',
          impact: 'Low',
          unit: 'M',
        }),
        calendarRow({}),
        // Rows that do not read are skipped, not fatal.
        { date: 'soon', event: 'Unreadable date' },
        { country: 'US' },
      ],
    });
    const items = await adapter().calendar(signal());
    expect(items.map((i) => [i.title, i.importance, i.date])).toEqual([
      ['Crude Oil Inventories', 'low', '2026-04-08T14:30:00.000Z'],
      ['Initial Jobless Claims', 'medium', '2026-04-09T12:30:00.000Z'],
      ['CPI MoM', 'high', '2026-04-10T12:30:00.000Z'],
    ]);
    expect(items[1]).toMatchObject({ actual: null, forecast: '223K', previous: '219K' });
    expect(items[2]?.previous).toBe('0.2%');
  });

  it('selects at most 20 events by importance, then shows them in date order', () => {
    const event = (day: number, importance: 'low' | 'medium' | 'high') => ({
      title: `${importance} ${day}`,
      country: 'US',
      importance,
      date: `2026-04-${String(day).padStart(2, '0')}`,
      timing: null,
      actual: null,
      forecast: null,
      previous: null,
    });
    const lows = Array.from({ length: 25 }, (_, i) => event(1 + (i % 9), 'low'));
    const picked = selectCalendarItems([...lows, event(9, 'high'), event(3, 'medium')]);
    expect(picked).toHaveLength(20);
    expect(picked.filter((i) => i.importance !== 'low').map((i) => i.title)).toEqual(['medium 3', 'high 9']);
    expect(picked.map((i) => i.date)).toEqual(picked.map((i) => i.date).sort());
  });

  it('reads dates as UTC', () => {
    expect(fmpUtcDate('2024-03-01 03:35:00')).toBe('2024-03-01T03:35:00.000Z');
    expect(fmpUtcDate('2024-03-01')).toBe('2024-03-01');
    expect(fmpUtcDate('tomorrow')).toBeUndefined();
  });
});

describe('fmp feeds: news', () => {
  it('reads the documented /stable/news/general-latest row, the time as New York wall clock', async () => {
    server.on(NEWS, jsonFixture('fmp/stable-news-general-latest-doc-sample.json'));
    expect(await adapter().news(signal())).toEqual([
      {
        title: 'Asia tech stocks rise after Trump pauses tariffs on China and Mexico',
        publisher: 'CNBC',
        // 23:51:37 EST on Feb 3.
        publishedAt: '2025-02-04T04:51:37.000Z',
        url: 'https://www.cnbc.com/2025/02/04/asia-tech-stocks-rise-after-trump-pauses-tariffs-on-china-and-mexico.html',
      },
    ]);
  });

  it('converts New York wall-clock times in summer and winter', () => {
    expect(newYorkWallClockToIso('2026-08-27 16:05:00')).toBe('2026-08-27T20:05:00.000Z');
    expect(newYorkWallClockToIso('2026-01-14 08:00:00')).toBe('2026-01-14T13:00:00.000Z');
    // 02:30 does not exist on 2026-03-08 (clocks jump from 02:00 to 03:00).
    expect(newYorkWallClockToIso('2026-03-08 02:30:00')).toBe('2026-03-08T07:30:00.000Z');
    expect(newYorkWallClockToIso('2026-01-14')).toBeUndefined();
  });

  it('keeps only http(s) links, falls back to the site for the publisher, and skips untitled rows', async () => {
    server.on(NEWS, {
      body: [
        {
          title: 'Plain',
          publisher: null,
          site: 'reuters.com',
          publishedDate: null,
          url: 'javascript:alert(1)',
        },
        { title: '   ', publisher: 'X', url: 'https://example.com' },
        { text: 'no title' },
      ],
    });
    expect(await adapter().news(signal())).toEqual([
      { title: 'Plain', publisher: 'reuters.com', publishedAt: null },
    ]);
  });
});

describe('fmp feeds: errors', () => {
  // Recorded with 200 (2021); FMP answers 401 today.
  for (const status of [200, 401]) {
    it(`the invalid-key answer (HTTP ${status}) is unauthorized and never repeats the key`, async () => {
      server.on(NEWS, jsonFixture('fmp/error-invalid-api-key.json', status));
      const error = await vendorFailure(adapter().news(signal()));
      expect(error.kind).toBe('unauthorized');
      expect(error.message).not.toContain(KEY);
    });
  }

  it('a plan without the feed (402 Restricted Endpoint) is unauthorized', async () => {
    server.on(CALENDAR, {
      status: 402,
      body: {
        'Error Message':
          'Restricted Endpoint: This endpoint is not available under your current subscription please visit our subscription page to upgrade your plan at https://site.financialmodelingprep.com/pricing-plans',
      },
    });
    expect((await vendorFailure(adapter().calendar(signal()))).kind).toBe('unauthorized');
  });

  it('429 is rate_limited and 500 is unavailable', async () => {
    server.on(
      NEWS,
      { status: 429, body: { 'Error Message': 'Limit Reach . Please upgrade your plan' } },
      { times: 1 },
    );
    server.on(NEWS, { status: 500, body: 'Internal Server Error' });
    expect((await vendorFailure(adapter().news(signal()))).kind).toBe('rate_limited');
    expect((await vendorFailure(adapter().news(signal()))).kind).toBe('unavailable');
  });

  it('a body that is not a list is bad_response', async () => {
    server.on(NEWS, { body: { news: [] } });
    expect((await vendorFailure(adapter().news(signal()))).kind).toBe('bad_response');
  });

  describe('transport failures', () => {
    itMapsTransportFailures({
      server: () => server,
      route: CALENDAR,
      truncated: truncatedFixture('fmp/stable-economic-calendar-doc-sample.json'),
      call: (s) => adapter().calendar(s),
      secret: KEY,
    });
  });
});
