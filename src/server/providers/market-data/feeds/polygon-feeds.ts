/**
 * Polygon's market news: `GET /v2/reference/news?limit=&order=desc` (newest first), `{ status: 'OK', results: [{
 * title, publisher: { name, ... }, published_utc, article_url, ... }] }`. The key goes in an
 * `Authorization: Bearer` header, as ../polygon.ts sends it, so it never sits in a URL (Polygon accepts it
 * there as well as in `apiKey=`). Errors are read by `checkPolygonBody`. Polygon has no economic calendar.
 * Docs: https://polygon.io/docs/rest/stocks/news
 */
import { z } from 'zod';
import type { NewsItem } from '../../../../contracts/terminal';
import { fetchJson, joinUrl, vendorError, type AdapterOptions } from '../http';
import { POLYGON_BASE_URL, checkPolygonBody } from '../polygon';
import { MAX_FEED_ITEMS, newsItem, type NewsFeedAdapter } from './types';

const VENDOR = 'polygon' as const;

const newsBody = z.object({ status: z.string(), results: z.array(z.unknown()).optional() });

const article = z.object({
  title: z.string(),
  publisher: z.object({ name: z.string().nullish() }).nullish(),
  author: z.string().nullish(),
  published_utc: z.string().nullish(),
  article_url: z.string().nullish(),
});

function toNewsItem(raw: unknown): NewsItem | undefined {
  const parsed = article.safeParse(raw);
  if (!parsed.success) return undefined;
  const row = parsed.data;
  const published = row.published_utc ? Date.parse(row.published_utc) : Number.NaN;
  return newsItem({
    title: row.title,
    publishers: [row.publisher?.name, row.author],
    vendorName: 'Polygon',
    publishedAt: Number.isNaN(published) ? null : new Date(published).toISOString(),
    url: row.article_url,
  });
}

export function createPolygonFeedAdapter(options: AdapterOptions): NewsFeedAdapter {
  const baseUrl = options.baseUrl ?? POLYGON_BASE_URL;
  return {
    vendor: VENDOR,
    async news(signal) {
      const apiKey = options.apiKey;
      if (!apiKey) throw vendorError(VENDOR, 'unauthorized', 'news: no API key configured');
      const body = await fetchJson(
        VENDOR,
        joinUrl(baseUrl, 'v2/reference/news', { limit: String(MAX_FEED_ITEMS), order: 'desc' }),
        {
          schema: newsBody,
          signal,
          headers: { authorization: `Bearer ${apiKey}` },
          fetch: options.fetch,
          secrets: [apiKey],
          check: checkPolygonBody,
          what: 'news',
        },
      );
      return (body.results ?? []).flatMap((raw) => toNewsItem(raw) ?? []).slice(0, MAX_FEED_ITEMS);
    },
  };
}
