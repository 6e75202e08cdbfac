/**
 * Financial Modeling Prep's economic calendar and general news, from the `/stable` API (the key in `apikey`,
 * as ../fmp.ts sends it; `/api/v3` is closed to keys created after 2025-08-31). FMP sells both feeds on paid
 * plans: a free key gets 402 "Restricted Endpoint", read by `checkFmpBody` as 'unauthorized'.
 *
 * - Calendar: `/stable/economic-calendar?from=&to=` for today and the next 7 days (UTC), rows of
 *   `{ date: 'YYYY-MM-DD HH:MM:SS' (UTC), country, event, currency, previous, estimate, actual, change, impact:
 *   'Low' | 'Medium' | 'High', changePercentage, unit }` with null figures not yet known.
 *   Docs: https://site.financialmodelingprep.com/developer/docs/stable/economics-calendar
 *   The terminal's market is the US: US events are kept when there are any; the MAX_FEED_ITEMS most important
 *   ones (high, then medium, then low impact, earliest first) are listed in date order.
 * - News: `/stable/news/general-latest?page=0&limit=` (newest first), rows of `{ symbol, publishedDate, publisher,
 *   title, image, site, text, url }`. `publishedDate` carries no zone: it is New York wall-clock time (its
 *   busiest minutes are the US wire-release times 08:00 and 16:05 in summer and winter alike; see the fixture
 *   notes in ../testing/fixtures/README.md).
 *   Docs: https://site.financialmodelingprep.com/developer/docs/stable/general-news
 *
 * Rows that do not read (no title, an unreadable date) are skipped rather than failing the whole list.
 */
import { z } from 'zod';
import type { CalendarItem, NewsItem } from '../../../../contracts/terminal';
import { FMP_BASE_URL, checkFmpBody } from '../fmp';
import { addDays, utcDateOf } from '../../../../domain/calendar';
import { fetchJson, joinUrl, vendorError, type AdapterOptions } from '../http';
import { MAX_FEED_ITEMS, cleanText, newsItem, type FeedAdapter } from './types';

const VENDOR = 'fmp' as const;
/** Today and the next 7 days: the week ahead, with today's releases and their actual figures. */
const CALENDAR_DAYS_AHEAD = 7;
const CALENDAR_COUNTRY = 'US';

const figure = z.union([z.number().finite(), z.string()]).nullish();

const calendarRow = z.object({
  date: z.string(),
  country: z.string().nullish(),
  event: z.string(),
  previous: figure,
  estimate: figure,
  actual: figure,
  impact: z.string().nullish(),
  unit: z.string().nullish(),
});

const newsRow = z.object({
  title: z.string(),
  publisher: z.string().nullish(),
  site: z.string().nullish(),
  publishedDate: z.string().nullish(),
  url: z.string().nullish(),
});

/** The body must be a list; each row is read on its own. */
const rows = z.array(z.unknown());

const IMPORTANCE: Readonly<Record<string, CalendarItem['importance']>> = {
  high: 'high',
  medium: 'medium',
  low: 'low',
};
const IMPORTANCE_RANK: Readonly<Record<CalendarItem['importance'], number>> = { high: 0, medium: 1, low: 2 };

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** FMP's 'YYYY-MM-DD HH:MM:SS' in UTC as an ISO instant; a bare date stays a date. */
export function fmpUtcDate(text: string): string | undefined {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  if (h === undefined) return `${y}-${mo}-${d}`;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

const newYork = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function newYorkWallClock(ms: number): string {
  const p = Object.fromEntries(newYork.formatToParts(ms).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * 'YYYY-MM-DD HH:MM:SS' read as New York wall-clock time, as an ISO instant: EDT (UTC−4) or EST (UTC−5),
 * whichever gives that wall clock back; a time skipped by the spring change is read as EST.
 */
export function newYorkWallClockToIso(text: string): string | undefined {
  const m = DATE_TIME.exec(text.trim());
  if (!m || m[4] === undefined) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(asUtc)) return undefined;
  const wanted = `${y}-${mo}-${d} ${h}:${mi}:${s ?? '00'}`;
  for (const offsetHours of [4, 5]) {
    const ms = asUtc + offsetHours * 3_600_000;
    if (newYorkWallClock(ms) === wanted) return new Date(ms).toISOString();
  }
  return new Date(asUtc + 5 * 3_600_000).toISOString();
}

/** -0.096 with unit '%' -> '-0.096%'; null stays null. */
function formatFigure(value: number | string | null | undefined, unit: string | null | undefined) {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!text) return null;
  return unit && !text.endsWith(unit) ? `${text}${unit.trim()}` : text;
}

function toCalendarItem(raw: unknown): CalendarItem | undefined {
  const parsed = calendarRow.safeParse(raw);
  if (!parsed.success) return undefined;
  const row = parsed.data;
  const title = cleanText(row.event);
  const date = fmpUtcDate(row.date);
  if (!title || !date) return undefined;
  return {
    title,
    country: cleanText(row.country)?.toUpperCase() ?? '—',
    importance: IMPORTANCE[row.impact?.trim().toLowerCase() ?? ''] ?? 'low',
    date,
    timing: null,
    actual: formatFigure(row.actual, row.unit),
    forecast: formatFigure(row.estimate, row.unit),
    previous: formatFigure(row.previous, row.unit),
  };
}

/** US events when there are any; the most important first, earliest first among equals; then date order. */
export function selectCalendarItems(items: readonly CalendarItem[], limit = MAX_FEED_ITEMS): CalendarItem[] {
  const byDate = (a: CalendarItem, b: CalendarItem) => (a.date ?? '').localeCompare(b.date ?? '');
  const home = items.filter((item) => item.country === CALENDAR_COUNTRY);
  const pool = home.length > 0 ? home : [...items];
  return pool
    .sort((a, b) => IMPORTANCE_RANK[a.importance] - IMPORTANCE_RANK[b.importance] || byDate(a, b))
    .slice(0, limit)
    .sort(byDate);
}

function toNewsItem(raw: unknown): NewsItem | undefined {
  const parsed = newsRow.safeParse(raw);
  if (!parsed.success) return undefined;
  const row = parsed.data;
  return newsItem({
    title: row.title,
    publishers: [row.publisher, row.site],
    vendorName: 'Financial Modeling Prep',
    publishedAt: row.publishedDate ? (newYorkWallClockToIso(row.publishedDate) ?? null) : null,
    url: row.url,
  });
}

export interface FmpFeedOptions extends AdapterOptions {
  /** Current time, for tests; default Date.now. */
  now?: () => number;
}

export function createFmpFeedAdapter(options: FmpFeedOptions): Required<FeedAdapter> {
  const baseUrl = options.baseUrl ?? FMP_BASE_URL;
  const now = options.now ?? Date.now;

  function get(path: string, params: Record<string, string>, signal: AbortSignal, what: string) {
    const apiKey = options.apiKey;
    if (!apiKey) return Promise.reject(vendorError(VENDOR, 'unauthorized', `${what}: no API key configured`));
    return fetchJson(VENDOR, joinUrl(baseUrl, path, { ...params, apikey: apiKey }), {
      schema: rows,
      signal,
      fetch: options.fetch,
      secrets: [apiKey],
      check: checkFmpBody,
      what,
    });
  }

  return {
    vendor: VENDOR,
    async calendar(signal) {
      const from = utcDateOf(now());
      const body = await get(
        'economic-calendar',
        { from, to: addDays(from, CALENDAR_DAYS_AHEAD) },
        signal,
        'economic calendar',
      );
      return selectCalendarItems(body.flatMap((raw) => toCalendarItem(raw) ?? []));
    },
    async news(signal) {
      const body = await get(
        'news/general-latest',
        { page: '0', limit: String(MAX_FEED_ITEMS) },
        signal,
        'news',
      );
      return body.flatMap((raw) => toNewsItem(raw) ?? []).slice(0, MAX_FEED_ITEMS);
    },
  };
}
