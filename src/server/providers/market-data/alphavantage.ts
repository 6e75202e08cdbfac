/**
 * Alpha Vantage (keyed; base https://www.alphavantage.co/query; key in the `apikey` query param, as the
 * vendor requires). US stocks, ETFs and mutual funds: GLOBAL_QUOTE, TIME_SERIES_DAILY, SYMBOL_SEARCH.
 * No batch quote on the free plan, so `quotes` is absent (the service asks symbol by symbol).
 *
 * Alpha Vantage answers its errors with HTTP 200 and a one-key JSON body:
 * - `{"Note": ...}` (the old 5/minute limit) and `{"Information": ...}` mentioning the rate limit
 *   (the current 25/day) -> 'rate_limited';
 * - `{"Information": ...}` about a premium endpoint -> 'unauthorized' (the key's plan cannot have it);
 *   any other Information -> 'bad_response';
 * - `{"Error Message": ...}` -> 'unauthorized' when it is about the apikey, else 'not_found' (it is the
 *   answer for an unknown symbol: "Invalid API call ...").
 * An empty `"Global Quote": {}` is an unknown symbol: 'not_found'.
 *
 * GLOBAL_QUOTE gives no name, currency or time: the name comes from the security master, the currency is
 * the listing's (`listingCurrency`), and `asOf` is the close (16:00 New York) of its "latest trading day", or
 * now if that is still ahead.
 *
 * Listings outside the US: Alpha Vantage writes London, Toronto and XETRA as `TSCO.LON`, `SHOP.TRT`,
 * `MBG.DEX` (mapped both ways by `toAlphaVantageSymbol` / `fromAlphaVantageSymbol`) and does not list Tokyo,
 * Hong Kong or Sydney (`supports` is false for them).
 *
 * Corporate actions: DIVIDENDS (`amount` per share as declared, `payment_date`, dates "None" when unknown) and
 * SPLITS (`split_factor`: shares after per share before), every one of the symbol's, kept within the range here.
 * Two requests, two calls of the 25 a day.
 *
 * FX: `usdRate` reads FX_DAILY (compact) from the currency to USD and takes the latest day's close;
 * `usdRateHistory` reads its closes over a span (compact when it fits in the latest 100 days, else full).
 */
import { addDays, utcDateOf } from '../../../domain/calendar';
import type { CorporateActions } from '../../../domain/corporate-actions';
import { z } from 'zod';
import { fromAlphaVantageSymbol, toAlphaVantageSymbol } from '../../../domain/listings';
import { CRYPTO_PREFIX, findSecurity, listingCurrency } from '../../../domain/security-master';
import {
  assertIsoDate,
  fetchJson,
  joinUrl,
  newYorkCloseIso,
  notAfterNow,
  vendorError,
  type AdapterOptions,
  type VendorBodyCheck,
} from './http';
import { readCorporateActions } from './corporate-actions';
import {
  type DailyBar,
  type DailyClose,
  type FxQuote,
  type MarketDataAdapter,
  type Quote,
  type SymbolMatch,
} from './types';

const VENDOR = 'alphavantage' as const;
export const ALPHAVANTAGE_BASE_URL = 'https://www.alphavantage.co/query';

/** `compact` is the latest 100 sessions; 100 sessions never span fewer than 140 calendar days. */
const COMPACT_CALENDAR_DAYS = 140;

/** "125.1000" and "-0.5880%" as numbers. */
const numeric = z
  .string()
  .transform((s) => Number(s.trim().replace(/%$/, '')))
  .pipe(z.number().finite());

const globalQuote = z.object({
  'Global Quote': z.union([
    z.object({
      '01. symbol': z.string(),
      '05. price': numeric,
      '07. latest trading day': z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      '08. previous close': numeric,
      '09. change': numeric,
      '10. change percent': numeric,
    }),
    z.strictObject({}),
  ]),
});

const dailySeries = z.object({
  'Time Series (Daily)': z.record(
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    z.object({
      '1. open': numeric,
      '2. high': numeric,
      '3. low': numeric,
      '4. close': numeric,
      '5. volume': numeric,
    }),
  ),
});

const symbolSearch = z.object({
  bestMatches: z.array(
    z.object({
      '1. symbol': z.string(),
      '2. name': z.string(),
      '3. type': z.string(),
      '4. region': z.string().optional(),
    }),
  ),
});

const fxDaily = z.object({
  'Time Series FX (Daily)': z.record(
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    z.object({ '4. close': numeric.pipe(z.number().positive()) }),
  ),
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A symbol Alpha Vantage does not know answers `{}`: nothing listed. */
const nothingListed = z.strictObject({}).transform(() => ({ data: [] }));
const dividendList = z.union([
  z.object({
    data: z.array(
      z.object({ ex_dividend_date: isoDay, payment_date: z.string().optional(), amount: z.string() }),
    ),
  }),
  nothingListed,
]);
const splitList = z.union([
  z.object({ data: z.array(z.object({ effective_date: isoDay, split_factor: z.string() })) }),
  nothingListed,
]);

const CURRENCY_CODE = /^[A-Z]{3}$/;

const RATE_LIMIT_TEXT = /rate limit|call frequency|requests per (day|minute)|spreading out/i;

/** Alpha Vantage's errors-with-200 (see the file comment). */
export const checkAlphaVantageBody: VendorBodyCheck = (body) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  const note = b['Note'];
  const information = b['Information'];
  const errorMessage = b['Error Message'];
  if (typeof note === 'string') return { kind: 'rate_limited', message: note };
  if (typeof information === 'string') {
    if (RATE_LIMIT_TEXT.test(information)) return { kind: 'rate_limited', message: information };
    if (/premium|api ?key/i.test(information)) return { kind: 'unauthorized', message: information };
    return { kind: 'bad_response', message: information };
  }
  if (typeof errorMessage === 'string') {
    if (/api ?key/i.test(errorMessage)) return { kind: 'unauthorized', message: errorMessage };
    return { kind: 'not_found', message: errorMessage };
  }
  return undefined;
};

const ASSET_CLASS: Record<string, string> = { Equity: 'stock', ETF: 'etf', 'Mutual Fund': 'fund' };

export interface AlphaVantageAdapterOptions extends AdapterOptions {
  /** Current time, for tests; default Date.now. */
  now?: () => number;
}

export class AlphaVantageAdapter implements MarketDataAdapter {
  readonly name = VENDOR;
  private readonly baseUrl: string;
  private readonly now: () => number;

  constructor(private readonly options: AlphaVantageAdapterOptions = {}) {
    this.baseUrl = options.baseUrl ?? ALPHAVANTAGE_BASE_URL;
    this.now = options.now ?? Date.now;
  }

  /** Stocks, ETFs and funds of the US, London, Toronto and XETRA: not crypto (CoinGecko's), not indices like ^VIX. */
  supports(symbol: string): boolean {
    const s = symbol.trim().toUpperCase();
    return (
      s.length > 0 && !s.startsWith(CRYPTO_PREFIX) && !s.startsWith('^') && toAlphaVantageSymbol(s) !== null
    );
  }

  async quote(symbol: string, signal: AbortSignal): Promise<Quote> {
    const body = await this.get(
      { function: 'GLOBAL_QUOTE', symbol: this.vendorSymbol(symbol) },
      globalQuote,
      signal,
      `quote ${symbol}`,
    );
    const q = body['Global Quote'];
    if (!('05. price' in q)) throw vendorError(VENDOR, 'not_found', `quote ${symbol}: unknown symbol`);
    return {
      symbol,
      name: findSecurity(symbol)?.name ?? symbol,
      currentPrice: q['05. price'],
      change: q['09. change'],
      changePercent: q['10. change percent'],
      previousClose: q['08. previous close'],
      currency: listingCurrency(symbol),
      source: VENDOR,
      asOf: notAfterNow(newYorkCloseIso(q['07. latest trading day']), this.now()),
    };
  }

  /**
   * Daily bars (as traded, not split-adjusted: TIME_SERIES_DAILY's own numbers). `compact` when the
   * range fits in the latest 100 sessions, else `full` (premium since 2024: a free key gets 'unauthorized',
   * and the service falls back rather than serve a short history).
   */
  async history(symbol: string, from: string, to: string, signal: AbortSignal): Promise<DailyBar[]> {
    assertIsoDate(from);
    assertIsoDate(to);
    if (to < from) return [];
    const compact = from >= addDays(utcDateOf(this.now()), -COMPACT_CALENDAR_DAYS);
    const body = await this.get(
      {
        function: 'TIME_SERIES_DAILY',
        symbol: this.vendorSymbol(symbol),
        outputsize: compact ? 'compact' : 'full',
      },
      dailySeries,
      signal,
      `history ${symbol}`,
    );
    return Object.entries(body['Time Series (Daily)'])
      .filter(([date]) => date >= from && date <= to)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, bar]) => ({
        date,
        open: bar['1. open'],
        high: bar['2. high'],
        low: bar['3. low'],
        close: bar['4. close'],
        volume: bar['5. volume'],
      }));
  }

  readonly corporateActionsRequests = 2;

  async corporateActions(
    symbol: string,
    from: string,
    to: string,
    signal: AbortSignal,
  ): Promise<CorporateActions> {
    return readCorporateActions(from, to, async () => {
      const vendorSymbol = this.vendorSymbol(symbol);
      const [dividendBody, splitBody] = await Promise.all([
        this.get(
          { function: 'DIVIDENDS', symbol: vendorSymbol },
          dividendList,
          signal,
          `dividends ${symbol}`,
        ),
        this.get({ function: 'SPLITS', symbol: vendorSymbol }, splitList, signal, `splits ${symbol}`),
      ]);
      const currency = listingCurrency(symbol);
      return {
        dividends: dividendBody.data.map((row) => ({
          exDate: row.ex_dividend_date,
          payDate: row.payment_date,
          amount: row.amount,
          currency,
        })),
        // `split_factor` is shares after per share before: `4.0000`, `0.1000`.
        splits: splitBody.data.map((row) => ({
          date: row.effective_date,
          sharesAfter: row.split_factor,
          sharesBefore: 1,
        })),
      };
    });
  }

  async search(query: string, signal: AbortSignal): Promise<SymbolMatch[]> {
    const keywords = query.trim();
    if (!keywords) return [];
    const body = await this.get({ function: 'SYMBOL_SEARCH', keywords }, symbolSearch, signal, 'search');
    return body.bestMatches.map((m) => ({
      symbol: fromAlphaVantageSymbol(m['1. symbol']),
      name: m['2. name'],
      assetClass: ASSET_CLASS[m['3. type']] ?? m['3. type'].toLowerCase(),
    }));
  }

  /** The latest FX_DAILY close of `currency` in USD (compact: the latest 100 days, on free keys). */
  async usdRate(currency: string, signal: AbortSignal): Promise<FxQuote> {
    const from = currency.trim().toUpperCase();
    if (!CURRENCY_CODE.test(from))
      throw vendorError(VENDOR, 'not_found', `FX ${currency}: not a currency code`);
    const body = await this.get(
      { function: 'FX_DAILY', from_symbol: from, to_symbol: 'USD', outputsize: 'compact' },
      fxDaily,
      signal,
      `FX ${from}`,
    );
    const days = Object.keys(body['Time Series FX (Daily)']).sort();
    const date = days.at(-1);
    const day = date === undefined ? undefined : body['Time Series FX (Daily)'][date];
    if (date === undefined || !day) throw vendorError(VENDOR, 'not_found', `FX ${from}: no rates`);
    return { currency: from, rate: day['4. close'], date };
  }

  /**
   * FX_DAILY's closes of `currency` in USD from `from` to `to`: `compact` (the latest 100 days) when the span fits
   * in it, else `full` (the whole history).
   */
  async usdRateHistory(
    currency: string,
    from: string,
    to: string,
    signal: AbortSignal,
  ): Promise<DailyClose[]> {
    assertIsoDate(from);
    assertIsoDate(to);
    const code = currency.trim().toUpperCase();
    if (!CURRENCY_CODE.test(code))
      throw vendorError(VENDOR, 'not_found', `FX ${currency}: not a currency code`);
    if (to < from) return [];
    const compact = from >= addDays(utcDateOf(this.now()), -COMPACT_CALENDAR_DAYS);
    const body = await this.get(
      { function: 'FX_DAILY', from_symbol: code, to_symbol: 'USD', outputsize: compact ? 'compact' : 'full' },
      fxDaily,
      signal,
      `FX history ${code}`,
    );
    return Object.entries(body['Time Series FX (Daily)'])
      .filter(([date]) => date >= from && date <= to)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, day]) => ({ date, close: day['4. close'] }));
  }

  /** Alpha Vantage's spelling of a symbol `supports` accepted. */
  private vendorSymbol(symbol: string): string {
    return toAlphaVantageSymbol(symbol) ?? symbol;
  }

  private get<S extends z.ZodType>(
    params: Record<string, string>,
    schema: S,
    signal: AbortSignal,
    what: string,
  ): Promise<z.output<S>> {
    const apiKey = this.options.apiKey;
    if (!apiKey) return Promise.reject(vendorError(VENDOR, 'unauthorized', `${what}: no API key configured`));
    return fetchJson(VENDOR, joinUrl(this.baseUrl, '', { ...params, apikey: apiKey }), {
      schema,
      signal,
      fetch: this.options.fetch,
      secrets: [apiKey],
      check: checkAlphaVantageBody,
      what,
    });
  }
}

export function createAlphaVantageAdapter(options: AlphaVantageAdapterOptions = {}): AlphaVantageAdapter {
  return new AlphaVantageAdapter(options);
}
