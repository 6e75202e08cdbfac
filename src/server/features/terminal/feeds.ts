/**
 * The terminal's economic calendar and news. Only keyed vendors supply them (Financial Modeling Prep, Alpha
 * Vantage, Polygon); a vendor takes part when it has a key (the user's own, else the server's) AND an adapter
 * implements the feed. The first vendor that answers in time wins; when none does, the illustrative sample list
 * below serves, labelled `source: 'sample'` so the screen can say so.
 *
 * No vendor adapter implements a calendar or news yet, so `noFeedAdapters` (the default factory) returns
 * nothing and the sample always serves. To plug a vendor in, write a `FeedAdapter` for it and return it from
 * the factory given to `createTerminalFeeds`.
 */
import type {
  CalendarItem,
  FEED_VENDORS,
  NewsItem,
  TerminalCalendar,
  TerminalNews,
} from '../../../contracts/terminal';

export type FeedVendor = (typeof FEED_VENDORS)[number];
export type FeedKeys = Partial<Record<FeedVendor, string>>;

/** One vendor's feeds; a feed the vendor does not offer is absent. */
export interface FeedAdapter {
  readonly vendor: FeedVendor;
  calendar?(signal: AbortSignal): Promise<CalendarItem[]>;
  news?(signal: AbortSignal): Promise<NewsItem[]>;
}

/** Builds a vendor's feed adapter around an API key; undefined when the vendor has no feed adapter. */
export type FeedAdapterFactory = (vendor: FeedVendor, apiKey: string) => FeedAdapter | undefined;

/** No vendor adapter implements calendar or news yet. */
export const noFeedAdapters: FeedAdapterFactory = () => undefined;

/** Tried in this order: the largest free quota first (as for quotes). */
export const FEED_VENDOR_ORDER: readonly FeedVendor[] = ['fmp', 'polygon', 'alphavantage'];

export const DEFAULT_FEED_TIMEOUT_MS = 2000;
export const MAX_FEED_ITEMS = 20;

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

export interface TerminalFeeds {
  calendar(keys: FeedKeys): Promise<TerminalCalendar>;
  news(keys: FeedKeys): Promise<TerminalNews>;
}

export interface TerminalFeedsOptions {
  factory?: FeedAdapterFactory;
  timeoutMs?: number;
  /** Told about a vendor that failed (for logs); never given a key. */
  onVendorError?: (vendor: FeedVendor, error: unknown) => void;
}

export function createTerminalFeeds(options: TerminalFeedsOptions = {}): TerminalFeeds {
  const factory = options.factory ?? noFeedAdapters;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FEED_TIMEOUT_MS;

  function adapters(keys: FeedKeys): FeedAdapter[] {
    const found: FeedAdapter[] = [];
    for (const vendor of FEED_VENDOR_ORDER) {
      const key = keys[vendor]?.trim();
      const adapter = key ? factory(vendor, key) : undefined;
      if (adapter) found.push(adapter);
    }
    return found;
  }

  async function first<T>(
    keys: FeedKeys,
    pick: (adapter: FeedAdapter) => ((signal: AbortSignal) => Promise<T[]>) | undefined,
  ): Promise<{ source: FeedVendor; items: T[] } | undefined> {
    for (const adapter of adapters(keys)) {
      const load = pick(adapter);
      if (!load) continue;
      try {
        const items = await withTimeout(load, timeoutMs);
        if (items.length > 0) return { source: adapter.vendor, items: items.slice(0, MAX_FEED_ITEMS) };
      } catch (error) {
        options.onVendorError?.(adapter.vendor, error);
      }
    }
    return undefined;
  }

  return {
    async calendar(keys) {
      const found = await first(keys, (a) => a.calendar?.bind(a));
      return found ?? { source: 'sample', items: [...SAMPLE_CALENDAR] };
    },
    async news(keys) {
      const found = await first(keys, (a) => a.news?.bind(a));
      return found ?? { source: 'sample', items: [...SAMPLE_NEWS] };
    },
  };
}

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
