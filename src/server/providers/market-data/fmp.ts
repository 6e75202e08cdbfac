/**
 * Financial Modeling Prep (keyed; key in the `apikey` query param). `/stable` endpoints only: `/api/v3`
 * is closed to keys created after 2025-08-31 (they get 403 "Legacy Endpoint").
 *
 * - quote: `/stable/quote?symbol=AAPL` (an array; empty for an unknown symbol -> 'not_found');
 * - quotes: `/stable/batch-quote?symbols=A,B`, which FMP sells on paid plans only; on a 402/403 refusal
 *   the adapter asks symbol by symbol instead, and keeps doing so (without trying the batch again) for
 *   the next hours;
 * - history: `/stable/historical-price-eod/full?symbol=AAPL&from=&to=` (a flat array of bars; the v3
 *   `{symbol, historical: [...]}` shape is accepted too);
 * - search: `/stable/search-symbol?query=`;
 * - fundamentals (the advisor): `/stable/profile?symbol=` (market cap, sector, industry),
 *   `/stable/grades-consensus?symbol=` (analysts' ratings) and `/stable/price-target-consensus?symbol=`, each
 *   an array of one item (empty for an unknown symbol -> 'not_found');
 * - corporate actions: `/stable/dividends?symbol=` (every dividend, newest first: `dividend` as declared, not
 *   `adjDividend`, which is divided by later splits; `paymentDate` may be empty) and `/stable/splits?symbol=`
 *   (`numerator` shares for `denominator`), kept within the range here. Two requests, two calls of the quota.
 *
 * FMP's errors come as `{"Error Message": "..."}`: "Invalid API KEY" and "Legacy Endpoint" ->
 * 'unauthorized', "Limit Reach" -> 'rate_limited', a premium/subscription refusal -> 'unauthorized'.
 * FMP quotes carry no currency: the listing's (USD in the US, `GBX` in London, ...; FMP spells symbols as
 * Yahoo does: `TSCO.L`, `7203.T`).
 */
import { z } from 'zod';
import { CRYPTO_PREFIX, findSecurity, listingCurrency } from '../../../domain/security-master';
import type { CorporateActions } from '../../../domain/corporate-actions';
import { readCorporateActions } from './corporate-actions';
import {
  assertIsoDate,
  fetchJson,
  joinUrl,
  vendorError,
  type AdapterOptions,
  type VendorBodyCheck,
} from './http';
import {
  VendorError,
  type AnalystConsensus,
  type CompanyFundamentals,
  type DailyBar,
  type MarketDataAdapter,
  type PriceTargetConsensus,
  type Quote,
  type SymbolMatch,
} from './types';

const VENDOR = 'fmp' as const;
export const FMP_BASE_URL = 'https://financialmodelingprep.com/stable';
const BATCH_DENIED_MS = 6 * 60 * 60 * 1000;
const BATCH_SIZE = 100;

const num = z.number().finite();

const quoteItem = z.object({
  symbol: z.string(),
  name: z.string().nullable().optional(),
  price: num,
  change: num.nullable().optional(),
  changePercentage: num.nullable().optional(),
  previousClose: num.nullable().optional(),
  /** Epoch seconds. */
  timestamp: num.nullable().optional(),
});
const quoteList = z.array(quoteItem);

const eodBar = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  open: num,
  high: num,
  low: num,
  close: num,
  volume: num.nullable().optional(),
});
const eodHistory = z.union([
  z.array(eodBar),
  z.object({ historical: z.array(eodBar) }).transform((b) => b.historical),
  // An unknown symbol in v3 style: `{}`.
  z.strictObject({}).transform(() => []),
]);

const profileList = z.array(
  z.object({
    symbol: z.string(),
    marketCap: num.nullable().optional(),
    sector: z.string().nullable().optional(),
    industry: z.string().nullable().optional(),
  }),
);

const count = z.number().int().nonnegative();
const gradesList = z.array(
  z.object({
    symbol: z.string(),
    strongBuy: count,
    buy: count,
    hold: count,
    sell: count,
    strongSell: count,
    consensus: z.string(),
  }),
);

const priceTargetList = z.array(
  z.object({ symbol: z.string(), targetHigh: num, targetLow: num, targetConsensus: num, targetMedian: num }),
);

const searchList = z.array(
  z.object({
    symbol: z.string(),
    name: z.string().nullable().optional(),
    exchange: z.string().nullable().optional(),
  }),
);

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dividendList = z.array(
  z.object({
    date: isoDay,
    paymentDate: z.string().nullable().optional(),
    dividend: num,
  }),
);
const splitList = z.array(z.object({ date: isoDay, numerator: num, denominator: num }));

/** FMP's `{"Error Message": ...}` bodies (see the file comment). */
export const checkFmpBody: VendorBodyCheck = (body, status) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const message = (body as Record<string, unknown>)['Error Message'];
  if (typeof message !== 'string') return undefined;
  if (/limit reach|too many requests/i.test(message) || status === 429) {
    return { kind: 'rate_limited', message };
  }
  if (/invalid api key|legacy endpoint|premium|subscription|restricted|upgrade/i.test(message)) {
    return { kind: 'unauthorized', message };
  }
  if (status === 401 || status === 402 || status === 403) return { kind: 'unauthorized', message };
  if (status === 404) return { kind: 'not_found', message };
  if (status >= 500) return { kind: 'unavailable', message };
  return { kind: 'bad_response', message };
};

export interface FmpAdapterOptions extends AdapterOptions {
  /** Current time, for tests; default Date.now. */
  now?: () => number;
}

export class FmpAdapter implements MarketDataAdapter {
  readonly name = VENDOR;
  private readonly baseUrl: string;
  private readonly now: () => number;
  private batchDeniedUntil = 0;

  constructor(private readonly options: FmpAdapterOptions = {}) {
    this.baseUrl = options.baseUrl ?? FMP_BASE_URL;
    this.now = options.now ?? Date.now;
  }

  /** US stocks, ETFs and funds; indices (`^VIX`) and crypto are left to other vendors. */
  supports(symbol: string): boolean {
    const s = symbol.trim().toUpperCase();
    return s.length > 0 && !s.startsWith(CRYPTO_PREFIX) && !s.startsWith('^');
  }

  async quote(symbol: string, signal: AbortSignal): Promise<Quote> {
    const items = await this.get(
      'quote',
      { symbol: toFmpSymbol(symbol) },
      quoteList,
      signal,
      `quote ${symbol}`,
    );
    const item = items.find((i) => i.symbol.toUpperCase() === toFmpSymbol(symbol));
    if (!item) throw vendorError(VENDOR, 'not_found', `quote ${symbol}: unknown symbol`);
    return toQuote(symbol, item, this.now());
  }

  /** Symbols FMP does not know are absent from the map. */
  async quotes(symbols: string[], signal: AbortSignal): Promise<Map<string, Quote>> {
    if (this.now() >= this.batchDeniedUntil) {
      try {
        return await this.batchQuotes(symbols, signal);
      } catch (error) {
        if (!(error instanceof VendorError && error.kind === 'unauthorized')) throw error;
        this.batchDeniedUntil = this.now() + BATCH_DENIED_MS;
      }
    }
    return this.singleQuotes(symbols, signal);
  }

  async history(symbol: string, from: string, to: string, signal: AbortSignal): Promise<DailyBar[]> {
    assertIsoDate(from);
    assertIsoDate(to);
    if (to < from) return [];
    const bars = await this.get(
      'historical-price-eod/full',
      { symbol: toFmpSymbol(symbol), from, to },
      eodHistory,
      signal,
      `history ${symbol}`,
    );
    const byDate = new Map<string, DailyBar>();
    for (const b of bars) {
      const date = b.date.slice(0, 10);
      if (date < from || date > to) continue;
      byDate.set(date, {
        date,
        open: b.open,
        high: b.high,
        low: b.low,
        close: b.close,
        volume: b.volume ?? 0,
      });
    }
    return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  readonly corporateActionsRequests = 2;

  async corporateActions(
    symbol: string,
    from: string,
    to: string,
    signal: AbortSignal,
  ): Promise<CorporateActions> {
    return readCorporateActions(from, to, async () => {
      const params = { symbol: toFmpSymbol(symbol) };
      const [dividendRows, splitRows] = await Promise.all([
        this.get('dividends', params, dividendList, signal, `dividends ${symbol}`),
        this.get('splits', params, splitList, signal, `splits ${symbol}`),
      ]);
      const currency = listingCurrency(symbol);
      return {
        dividends: dividendRows.map((row) => ({
          exDate: row.date,
          payDate: row.paymentDate,
          amount: row.dividend,
          currency,
        })),
        splits: splitRows.map((row) => ({
          date: row.date,
          sharesAfter: row.numerator,
          sharesBefore: row.denominator,
        })),
      };
    });
  }

  async search(query: string, signal: AbortSignal): Promise<SymbolMatch[]> {
    const q = query.trim();
    if (!q) return [];
    const items = await this.get('search-symbol', { query: q }, searchList, signal, 'search');
    return items.map((i) => {
      const known = findSecurity(i.symbol);
      return {
        symbol: i.symbol,
        name: i.name ?? known?.name ?? i.symbol,
        // FMP's symbol search does not say what a security is.
        assetClass: known?.assetClass ?? 'unknown',
        ...(i.exchange ? { exchange: i.exchange } : {}),
      };
    });
  }

  async companyFundamentals(symbol: string, signal: AbortSignal): Promise<CompanyFundamentals> {
    const item = await this.firstOf('profile', symbol, profileList, signal);
    return {
      marketCap: item.marketCap ?? null,
      sector: item.sector || null,
      industry: item.industry || null,
    };
  }

  async analystConsensus(symbol: string, signal: AbortSignal): Promise<AnalystConsensus> {
    const { strongBuy, buy, hold, sell, strongSell, consensus } = await this.firstOf(
      'grades-consensus',
      symbol,
      gradesList,
      signal,
    );
    return { strongBuy, buy, hold, sell, strongSell, consensus };
  }

  async priceTargetConsensus(symbol: string, signal: AbortSignal): Promise<PriceTargetConsensus> {
    const { targetHigh, targetLow, targetConsensus, targetMedian } = await this.firstOf(
      'price-target-consensus',
      symbol,
      priceTargetList,
      signal,
    );
    return { targetHigh, targetLow, targetConsensus, targetMedian };
  }

  /** The item of a per-symbol endpoint that answers with an array of one ('not_found' when empty). */
  private async firstOf<S extends z.ZodType<{ symbol: string }[]>>(
    path: string,
    symbol: string,
    schema: S,
    signal: AbortSignal,
  ): Promise<z.output<S>[number]> {
    const fmpSymbol = toFmpSymbol(symbol);
    const items = await this.get(path, { symbol: fmpSymbol }, schema, signal, `${path} ${symbol}`);
    const item = items.find((i) => i.symbol.toUpperCase() === fmpSymbol);
    if (!item) throw vendorError(VENDOR, 'not_found', `${path} ${symbol}: unknown symbol`);
    return item;
  }

  private async batchQuotes(symbols: string[], signal: AbortSignal): Promise<Map<string, Quote>> {
    const bySymbol = new Map(symbols.map((s) => [toFmpSymbol(s), s]));
    const fmpSymbols = [...bySymbol.keys()];
    const out = new Map<string, Quote>();
    for (let i = 0; i < fmpSymbols.length; i += BATCH_SIZE) {
      const chunk = fmpSymbols.slice(i, i + BATCH_SIZE);
      const items = await this.get(
        'batch-quote',
        { symbols: chunk.join(',') },
        quoteList,
        signal,
        'batch quote',
      );
      for (const item of items) {
        const ours = bySymbol.get(item.symbol.toUpperCase());
        if (ours) out.set(ours, toQuote(ours, item, this.now()));
      }
    }
    return out;
  }

  /**
   * One request per symbol. Unknown symbols are skipped; any other failure stops the loop and is thrown,
   * unless some quotes were already had, which are then returned.
   */
  private async singleQuotes(symbols: string[], signal: AbortSignal): Promise<Map<string, Quote>> {
    const out = new Map<string, Quote>();
    for (const symbol of symbols) {
      try {
        out.set(symbol, await this.quote(symbol, signal));
      } catch (error) {
        if (error instanceof VendorError && error.kind === 'not_found') continue;
        if (out.size > 0) return out;
        throw error;
      }
    }
    return out;
  }

  private get<S extends z.ZodType>(
    path: string,
    params: Record<string, string>,
    schema: S,
    signal: AbortSignal,
    what: string,
  ): Promise<z.output<S>> {
    const apiKey = this.options.apiKey;
    if (!apiKey) return Promise.reject(vendorError(VENDOR, 'unauthorized', `${what}: no API key configured`));
    return fetchJson(VENDOR, joinUrl(this.baseUrl, path, { ...params, apikey: apiKey }), {
      schema,
      signal,
      fetch: this.options.fetch,
      secrets: [apiKey],
      check: checkFmpBody,
      what,
    });
  }
}

function toFmpSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

function toQuote(symbol: string, item: z.infer<typeof quoteItem>, now: number): Quote {
  const price = item.price;
  const previousClose = item.previousClose ?? (item.change != null ? price - item.change : price);
  const change = item.change ?? price - previousClose;
  return {
    symbol,
    name: item.name ?? findSecurity(symbol)?.name ?? symbol,
    currentPrice: price,
    change,
    changePercent: item.changePercentage ?? (previousClose ? (change / previousClose) * 100 : 0),
    previousClose,
    currency: listingCurrency(symbol),
    source: VENDOR,
    asOf: new Date(item.timestamp != null ? item.timestamp * 1000 : now).toISOString(),
  };
}

export function createFmpAdapter(options: FmpAdapterOptions = {}): FmpAdapter {
  return new FmpAdapter(options);
}
