/**
 * The market-data service: quotes, daily history, symbol search and provider status, for the routes and
 * for every other feature (`app.services.marketData`).
 *
 * Provider order (DESIGN.md "Data sources are honest"):
 * - `auto`: the keyed vendors that have a key (the user's own key for a request, else the server's), largest
 *   quota first (FMP, Polygon, Alpha Vantage); then the keyless ones (CoinGecko for crypto, Yahoo); then the
 *   simulator. Each vendor call has a timeout (2 s), sits behind the vendor's circuit breaker and rate
 *   limiter, and a whole request gives vendors at most `budgetMs` (2.5 s) before the simulator answers.
 * - `simulated`: the simulator only.
 * - a vendor name: that vendor, then the simulator.
 * The simulator serves the security master's symbols only; any other ticker is a 404 'Unknown symbol X'
 * unless a vendor knows it. Every quote carries `source` and `asOf`.
 *
 * The jobs sit in their own files: vendor routing and quotas (vendor-routing.ts), quotes (quotes.ts), history
 * (history.ts, over the stored bars of repository.ts) and search (search.ts); this file puts them together.
 *
 * Vendors count their quotas per API key, so one limiter counts each key's calls: the server's slot for the
 * server's key (even when a user saved the same key), the user key's own otherwise. Calls made elsewhere with
 * a vendor's key (the terminal's calendar and news) take from the same limiter through `takeVendorCall`.
 */
import type { HistoryRange } from '../../../contracts/market-data';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { Quota } from '../../providers/market-data/rate-limiter';
import { createSimulatedSource } from '../../providers/market-data/simulated';
import type {
  AnalystConsensus,
  CompanyFundamentals,
  KeyedVendor,
  MarketDataAdapter,
  PriceTargetConsensus,
  Quote,
  SymbolMatch,
  UserVendorKeys,
  VendorName,
} from '../../providers/market-data/types';
import {
  createHistoryReader,
  type CloseHistoryResult,
  type HistoriesResult,
  type HistoryResult,
} from './history';
import { listingCurrency } from '../../../domain/listings';
import { convertQuotesToUsd, createFxService, type FxRate, type LocalPrice } from './fx';
import { createQuoteReader, type QuotesResult } from './quotes';
import { createBarStore } from './repository';
import { createSymbolSearch } from './search';
import { resolveSymbol, type ResolvedSymbol } from './symbols';
import { createVendorRouting, type MarketDataStatus } from './vendor-routing';

/** What other features read of a history of closes (the terminal's risk figures). */
export type { CloseHistoryResult } from './history';

export const DEFAULT_VENDOR_TIMEOUT_MS = 2000;
export const DEFAULT_REQUEST_BUDGET_MS = 2500;

export interface RequestOptions {
  userKeys?: UserVendorKeys;
}

export interface MarketDataService {
  /** 400 for a malformed ticker, 404 'Unknown symbol X' when nobody can quote it. */
  getQuote(symbol: string, options?: RequestOptions): Promise<Quote>;
  getQuotes(symbols: readonly string[], options?: RequestOptions): Promise<QuotesResult>;
  /**
   * `getQuotes` with every price in USD (what valuations add up): a listing outside the US converted at the
   * day's FX rate, its own price, currency and the rate in `local`.
   */
  getUsdQuotes(symbols: readonly string[], options?: RequestOptions): Promise<UsdQuotesResult>;
  /** The day's rate to USD of each currency given (USD left out), cached per currency and UTC day. */
  getUsdRates(currencies: Iterable<string>): Promise<Map<string, FxRate>>;
  /** The USD rates the closes of these symbols need (their listings' currencies). */
  getUsdRatesOfSymbols(symbols: Iterable<string>): Promise<Map<string, FxRate>>;
  /** Completed sessions of the range, oldest first: US trading days for stocks, every day for crypto. */
  getHistory(symbol: string, range: HistoryRange, options?: RequestOptions): Promise<HistoryResult>;
  /**
   * `getHistory` of many symbols at once, with the stored ones read in one query (and their spans in one
   * more); vendors are asked only for the days not stored yet. Per-ticker errors, like `getQuotes`.
   */
  getHistories(
    symbols: readonly string[],
    range: HistoryRange,
    options?: RequestOptions,
  ): Promise<HistoriesResult<HistoryResult>>;
  /** `getHistories` with only the closes: what risk figures over hundreds of holdings read. */
  getCloseHistories(
    symbols: readonly string[],
    range: HistoryRange,
    options?: RequestOptions,
  ): Promise<HistoriesResult<CloseHistoryResult>>;
  /**
   * Fundamentals of a stock from the first vendor of the chain that has them (the user's own keys first):
   * company figures, and from the same vendor the analysts' ratings and price targets (null when those
   * calls fail). Each endpoint counts on the vendor's quota. Null when no vendor with fundamentals answers.
   */
  getFundamentals(symbol: string, options?: RequestOptions): Promise<FundamentalsResult | null>;
  /** The security master's matches first, then a vendor's (when one answers). */
  search(query: string, options?: RequestOptions): Promise<SymbolMatch[]>;
  status(): MarketDataStatus;
  /** Validation and canonical spelling of a ticker (400 when malformed), without any lookup. */
  resolveSymbol(symbol: string): ResolvedSymbol;
  /**
   * Takes one call from a keyed vendor's quota for an API key, for a call made outside this service (the
   * terminal's calendar and news): from the limiter the quotes with that key use, so that together they stay
   * within the vendor's quota. False, and nothing taken, when none is left (or the key is blank).
   */
  takeVendorCall(vendor: KeyedVendor, apiKey: string): boolean;
}

export interface UsdQuotesResult extends QuotesResult {
  /** Listings outside the US only: the local price, its currency and the rate used. */
  local: Record<string, LocalPrice>;
}

export interface FundamentalsResult {
  source: VendorName;
  company: CompanyFundamentals;
  analysts: AnalystConsensus | null;
  priceTarget: PriceTargetConsensus | null;
}

export interface MarketDataServiceOptions {
  /**
   * `vendorKeys`: the server's keys, the ones the keyed `adapters` were built with (createDefaultAdapters):
   * a call with one of them counts on the server's slot.
   */
  config: Pick<AppConfig, 'marketDataProvider' | 'quoteCacheSeconds'> &
    Partial<Pick<AppConfig, 'vendorKeys'>>;
  db: Database;
  /** The server's adapters: keyless ones, and keyed ones built with the server's keys (when set). */
  adapters: readonly MarketDataAdapter[];
  /** Builds an adapter around a user's own key; without it, user keys are ignored. */
  createKeyedAdapter?: (vendor: KeyedVendor, apiKey: string) => MarketDataAdapter | undefined;
  now?: () => Date;
  /** Per vendor call. Default 2000 ms. */
  timeoutMs?: number;
  /** Per request, for all vendors together. Default 2500 ms. */
  budgetMs?: number;
  breaker?: { failureThreshold?: number; openMs?: number };
  quotas?: Partial<Record<VendorName, Quota>>;
  /** Told about each failed vendor call (for logs); never given an API key. */
  onVendorError?: (vendor: VendorName, error: unknown) => void;
}

export function createMarketDataService(options: MarketDataServiceOptions): MarketDataService {
  const clock = options.now;
  const now = clock ?? (() => new Date());
  // Read on every cache lookup (100 per valuation of 100 holdings): no Date object when there is no test clock.
  const nowMs = clock ? () => clock().getTime() : Date.now;
  const budgetMs = options.budgetMs ?? DEFAULT_REQUEST_BUDGET_MS;
  const simulator = createSimulatedSource();
  const routing = createVendorRouting({
    config: options.config,
    adapters: options.adapters,
    createKeyedAdapter: options.createKeyedAdapter,
    nowMs,
    timeoutMs: options.timeoutMs ?? DEFAULT_VENDOR_TIMEOUT_MS,
    breaker: options.breaker,
    quotas: options.quotas,
    onVendorError: options.onVendorError,
  });
  const quotes = createQuoteReader({
    routing,
    simulator,
    quoteCacheSeconds: options.config.quoteCacheSeconds,
    budgetMs,
    now,
    nowMs,
  });
  const history = createHistoryReader({
    routing,
    store: createBarStore(options.db),
    simulator,
    budgetMs,
    now,
  });
  const search = createSymbolSearch({ routing, budgetMs, nowMs });
  const fx = createFxService({ routing, budgetMs, nowMs });

  async function getUsdQuotes(inputs: readonly string[], userKeys: UserVendorKeys | undefined) {
    const result = await quotes.getQuotes(inputs, userKeys);
    const foreign = Object.values(result.quotes).filter((q) => q.currency !== 'USD');
    if (foreign.length === 0) return { ...result, local: {} };
    const rates = await fx.usdRates(foreign.map((q) => q.currency));
    const converted = convertQuotesToUsd(result.quotes, rates);
    return { ...result, quotes: converted.quotes, local: converted.local };
  }

  async function getFundamentals(input: string, userKeys: UserVendorKeys | undefined) {
    const { symbol } = resolveSymbol(input);
    const budget = AbortSignal.timeout(budgetMs);
    for (const slot of routing.chain(userKeys)) {
      const { adapter } = slot;
      const companyOf = adapter.companyFundamentals?.bind(adapter);
      if (!companyOf || !adapter.supports(symbol)) continue;
      const company = await routing.call(slot, budget, (signal) => companyOf(symbol, signal));
      if (!company.ok) continue;
      const analystsOf = adapter.analystConsensus?.bind(adapter);
      const targetOf = adapter.priceTargetConsensus?.bind(adapter);
      const [analysts, priceTarget] = await Promise.all([
        analystsOf ? routing.call(slot, budget, (signal) => analystsOf(symbol, signal)) : undefined,
        targetOf ? routing.call(slot, budget, (signal) => targetOf(symbol, signal)) : undefined,
      ]);
      return {
        source: slot.vendor,
        company: company.value,
        analysts: analysts?.ok ? analysts.value : null,
        priceTarget: priceTarget?.ok ? priceTarget.value : null,
      };
    }
    return null;
  }

  return {
    resolveSymbol,
    takeVendorCall: (vendor, apiKey) => routing.takeVendorCall(vendor, apiKey),
    getQuote: (input, requestOptions = {}) => quotes.getQuote(input, requestOptions.userKeys),
    getQuotes: (inputs, requestOptions = {}) => quotes.getQuotes(inputs, requestOptions.userKeys),
    getUsdQuotes: (inputs, requestOptions = {}) => getUsdQuotes(inputs, requestOptions.userKeys),
    getUsdRates: (currencies) => fx.usdRates(currencies),
    getUsdRatesOfSymbols: (symbols) => fx.usdRates([...symbols].map(listingCurrency)),
    getHistory: (input, range, requestOptions = {}) =>
      history.getHistory(input, range, requestOptions.userKeys),
    getHistories: (inputs, range, requestOptions = {}) =>
      history.getHistories(inputs, range, requestOptions.userKeys),
    getCloseHistories: (inputs, range, requestOptions = {}) =>
      history.getCloseHistories(inputs, range, requestOptions.userKeys),
    search: (query, requestOptions = {}) => search(query, requestOptions.userKeys),
    getFundamentals: (input, requestOptions = {}) => getFundamentals(input, requestOptions.userKeys),
    status: () => routing.status(),
  };
}
