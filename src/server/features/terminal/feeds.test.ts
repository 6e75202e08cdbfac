import { describe, expect, it } from 'vitest';
import type { CalendarItem, NewsItem } from '../../../contracts/terminal';
import { VendorError } from '../../providers/market-data/types';
import {
  FEED_CACHE_MS,
  FEED_DENIED_RETRY_MS,
  FEED_MAX_STALE_MS,
  FEED_QUOTAS,
  FEED_RETRY_MS,
  SAMPLE_CALENDAR,
  SAMPLE_NEWS,
  createFeedQuota,
  createTerminalFeeds,
  type FeedAdapter,
  type FeedAdapterFactory,
  type FeedVendor,
  type TerminalFeedsOptions,
} from './feeds';

const event: CalendarItem = {
  title: 'FOMC rate decision',
  country: 'US',
  importance: 'high',
  date: '2030-01-29',
  timing: null,
  actual: null,
  forecast: null,
  previous: null,
};
const headline: NewsItem = { title: 'Markets', publisher: 'Vendor', publishedAt: '2030-01-01T00:00:00Z' };

function factoryOf(adapters: Partial<Record<FeedVendor, Omit<FeedAdapter, 'vendor'>>>) {
  const asked: [FeedVendor, string][] = [];
  const factory: FeedAdapterFactory = (vendor, apiKey) => {
    asked.push([vendor, apiKey]);
    const adapter = adapters[vendor];
    return adapter ? { vendor, ...adapter } : undefined;
  };
  return { factory, asked };
}

/** A clock the test moves by hand. */
function clock(start = Date.parse('2030-01-01T12:00:00Z')) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** A news feed that answers from a script and counts its calls. */
function scriptedNews(...answers: (NewsItem[] | Error)[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    news: async () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      if (answer instanceof Error) throw answer;
      return answer ?? [];
    },
  };
}

function feedsWith(
  adapters: Partial<Record<FeedVendor, Omit<FeedAdapter, 'vendor'>>>,
  options: Omit<TerminalFeedsOptions, 'factory'> = {},
) {
  return createTerminalFeeds({ factory: factoryOf(adapters).factory, ...options });
}

describe('terminal feeds: choosing a vendor', () => {
  it('serves the labelled sample without keys, and with keys of vendors that have no feed adapter', async () => {
    const feeds = createTerminalFeeds({ factory: () => undefined });
    for (const keys of [{}, { fmp: 'k1', polygon: 'k2', alphavantage: 'k3' }]) {
      expect(await feeds.calendar(keys)).toEqual({ source: 'sample', items: SAMPLE_CALENDAR });
      expect(await feeds.news(keys)).toEqual({ source: 'sample', items: SAMPLE_NEWS });
    }
  });

  it('sample items say they are samples and carry no figures, dates or links', () => {
    for (const item of [...SAMPLE_CALENDAR, ...SAMPLE_NEWS]) expect(item.title).toMatch(/^Sample: /);
    for (const item of SAMPLE_CALENDAR) {
      expect([item.date, item.actual, item.forecast, item.previous]).toEqual([null, null, null, null]);
      expect(item.timing).toBeTruthy();
    }
    for (const item of SAMPLE_NEWS) {
      expect(item.publishedAt).toBeNull();
      expect(item.url).toBeUndefined();
    }
  });

  it('uses a vendor adapter when its key is set, FMP first, then Polygon, then Alpha Vantage', async () => {
    const { factory, asked } = factoryOf({
      polygon: { news: async () => [headline] },
      alphavantage: { calendar: async () => [event], news: async () => [{ ...headline, title: 'AV' }] },
    });
    const feeds = createTerminalFeeds({ factory });
    const keys = { alphavantage: 'av-key', polygon: 'poly-key', fmp: ' ' };
    expect(await feeds.news(keys)).toEqual({ source: 'polygon', items: [headline] });
    expect(await feeds.calendar(keys)).toEqual({ source: 'alphavantage', items: [event] });
    // A blank key is no key.
    expect(asked.map(([vendor]) => vendor)).not.toContain('fmp');
    expect(asked).toContainEqual(['polygon', 'poly-key']);
  });

  it('falls back to the next vendor, then to the sample, when a vendor fails, times out or has nothing', async () => {
    const failures: FeedVendor[] = [];
    const feeds = feedsWith(
      {
        fmp: { calendar: () => Promise.reject(new Error('HTTP 500')) },
        polygon: { calendar: () => new Promise<CalendarItem[]>(() => undefined) },
        alphavantage: { calendar: async () => [] },
      },
      { timeoutMs: 50, onVendorError: (vendor) => failures.push(vendor) },
    );
    const keys = { fmp: 'a', polygon: 'b', alphavantage: 'c' };
    expect(await feeds.calendar(keys)).toEqual({ source: 'sample', items: SAMPLE_CALENDAR });
    expect(failures).toEqual(['fmp', 'polygon']);
  });

  it('keeps at most 20 items of a vendor', async () => {
    const feeds = feedsWith({ fmp: { news: async () => Array.from({ length: 30 }, () => headline) } });
    expect((await feeds.news({ fmp: 'k' })).items).toHaveLength(20);
  });

  it('drops items that do not fit the contract, such as a javascript: link', async () => {
    const feeds = feedsWith({
      fmp: {
        news: async () => [
          { ...headline, url: 'javascript:alert(1)' },
          { ...headline, title: 'Linked', url: 'https://example.com/a' },
        ],
      },
    });
    expect((await feeds.news({ fmp: 'k' })).items).toEqual([
      { ...headline, title: 'Linked', url: 'https://example.com/a' },
    ]);
  });
});

describe('terminal feeds: sparing the vendors’ quotas', () => {
  it('serves an answer for 15 minutes per vendor and key, then asks again', async () => {
    const time = clock();
    const vendor = scriptedNews([headline], [{ ...headline, title: 'Later' }]);
    const feeds = feedsWith({ polygon: vendor }, { now: time.now });
    for (let i = 0; i < 3; i++) await feeds.news({ polygon: 'k' });
    expect(vendor.calls).toBe(1);
    // Another key of the same vendor has its own answer.
    await feeds.news({ polygon: 'other-key' });
    expect(vendor.calls).toBe(2);
    time.advance(FEED_CACHE_MS + 1);
    expect((await feeds.news({ polygon: 'k' })).items[0]?.title).toBe('Later');
    expect(vendor.calls).toBe(3);
  });

  it('makes one vendor call for concurrent requests', async () => {
    const vendor = scriptedNews([headline]);
    const feeds = feedsWith({ fmp: vendor });
    await Promise.all(Array.from({ length: 5 }, () => feeds.news({ fmp: 'k' })));
    expect(vendor.calls).toBe(1);
  });

  it('after a failure waits 5 minutes before asking again, serving the last answer meanwhile', async () => {
    const time = clock();
    const vendor = scriptedNews([headline], new VendorError('fmp', 'unavailable', 'HTTP 500'), [
      { ...headline, title: 'Recovered' },
    ]);
    const feeds = feedsWith({ fmp: vendor }, { now: time.now });
    await feeds.news({ fmp: 'k' });
    time.advance(FEED_CACHE_MS + 1);
    // The vendor fails: its previous answer stands in.
    expect(await feeds.news({ fmp: 'k' })).toEqual({ source: 'fmp', items: [headline] });
    time.advance(FEED_RETRY_MS - 1);
    expect(await feeds.news({ fmp: 'k' })).toEqual({ source: 'fmp', items: [headline] });
    expect(vendor.calls).toBe(2);
    time.advance(1);
    expect((await feeds.news({ fmp: 'k' })).items[0]?.title).toBe('Recovered');
    expect(vendor.calls).toBe(3);
  });

  it('does not serve an answer older than a day', async () => {
    const time = clock();
    const vendor = scriptedNews([headline], new VendorError('fmp', 'timeout', 'no answer in time'));
    const feeds = feedsWith({ fmp: vendor }, { now: time.now });
    await feeds.news({ fmp: 'k' });
    time.advance(FEED_MAX_STALE_MS);
    expect((await feeds.news({ fmp: 'k' })).source).toBe('sample');
  });

  it('asks a key whose plan lacks the feed again only after 6 hours', async () => {
    const time = clock();
    const denied = new VendorError('fmp', 'unauthorized', 'HTTP 402 (Restricted Endpoint)');
    const vendor = scriptedNews(denied, [headline]);
    const feeds = feedsWith({ fmp: vendor }, { now: time.now });
    expect((await feeds.news({ fmp: 'k' })).source).toBe('sample');
    time.advance(FEED_DENIED_RETRY_MS - 1);
    expect((await feeds.news({ fmp: 'k' })).source).toBe('sample');
    expect(vendor.calls).toBe(1);
    time.advance(1);
    expect((await feeds.news({ fmp: 'k' })).source).toBe('fmp');
  });

  it('skips a vendor whose quota is spent, keeping its last answer', async () => {
    const time = clock();
    let allowed = true;
    const vendor = scriptedNews([headline]);
    const feeds = feedsWith({ fmp: vendor }, { now: time.now, takeQuota: () => allowed });
    await feeds.news({ fmp: 'k' });
    allowed = false;
    time.advance(FEED_CACHE_MS + 1);
    expect(await feeds.news({ fmp: 'k' })).toEqual({ source: 'fmp', items: [headline] });
    expect(vendor.calls).toBe(1);
    expect((await feeds.news({ fmp: 'never-answered' })).source).toBe('sample');
  });

  it('the default quota allows a fifth of each vendor’s free quota, per key', () => {
    const time = clock();
    const take = createFeedQuota({ now: time.now });
    const taken = (vendor: FeedVendor, key: string) =>
      Array.from({ length: 100 }, () => take(vendor, key)).filter(Boolean).length;
    expect(taken('fmp', 'a')).toBe(FEED_QUOTAS.fmp.limit);
    expect(taken('fmp', 'b')).toBe(50);
    expect(taken('alphavantage', 'a')).toBe(5);
    expect(taken('polygon', 'a')).toBe(1);
    time.advance(60_000);
    expect(taken('polygon', 'a')).toBe(1);
  });
});
