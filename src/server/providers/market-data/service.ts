/**
 * The market-data service: quotes, daily history, symbol search and provider status, for the routes and
 * for every other feature (`app.deps.marketData`).
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
 * Quotes are cached per symbol for `quoteCacheSeconds` with in-flight de-duplication. Vendor daily bars are
 * stored in `daily_bar` with the span already fetched per symbol, so a history request asks the vendor only
 * for the days not yet covered; the histories of many symbols (`getHistories`, `getCloseHistories`) are read
 * back in one query. Simulated bars are computed on demand and never stored.
 *
 * Vendors count their quotas per API key, so one limiter counts each key's calls: the server's slot for the
 * server's key (even when a user saved the same key), the user key's own otherwise. Calls made elsewhere with
 * a vendor's key (the terminal's calendar and news) take from the same limiter through `takeVendorCall`.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../../../contracts/errors';
import type { HistoryRange } from '../../../contracts/market-data';
import { lastCompletedTradingDay } from '../../../domain/market-simulator';
import { searchSecurities } from '../../../domain/security-master';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import {
  createBarStore,
  type DateSpan,
  type StoredBar,
  type StoredSeries,
  type SymbolSpan,
} from './bar-store';
import { createTtlCache, setBounded, type BatchResult } from '../../lib/cache';
import { createCircuitBreaker, type CircuitBreaker, type CircuitState } from './circuit-breaker';
import { rejectOnAbort } from '../../lib/abort';
import { mapWithConcurrency } from '../../lib/concurrency';
import {
  createRateLimiter,
  VENDOR_QUOTAS,
  type Quota,
  type QuotaWindow,
  type RateLimiter,
} from './rate-limiter';
import { createSimulatedSource } from './simulated';
import { resolveSymbol, type ResolvedSymbol } from './symbols';
import {
  VendorError,
  type DailyBar,
  type DailyClose,
  type MarketDataAdapter,
  type MarketDataSource,
  type Quote,
  type SymbolMatch,
  type VendorName,
} from './types';

export type KeyedVendor = 'alphavantage' | 'polygon' | 'fmp';
/** A user's own vendor keys (API settings), used for that user's requests. */
export type UserVendorKeys = Partial<Record<KeyedVendor, string>>;

/** Keyed vendors in the order tried: the largest free quota first. */
export const KEYED_VENDORS: readonly KeyedVendor[] = ['fmp', 'polygon', 'alphavantage'];
/** Every vendor, in the order the status lists them. */
export const ALL_VENDORS: readonly VendorName[] = ['yahoo', 'coingecko', 'alphavantage', 'polygon', 'fmp'];

export const DEFAULT_VENDOR_TIMEOUT_MS = 2000;
export const DEFAULT_REQUEST_BUDGET_MS = 2500;
const SEARCH_CACHE_MS = 10 * 60_000;
const MAX_SEARCH_RESULTS = 20;
const MAX_USER_KEY_SLOTS = 500;
const MAX_KNOWN_SPANS = 10_000;
/** Symbols whose missing days are asked of vendors at once, in a history request for many symbols. */
const HISTORY_FETCH_CONCURRENCY = 8;
/** Bars starting more than this many days after the asked start count as a partial answer. */
const PARTIAL_HISTORY_TOLERANCE_DAYS = 6;

const HISTORY_MONTHS: Readonly<Record<HistoryRange, number>> = { '1M': 1, '6M': 6, '1Y': 12, '5Y': 60 };

export interface RequestOptions {
  userKeys?: UserVendorKeys;
}

export interface HistoryResult {
  symbol: string;
  source: MarketDataSource;
  history: DailyBar[];
}

/** A history with only each session's close (analytics over many symbols). */
export interface CloseHistoryResult {
  symbol: string;
  source: MarketDataSource;
  closes: DailyClose[];
}

export interface HistoriesResult<T> {
  /** Keyed by the requested ticker, trimmed and upper-cased. */
  histories: Record<string, T>;
  errors: Record<string, string>;
}

export interface QuotesResult {
  /** Keyed by the requested ticker, trimmed and upper-cased. */
  quotes: Record<string, Quote>;
  errors: Record<string, string>;
}

export interface VendorStatus {
  name: VendorName;
  configured: boolean;
  healthy: boolean;
  circuitOpen: boolean;
  circuitState: CircuitState;
  quotaLeft: number;
  quota: number;
  quotaWindow: QuotaWindow;
}

export interface MarketDataStatus {
  provider: AppConfig['marketDataProvider'];
  vendors: VendorStatus[];
}

export interface MarketDataService {
  /** 400 for a malformed ticker, 404 'Unknown symbol X' when nobody can quote it. */
  getQuote(symbol: string, options?: RequestOptions): Promise<Quote>;
  getQuotes(symbols: readonly string[], options?: RequestOptions): Promise<QuotesResult>;
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

interface Slot {
  vendor: VendorName;
  adapter: MarketDataAdapter;
  breaker: CircuitBreaker;
  limiter: RateLimiter;
}

/** A user's key: its quota, and once quotes need them, its adapter and breaker around that quota. */
interface UserKey {
  limiter: RateLimiter;
  slot?: Slot;
}

type CallOutcome<T> = { ok: true; value: T } | { ok: false };

/** What a history gives of each session: the stored bars' fields to read, and the same of simulated bars. */
interface SessionFields<T> {
  read(spans: readonly SymbolSpan[]): Promise<Map<string, StoredSeries<T>>>;
  pick(bars: DailyBar[]): T[];
}

/** A short, stable name for an API key (maps keyed per key never hold the key itself). */
export function apiKeyFingerprint(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('base64url').slice(0, 22);
}

export function unknownSymbol(symbol: string): AppError {
  return new AppError('NOT_FOUND', `Unknown symbol ${symbol}`);
}

export function createMarketDataService(options: MarketDataServiceOptions): MarketDataService {
  const mode = options.config.marketDataProvider;
  const clock = options.now;
  const now = clock ?? (() => new Date());
  // Read on every cache lookup (100 per valuation of 100 holdings): no Date object when there is no test clock.
  const nowMs = clock ? () => clock().getTime() : Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_VENDOR_TIMEOUT_MS;
  const budgetMs = options.budgetMs ?? DEFAULT_REQUEST_BUDGET_MS;
  const simulator = createSimulatedSource();
  const store = createBarStore(options.db);
  const quoteCache = createTtlCache<Quote>({ ttlMs: options.config.quoteCacheSeconds * 1000, now: nowMs });
  const searchCache = createTtlCache<SymbolMatch[]>({ ttlMs: SEARCH_CACHE_MS, maxEntries: 2000, now: nowMs });

  const quotaOf = (vendor: VendorName): Quota => options.quotas?.[vendor] ?? VENDOR_QUOTAS[vendor];
  const newLimiter = (vendor: VendorName) => createRateLimiter(quotaOf(vendor), { now: nowMs });
  const newSlot = (adapter: MarketDataAdapter, limiter = newLimiter(adapter.name)): Slot => ({
    vendor: adapter.name,
    adapter,
    breaker: createCircuitBreaker({ ...options.breaker, now: nowMs }),
    limiter,
  });

  const serverSlots = new Map<VendorName, Slot>();
  for (const adapter of options.adapters) {
    if (!serverSlots.has(adapter.name)) serverSlots.set(adapter.name, newSlot(adapter));
  }

  // A user's key gets its own quota, adapter and breaker (vendors count quotas per key). The quota is kept
  // apart from the adapter: a key used only by takeVendorCall, or without createKeyedAdapter, is counted too.
  const userKeySlots = new Map<string, UserKey>();
  function userKey(vendor: KeyedVendor, apiKey: string): UserKey {
    const id = `${vendor}:${apiKeyFingerprint(apiKey)}`;
    const entry = userKeySlots.get(id) ?? { limiter: newLimiter(vendor) };
    setBounded(userKeySlots, id, entry, MAX_USER_KEY_SLOTS);
    return entry;
  }

  function userSlot(vendor: KeyedVendor, apiKey: string): Slot | undefined {
    if (!options.createKeyedAdapter) return undefined;
    const entry = userKey(vendor, apiKey);
    if (!entry.slot) {
      const adapter = options.createKeyedAdapter(vendor, apiKey);
      if (adapter) entry.slot = newSlot(adapter, entry.limiter);
    }
    return entry.slot;
  }

  /** The server's slot of the vendor when `apiKey` (trimmed) is the server's key for it. */
  function serverSlotOfKey(vendor: KeyedVendor, apiKey: string): Slot | undefined {
    const serverKey = options.config.vendorKeys?.[vendor]?.trim();
    return serverKey && serverKey === apiKey ? serverSlots.get(vendor) : undefined;
  }

  function keyedSlot(vendor: KeyedVendor, userKeys: UserVendorKeys | undefined): Slot | undefined {
    const key = userKeys?.[vendor]?.trim();
    if (!key) return serverSlots.get(vendor);
    return serverSlotOfKey(vendor, key) ?? userSlot(vendor, key) ?? serverSlots.get(vendor);
  }

  /** The vendors to try, in order, for a request (not yet filtered by symbol). */
  function vendorChain(userKeys: UserVendorKeys | undefined, keylessFirst = false): Slot[] {
    if (mode === 'simulated') return [];
    if (mode !== 'auto') {
      const forced =
        mode === 'yahoo' || mode === 'coingecko' ? serverSlots.get(mode) : keyedSlot(mode, userKeys);
      return forced ? [forced] : [];
    }
    const keyed = KEYED_VENDORS.map((vendor) => keyedSlot(vendor, userKeys));
    const keyless = [serverSlots.get('coingecko'), serverSlots.get('yahoo')];
    const chain = keylessFirst ? [...keyless, ...keyed] : [...keyed, ...keyless];
    return chain.filter((slot): slot is Slot => slot !== undefined);
  }

  function keysFingerprint(userKeys: UserVendorKeys | undefined): string {
    if (mode === 'simulated' || !userKeys || !options.createKeyedAdapter) return '';
    return KEYED_VENDORS.filter((vendor) => userKeys[vendor]?.trim()).join(',');
  }

  /** One vendor call under its breaker, limiter, own timeout and the request's budget. */
  async function callVendor<T>(
    slot: Slot,
    budget: AbortSignal,
    call: (signal: AbortSignal) => Promise<T>,
  ): Promise<CallOutcome<T>> {
    if (budget.aborted || !slot.breaker.tryAcquire()) return { ok: false };
    if (!slot.limiter.tryTake()) {
      slot.breaker.release();
      return { ok: false };
    }
    const timer = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([timer, budget]);
    try {
      const value = await rejectOnAbort(
        call(signal),
        signal,
        () => new VendorError(slot.vendor, 'timeout', 'no answer in time'),
      );
      slot.breaker.recordSuccess();
      return { ok: true, value };
    } catch (error) {
      const kind = error instanceof VendorError ? error.kind : undefined;
      if (!timer.aborted && budget.aborted) {
        // The request ran out of time while this vendor was still within its own: no verdict on it.
        slot.breaker.release();
        return { ok: false };
      }
      if (kind === 'not_found') {
        // The vendor answered (it does not know the symbol): healthy.
        slot.breaker.recordSuccess();
        return { ok: false };
      }
      slot.breaker.recordFailure(
        timer.aborted || kind === 'timeout' ? 'timeout' : kind === 'rate_limited' ? 'rate_limited' : 'error',
      );
      options.onVendorError?.(slot.vendor, error);
      return { ok: false };
    }
  }

  function acceptQuote(slot: Slot, resolved: ResolvedSymbol, quote: Quote | undefined): Quote | undefined {
    if (!quote || !Number.isFinite(quote.currentPrice) || quote.currentPrice <= 0) return undefined;
    const finite = (value: number, fallback: number) => (Number.isFinite(value) ? value : fallback);
    const previousClose = finite(quote.previousClose, quote.currentPrice - finite(quote.change, 0));
    return {
      symbol: resolved.symbol,
      name: resolved.entry?.name ?? (quote.name || resolved.symbol),
      currentPrice: quote.currentPrice,
      change: finite(quote.change, quote.currentPrice - previousClose),
      changePercent: finite(quote.changePercent, 0),
      previousClose,
      currency: quote.currency || 'USD',
      source: slot.vendor,
      asOf: quote.asOf && !Number.isNaN(Date.parse(quote.asOf)) ? quote.asOf : now().toISOString(),
    };
  }

  /** Loads quotes for symbols not in the cache: vendors in chain order (batched when they can), then the simulator. */
  async function loadQuotes(wanted: ResolvedSymbol[], userKeys: UserVendorKeys | undefined) {
    const answers = new Map<string, Quote | Error>();
    let pending = wanted;
    const budget = AbortSignal.timeout(budgetMs);
    for (const slot of vendorChain(userKeys)) {
      const batch = pending.filter((r) => slot.adapter.supports(r.symbol));
      if (batch.length === 0) continue;
      const { adapter } = slot;
      if (batch.length > 1 && adapter.quotes) {
        const symbols = batch.map((r) => r.symbol);
        const outcome = await callVendor(slot, budget, (signal) =>
          adapter.quotes ? adapter.quotes(symbols, signal) : Promise.resolve(new Map<string, Quote>()),
        );
        if (outcome.ok) {
          for (const r of batch) {
            const quote = acceptQuote(slot, r, outcome.value.get(r.symbol));
            if (quote) answers.set(r.symbol, quote);
          }
        }
      } else {
        await Promise.all(
          batch.map(async (r) => {
            const outcome = await callVendor(slot, budget, (signal) => slot.adapter.quote(r.symbol, signal));
            const quote = outcome.ok ? acceptQuote(slot, r, outcome.value) : undefined;
            if (quote) answers.set(r.symbol, quote);
          }),
        );
      }
      pending = pending.filter((r) => !answers.has(r.symbol));
      if (pending.length === 0) break;
    }
    const at = now();
    for (const r of pending) {
      answers.set(r.symbol, r.entry ? simulator.quote(r.entry, at) : unknownSymbol(r.symbol));
    }
    return answers;
  }

  /** The cache key of a quote: users with keys for other vendors may get other quotes. */
  function quoteKey(userKeys: UserVendorKeys | undefined, symbol: string): string {
    return `${keysFingerprint(userKeys)}|${symbol}`;
  }

  function quotePromises(resolved: ResolvedSymbol[], userKeys: UserVendorKeys | undefined) {
    const bySymbol = new Map(resolved.map((r) => [r.symbol, r]));
    const keyOf = (symbol: string) => quoteKey(userKeys, symbol);
    const promises = quoteCache.getMany(
      [...bySymbol.keys()].map(keyOf),
      async (missing): Promise<BatchResult<Quote>> => {
        const wanted = missing.map((key) => bySymbol.get(key.slice(key.indexOf('|') + 1)));
        const loaded = await loadQuotes(
          wanted.filter((r): r is ResolvedSymbol => r !== undefined),
          userKeys,
        );
        return new Map([...loaded].map(([symbol, answer]) => [keyOf(symbol), answer]));
      },
    );
    return (symbol: string) => promises.get(keyOf(symbol)) ?? Promise.reject(unknownSymbol(symbol));
  }

  function assertServable(resolved: ResolvedSymbol, userKeys: UserVendorKeys | undefined) {
    if (resolved.entry) return;
    if (!vendorChain(userKeys).some((slot) => slot.adapter.supports(resolved.symbol))) {
      throw unknownSymbol(resolved.symbol);
    }
  }

  // ---- history ------------------------------------------------------------------------------------------

  const historyLocks = new Map<string, Promise<unknown>>();

  /** Runs history loads of one symbol one after the other in this process (the second sees what the first stored). */
  function withSymbolLock<T>(symbol: string, run: () => Promise<T>): Promise<T> {
    const previous = historyLocks.get(symbol) ?? Promise.resolve();
    const next = previous.then(run, run);
    const settled = next.catch(() => undefined);
    historyLocks.set(symbol, settled);
    void settled.then(() => {
      if (historyLocks.get(symbol) === settled) historyLocks.delete(symbol);
    });
    return next;
  }

  /**
   * Bars for a span from the first vendor that answers. When its bars start well after the span does (a
   * vendor that keeps only a year, a listing inside the span), the next vendors are asked for the rest.
   * Undefined when no vendor answered at all.
   */
  async function fetchVendorBars(
    resolved: ResolvedSymbol,
    span: DateSpan,
    userKeys: UserVendorKeys | undefined,
  ) {
    const budget = AbortSignal.timeout(budgetMs);
    const collected: StoredBar[] = [];
    let remaining: DateSpan | undefined = span;
    let answered = false;
    for (const slot of vendorChain(userKeys)) {
      if (!remaining) break;
      const { adapter } = slot;
      if (!adapter.history || !adapter.supports(resolved.symbol)) continue;
      const wanted: DateSpan = remaining;
      const outcome = await callVendor(slot, budget, (signal) =>
        adapter.history
          ? adapter.history(resolved.symbol, wanted.from, wanted.to, signal)
          : Promise.resolve<DailyBar[]>([]),
      );
      if (!outcome.ok) continue;
      answered = true;
      const bars = outcome.value
        .filter((bar) => isValidBar(bar) && bar.date >= wanted.from && bar.date <= wanted.to)
        .map((bar) => ({ ...bar, source: slot.vendor }));
      collected.push(...bars);
      const first = bars.reduce<string | undefined>(
        (min, bar) => (!min || bar.date < min ? bar.date : min),
        undefined,
      );
      // Nothing at all: the next vendor may know more; bars from late on: ask the next one for the start.
      if (!first) continue;
      remaining =
        first > addDays(wanted.from, PARTIAL_HISTORY_TOLERANCE_DAYS)
          ? { from: wanted.from, to: addDays(first, -1) }
          : undefined;
    }
    return answered ? collected : undefined;
  }

  /**
   * Spans seen in the database, per symbol. Spans only ever grow, so a remembered span that covers a request
   * is still true and the request needs no span query; otherwise the database's span is read again.
   */
  const knownSpans = new Map<string, DateSpan>();
  function rememberSpan(symbol: string, span: DateSpan) {
    const known = knownSpans.get(symbol);
    const merged = {
      from: known && known.from < span.from ? known.from : span.from,
      to: known && known.to > span.to ? known.to : span.to,
    };
    setBounded(knownSpans, symbol, merged, MAX_KNOWN_SPANS);
  }

  function isKnownToCover(wanted: SymbolSpan): boolean {
    const known = knownSpans.get(wanted.symbol);
    return known !== undefined && known.from <= wanted.from && known.to >= wanted.to;
  }

  /** Asks the vendors for the days of `wanted` outside the stored span, and stores what they answer. */
  function storeMissingDays(
    resolved: ResolvedSymbol,
    wanted: SymbolSpan,
    stored: DateSpan | undefined,
    userKeys: UserVendorKeys | undefined,
  ): Promise<void> {
    const { symbol, from, to } = wanted;
    return withSymbolLock(symbol, async () => {
      // A load of this symbol that held the lock before this one may have stored some of the days.
      const covered = knownSpans.get(symbol) ?? stored;
      const gaps: DateSpan[] = [];
      if (!covered) gaps.push({ from, to });
      else {
        if (from < covered.from) gaps.push({ from, to: addDays(covered.from, -1) });
        if (to > covered.to) gaps.push({ from: addDays(covered.to, 1), to });
      }
      for (const gap of gaps) {
        const bars = await fetchVendorBars(resolved, gap, userKeys);
        if (!bars) continue;
        await store.save(symbol, gap, bars);
        rememberSpan(symbol, gap);
      }
    });
  }

  /**
   * The sessions of `range` per symbol (oldest first): stored vendor bars (the days not stored yet asked of
   * the vendors first; all of them then read in one query), else the simulator's for a symbol of the
   * security master, else a 404 error. `fields` says what is wanted of each session.
   */
  async function loadSeries<T>(
    symbols: readonly ResolvedSymbol[],
    range: HistoryRange,
    userKeys: UserVendorKeys | undefined,
    fields: SessionFields<T>,
  ): Promise<Map<string, { source: MarketDataSource; bars: T[] } | AppError>> {
    const at = now();
    const wanted = new Map<string, { resolved: ResolvedSymbol; span: SymbolSpan }>();
    for (const resolved of symbols) {
      const to = resolved.isCrypto ? addDays(utcDate(at), -1) : lastCompletedTradingDay(at);
      const from = addDays(addMonths(to, -HISTORY_MONTHS[range]), 1);
      wanted.set(resolved.symbol, { resolved, span: { symbol: resolved.symbol, from, to } });
    }
    const chain = vendorChain(userKeys);
    const fetchable = [...wanted.values()].filter(({ resolved }) =>
      chain.some((slot) => slot.adapter.history && slot.adapter.supports(resolved.symbol)),
    );

    const unsure = fetchable.filter(({ span }) => !isKnownToCover(span));
    if (unsure.length > 0) {
      const stored = await store.spans(unsure.map(({ span }) => span.symbol));
      for (const [symbol, span] of stored) rememberSpan(symbol, span);
      const incomplete = unsure.filter(({ span }) => !isKnownToCover(span));
      await mapWithConcurrency(incomplete, HISTORY_FETCH_CONCURRENCY, ({ resolved, span }) =>
        storeMissingDays(resolved, span, stored.get(span.symbol), userKeys),
      );
    }
    const found = await fields.read(fetchable.map(({ span }) => span));

    const series = new Map<string, { source: MarketDataSource; bars: T[] } | AppError>();
    for (const [symbol, { resolved, span }] of wanted) {
      const stored = found.get(symbol);
      if (stored) series.set(symbol, stored);
      else if (resolved.entry) {
        const bars = fields.pick(simulator.history(resolved.entry, span.from, span.to));
        series.set(symbol, { source: 'simulated', bars });
      } else series.set(symbol, unknownSymbol(symbol));
    }
    return series;
  }

  /** Each distinct ticker (trimmed, upper-cased) resolved, or the message of why it cannot be served. */
  function resolveTickers(inputs: readonly string[], userKeys: UserVendorKeys | undefined) {
    const errors: Record<string, string> = {};
    const labels = new Map<string, ResolvedSymbol>();
    for (const input of inputs) {
      const label = input.trim().toUpperCase();
      if (labels.has(label) || label in errors) continue;
      try {
        const resolved = resolveSymbol(input);
        assertServable(resolved, userKeys);
        labels.set(label, resolved);
      } catch (error) {
        errors[label] = error instanceof AppError ? error.message : 'Invalid ticker';
      }
    }
    return { labels, errors };
  }

  /** `loadSeries` of many tickers, answered per ticker as sent (trimmed, upper-cased). */
  async function seriesByTicker<T, R>(
    inputs: readonly string[],
    range: HistoryRange,
    userKeys: UserVendorKeys | undefined,
    fields: SessionFields<T>,
    shape: (symbol: string, source: MarketDataSource, bars: T[]) => R,
  ): Promise<HistoriesResult<R>> {
    const { labels, errors } = resolveTickers(inputs, userKeys);
    const series = await loadSeries([...labels.values()], range, userKeys, fields);
    const histories: Record<string, R> = {};
    for (const [label, { symbol }] of labels) {
      const answer = series.get(symbol);
      if (answer === undefined || answer instanceof Error) {
        errors[label] = answer?.message ?? `No history for ${symbol}`;
      } else histories[label] = shape(symbol, answer.source, answer.bars);
    }
    return { histories, errors };
  }

  const allFields: SessionFields<DailyBar> = {
    read: (spans) => store.readBars(spans),
    pick: (bars) => bars,
  };
  const closesOnly: SessionFields<DailyClose> = {
    read: (spans) => store.readCloses(spans),
    pick: (bars) => bars.map(({ date, close }) => ({ date, close })),
  };
  const historyOf = (symbol: string, source: MarketDataSource, history: DailyBar[]): HistoryResult => ({
    symbol,
    source,
    history,
  });

  return {
    resolveSymbol,

    takeVendorCall(vendor, apiKey) {
      const key = apiKey.trim();
      if (!key) return false;
      const limiter = serverSlotOfKey(vendor, key)?.limiter ?? userKey(vendor, key).limiter;
      return limiter.tryTake();
    },

    async getQuote(input, requestOptions = {}) {
      const resolved = resolveSymbol(input);
      assertServable(resolved, requestOptions.userKeys);
      const cached = quoteCache.peek(quoteKey(requestOptions.userKeys, resolved.symbol));
      return cached ?? quotePromises([resolved], requestOptions.userKeys)(resolved.symbol);
    },

    async getQuotes(inputs, requestOptions = {}) {
      const { userKeys } = requestOptions;
      const { labels, errors } = resolveTickers(inputs, userKeys);
      const quotes: Record<string, Quote> = {};
      // Fresh quotes are answered from the cache at once: a warm valuation of 100 holdings then waits on no
      // promise per holding.
      const uncached = new Map<string, ResolvedSymbol>();
      for (const [label, resolved] of labels) {
        const cached = quoteCache.peek(quoteKey(userKeys, resolved.symbol));
        if (cached) quotes[label] = cached;
        else uncached.set(label, resolved);
      }
      if (uncached.size === 0) return { quotes, errors };
      const quoteOf = quotePromises([...uncached.values()], userKeys);
      await Promise.all(
        [...uncached].map(async ([label, resolved]) => {
          try {
            quotes[label] = await quoteOf(resolved.symbol);
          } catch (error) {
            errors[label] = error instanceof AppError ? error.message : `No quote for ${resolved.symbol}`;
          }
        }),
      );
      return { quotes, errors };
    },

    async getHistory(input, range, requestOptions = {}) {
      const resolved = resolveSymbol(input);
      assertServable(resolved, requestOptions.userKeys);
      const series = await loadSeries([resolved], range, requestOptions.userKeys, allFields);
      const answer = series.get(resolved.symbol) ?? unknownSymbol(resolved.symbol);
      if (answer instanceof Error) throw answer;
      return historyOf(resolved.symbol, answer.source, answer.bars);
    },

    getHistories(inputs, range, requestOptions = {}) {
      return seriesByTicker(inputs, range, requestOptions.userKeys, allFields, historyOf);
    },

    getCloseHistories(inputs, range, requestOptions = {}) {
      return seriesByTicker(
        inputs,
        range,
        requestOptions.userKeys,
        closesOnly,
        (symbol, source, closes): CloseHistoryResult => ({ symbol, source, closes }),
      );
    },

    async search(query, requestOptions = {}) {
      const text = query.trim();
      if (!text) return [];
      const local: SymbolMatch[] = searchSecurities(text, 10).map((entry) => ({
        symbol: entry.symbol,
        name: entry.name,
        assetClass: entry.assetClass,
      }));
      const slots = vendorChain(requestOptions.userKeys, true).filter(
        (slot) => slot.adapter.search !== undefined,
      );
      if (slots.length === 0) return local;
      const remote = await searchCache
        .get(`${keysFingerprint(requestOptions.userKeys)}|${text.toLowerCase()}`, async () => {
          const budget = AbortSignal.timeout(budgetMs);
          for (const slot of slots) {
            const { adapter } = slot;
            const outcome = await callVendor(slot, budget, (signal) =>
              adapter.search ? adapter.search(text, signal) : Promise.resolve<SymbolMatch[]>([]),
            );
            if (outcome.ok) return outcome.value;
          }
          return [];
        })
        .catch(() => []);
      const seen = new Set(local.map((match) => match.symbol));
      const merged = [...local];
      for (const match of remote) {
        let symbol: string;
        try {
          symbol = resolveSymbol(match.symbol).symbol;
        } catch {
          continue;
        }
        if (seen.has(symbol)) continue;
        seen.add(symbol);
        merged.push({ ...match, symbol });
      }
      return merged.slice(0, MAX_SEARCH_RESULTS);
    },

    status() {
      return {
        provider: mode,
        vendors: ALL_VENDORS.map((name): VendorStatus => {
          const slot = serverSlots.get(name);
          const quota = quotaOf(name);
          if (!slot) {
            return {
              name,
              configured: false,
              healthy: false,
              circuitOpen: false,
              circuitState: 'closed',
              quotaLeft: quota.limit,
              quota: quota.limit,
              quotaWindow: quota.window,
            };
          }
          const circuit = slot.breaker.snapshot();
          return {
            name,
            configured: true,
            healthy: circuit.state === 'closed' && circuit.consecutiveFailures === 0,
            circuitOpen: circuit.state !== 'closed',
            circuitState: circuit.state,
            quotaLeft: slot.limiter.remaining(),
            quota: quota.limit,
            quotaWindow: quota.window,
          };
        }),
      };
    },
  };
}

function isValidBar(bar: DailyBar): boolean {
  const prices = [bar.open, bar.high, bar.low, bar.close];
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(bar.date) &&
    prices.every((price) => Number.isFinite(price) && price > 0) &&
    Number.isFinite(bar.volume) &&
    bar.volume >= 0
  );
}

function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The same day of the month `months` later (earlier when negative), clamped to the month's last day. */
function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}
