import { describe, expect, it, vi } from 'vitest';
import type { CalendarItem, NewsItem } from '../../../contracts/terminal';
import { VendorError } from '../../providers/market-data/types';
import {
  DEFAULT_FEED_BUDGET_MS,
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

/** A vendor answer the test gives when it wants to. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** A shared quota that always has a call left: the feeds' own quota is what the tests look at. */
const unlimited = () => true;

function feedsWith(
  adapters: Partial<Record<FeedVendor, Omit<FeedAdapter, 'vendor'>>>,
  options: Partial<Omit<TerminalFeedsOptions, 'factory'>> = {},
) {
  return createTerminalFeeds({ factory: factoryOf(adapters).factory, takeQuota: unlimited, ...options });
}

describe('terminal feeds: choosing a vendor', () => {
  it('serves the labelled sample without keys, and with keys of vendors that have no feed adapter', async () => {
    const feeds = createTerminalFeeds({ factory: () => undefined, takeQuota: unlimited });
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
    const feeds = createTerminalFeeds({ factory, takeQuota: unlimited });
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

  it('allows a fifth of each vendor’s free quota of its own, per key', () => {
    const time = clock();
    const take = createFeedQuota(unlimited, { now: time.now });
    const taken = (vendor: FeedVendor, key: string) =>
      Array.from({ length: 100 }, () => take(vendor, key)).filter(Boolean).length;
    expect(taken('fmp', 'a')).toBe(FEED_QUOTAS.fmp.limit);
    expect(taken('fmp', 'b')).toBe(50);
    expect(taken('alphavantage', 'a')).toBe(5);
    expect(taken('polygon', 'a')).toBe(1);
    time.advance(60_000);
    expect(taken('polygon', 'a')).toBe(1);
  });

  it('takes a call from the shared quota and from its own, or from neither when either refuses', () => {
    const time = clock();
    let sharedLeft = 3;
    const take = createFeedQuota(
      () => {
        if (sharedLeft === 0) return false;
        sharedLeft -= 1;
        return true;
      },
      { now: time.now },
    );
    expect(take('polygon', 'k')).toBe(true);
    expect(sharedLeft).toBe(2);
    // Polygon's own quota (1 a minute) is spent: the shared quota keeps its calls for quotes.
    expect(take('polygon', 'k')).toBe(false);
    expect(sharedLeft).toBe(2);
    time.advance(60_000);
    sharedLeft = 0;
    expect(take('polygon', 'k')).toBe(false);
    // The refusal of the shared quota took nothing from the feeds' own.
    sharedLeft = 1;
    expect(take('polygon', 'k')).toBe(true);
    expect(sharedLeft).toBe(0);
  });

  it('counts every vendor call on the shared quota it is given, with the key of the call', async () => {
    const taken: [FeedVendor, string][] = [];
    const feeds = feedsWith(
      { fmp: scriptedNews([headline]) },
      {
        takeQuota: (vendor, apiKey) => {
          taken.push([vendor, apiKey]);
          return true;
        },
      },
    );
    await feeds.news({ fmp: ' k ' });
    await feeds.news({ fmp: 'k' });
    expect(taken).toEqual([['fmp', 'k']]);
  });
});

describe('terminal feeds: waiting for the vendors at most 2.5 s', () => {
  /** Runs `check` with fake timers (the budget's); vendor calls keep their real timeout. */
  async function withFakeTimers(check: () => Promise<void>) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await check();
    } finally {
      vi.useRealTimers();
    }
  }

  /** A vendor that answers only when the test says so, counting its calls. */
  function hangingNews() {
    const answer = deferred<NewsItem[]>();
    let calls = 0;
    return {
      answer,
      get calls() {
        return calls;
      },
      news: () => {
        calls += 1;
        return answer.promise;
      },
    };
  }

  it('serves the sample when the vendors hang, and asks no vendor after the one still asked', async () => {
    await withFakeTimers(async () => {
      const [fmp, polygon, alphavantage] = [hangingNews(), hangingNews(), hangingNews()];
      const feeds = feedsWith({ fmp, polygon, alphavantage });
      let served: unknown;
      const request = feeds.news({ fmp: 'a', polygon: 'b', alphavantage: 'c' }).then((news) => {
        served = news;
      });
      await vi.advanceTimersByTimeAsync(DEFAULT_FEED_BUDGET_MS - 1);
      expect(served).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await request;
      expect(served).toEqual({ source: 'sample', items: SAMPLE_NEWS });
      // FMP answers late with nothing: nobody waits any more, so Polygon is not asked (nor its quota spent).
      fmp.answer.resolve([]);
      await new Promise((resolve) => setImmediate(resolve));
      expect([fmp.calls, polygon.calls, alphavantage.calls]).toEqual([1, 0, 0]);
    });
  });

  it('serves a vendor’s last answer under a day old when it hangs, and keeps its late answer', async () => {
    await withFakeTimers(async () => {
      const time = clock();
      const late = deferred<NewsItem[]>();
      let calls = 0;
      const fmp = {
        news: () => {
          calls += 1;
          return calls === 1 ? Promise.resolve([headline]) : late.promise;
        },
      };
      const feeds = feedsWith({ fmp }, { now: time.now });
      await feeds.news({ fmp: 'k' });
      time.advance(FEED_CACHE_MS + 1);
      const request = feeds.news({ fmp: 'k' });
      await vi.advanceTimersByTimeAsync(DEFAULT_FEED_BUDGET_MS);
      expect(await request).toEqual({ source: 'fmp', items: [headline] });
      const fresh = { ...headline, title: 'Late' };
      late.resolve([fresh]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await feeds.news({ fmp: 'k' })).toEqual({ source: 'fmp', items: [fresh] });
      expect(calls).toBe(2);
    });
  });
});
