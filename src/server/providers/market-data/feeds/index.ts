/**
 * `createFeedAdapterFactory()`: the terminal's calendar and news adapters around an API key — FMP (calendar
 * and news), Polygon (news), Alpha Vantage (news) — at the vendors' real base URLs unless told otherwise.
 */
import type { FetchLike } from '../http';
import { createAlphaVantageFeedAdapter } from './alphavantage-feeds';
import { createFmpFeedAdapter } from './fmp-feeds';
import { createPolygonFeedAdapter } from './polygon-feeds';
import type { FeedAdapterFactory, FeedVendor } from './types';

export { MAX_FEED_ITEMS, type FeedAdapter, type FeedAdapterFactory, type FeedVendor } from './types';

export interface FeedAdapterFactoryOptions {
  /** Per vendor, as the quote adapters take it (FMP's ends in `/stable`); tests point them at a local fake. */
  baseUrls?: Partial<Record<FeedVendor, string>>;
  fetch?: FetchLike;
  /** Current time (the calendar's week), for tests; default Date.now. */
  now?: () => number;
}

export function createFeedAdapterFactory(options: FeedAdapterFactoryOptions = {}): FeedAdapterFactory {
  return (vendor, apiKey) => {
    const common = { apiKey, baseUrl: options.baseUrls?.[vendor], fetch: options.fetch };
    switch (vendor) {
      case 'fmp':
        return createFmpFeedAdapter({ ...common, now: options.now });
      case 'polygon':
        return createPolygonFeedAdapter(common);
      case 'alphavantage':
        return createAlphaVantageFeedAdapter(common);
    }
  };
}
