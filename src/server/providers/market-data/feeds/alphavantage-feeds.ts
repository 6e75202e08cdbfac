/**
 * Alpha Vantage's market news: `function=NEWS_SENTIMENT&topics=financial_markets&sort=LATEST` (the key in
 * `apikey`, as ../alphavantage.ts sends it), `{ items, feed: [{ title, url, time_published, authors, summary,
 * source, source_domain, ... }] }` with up to 50 articles, newest first. Alpha Vantage has no economic calendar.
 * Docs: https://www.alphavantage.co/documentation/#news-sentiment
 *
 * `time_published` is 'YYYYMMDDTHHMMSS' (sometimes with a trailing 'Z') in UTC: the documentation names no
 * zone, but a GlobeNewswire release stamped "5.45 pm" Paris time (UTC+1) came as 'T164500' (see the fixture
 * notes in ../testing/fixtures/README.md).
 *
 * Errors come with HTTP 200 (`Note`, `Information`, `Error Message`) and are read by `checkAlphaVantageBody`:
 * the rate-limit notes are 'rate_limited'.
 */
import { z } from 'zod';
import type { NewsItem } from '../../../../contracts/terminal';
import { ALPHAVANTAGE_BASE_URL, checkAlphaVantageBody } from '../alphavantage';
import { fetchJson, joinUrl, vendorError, type AdapterOptions } from '../http';
import { MAX_FEED_ITEMS, newsItem, type NewsFeedAdapter } from './types';

const VENDOR = 'alphavantage' as const;

const newsBody = z.object({ feed: z.array(z.unknown()) });

const article = z.object({
  title: z.string(),
  url: z.string().nullish(),
  time_published: z.string().nullish(),
  source: z.string().nullish(),
  source_domain: z.string().nullish(),
});

const TIME_PUBLISHED = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?Z?$/;

/** '20240103T164500' (UTC) as '2024-01-03T16:45:00.000Z'; undefined when it does not read. */
export function alphaVantageTime(text: string): string | undefined {
  const m = TIME_PUBLISHED.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

function toNewsItem(raw: unknown): NewsItem | undefined {
  const parsed = article.safeParse(raw);
  if (!parsed.success) return undefined;
  const row = parsed.data;
  return newsItem({
    title: row.title,
    publishers: [row.source, row.source_domain],
    vendorName: 'Alpha Vantage',
    publishedAt: row.time_published ? (alphaVantageTime(row.time_published) ?? null) : null,
    url: row.url,
  });
}

export function createAlphaVantageFeedAdapter(options: AdapterOptions): NewsFeedAdapter {
  const baseUrl = options.baseUrl ?? ALPHAVANTAGE_BASE_URL;
  return {
    vendor: VENDOR,
    async news(signal) {
      const apiKey = options.apiKey;
      if (!apiKey) throw vendorError(VENDOR, 'unauthorized', 'news: no API key configured');
      const url = joinUrl(baseUrl, '', {
        function: 'NEWS_SENTIMENT',
        topics: 'financial_markets',
        sort: 'LATEST',
        apikey: apiKey,
      });
      const body = await fetchJson(VENDOR, url, {
        schema: newsBody,
        signal,
        fetch: options.fetch,
        secrets: [apiKey],
        check: checkAlphaVantageBody,
        what: 'news',
      });
      return body.feed.flatMap((raw) => toNewsItem(raw) ?? []).slice(0, MAX_FEED_ITEMS);
    },
  };
}
