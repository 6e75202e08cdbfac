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
 * - each call takes one from the vendor's quota for that key, the one quotes use (`takeQuota`, the
 *   market-data service's `takeVendorCall`), so quotes and feeds together stay within the vendor's quota;
 *   and one from FEED_QUOTAS, a fifth of that quota, of its own (`createFeedQuota`), so that the terminal
 *   cannot starve quotes.
 * Vendors are asked one after the other, each for at most `timeoutMs`; a feed waits for them at most
 * `budgetMs` (2.5 s, as a market-data request does), then serves what it would serve were they all down.
 * Items are checked against the API contract; one that does not fit is dropped.
 */
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
import { rejectOnAbort } from '../../lib/abort';
import { setBounded } from '../../lib/cache';
import { createRateLimiter, type Quota, type RateLimiter } from '../../providers/market-data/rate-limiter';
import { apiKeyFingerprint } from '../../lib/fingerprint';
import { DEFAULT_REQUEST_BUDGET_MS } from '../market-data/service';
import { VendorError } from '../../providers/market-data/types';

export { MAX_FEED_ITEMS, type FeedAdapter, type FeedAdapterFactory, type FeedVendor };
/** The keys the calendar and news use: the user's own (API settings), else the server's (`marketData.vendorKeysFor`). */
export type FeedKeys = Partial<Record<FeedVendor, string>>;

/** Tried in this order: the largest free quota first (as for quotes). */
export const FEED_VENDOR_ORDER: readonly FeedVendor[] = ['fmp', 'polygon', 'alphavantage'];

export const DEFAULT_FEED_TIMEOUT_MS = 2000;
/** For all vendors of a feed together: one hanging vendor after another would otherwise hold the overview. */
export const DEFAULT_FEED_BUDGET_MS = DEFAULT_REQUEST_BUDGET_MS;
export const FEED_CACHE_MS = 15 * 60_000;
export const FEED_RETRY_MS = 5 * 60_000;
/** A plan without the feed (FMP's 402) does not change within minutes. */
export const FEED_DENIED_RETRY_MS = 6 * 60 * 60_000;
/** How old a last good answer may be to stand in for a vendor that cannot be asked. */
export const FEED_MAX_STALE_MS = 24 * 60 * 60_000;
/**
 * A fifth of each vendor's free quota (rate-limiter.ts VENDOR_QUOTAS: 250/day, 5/minute, 25/day), on top of
 * the quota shared with quotes. Without it a terminal left open would spend most of that quota on the feeds
 * alone (one call per feed every FEED_CACHE_MS: FMP 192 a day of its 250, Alpha Vantage 96 against its
 * 25), and quotes would fall back to the simulator; the feeds have a sample and a day-old answer instead.
 */
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

/**
 * A feed call's quota: one call from the vendor's quota for the key (`shared`, the one quotes use), within
 * FEED_QUOTAS per vendor and key of its own, counted in memory like the market-data service's limiters.
 */
export function createFeedQuota(shared: TakeFeedQuota, options: { now?: () => number } = {}): TakeFeedQuota {
  const limiters = new Map<string, RateLimiter>();
  return (vendor, apiKey) => {
    const id = `${vendor}:${apiKeyFingerprint(apiKey)}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = createRateLimiter(FEED_QUOTAS[vendor], options);
      setBounded(limiters, id, limiter, MAX_ENTRIES);
    }
    // Own quota looked at before the shared one is taken, and taken after: a call refused by either quota
    // takes nothing from the other (quotes keep every call the feeds do not make).
    return limiter.remaining() > 0 && shared(vendor, apiKey) && limiter.tryTake();
  };
}

export interface TerminalFeeds {
  calendar(keys: FeedKeys): Promise<TerminalCalendar>;
  news(keys: FeedKeys): Promise<TerminalNews>;
}

export interface TerminalFeedsOptions {
  /** Builds a vendor's adapter around a key (providers/market-data/feeds `createFeedAdapterFactory`). */
  factory: FeedAdapterFactory;
  /** The vendor's quota for a key, shared with quotes: the market-data service's `takeVendorCall`. */
  takeQuota: TakeFeedQuota;
  /** Per vendor call. Default 2000 ms. */
  timeoutMs?: number;
  /** Per feed, for all its vendors together. Default 2500 ms. */
  budgetMs?: number;
  cacheMs?: number;
  now?: () => number;
  /** Told about a vendor that failed (for logs); never given a key. */
  onVendorError?: (vendor: FeedVendor, error: unknown) => void;
}

type Feed = 'calendar' | 'news';

interface FeedAnswer<T> {
  source: FeedVendor;
  items: T[];
}

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
  const budgetMs = options.budgetMs ?? DEFAULT_FEED_BUDGET_MS;
  const takeQuota = createFeedQuota(options.takeQuota, { now });
  const entries = new Map<string, Entry>();
  const entryId = (feed: Feed, vendor: FeedVendor, apiKey: string) =>
    `${feed}:${vendor}:${apiKeyFingerprint(apiKey)}`;

  function entryFor(id: string): Entry {
    let entry = entries.get(id);
    if (!entry) {
      entry = { fetchedAt: 0, retryAt: 0 };
      setBounded(entries, id, entry, MAX_ENTRIES);
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
    const entry = entryFor(entryId(feed, adapter.vendor, apiKey));
    const t = now();
    const last = lastAnswer<T>(entry, t);
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

  /** The vendors in order until one has items; stops before the next vendor once `isOver()`. */
  async function tryVendors<T>(
    feed: Feed,
    keys: FeedKeys,
    schema: z.ZodType<T>,
    pick: (adapter: FeedAdapter) => ((signal: AbortSignal) => Promise<T[]>) | undefined,
    isOver: () => boolean,
  ): Promise<FeedAnswer<T> | undefined> {
    for (const vendor of FEED_VENDOR_ORDER) {
      if (isOver()) return undefined;
      const apiKey = keys[vendor]?.trim();
      const adapter = apiKey ? factory(vendor, apiKey) : undefined;
      const load = adapter ? pick(adapter) : undefined;
      if (!apiKey || !adapter || !load) continue;
      const items = await fromVendor(feed, adapter, apiKey, load, schema);
      if (items && items.length > 0) return { source: vendor, items: items.slice(0, MAX_FEED_ITEMS) };
    }
    return undefined;
  }

  /** The first vendor's last answer under a day old: what serves when the vendors are not waited for. */
  function lastGoodAnswer<T>(feed: Feed, keys: FeedKeys): FeedAnswer<T> | undefined {
    const t = now();
    for (const vendor of FEED_VENDOR_ORDER) {
      const apiKey = keys[vendor]?.trim();
      const entry = apiKey ? entries.get(entryId(feed, vendor, apiKey)) : undefined;
      const items = entry ? lastAnswer<T>(entry, t) : undefined;
      if (items && items.length > 0) return { source: vendor, items: items.slice(0, MAX_FEED_ITEMS) };
    }
    return undefined;
  }

  /**
   * `tryVendors` within the budget. A vendor still asked when it runs out is not aborted: its answer is kept
   * for the next request (concurrent requests share the call), and no vendor after it is asked.
   */
  async function first<T>(
    feed: Feed,
    keys: FeedKeys,
    schema: z.ZodType<T>,
    pick: (adapter: FeedAdapter) => ((signal: AbortSignal) => Promise<T[]>) | undefined,
  ): Promise<FeedAnswer<T> | undefined> {
    let over = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const budget = new Promise<'over'>((resolve) => {
      timer = setTimeout(() => {
        over = true;
        resolve('over');
      }, budgetMs);
    });
    const vendors = tryVendors(feed, keys, schema, pick, () => over);
    // Once the budget has run out nobody awaits the vendors: a later failure must not go unhandled.
    vendors.catch(() => undefined);
    try {
      const found = await Promise.race([vendors, budget]);
      return found === 'over' ? lastGoodAnswer<T>(feed, keys) : found;
    } finally {
      clearTimeout(timer);
    }
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

/** An entry's items when they are under a day old. */
function lastAnswer<T>(entry: Entry, at: number): T[] | undefined {
  return entry.items && at - entry.fetchedAt < FEED_MAX_STALE_MS ? (entry.items as T[]) : undefined;
}

/** Rejects when the vendor has not answered in time, whatever the adapter does with its signal. */
async function withTimeout<T>(load: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const signal = AbortSignal.timeout(ms);
  return rejectOnAbort(load(signal), signal, () => new Error('no answer in time'));
}
