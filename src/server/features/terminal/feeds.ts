/**
 * The terminal's economic calendar and news. Only keyed vendors supply them, through the adapters of
 * src/server/providers/market-data/feeds/: Financial Modeling Prep (calendar and news), Polygon and Alpha
 * Vantage (news). A vendor takes part when it has a key (the user's own, else the server's); vendors are tried
 * in FEED_VENDOR_ORDER and the first with items wins. When none has any — no key, a plan without the feed, a
 * failure, a timeout — the illustrative sample below serves, labelled `source: 'sample'`; a feed never fails
 * the overview.
 *
 * The free quotas are small and shared with quotes, and the page refreshes every 30 s, so per vendor, key and
 * feed:
 * - an answer is kept FEED_CACHE_MS, and concurrent requests share one call;
 * - after a failure the vendor is not asked again for FEED_RETRY_MS (FEED_DENIED_RETRY_MS when the key's plan
 *   lacks the feed); meanwhile, and while its quota is spent, its last answer serves if it is under a day old;
 * - each call first takes one from the vendor's quota for that key (`takeQuota`). The market-data service does
 *   not expose its per-vendor limiters, so the default is a limiter of our own allowed FEED_QUOTAS, a fifth of
 *   each vendor's free quota, leaving the rest to quotes.
 * Items are checked against the API contract; one that does not fit is dropped.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  ZCalendarItem,
  ZNewsItem,
  type CalendarItem,
  type NewsItem,
  type TerminalCalendar,
  type TerminalNews,
} from '../../../contracts/terminal';
import {
  MAX_FEED_ITEMS,
  type FeedAdapter,
  type FeedAdapterFactory,
  type FeedVendor,
} from '../../providers/market-data/feeds';
import { createRateLimiter, type Quota, type RateLimiter } from '../../providers/market-data/rate-limiter';
import { VendorError } from '../../providers/market-data/types';

export { MAX_FEED_ITEMS, type FeedAdapter, type FeedAdapterFactory, type FeedVendor };
export type FeedKeys = Partial<Record<FeedVendor, string>>;

/** Tried in this order: the largest free quota first (as for quotes). */
export const FEED_VENDOR_ORDER: readonly FeedVendor[] = ['fmp', 'polygon', 'alphavantage'];

export const DEFAULT_FEED_TIMEOUT_MS = 2000;
export const FEED_CACHE_MS = 15 * 60_000;
export const FEED_RETRY_MS = 5 * 60_000;
/** A plan without the feed (FMP's 402) does not change within minutes. */
export const FEED_DENIED_RETRY_MS = 6 * 60 * 60_000;
/** How old a last good answer may be to stand in for a vendor that cannot be asked. */
export const FEED_MAX_STALE_MS = 24 * 60 * 60_000;
/** A fifth of each vendor's free quota (rate-limiter.ts VENDOR_QUOTAS: 250/day, 5/minute, 25/day). */
export const FEED_QUOTAS: Readonly<Record<FeedVendor, Quota>> = {
  fmp: { limit: 50, window: 'day' },
  polygon: { limit: 1, window: 'minute' },
  alphavantage: { limit: 5, window: 'day' },
};
const MAX_ENTRIES = 2000;

/**
 * Illustrative items, written so nobody can take them for data: every title says 'Sample', no item carries a
 * date, an actual, a forecast or a previous figure. `timing` states when such releases usually happen.
 */
export const SAMPLE_CALENDAR: readonly CalendarItem[] = [
  sampleEvent('Sample: FOMC rate decision', 'high', 'Eight scheduled meetings a year'),
  sampleEvent('Sample: Nonfarm payrolls (employment report)', 'high', 'Monthly, usually the first Friday'),
  sampleEvent('Sample: Consumer Price Index (CPI)', 'high', 'Monthly, around mid-month'),
  sampleEvent('Sample: GDP, advance estimate', 'medium', 'Quarterly, about a month after quarter end'),
  sampleEvent('Sample: ISM manufacturing PMI', 'medium', 'Monthly, first business day'),
  sampleEvent('Sample: Initial jobless claims', 'low', 'Weekly, on Thursdays'),
];

export const SAMPLE_NEWS: readonly NewsItem[] = [
  sampleHeadline('Sample: What an FOMC statement is and why markets watch it'),
  sampleHeadline('Sample: Earnings season — how large-cap tech results move the indices'),
  sampleHeadline('Sample: The VIX explained — what the "fear gauge" measures'),
  sampleHeadline('Sample: Small caps vs. large caps — reading IWM against SPY'),
  sampleHeadline('Sample: Treasury yields and what they mean for stock valuations'),
];

function sampleEvent(title: string, importance: CalendarItem['importance'], timing: string): CalendarItem {
  return {
    title,
    country: 'US',
    importance,
    date: null,
    timing,
    actual: null,
    forecast: null,
    previous: null,
  };
}

function sampleHeadline(title: string): NewsItem {
  return { title, publisher: 'Foliowise sample', publishedAt: null };
}

/** Takes one call from a vendor's quota for an API key; false (nothing taken) when none is left. */
export type TakeFeedQuota = (vendor: FeedVendor, apiKey: string) => boolean;

function keyFingerprint(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('base64url').slice(0, 22);
}

/** FEED_QUOTAS per vendor and API key, counted in memory like the market-data service's limiters. */
export function createFeedQuota(options: { now?: () => number } = {}): TakeFeedQuota {
  const limiters = new Map<string, RateLimiter>();
  return (vendor, apiKey) => {
    const id = `${vendor}:${keyFingerprint(apiKey)}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = createRateLimiter(FEED_QUOTAS[vendor], options);
      limiters.set(id, limiter);
      if (limiters.size > MAX_ENTRIES) {
        const oldest = limiters.keys().next();
        if (!oldest.done) limiters.delete(oldest.value);
      }
    }
    return limiter.tryTake();
  };
}

export interface TerminalFeeds {
  calendar(keys: FeedKeys): Promise<TerminalCalendar>;
  news(keys: FeedKeys): Promise<TerminalNews>;
}

export interface TerminalFeedsOptions {
  /** Builds a vendor's adapter around a key (providers/market-data/feeds `createFeedAdapterFactory`). */
  factory: FeedAdapterFactory;
  /** Per vendor call. Default 2000 ms. */
  timeoutMs?: number;
  cacheMs?: number;
  /** Default: createFeedQuota(). */
  takeQuota?: TakeFeedQuota;
  now?: () => number;
  /** Told about a vendor that failed (for logs); never given a key. */
  onVendorError?: (vendor: FeedVendor, error: unknown) => void;
}

type Feed = 'calendar' | 'news';

interface Entry {
  items?: unknown[];
  fetchedAt: number;
  retryAt: number;
  inFlight?: Promise<unknown[] | undefined>;
}

export function createTerminalFeeds(options: TerminalFeedsOptions): TerminalFeeds {
  const { factory } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FEED_TIMEOUT_MS;
  const cacheMs = options.cacheMs ?? FEED_CACHE_MS;
  const now = options.now ?? Date.now;
  const takeQuota = options.takeQuota ?? createFeedQuota({ now });
  const entries = new Map<string, Entry>();

  function entryFor(id: string): Entry {
    let entry = entries.get(id);
    if (!entry) {
      entry = { fetchedAt: 0, retryAt: 0 };
      entries.set(id, entry);
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    }
    return entry;
  }

  /** The vendor's items for a feed: cached, fresh, or its last answer; undefined when it has none to give. */
  function fromVendor<T>(
    feed: Feed,
    adapter: FeedAdapter,
    apiKey: string,
    load: (signal: AbortSignal) => Promise<T[]>,
    schema: z.ZodType<T>,
  ): Promise<T[] | undefined> {
    const entry = entryFor(`${feed}:${adapter.vendor}:${keyFingerprint(apiKey)}`);
    const t = now();
    const last = entry.items && t - entry.fetchedAt < FEED_MAX_STALE_MS ? (entry.items as T[]) : undefined;
    if (last && t - entry.fetchedAt < cacheMs) return Promise.resolve(last);
    if (entry.inFlight) return entry.inFlight as Promise<T[] | undefined>;
    if (t < entry.retryAt || !takeQuota(adapter.vendor, apiKey)) return Promise.resolve(last);
    const call = withTimeout(load, timeoutMs).then(
      (loaded) => {
        const items = loaded.flatMap((item) => {
          const checked = schema.safeParse(item);
          return checked.success ? [checked.data] : [];
        });
        Object.assign(entry, { items, fetchedAt: now(), retryAt: 0, inFlight: undefined });
        return items;
      },
      (error: unknown) => {
        const denied = error instanceof VendorError && error.kind === 'unauthorized';
        Object.assign(entry, {
          retryAt: now() + (denied ? FEED_DENIED_RETRY_MS : FEED_RETRY_MS),
          inFlight: undefined,
        });
        options.onVendorError?.(adapter.vendor, error);
        return last;
      },
    );
    entry.inFlight = call;
    return call;
  }

  async function first<T>(
    feed: Feed,
    keys: FeedKeys,
    schema: z.ZodType<T>,
    pick: (adapter: FeedAdapter) => ((signal: AbortSignal) => Promise<T[]>) | undefined,
  ): Promise<{ source: FeedVendor; items: T[] } | undefined> {
    for (const vendor of FEED_VENDOR_ORDER) {
      const apiKey = keys[vendor]?.trim();
      const adapter = apiKey ? factory(vendor, apiKey) : undefined;
      const load = adapter ? pick(adapter) : undefined;
      if (!apiKey || !adapter || !load) continue;
      const items = await fromVendor(feed, adapter, apiKey, load, schema);
      if (items && items.length > 0) return { source: vendor, items: items.slice(0, MAX_FEED_ITEMS) };
    }
    return undefined;
  }

  return {
    async calendar(keys) {
      const found = await first('calendar', keys, ZCalendarItem, (a) => a.calendar?.bind(a));
      return found ?? { source: 'sample', items: [...SAMPLE_CALENDAR] };
    },
    async news(keys) {
      const found = await first('news', keys, ZNewsItem, (a) => a.news?.bind(a));
      return found ?? { source: 'sample', items: [...SAMPLE_NEWS] };
    },
  };
}

/** Rejects when the vendor has not answered in time, whatever the adapter does with its signal. */
async function withTimeout<T>(load: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const signal = AbortSignal.timeout(ms);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('no answer in time'));
    signal.addEventListener('abort', onAbort, { once: true });
    load(signal).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
