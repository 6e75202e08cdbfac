/**
 * Yahoo Finance, keyless, through `yahoo-finance2` (pinned to 3.15.4: the last release whose package
 * declares Node 20 support; 4.x requires Node 22). The library does the cookie + crumb handshake
 * (finance.yahoo.com page -> /v1/test/getcrumb -> `crumb=` on v7 quote and v10 quoteSummary), builds the
 * URLs and queues requests. We give it our own `fetch` (its documented `fetch` option), which:
 *
 * - rewrites https://query1.finance.yahoo.com, query2, finance, fc, guce and consent.yahoo.com to
 *   `baseUrl` when one is set (tests point it at a local server; the cookie jar still sees Yahoo's
 *   hosts, so the handshake is the real one);
 * - maps failures to VendorError before the library sees them (status codes, non-JSON and truncated
 *   bodies, a getcrumb that answers "Too Many Requests"), so no library error text or URL leaks.
 *
 * Session state: yahoo-finance2 keeps the crumb in module state (one per process), and once it has
 * returned a cached crumb it never looks at the cookie jar again, so an expired crumb would stay stuck.
 * We therefore keep one cookie jar per base URL (shared by every adapter on it), remember which base the
 * library's crumb belongs to, and call the library's `getCrumbClear` when switching base URLs and before
 * the one retry of an "Invalid Crumb" (401) answer.
 *
 * Results are taken with `validateResult: false` and checked with our own zod schemas of the fields we
 * use: yahoo-finance2's full-schema validation rejects a whole answer when Yahoo adds or drops an unrelated
 * field, which is its most common failure in practice.
 *
 * Symbols: ours are Yahoo's (`AAPL`, `BRK-B`, `^VIX`, `VFIAX`); crypto `CRYPTO:BTC` is Yahoo's `BTC-USD`
 * (CoinGecko is the crypto vendor; this is a fallback).
 */
import { addDays } from '../../../domain/calendar';
import YahooFinance from 'yahoo-finance2';
import { ExtendedCookieJar } from 'yahoo-finance2/lib/cookieJar';
import { getCrumbClear } from 'yahoo-finance2/lib/getCrumb';
import { z } from 'zod';
import { CRYPTO_PREFIX, findSecurity } from '../../../domain/security-master';
import { normalizeCurrency } from '../../../domain/listings';
import type { CorporateActions } from '../../../domain/corporate-actions';
import {
  assertIsoDate,
  networkError,
  raceSignal,
  responseError,
  snippet,
  vendorError,
  zonedDate,
  type AdapterOptions,
  type FetchLike,
} from './http';
import { readCorporateActions } from './corporate-actions';
import {
  VendorError,
  type DailyBar,
  type DailyClose,
  type FxQuote,
  type MarketDataAdapter,
  type Quote,
  type SecurityProfile,
  type SymbolMatch,
} from './types';

const VENDOR = 'yahoo' as const;

/** Yahoo's hosts that yahoo-finance2 calls (API, cookie page, consent flow). */
const YAHOO_ORIGIN =
  /^https:\/\/(?:query1\.finance|query2\.finance|finance|fc|guce|consent)\.yahoo\.com(?=[/?]|$)/;

/** At most this many symbols per v7 quote request (Yahoo rejects very long symbol lists). */
const QUOTE_BATCH = 50;

const QUIET_LOGGER = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  dir: () => undefined,
};

// ---- symbols ------------------------------------------------------------------------------------

function toYahooSymbol(symbol: string): string {
  const s = symbol.trim().toUpperCase();
  return s.startsWith(CRYPTO_PREFIX) ? `${s.slice(CRYPTO_PREFIX.length)}-USD` : s;
}

function fromYahooSymbol(yahooSymbol: string, quoteType?: string): string | undefined {
  const s = yahooSymbol.toUpperCase();
  if (quoteType === 'CRYPTOCURRENCY') {
    return s.endsWith('-USD') ? `${CRYPTO_PREFIX}${s.slice(0, -'-USD'.length)}` : undefined;
  }
  return s;
}

// ---- response schemas (only the fields we use) ------------------------------------------------------

const num = z.number().finite();

const quoteItem = z.object({
  symbol: z.string(),
  quoteType: z.string().optional(),
  shortName: z.string().optional(),
  longName: z.string().optional(),
  currency: z.string().optional(),
  regularMarketPrice: num,
  regularMarketChange: num.optional(),
  regularMarketChangePercent: num.optional(),
  regularMarketPreviousClose: num.optional(),
  /** The library coerces it to a Date even with `validateResult: false`; raw it is epoch seconds. */
  regularMarketTime: z.union([z.date(), num.transform((s) => new Date(s * 1000))]).optional(),
});
type YahooQuote = z.infer<typeof quoteItem>;

/** What yahoo-finance2's quote() returns for an array query: the v7 `quoteResponse.result` items. */
const quoteList = z.array(z.unknown());

const nullableNumbers = z.array(num.nullable());
/** An event's time, epoch seconds (the session's open on its day). */
const eventTime = z.union([num, z.date().transform((d) => d.getTime() / 1000)]);
const chartObject = z.object({
  meta: z.object({
    exchangeTimezoneName: z.string().optional(),
    currency: z.string().nullable().optional(),
  }),
  timestamp: z.array(num).optional(),
  events: z
    .object({
      dividends: z.record(z.string(), z.object({ amount: num, date: eventTime })).optional(),
      splits: z
        .record(z.string(), z.object({ date: eventTime, numerator: num, denominator: num }))
        .optional(),
    })
    .optional(),
  indicators: z.object({
    quote: z.array(
      z.object({
        open: nullableNumbers.optional(),
        high: nullableNumbers.optional(),
        low: nullableNumbers.optional(),
        close: nullableNumbers.optional(),
        volume: nullableNumbers.optional(),
      }),
    ),
  }),
});

const searchResult = z.object({
  quotes: z.array(
    z.looseObject({
      symbol: z.string().optional(),
      shortname: z.string().optional(),
      longname: z.string().optional(),
      quoteType: z.string().optional(),
      exchDisp: z.string().optional(),
      exchange: z.string().optional(),
    }),
  ),
});

const quoteSummaryResult = z.object({
  assetProfile: z
    .object({
      sector: z.string().optional(),
      industry: z.string().optional(),
      country: z.string().optional(),
      longBusinessSummary: z.string().optional(),
      website: z.string().optional(),
    })
    .optional(),
  price: z
    .object({
      longName: z.string().nullable().optional(),
      shortName: z.string().nullable().optional(),
    })
    .optional(),
});

// ---- fetch wrapper ---------------------------------------------------------------------------------

function urlOf(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * The `fetch` handed to yahoo-finance2: rewrites Yahoo's hosts to `baseUrl` and turns every failure into
 * a VendorError (which the library lets through unchanged). Successful bodies are handed back as new
 * Responses, since this wrapper has read them.
 */
export function yahooFetch(baseUrl: string | undefined, inner: FetchLike = globalThis.fetch): FetchLike {
  const base = baseUrl?.replace(/\/+$/, '');
  return async (input, init) => {
    const original = urlOf(input);
    const url = base ? original.replace(YAHOO_ORIGIN, base) : original;
    const path = new URL(url).pathname;
    const what = path.includes('/getcrumb')
      ? 'crumb'
      : /\/v\d+\/finance\//.test(path)
        ? (path.split('/finance/')[1]?.split('/')[0] ?? 'request')
        : 'cookie';
    const signal = init?.signal ?? undefined;
    let response: Response;
    try {
      response = await inner(url, init);
    } catch (error) {
      throw networkError(VENDOR, error, signal, what);
    }
    // The cookie handshake follows redirects itself (redirect: 'manual').
    if (response.status >= 300 && response.status < 400) return response;
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw networkError(VENDOR, error, signal, what);
    }
    const isHandshake = what === 'crumb' || what === 'cookie';
    const failure = responseError(VENDOR, response.status, text, { expectJson: !isHandshake, what });
    if (failure) {
      // A handshake page that fails is no answer about the symbol: not 'not_found', just no session.
      if (isHandshake && failure.kind !== 'rate_limited' && failure.kind !== 'timeout') {
        throw vendorError(VENDOR, 'unavailable', `${what}: HTTP ${response.status}`);
      }
      throw failure;
    }
    if (what === 'crumb') {
      // Yahoo has answered getcrumb with "Edge: Too Many Requests" (see fixtures); a crumb is one short token.
      if (/too many requests/i.test(text))
        throw vendorError(VENDOR, 'rate_limited', `crumb: ${snippet(text)}`);
      if (!/^\S{1,64}$/.test(text)) throw vendorError(VENDOR, 'bad_response', 'crumb: not a crumb');
    }
    return new Response(text === '' ? null : text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** yahoo-finance2's own errors (thrown from a `{ "...": { "error": { "code": ... } } }` body) as ours. */
function libraryError(error: unknown, signal: AbortSignal, what: string): VendorError {
  if (error instanceof VendorError) return error;
  if (signal.aborted) return networkError(VENDOR, error, signal, what);
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? snippet(error.message) : 'unexpected failure';
  switch (name) {
    case 'NotFoundError':
      return vendorError(VENDOR, 'not_found', `${what}: ${message}`);
    case 'UnauthorizedError':
    case 'ForbiddenError':
      return vendorError(VENDOR, 'unauthorized', `${what}: ${message}`);
    case 'TooManyRequestsError':
      return vendorError(VENDOR, 'rate_limited', `${what}: ${message}`);
    case 'AbortError':
    case 'TimeoutError':
      return networkError(VENDOR, error, signal, what);
    default:
      // Crumb handshake changes ("No set-cookie header ..."), unexpected shapes, Bad Request bodies.
      return vendorError(VENDOR, 'bad_response', `${what}: ${message}`);
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw vendorError(VENDOR, 'bad_response', `${what}: unexpected body${where}`);
  }
  return result.data;
}

// ---- session -----------------------------------------------------------------------------------------

const REAL_YAHOO = 'https://finance.yahoo.com';
const jars = new Map<string, ExtendedCookieJar>();
/** The base URL whose cookie + crumb handshake the library's module-level crumb came from. */
let crumbOwner: string | undefined;

function jarFor(sessionKey: string): ExtendedCookieJar {
  let jar = jars.get(sessionKey);
  if (!jar) {
    jar = new ExtendedCookieJar();
    jars.set(sessionKey, jar);
  }
  return jar;
}

// ---- adapter -----------------------------------------------------------------------------------------

export interface YahooAdapterOptions extends Omit<AdapterOptions, 'apiKey'> {
  /** Current time, for tests; default Date.now. */
  now?: () => number;
}

export class YahooAdapter implements MarketDataAdapter {
  readonly name = VENDOR;
  private readonly sessionKey: string;
  private readonly jar: ExtendedCookieJar;
  private readonly client: InstanceType<typeof YahooFinance>;
  private readonly now: () => number;

  constructor(options: YahooAdapterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.sessionKey = options.baseUrl?.replace(/\/+$/, '') ?? REAL_YAHOO;
    this.jar = jarFor(this.sessionKey);
    this.client = new YahooFinance({
      fetch: yahooFetch(options.baseUrl, options.fetch),
      cookieJar: this.jar,
      logger: QUIET_LOGGER,
      versionCheck: false,
      suppressNotices: ['yahooSurvey', 'ripHistorical'],
      validation: { logErrors: false, logOptionsErrors: false },
    });
  }

  supports(symbol: string): boolean {
    const s = symbol.trim();
    return s.length > 0 && !/\s/.test(s);
  }

  async quote(symbol: string, signal: AbortSignal): Promise<Quote> {
    const quotes = await this.quotes([symbol], signal);
    const quote = quotes.get(symbol);
    if (!quote) throw vendorError(VENDOR, 'not_found', `quote ${symbol}: no such symbol`);
    return quote;
  }

  /** Yahoo's FX pair `GBPUSD=X`: its regular-market price is the rate, its day the rate's date (UTC). */
  async usdRate(currency: string, signal: AbortSignal): Promise<FxQuote> {
    const from = currency.trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(from))
      throw vendorError(VENDOR, 'not_found', `FX ${currency}: not a currency code`);
    const quote = await this.quote(`${from}USD=X`, signal);
    if (!(quote.currentPrice > 0)) throw vendorError(VENDOR, 'bad_response', `FX ${from}: no rate`);
    return { currency: from, rate: quote.currentPrice, date: quote.asOf.slice(0, 10) };
  }

  /** The daily closes of Yahoo's FX pair `EURUSD=X` (USD per unit), each dated its session's day. */
  async usdRateHistory(
    currency: string,
    from: string,
    to: string,
    signal: AbortSignal,
  ): Promise<DailyClose[]> {
    const code = currency.trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(code))
      throw vendorError(VENDOR, 'not_found', `FX ${currency}: not a currency code`);
    const bars = await this.history(`${code}USD=X`, from, to, signal);
    return bars.filter((bar) => bar.close > 0).map(({ date, close }) => ({ date, close }));
  }

  /** Symbols Yahoo does not know are absent from the map (Yahoo answers `result: []` for them). */
  async quotes(symbols: string[], signal: AbortSignal): Promise<Map<string, Quote>> {
    const bySymbol = new Map<string, string>();
    for (const symbol of symbols) bySymbol.set(toYahooSymbol(symbol), symbol);
    const yahooSymbols = [...bySymbol.keys()];
    const out = new Map<string, Quote>();
    for (let i = 0; i < yahooSymbols.length; i += QUOTE_BATCH) {
      const batch = yahooSymbols.slice(i, i + QUOTE_BATCH);
      const raw = await this.call('quote', signal, (fetchOptions) =>
        this.client.quote(batch, {}, { validateResult: false, fetchOptions }),
      );
      for (const item of parse(quoteList, raw, 'quote')) {
        const q = parse(quoteItem, item, 'quote');
        const ours = bySymbol.get(q.symbol.toUpperCase());
        if (ours) out.set(ours, toQuote(ours, q));
      }
    }
    return out;
  }

  async history(symbol: string, from: string, to: string, signal: AbortSignal): Promise<DailyBar[]> {
    assertIsoDate(from);
    assertIsoDate(to);
    if (to < from) return [];
    const chart = await this.chart(symbol, from, to, signal);
    const timeZone = chart.meta.exchangeTimezoneName ?? 'America/New_York';
    const q = chart.indicators.quote[0] ?? {};
    const bars = new Map<string, DailyBar>();
    (chart.timestamp ?? []).forEach((t, i) => {
      const close = q.close?.[i];
      if (close === null || close === undefined) return; // no trade that day (Yahoo sends nulls)
      const date = zonedDate(t * 1000, timeZone);
      if (date < from || date > to) return;
      bars.set(date, {
        date,
        open: q.open?.[i] ?? close,
        high: q.high?.[i] ?? close,
        low: q.low?.[i] ?? close,
        close,
        volume: q.volume?.[i] ?? 0,
      });
    });
    return [...bars.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  /**
   * Dividends and splits from the chart's events: the history's own request (yahoo-finance2 asks for
   * `events=div|split|earn` by default), run from `from` to today. Yahoo divides past dividends by every later
   * split (AAPL's $3.29 of 2014 is listed as 0.47 after the 7-for-1), so the splits up to today are needed to
   * give each amount as declared. Dividends are in the listing's currency (`GBX` for London).
   */
  async corporateActions(
    symbol: string,
    from: string,
    to: string,
    signal: AbortSignal,
  ): Promise<CorporateActions> {
    return readCorporateActions(
      from,
      to,
      async () => {
        const today = zonedDate(this.now());
        const chart = await this.chart(symbol, from, to > today ? to : today, signal);
        const timeZone = chart.meta.exchangeTimezoneName ?? 'America/New_York';
        const currency = normalizeCurrency(chart.meta.currency ?? 'USD');
        const dayOf = (seconds: number) => zonedDate(seconds * 1000, timeZone);
        return {
          dividends: Object.values(chart.events?.dividends ?? {}).map((event) => ({
            exDate: dayOf(event.date),
            amount: event.amount,
            currency,
          })),
          splits: Object.values(chart.events?.splits ?? {}).map((event) => ({
            date: dayOf(event.date),
            sharesAfter: event.numerator,
            sharesBefore: event.denominator,
          })),
        };
      },
      { amountsSplitAdjusted: true },
    );
  }

  /** The v8 chart of daily sessions from `from` to `to` (YYYY-MM-DD, inclusive), with its events. */
  private async chart(symbol: string, from: string, to: string, signal: AbortSignal) {
    // period1 = `from` 00:00 UTC, period2 = the day after `to` 00:00 UTC: covers every session in between.
    const raw = await this.call('chart', signal, (fetchOptions) =>
      this.client.chart(
        toYahooSymbol(symbol),
        { period1: from, period2: addDays(to, 1), interval: '1d', return: 'object' },
        { validateResult: false, fetchOptions },
      ),
    );
    return parse(chartObject, raw, 'chart');
  }

  /** Stocks, ETFs, funds, indices and USD crypto pairs; options, futures and currencies are left out. */
  async search(query: string, signal: AbortSignal): Promise<SymbolMatch[]> {
    const q = query.trim();
    if (!q) return [];
    const raw = await this.call('search', signal, (fetchOptions) =>
      this.client.search(q, { quotesCount: 10, newsCount: 0 }, { validateResult: false, fetchOptions }),
    );
    const result = parse(searchResult, raw, 'search');
    const matches: SymbolMatch[] = [];
    for (const item of result.quotes) {
      if (!item.symbol || !item.quoteType) continue;
      const assetClass = ASSET_CLASS[item.quoteType];
      const symbol = fromYahooSymbol(item.symbol, item.quoteType);
      if (!assetClass || !symbol) continue;
      matches.push({
        symbol,
        name: item.longname ?? item.shortname ?? findSecurity(symbol)?.name ?? symbol,
        assetClass,
        ...((item.exchDisp ?? item.exchange) ? { exchange: item.exchDisp ?? item.exchange } : {}),
      });
    }
    return matches;
  }

  async profile(symbol: string, signal: AbortSignal): Promise<SecurityProfile> {
    const raw = await this.call('quoteSummary', signal, (fetchOptions) =>
      this.client.quoteSummary(
        toYahooSymbol(symbol),
        { modules: ['assetProfile', 'price'] },
        { validateResult: false, fetchOptions },
      ),
    );
    if (raw === undefined || raw === null) {
      throw vendorError(VENDOR, 'not_found', `quoteSummary ${symbol}: no data`);
    }
    const result = parse(quoteSummaryResult, raw, 'quoteSummary');
    const p = result.assetProfile;
    if (!p) throw vendorError(VENDOR, 'not_found', `quoteSummary ${symbol}: no profile`);
    const name = result.price?.longName ?? result.price?.shortName ?? findSecurity(symbol)?.name ?? symbol;
    return {
      symbol,
      name,
      ...(p.sector ? { sector: p.sector } : {}),
      ...(p.industry ? { industry: p.industry } : {}),
      ...(p.country ? { country: p.country } : {}),
      ...(p.longBusinessSummary ? { description: p.longBusinessSummary } : {}),
      ...(p.website ? { website: p.website } : {}),
    };
  }

  /**
   * Runs one library call under the caller's signal. An 'unauthorized' answer (an expired crumb:
   * "Invalid Crumb") is retried once with a fresh cookie + crumb handshake.
   */
  private async call<T>(
    what: string,
    signal: AbortSignal,
    run: (fetchOptions: RequestInit) => Promise<T>,
  ): Promise<unknown> {
    if (crumbOwner !== this.sessionKey) {
      await getCrumbClear(this.jar);
      crumbOwner = this.sessionKey;
    }
    for (let attempt = 0; ; attempt++) {
      try {
        return await raceSignal(VENDOR, run({ signal }), signal);
      } catch (error) {
        const mapped = libraryError(error, signal, what);
        if (mapped.kind === 'unauthorized' && attempt === 0 && !signal.aborted) {
          await getCrumbClear(this.jar);
          continue;
        }
        throw mapped;
      }
    }
  }
}

const ASSET_CLASS: Record<string, string> = {
  EQUITY: 'stock',
  ETF: 'etf',
  MUTUALFUND: 'fund',
  INDEX: 'index',
  CRYPTOCURRENCY: 'crypto',
};

function toQuote(symbol: string, q: YahooQuote): Quote {
  const price = q.regularMarketPrice;
  const previousClose =
    q.regularMarketPreviousClose ??
    (q.regularMarketChange !== undefined ? price - q.regularMarketChange : price);
  const change = q.regularMarketChange ?? price - previousClose;
  const changePercent = q.regularMarketChangePercent ?? (previousClose ? (change / previousClose) * 100 : 0);
  const asOf = q.regularMarketTime ?? new Date();
  return {
    symbol,
    // Yahoo names a crypto pair "Bitcoin USD"; the security master's name is the asset's.
    name: symbol.startsWith(CRYPTO_PREFIX)
      ? (findSecurity(symbol)?.name ?? q.shortName ?? symbol)
      : (q.longName ?? q.shortName ?? findSecurity(symbol)?.name ?? symbol),
    currentPrice: price,
    change,
    changePercent,
    previousClose,
    currency: normalizeCurrency(q.currency ?? 'USD'),
    source: VENDOR,
    asOf: asOf.toISOString(),
  };
}

export function createYahooAdapter(options: YahooAdapterOptions = {}): YahooAdapter {
  return new YahooAdapter(options);
}
