/**
 * Polygon (keyed; base https://api.polygon.io). The key goes in an `Authorization: Bearer` header, which
 * Polygon accepts as well as `?apiKey=`, so it never sits in a URL (and so in no log line).
 * US stocks and ETFs (Polygon's tickers write share classes with a dot: our `BRK-B` is `BRK.B`).
 *
 * Quote: the ticker snapshot `/v2/snapshot/locale/us/markets/stocks/tickers/{T}` (last trade, today's
 * change against the previous close) when the plan includes it. Free plans get NOT_AUTHORIZED there;
 * then, and for the next hours without asking again, the quote is the latest close: the last two daily
 * aggregates of the past two weeks give the close and the close before it (so `change` is a real
 * day-over-day change, which `/prev`'s single bar cannot give), and `asOf` is that session's close,
 * 16:00 New York, so the quote says it is a close and not a live price.
 *
 * History: `/v2/aggs/ticker/{T}/range/1/day/{from}/{to}?adjusted=true&sort=asc&limit=50000` (split
 * adjusted). Bar times are milliseconds at the session's start in New York; the bar's date is that New
 * York date.
 *
 * Corporate actions: `/v3/reference/dividends` (by ex-date, `cash_amount` as declared: Polygon does not adjust
 * past dividends for later splits, polygon-io/issues#330) and `/v3/reference/splits` (`split_to` shares for
 * `split_from`), each filtered to the range and sorted oldest first by the vendor, in one page of 1000 rows (a
 * monthly payer would need 83 years to fill it). Two requests, two calls of the quota.
 *
 * Errors: besides the HTTP status, Polygon's bodies carry `status`: "ERROR" ("API Key was not provided",
 * "Unknown API Key" -> 'unauthorized'), "NOT_AUTHORIZED" (plan) -> 'unauthorized', "NotFound" ->
 * 'not_found'. "OK" and "DELAYED" are answers.
 */
import { addDays } from '../../../domain/calendar';
import { z } from 'zod';
import { CRYPTO_PREFIX, findSecurity } from '../../../domain/security-master';
import { isGlobalListing, normalizeCurrency } from '../../../domain/listings';
import type { CorporateActions } from '../../../domain/corporate-actions';
import {
  assertIsoDate,
  fetchJson,
  joinUrl,
  newYorkCloseIso,
  notAfterNow,
  vendorError,
  zonedDate,
  type AdapterOptions,
  type VendorBodyCheck,
} from './http';
import { readCorporateActions } from './corporate-actions';
import { VendorError, type DailyBar, type MarketDataAdapter, type Quote } from './types';

const VENDOR = 'polygon' as const;
export const POLYGON_BASE_URL = 'https://api.polygon.io';
/** After a NOT_AUTHORIZED snapshot, use closes without asking again for this long. */
const SNAPSHOT_DENIED_MS = 6 * 60 * 60 * 1000;
const PLAN_DENIED = 'NOT_AUTHORIZED';

const num = z.number().finite();

const aggregate = z.object({ t: num, o: num, h: num, l: num, c: num, v: num });
const aggregates = z.object({
  status: z.string(),
  results: z.array(aggregate).optional(),
});

const bar = z.object({ c: num }).partial();
const snapshot = z.object({
  status: z.string(),
  ticker: z
    .object({
      ticker: z.string(),
      day: bar.optional(),
      min: bar.optional(),
      prevDay: bar.optional(),
      lastTrade: z.object({ p: num, t: num.optional() }).nullable().optional(),
      todaysChange: num.optional(),
      todaysChangePerc: num.optional(),
      /** Nanoseconds. */
      updated: num.optional(),
    })
    .optional(),
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dividendList = z.object({
  status: z.string(),
  results: z
    .array(
      z.object({
        cash_amount: num,
        currency: z.string().nullable().optional(),
        ex_dividend_date: isoDay,
        pay_date: isoDay.nullable().optional(),
      }),
    )
    .optional(),
});
const splitList = z.object({
  status: z.string(),
  results: z.array(z.object({ execution_date: isoDay, split_from: num, split_to: num })).optional(),
});
/** Rows per page of the reference endpoints (their maximum). */
const REFERENCE_PAGE = '1000';

/** Polygon's error bodies (see the file comment). */
export const checkPolygonBody: VendorBodyCheck = (body, status) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as { status?: unknown; error?: unknown; message?: unknown };
  const state = typeof b.status === 'string' ? b.status : undefined;
  const text = typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : '';
  if (state === PLAN_DENIED) return { kind: 'unauthorized', message: `${PLAN_DENIED}: ${text}` };
  if (state === 'NotFound' || status === 404) return { kind: 'not_found', message: text || 'not found' };
  if (state === 'ERROR' || status >= 400) {
    if (status === 429 || /exceeded the maximum requests|too many requests/i.test(text)) {
      return { kind: 'rate_limited', message: text };
    }
    if (status === 401 || status === 403 || /api key/i.test(text))
      return { kind: 'unauthorized', message: text };
    if (status >= 500) return { kind: 'unavailable', message: text };
    return { kind: 'bad_response', message: text || `status ${state ?? status}` };
  }
  return undefined;
};

function isPlanDenied(error: unknown): boolean {
  return error instanceof VendorError && error.kind === 'unauthorized' && error.message.includes(PLAN_DENIED);
}

/** Our `BRK-B` is Polygon's `BRK.B`. */
export function toPolygonTicker(symbol: string): string {
  return symbol.trim().toUpperCase().replace(/-/g, '.');
}

export interface PolygonAdapterOptions extends AdapterOptions {
  /** Current time, for tests; default Date.now. */
  now?: () => number;
}

export class PolygonAdapter implements MarketDataAdapter {
  readonly name = VENDOR;
  private readonly baseUrl: string;
  private readonly now: () => number;
  private snapshotDeniedUntil = 0;

  constructor(private readonly options: PolygonAdapterOptions = {}) {
    this.baseUrl = options.baseUrl ?? POLYGON_BASE_URL;
    this.now = options.now ?? Date.now;
  }

  /** US stocks and ETFs: not crypto, not indices (`^VIX`), not mutual funds. */
  supports(symbol: string): boolean {
    const s = symbol.trim().toUpperCase();
    if (!s || s.startsWith(CRYPTO_PREFIX) || s.startsWith('^') || isGlobalListing(s)) return false;
    return findSecurity(s)?.assetClass !== 'fund';
  }

  async quote(symbol: string, signal: AbortSignal): Promise<Quote> {
    if (this.now() >= this.snapshotDeniedUntil) {
      try {
        return await this.snapshotQuote(symbol, signal);
      } catch (error) {
        if (!isPlanDenied(error)) throw error;
        this.snapshotDeniedUntil = this.now() + SNAPSHOT_DENIED_MS;
      }
    }
    return this.closeQuote(symbol, signal);
  }

  async history(symbol: string, from: string, to: string, signal: AbortSignal): Promise<DailyBar[]> {
    assertIsoDate(from);
    assertIsoDate(to);
    if (to < from) return [];
    const ticker = toPolygonTicker(symbol);
    const url = joinUrl(
      this.baseUrl,
      `v2/aggs/ticker/${encodeURIComponent(ticker)}/range/1/day/${from}/${to}`,
      {
        adjusted: 'true',
        sort: 'asc',
        limit: '50000',
      },
    );
    const body = await this.get(url, aggregates, signal, `history ${symbol}`);
    const bars = new Map<string, DailyBar>();
    for (const a of body.results ?? []) {
      const date = zonedDate(a.t);
      if (date < from || date > to) continue;
      bars.set(date, { date, open: a.o, high: a.h, low: a.l, close: a.c, volume: a.v });
    }
    return [...bars.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  readonly corporateActionsRequests = 2;

  async corporateActions(
    symbol: string,
    from: string,
    to: string,
    signal: AbortSignal,
  ): Promise<CorporateActions> {
    return readCorporateActions(from, to, async () => {
      const ticker = toPolygonTicker(symbol);
      const [dividendBody, splitBody] = await Promise.all([
        this.get(
          joinUrl(this.baseUrl, 'v3/reference/dividends', {
            ticker,
            'ex_dividend_date.gte': from,
            'ex_dividend_date.lte': to,
            sort: 'ex_dividend_date',
            order: 'asc',
            limit: REFERENCE_PAGE,
          }),
          dividendList,
          signal,
          `dividends ${symbol}`,
        ),
        this.get(
          joinUrl(this.baseUrl, 'v3/reference/splits', {
            ticker,
            'execution_date.gte': from,
            'execution_date.lte': to,
            sort: 'execution_date',
            order: 'asc',
            limit: REFERENCE_PAGE,
          }),
          splitList,
          signal,
          `splits ${symbol}`,
        ),
      ]);
      return {
        dividends: (dividendBody.results ?? []).map((row) => ({
          exDate: row.ex_dividend_date,
          payDate: row.pay_date,
          amount: row.cash_amount,
          currency: normalizeCurrency(row.currency ?? 'USD'),
        })),
        splits: (splitBody.results ?? []).map((row) => ({
          date: row.execution_date,
          sharesAfter: row.split_to,
          sharesBefore: row.split_from,
        })),
      };
    });
  }

  private async snapshotQuote(symbol: string, signal: AbortSignal): Promise<Quote> {
    const ticker = toPolygonTicker(symbol);
    const url = joinUrl(
      this.baseUrl,
      `v2/snapshot/locale/us/markets/stocks/tickers/${encodeURIComponent(ticker)}`,
    );
    const body = await this.get(url, snapshot, signal, `quote ${symbol}`);
    const t = body.ticker;
    const previousClose = t?.prevDay?.c;
    const price = t?.lastTrade?.p ?? positive(t?.min?.c) ?? positive(t?.day?.c);
    if (!t || price === undefined || previousClose === undefined) {
      throw vendorError(VENDOR, 'not_found', `quote ${symbol}: no snapshot`);
    }
    const change = t.todaysChange ?? price - previousClose;
    const updatedMs = t.updated !== undefined ? Math.floor(t.updated / 1e6) : undefined;
    return {
      symbol,
      name: findSecurity(symbol)?.name ?? symbol,
      currentPrice: price,
      change,
      changePercent: t.todaysChangePerc ?? (previousClose ? (change / previousClose) * 100 : 0),
      previousClose,
      currency: 'USD',
      source: VENDOR,
      asOf: new Date(updatedMs ?? this.now()).toISOString(),
    };
  }

  /** The latest close and the one before it (see the file comment). */
  private async closeQuote(symbol: string, signal: AbortSignal): Promise<Quote> {
    const today = zonedDate(this.now());
    const bars = await this.history(symbol, addDays(today, -14), today, signal);
    const last = bars.at(-1);
    const before = bars.at(-2);
    if (!last) throw vendorError(VENDOR, 'not_found', `quote ${symbol}: no recent daily bars`);
    // A ticker with a single session has no previous close: its change is shown as 0.
    const previousClose = before?.close ?? last.close;
    const change = last.close - previousClose;
    return {
      symbol,
      name: findSecurity(symbol)?.name ?? symbol,
      currentPrice: last.close,
      change,
      changePercent: previousClose ? (change / previousClose) * 100 : 0,
      previousClose,
      currency: 'USD',
      source: VENDOR,
      asOf: notAfterNow(newYorkCloseIso(last.date), this.now()),
    };
  }

  private get<S extends z.ZodType>(url: string, schema: S, signal: AbortSignal, what: string) {
    const apiKey = this.options.apiKey;
    if (!apiKey) return Promise.reject(vendorError(VENDOR, 'unauthorized', `${what}: no API key configured`));
    return fetchJson(VENDOR, url, {
      schema,
      signal,
      headers: { authorization: `Bearer ${apiKey}` },
      fetch: this.options.fetch,
      secrets: [apiKey],
      check: checkPolygonBody,
      what,
    });
  }
}

function positive(n: number | undefined): number | undefined {
  return n !== undefined && n > 0 ? n : undefined;
}

export function createPolygonAdapter(options: PolygonAdapterOptions = {}): PolygonAdapter {
  return new PolygonAdapter(options);
}
