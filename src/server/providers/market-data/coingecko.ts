/**
 * CoinGecko, the crypto vendor: keyless public API (base https://api.coingecko.com/api/v3). A demo key,
 * when given, goes in the `x-cg-demo-api-key` header.
 *
 * Symbols: ours are `CRYPTO:BTC`; CoinGecko's ids (`bitcoin`) come from the security master's
 * `coingeckoId`. A symbol without one is not served (`supports` is false).
 *
 * Quotes come from `/coins/markets?vs_currency=usd&ids=...` (up to 100 ids a request, its default page
 * size). Crypto trades around the clock, so there is no close: `previousClose` is the price 24 hours
 * earlier (`current_price - price_change_24h`) and `change`/`changePercent` are CoinGecko's 24-hour
 * change. An id CoinGecko does not return (unknown, or a malformed id, which it drops silently: see the
 * fixture where `" ethereum"` came back as nothing) is absent from `quotes()` and `not_found` for `quote()`.
 *
 * History comes from `/coins/{id}/market_chart?vs_currency=usd&days=N&interval=daily`, which gives one
 * price a day at 00:00 UTC plus, last, the latest price. CoinGecko reports prices only, no OHLC, so each
 * bar has open = high = low = close. The 00:00 UTC price of day D+1 is the close of day D (CoinGecko's
 * own historical table reads it that way), so it is dated D; the latest price, taken during today, is
 * today's bar so far. `volume` is `total_volumes` at the same instant: the 24-hour volume that ends there,
 * that is the volume of the day it closes. The public API serves at most 365 days back.
 */
import { utcDateOf } from '../../../domain/calendar';
import { z } from 'zod';
import { CRYPTO_PREFIX, findSecurity } from '../../../domain/security-master';
import { assertIsoDate, fetchJson, joinUrl, vendorError, type AdapterOptions } from './http';
import { type DailyBar, type MarketDataAdapter, type Quote } from './types';

const VENDOR = 'coingecko' as const;
export const COINGECKO_BASE_URL = 'https://api.coingecko.com/api/v3';
const DAY_MS = 86_400_000;
/** /coins/markets answers 100 coins a page unless asked otherwise. */
const IDS_PER_REQUEST = 100;
/** The public API refuses history older than 365 days. */
const MAX_DAYS = 365;

const num = z.number().finite();

const marketItem = z.object({
  id: z.string(),
  name: z.string(),
  current_price: num.nullable(),
  price_change_24h: num.nullable().optional(),
  price_change_percentage_24h: num.nullable().optional(),
  last_updated: z.string().nullable().optional(),
});
const marketList = z.array(marketItem);

const point = z.tuple([num, num.nullable()]);
const marketChart = z.object({
  prices: z.array(point),
  total_volumes: z.array(point).optional(),
});

/** CoinGecko's own error bodies: `{"status":{"error_code":429,...}}` and `{"error":"..."}`. */
function checkBody(body: unknown, status: number) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as { status?: { error_code?: unknown; error_message?: unknown }; error?: unknown };
  const code = typeof b.status?.error_code === 'number' ? b.status.error_code : undefined;
  const text =
    typeof b.status?.error_message === 'string'
      ? b.status.error_message
      : typeof b.error === 'string'
        ? b.error
        : undefined;
  if (code === undefined && text === undefined) return undefined;
  const effective = code ?? status;
  if (effective === 429 || /rate limit/i.test(text ?? '')) {
    return { kind: 'rate_limited' as const, message: text ?? 'rate limited' };
  }
  if (effective === 401 || effective === 403) return { kind: 'unauthorized' as const, message: text ?? '' };
  if (effective === 404 || /not found/i.test(text ?? ''))
    return { kind: 'not_found' as const, message: text ?? '' };
  if (effective >= 500) return { kind: 'unavailable' as const, message: text ?? '' };
  return { kind: 'bad_response' as const, message: `HTTP ${status}: ${text ?? ''}` };
}

export interface CoinGeckoAdapterOptions extends AdapterOptions {
  /** Current time, for tests; default Date.now. */
  now?: () => number;
}

export class CoinGeckoAdapter implements MarketDataAdapter {
  readonly name = VENDOR;
  private readonly baseUrl: string;
  private readonly headers: Record<string, string>;
  private readonly now: () => number;

  constructor(private readonly options: CoinGeckoAdapterOptions = {}) {
    this.baseUrl = options.baseUrl ?? COINGECKO_BASE_URL;
    this.headers = options.apiKey ? { 'x-cg-demo-api-key': options.apiKey } : {};
    this.now = options.now ?? Date.now;
  }

  supports(symbol: string): boolean {
    return coingeckoIdOf(symbol) !== undefined;
  }

  async quote(symbol: string, signal: AbortSignal): Promise<Quote> {
    const quote = (await this.quotes([symbol], signal)).get(symbol);
    if (!quote) throw vendorError(VENDOR, 'not_found', `quote ${symbol}: CoinGecko returned no price`);
    return quote;
  }

  async quotes(symbols: string[], signal: AbortSignal): Promise<Map<string, Quote>> {
    const symbolsById = new Map<string, string[]>();
    for (const symbol of symbols) {
      const id = coingeckoIdOf(symbol);
      if (!id) continue;
      symbolsById.set(id, [...(symbolsById.get(id) ?? []), symbol]);
    }
    const ids = [...symbolsById.keys()];
    const out = new Map<string, Quote>();
    for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
      const chunk = ids.slice(i, i + IDS_PER_REQUEST);
      // Ids are [a-z0-9-]; commas stay literal as in CoinGecko's documentation.
      const url = `${joinUrl(this.baseUrl, 'coins/markets', { vs_currency: 'usd' })}&ids=${chunk.map(encodeURIComponent).join(',')}`;
      const items = await this.get(url, marketList, signal, 'coins/markets');
      for (const item of items) {
        if (item.current_price === null) continue;
        for (const symbol of symbolsById.get(item.id) ?? []) out.set(symbol, toQuote(symbol, item));
      }
    }
    return out;
  }

  async history(symbol: string, from: string, to: string, signal: AbortSignal): Promise<DailyBar[]> {
    assertIsoDate(from);
    assertIsoDate(to);
    const id = coingeckoIdOf(symbol);
    if (!id) throw vendorError(VENDOR, 'not_found', `history ${symbol}: no CoinGecko id`);
    if (to < from) return [];
    // The close of `from` is the 00:00 UTC price of the next day: ask for enough days to reach it.
    const sinceFirstClose = this.now() - (Date.parse(`${from}T00:00:00Z`) + DAY_MS);
    if (sinceFirstClose < -DAY_MS) return []; // `from` is in the future
    const days = Math.min(MAX_DAYS, Math.max(1, Math.ceil(sinceFirstClose / DAY_MS)));
    const url = joinUrl(this.baseUrl, `coins/${encodeURIComponent(id)}/market_chart`, {
      vs_currency: 'usd',
      days: String(days),
      interval: 'daily',
    });
    const chart = await this.get(url, marketChart, signal, 'market_chart');
    const volumeAt = new Map<number, number>();
    for (const [t, v] of chart.total_volumes ?? []) if (v !== null) volumeAt.set(t, v);
    const bars = new Map<string, { t: number; bar: DailyBar }>();
    for (const [t, price] of chart.prices) {
      if (price === null) continue;
      const date = t % DAY_MS === 0 ? utcDateOf(t - DAY_MS) : utcDateOf(t);
      if (date < from || date > to) continue;
      const existing = bars.get(date);
      if (existing && existing.t > t) continue;
      bars.set(date, {
        t,
        bar: { date, open: price, high: price, low: price, close: price, volume: volumeAt.get(t) ?? 0 },
      });
    }
    return [...bars.values()]
      .map((b) => b.bar)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  private get<S extends z.ZodType>(url: string, schema: S, signal: AbortSignal, what: string) {
    return fetchJson(VENDOR, url, {
      schema,
      signal,
      headers: this.headers,
      fetch: this.options.fetch,
      secrets: [this.options.apiKey],
      check: checkBody,
      what,
    });
  }
}

/** The CoinGecko id of one of our crypto symbols, from the security master. */
export function coingeckoIdOf(symbol: string): string | undefined {
  if (!symbol.trim().toUpperCase().startsWith(CRYPTO_PREFIX)) return undefined;
  return findSecurity(symbol)?.coingeckoId;
}

function toQuote(symbol: string, item: z.infer<typeof marketItem>): Quote {
  const price = item.current_price ?? 0;
  const pct = item.price_change_percentage_24h ?? undefined;
  const change = item.price_change_24h ?? (pct !== undefined ? price - price / (1 + pct / 100) : 0);
  const previousClose = price - change;
  const asOf =
    item.last_updated && !Number.isNaN(Date.parse(item.last_updated)) ? item.last_updated : undefined;
  return {
    symbol,
    name: findSecurity(symbol)?.name ?? item.name,
    currentPrice: price,
    change,
    changePercent: pct ?? (previousClose ? (change / previousClose) * 100 : 0),
    previousClose,
    currency: 'USD',
    source: VENDOR,
    asOf: asOf ? new Date(asOf).toISOString() : new Date().toISOString(),
  };
}

export function createCoinGeckoAdapter(options: CoinGeckoAdapterOptions = {}): CoinGeckoAdapter {
  return new CoinGeckoAdapter(options);
}
