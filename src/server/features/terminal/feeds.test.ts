import { describe, expect, it } from 'vitest';
import type { CalendarItem, NewsItem } from '../../../contracts/terminal';
import {
  SAMPLE_CALENDAR,
  SAMPLE_NEWS,
  createTerminalFeeds,
  type FeedAdapter,
  type FeedAdapterFactory,
  type FeedVendor,
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

describe('terminal feeds', () => {
  it('serves the labelled sample without keys, and with keys of vendors that have no feed adapter', async () => {
    const feeds = createTerminalFeeds();
    for (const keys of [{}, { fmp: 'k1', polygon: 'k2', alphavantage: 'k3' }]) {
      expect(await feeds.calendar(keys)).toEqual({ source: 'sample', items: SAMPLE_CALENDAR });
      expect(await feeds.news(keys)).toEqual({ source: 'sample', items: SAMPLE_NEWS });
    }
  });

  it('sample items say they are samples and carry no figures or dates', () => {
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
    const { factory } = factoryOf({
      fmp: { calendar: () => Promise.reject(new Error('HTTP 500')) },
      polygon: { calendar: () => new Promise<CalendarItem[]>(() => undefined) },
      alphavantage: { calendar: async () => [] },
    });
    const feeds = createTerminalFeeds({
      factory,
      timeoutMs: 50,
      onVendorError: (vendor) => failures.push(vendor),
    });
    const keys = { fmp: 'a', polygon: 'b', alphavantage: 'c' };
    expect(await feeds.calendar(keys)).toEqual({ source: 'sample', items: SAMPLE_CALENDAR });
    expect(failures).toEqual(['fmp', 'polygon']);
  });

  it('keeps at most 20 items of a vendor', async () => {
    const { factory } = factoryOf({ fmp: { news: async () => Array.from({ length: 30 }, () => headline) } });
    const news = await createTerminalFeeds({ factory }).news({ fmp: 'k' });
    expect(news.items).toHaveLength(20);
  });
});
