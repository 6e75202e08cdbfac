/**
 * The terminal's economic calendar and news, as keyed vendors supply them. The feed adapters have their own
 * folder, one file per vendor, next to the quote adapters (`../fmp.ts`, ...): they reuse those files' base
 * URLs, key handling and error readings (`checkFmpBody`, ...) and http.ts, but not their interface — a
 * `MarketDataAdapter` prices symbols, a `FeedAdapter` lists events and headlines — and the quote adapters are
 * left untouched. The terminal feature (src/server/features/terminal/feeds.ts) picks the vendor, caches,
 * counts quotas and falls back to its labelled sample.
 */
import type { CalendarItem, FEED_VENDORS, NewsItem } from '../../../../contracts/terminal';

export type FeedVendor = (typeof FEED_VENDORS)[number];

/** One vendor's feeds; a feed the vendor does not offer is absent. Failures are VendorErrors (see ../http.ts). */
export interface FeedAdapter {
  readonly vendor: FeedVendor;
  calendar?(signal: AbortSignal): Promise<CalendarItem[]>;
  news?(signal: AbortSignal): Promise<NewsItem[]>;
}

/** A vendor with news and no calendar (Polygon, Alpha Vantage). */
export type NewsFeedAdapter = FeedAdapter & Required<Pick<FeedAdapter, 'news'>>;

/** Builds a vendor's feed adapter around an API key; undefined when the vendor has no feed adapter. */
export type FeedAdapterFactory = (vendor: FeedVendor, apiKey: string) => FeedAdapter | undefined;

/** The terminal shows at most this many calendar events or headlines of a vendor. */
export const MAX_FEED_ITEMS = 20;

/** An article link the browser may open: absolute http(s) only (no `javascript:`, no relative path). */
export function articleUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A vendor's text, trimmed and with runs of whitespace made single; undefined when nothing is left. */
export function cleanText(value: string | null | undefined): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : undefined;
}

/** What a vendor's article gives; `publishers` in order of preference, `vendorName` when none reads. */
export interface RawArticle {
  title: string | null | undefined;
  publishers: readonly (string | null | undefined)[];
  vendorName: string;
  publishedAt: string | null;
  url: string | null | undefined;
}

/** One headline as the terminal shows it; undefined when the article has no readable title. */
export function newsItem(article: RawArticle): NewsItem | undefined {
  const title = cleanText(article.title);
  if (!title) return undefined;
  const publisher = article.publishers.map(cleanText).find((name) => name !== undefined);
  const url = articleUrl(article.url);
  return {
    title,
    publisher: publisher ?? article.vendorName,
    publishedAt: article.publishedAt,
    ...(url ? { url } : {}),
  };
}
