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
 * (history.ts, over the stored bars of repository.ts), search (search.ts) and dividends and splits
 * (corporate-actions.ts); this file puts them together.
 *
 * Vendors count their quotas per API key, so one limiter counts each key's calls: the server's slot for the
 * server's key (even when a user saved the same key), the user key's own otherwise. Calls made elsewhere with
 * a vendor's key (the terminal's calendar and news) take from the same limiter through `takeVendorCall`.
 *
 * The pricing surface (pricing.ts) is what other features read: portfolios and listings priced in USD, closes
 * in USD for analytics and in the listing's currency for charts. A call says whose it is (`{ userId }`); the
 * service reads that user's own vendor keys itself (`userVendorKeys`), so no caller handles keys.
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
  type CloseColumnsResult,
  type CloseHistoryResult,
  type HistoriesResult,
  type HistoryResult,
} from './history';
import { createCorporateActionsReader, type CorporateActionsResult } from './corporate-actions';
import { createFxService } from './fx';
import { baseRatesOf, type BaseRates } from './fx-history';
import {
  createPricing,
  DEFAULT_CLOSES_CACHE_MS,
  priceHoldings,
  type CloseHistories,
  type LocalCloseHistory,
  type PricedPortfolio,
  type UsdPrices,
} from './pricing';
import { createQuoteReader, type QuotesResult } from './quotes';
import { createBarStore, type DateSpan } from './repository';
import { createSymbolSearch } from './search';
import { resolveSymbol, type ResolvedSymbol } from './symbols';
import { createVendorRouting, type MarketDataStatus } from './vendor-routing';

/** What other features read of the pricing surface. */
export type { CloseColumnsResult, CloseHistoryResult, HistoriesResult } from './history';
export type { BaseRates } from './fx-history';
export type { CorporateActionsResult } from './corporate-actions';
export type { CloseHistories, LocalCloseHistory, PricedPortfolio, UsdPrices } from './pricing';
/**
 * Portfolios priced, or only valued, from a batch of `getUsdPrices` (features that value many at once); USD prices
 * from quotes already in USD (a test's quote source).
 */
export { priceHoldings, usdPricesOf, valueHoldings } from './pricing';

export const DEFAULT_VENDOR_TIMEOUT_MS = 2000;
export const DEFAULT_REQUEST_BUDGET_MS = 2500;

/** Whose call it is: a signed-in user's own vendor keys (API settings) serve it; none for a visitor or a job. */
export interface Caller {
  userId?: string;
}

/** The keyed vendors' keys that serve a user: their own, else the server's. */
export type VendorKeys = Partial<Record<KeyedVendor, string>>;

export interface MarketDataService {
  // ---------------------------------------------------------------- the pricing surface (pricing.ts)
  /**
   * A portfolio priced in USD: each holding's price, value, weight and day's change (a listing outside the US at
   * the day's FX rate, its own price, currency and the rate in `local`), the totals, and the holdings left out
   * of every figure (`unpricedSymbols`; `unknownSymbols` no source found).
   */
  pricePortfolio(holdings: Readonly<Record<string, number>>, caller?: Caller): Promise<PricedPortfolio>;
  /** Listings' prices in USD from one batch of quotes (for valuing many portfolios at once). */
  getUsdPrices(symbols: readonly string[], caller?: Caller): Promise<UsdPrices>;
  /**
   * Daily closes in USD at today's rate, for analytics (risk figures, weights, value over time): the stored ones
   * in one query, cached per symbol, range and UTC day. Per-ticker errors (a currency without a rate is one).
   */
  getUsdCloses(symbols: readonly string[], range: HistoryRange, caller?: Caller): Promise<CloseHistories>;
  /** The same closes in each listing's own currency, named with it: for a chart of a listing's own price. */
  getLocalCloses(
    symbols: readonly string[],
    range: HistoryRange,
    caller?: Caller,
  ): Promise<CloseHistories<LocalCloseHistory>>;
  /**
   * Each symbol's daily closes in its trading currency from `from` to `to` (YYYY-MM-DD; ending at the last
   * completed session), as `getCloseHistories` reads them: stored vendor closes (missing days asked of the
   * vendors), else the simulator's for the security master's symbols (`simulated`); an error per unknown symbol.
   */
  getClosesBetween(
    symbols: readonly string[],
    span: DateSpan,
    caller?: Caller,
  ): Promise<HistoriesResult<CloseColumnsResult>>;
  /**
   * Base-currency units per unit of each currency for each day from `from` to `to`: vendors' daily FX history
   * (stored once), else the simulator's reference rate held flat and labelled `simulated`; cross rates through
   * USD. An error per currency without any rate (fx-history.ts).
   */
  getBaseRates(currencies: readonly string[], base: string, span: DateSpan): Promise<BaseRates>;
  /** The keys of the keyed vendors that serve this user (the terminal's calendar and news): theirs, else the server's. */
  vendorKeysFor(caller?: Caller): Promise<VendorKeys>;

  // ------------------------------------------------- listings as quoted (the market-data API, paper trading)
  /** 400 for a malformed ticker, 404 'Unknown symbol X' when nobody can quote it. In the listing's currency. */
  getQuote(symbol: string, caller?: Caller): Promise<Quote>;
  getQuotes(symbols: readonly string[], caller?: Caller): Promise<QuotesResult>;
  /** Completed sessions of the range, oldest first: US trading days for stocks, every day for crypto. */
  getHistory(symbol: string, range: HistoryRange, caller?: Caller): Promise<HistoryResult>;
  /**
   * `getHistory` of many symbols at once, with the stored ones read in one query (and their spans in one
   * more); vendors are asked only for the days not stored yet. Per-ticker errors, like `getQuotes`.
   */
  getHistories(
    symbols: readonly string[],
    range: HistoryRange,
    caller?: Caller,
  ): Promise<HistoriesResult<HistoryResult>>;
  /** `getHistories` with only the closes, read from the store every time (`getUsdCloses` caches them). */
  getCloseHistories(
    symbols: readonly string[],
    range: HistoryRange,
    caller?: Caller,
  ): Promise<HistoriesResult<CloseHistoryResult>>;
  /**
   * Fundamentals of a stock from the first vendor of the chain that has them (the user's own keys first):
   * company figures, and from the same vendor the analysts' ratings and price targets (null when those
   * calls fail). Each endpoint counts on the vendor's quota. Null when no vendor with fundamentals answers.
   */
  getFundamentals(symbol: string, caller?: Caller): Promise<FundamentalsResult | null>;
  /**
   * Dividends (by ex-date, as declared) and splits of a listing from `from` to `to` (YYYY-MM-DD, inclusive) from
   * the first vendor that gives them; for the security master's listings, empty lists with `source:
   * 'simulated'` and a note when none does (the simulator has no corporate actions). 404 for an unknown symbol.
   */
  getCorporateActions(
    symbol: string,
    from: string,
    to: string,
    caller?: Caller,
  ): Promise<CorporateActionsResult>;
  /** The security master's matches first, then a vendor's (when one answers). */
  search(query: string, caller?: Caller): Promise<SymbolMatch[]>;
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
  /** A signed-in user's own vendor keys (API settings); without it, only the server's keys serve. */
  userVendorKeys?: (userId: string) => Promise<UserVendorKeys>;
  /** How long daily closes are kept for `getUsdCloses` / `getLocalCloses`. Default 15 minutes; 0 = never. */
  closesCacheMs?: number;
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
  const corporateActions = createCorporateActionsReader({ routing, budgetMs, nowMs });
  const fx = createFxService({ routing, budgetMs, nowMs });
  const pricing = createPricing({
    getQuotes: (inputs, userKeys) => quotes.getQuotes(inputs, userKeys),
    getCloseHistories: (inputs, range, userKeys) => history.getCloseHistories(inputs, range, userKeys),
    usdRates: (currencies) => fx.usdRates(currencies),
    keysFingerprint: (userKeys) => routing.keysFingerprint(userKeys),
    closesCacheMs: options.closesCacheMs ?? DEFAULT_CLOSES_CACHE_MS,
    nowMs,
  });

  /**
   * A user's own keys, read once for concurrent calls of that user (an overview's quotes, closes and feeds
   * together), and afresh for later calls, so a key saved on /api-settings serves the next request. Not read
   * when they could change nothing (simulated prices, or no way to use a user's key).
   */
  const keysInFlight = new Map<string, Promise<UserVendorKeys>>();
  function readUserKeys(userId: string | undefined): Promise<UserVendorKeys | undefined> {
    const read = options.userVendorKeys;
    if (!userId || !read) return Promise.resolve(undefined);
    let pending = keysInFlight.get(userId);
    if (!pending) {
      pending = read(userId).finally(() => keysInFlight.delete(userId));
      keysInFlight.set(userId, pending);
    }
    return pending;
  }
  const pricesUseUserKeys =
    options.config.marketDataProvider !== 'simulated' && options.createKeyedAdapter !== undefined;
  /**
   * Runs `call` with the caller's own keys. A visitor's call, or one whose keys could change nothing, runs at
   * once: a warm quote waits on no extra promise.
   */
  function withKeys<T>(
    caller: Caller | undefined,
    call: (userKeys: UserVendorKeys | undefined) => Promise<T>,
  ): Promise<T> {
    const userId = caller?.userId;
    if (!pricesUseUserKeys || !userId || !options.userVendorKeys) return call(undefined);
    return readUserKeys(userId).then(call);
  }

  async function vendorKeysFor(caller: Caller | undefined): Promise<VendorKeys> {
    const keys: VendorKeys = {};
    for (const [vendor, key] of Object.entries(options.config.vendorKeys ?? {})) {
      if (key) keys[vendor as KeyedVendor] = key;
    }
    for (const [vendor, key] of Object.entries((await readUserKeys(caller?.userId)) ?? {})) {
      if (key?.trim()) keys[vendor as KeyedVendor] = key;
    }
    return keys;
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

  function getUsdPrices(inputs: readonly string[], caller: Caller | undefined): Promise<UsdPrices> {
    if (inputs.length === 0) return Promise.resolve({ prices: {}, errors: {}, sources: [] });
    return withKeys(caller, (userKeys) => pricing.usdPrices(inputs, userKeys));
  }

  return {
    pricePortfolio: async (holdings, caller) =>
      priceHoldings(holdings, await getUsdPrices(Object.keys(holdings), caller)),
    getUsdPrices,
    getUsdCloses: (inputs, range, caller) =>
      withKeys(caller, (userKeys) => pricing.usdCloses(inputs, range, userKeys)),
    getLocalCloses: (inputs, range, caller) =>
      withKeys(caller, (userKeys) => pricing.localCloses(inputs, range, userKeys)),
    getClosesBetween: (inputs, span, caller) =>
      withKeys(caller, (userKeys) => history.getCloseColumns(inputs, span, userKeys)),
    getBaseRates: (currencies, base, span) =>
      baseRatesOf({
        currencies,
        base,
        span,
        usdHistories: (majors, wanted) => history.getUsdRateHistories(majors, wanted),
      }),
    vendorKeysFor,
    resolveSymbol,
    takeVendorCall: (vendor, apiKey) => routing.takeVendorCall(vendor, apiKey),
    getQuote: (input, caller) => withKeys(caller, (userKeys) => quotes.getQuote(input, userKeys)),
    getQuotes: (inputs, caller) => withKeys(caller, (userKeys) => quotes.getQuotes(inputs, userKeys)),
    getHistory: (input, range, caller) =>
      withKeys(caller, (userKeys) => history.getHistory(input, range, userKeys)),
    getHistories: (inputs, range, caller) =>
      withKeys(caller, (userKeys) => history.getHistories(inputs, range, userKeys)),
    getCloseHistories: (inputs, range, caller) =>
      withKeys(caller, (userKeys) => history.getCloseHistories(inputs, range, userKeys)),
    search: (query, caller) => withKeys(caller, (userKeys) => search(query, userKeys)),
    getCorporateActions: (input, from, to, caller) =>
      withKeys(caller, (userKeys) => corporateActions(input, from, to, userKeys)),
    getFundamentals: (input, caller) => withKeys(caller, (userKeys) => getFundamentals(input, userKeys)),
    status: () => routing.status(),
  };
}
