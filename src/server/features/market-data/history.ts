/**
 * Daily history. Vendor bars are stored in `daily_bar` with the span already fetched per symbol, so a request
 * asks the vendors only for the days not yet covered; the histories of many symbols are read back in one
 * query. Simulated bars (the security master's symbols no vendor served) are computed on demand, never stored.
 */
import type { AppError } from '../../../contracts/errors';
import type { HistoryRange } from '../../../contracts/market-data';
import { addDays, addMonths, lastCompletedTradingDay, utcDateOf } from '../../../domain/calendar';
import { setBounded } from '../../lib/cache';
import { mapWithConcurrency } from '../../lib/concurrency';
import type { SimulatedSource } from '../../providers/market-data/simulated';
import type {
  DailyBar,
  DailyClose,
  MarketDataSource,
  UserVendorKeys,
} from '../../providers/market-data/types';
import type { BarStore, CloseColumns, DateSpan, StoredBar, StoredSeries, SymbolSpan } from './repository';
import { resolveSymbol, type ResolvedSymbol } from './symbols';
import { unknownSymbol, type Slot, type VendorRouting } from './vendor-routing';

const MAX_KNOWN_SPANS = 10_000;
/** Symbols whose missing days are asked of vendors at once, in a history request for many symbols. */
const HISTORY_FETCH_CONCURRENCY = 8;
/** Bars starting more than this many days after the asked start count as a partial answer. */
const PARTIAL_HISTORY_TOLERANCE_DAYS = 6;

const HISTORY_MONTHS: Readonly<Record<HistoryRange, number>> = { '1M': 1, '6M': 6, '1Y': 12, '5Y': 60 };

/**
 * The days a history covers: a range ending with the last completed session, or the days from `from` to `to`
 * (YYYY-MM-DD, inclusive; a `to` after the last completed session ends there).
 */
export type HistorySpan = HistoryRange | DateSpan;

/** The prefix of a currency's stored daily rates in `daily_bar` (`FX:EURUSD`): never a ticker (no ':' there). */
const RATE_KEY_PREFIX = 'FX:';

/** A currency's daily rates in USD, as stored: USD per unit, each day the vendor gives. */
export interface RateHistoryResult {
  currency: string;
  source: MarketDataSource;
  rates: DailyClose[];
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

/** A history's closes as columns (a read of many years of many symbols: no object per session). */
export interface CloseColumnsResult {
  symbol: string;
  source: MarketDataSource;
  columns: CloseColumns;
}

export interface HistoriesResult<T> {
  /** Keyed by the requested ticker, trimmed and upper-cased. */
  histories: Record<string, T>;
  errors: Record<string, string>;
}

interface HistoryReader {
  /**
   * The daily USD rate of each currency from `from` to `to` from vendors with FX history (the server's keys: a
   * rate is the same for everyone), stored like bars so a span is asked once. A currency no vendor answered for
   * is left out (the caller falls back to the simulator's reference rate).
   */
  getUsdRateHistories(currencies: readonly string[], span: DateSpan): Promise<Map<string, RateHistoryResult>>;
  getHistory(
    input: string,
    range: HistoryRange,
    userKeys: UserVendorKeys | undefined,
  ): Promise<HistoryResult>;
  getHistories(
    inputs: readonly string[],
    range: HistoryRange,
    userKeys: UserVendorKeys | undefined,
  ): Promise<HistoriesResult<HistoryResult>>;
  getCloseHistories(
    inputs: readonly string[],
    range: HistorySpan,
    userKeys: UserVendorKeys | undefined,
  ): Promise<HistoriesResult<CloseHistoryResult>>;
  /** `getCloseHistories` as columns. */
  getCloseColumns(
    inputs: readonly string[],
    range: HistorySpan,
    userKeys: UserVendorKeys | undefined,
  ): Promise<HistoriesResult<CloseColumnsResult>>;
}

/** How a slot's vendor is asked for the bars of a span (undefined: it has no such history). */
type BarFetcher = (
  slot: Slot,
) => ((from: string, to: string, signal: AbortSignal) => Promise<DailyBar[]>) | undefined;

/** A stored series wanted: its key in `daily_bar`, its span, and how vendors are asked for its missing days. */
interface StoredWanted {
  span: SymbolSpan;
  fetcher: BarFetcher;
}

/** How a history's sessions `S` are read from the store, and made of simulated bars. */
interface SessionFields<S> {
  read(spans: readonly SymbolSpan[]): Promise<Map<string, StoredSeries<S>>>;
  pick(bars: DailyBar[]): S;
}

export function createHistoryReader(options: {
  routing: VendorRouting;
  store: BarStore;
  simulator: SimulatedSource;
  budgetMs: number;
  now: () => Date;
}): HistoryReader {
  const { routing, store, simulator, budgetMs, now } = options;

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
  async function fetchVendorBars(fetcher: BarFetcher, span: DateSpan, userKeys: UserVendorKeys | undefined) {
    const budget = AbortSignal.timeout(budgetMs);
    const collected: StoredBar[] = [];
    let remaining: DateSpan | undefined = span;
    let answered = false;
    for (const slot of routing.chain(userKeys)) {
      if (!remaining) break;
      const fetch = fetcher(slot);
      if (!fetch) continue;
      const wanted: DateSpan = remaining;
      const outcome = await routing.call(slot, budget, (signal) => fetch(wanted.from, wanted.to, signal));
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
    { span: wanted, fetcher }: StoredWanted,
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
        const bars = await fetchVendorBars(fetcher, gap, userKeys);
        if (!bars) continue;
        await store.save(symbol, gap, bars);
        rememberSpan(symbol, gap);
      }
    });
  }

  /**
   * Stored vendor series of the wanted spans: the days not stored yet asked of the vendors first (only for keys a
   * vendor of the chain can serve), then all of them read in one query. A key without any stored day is left out.
   */
  async function loadStored<S>(
    wanted: readonly StoredWanted[],
    userKeys: UserVendorKeys | undefined,
    read: SessionFields<S>['read'],
  ): Promise<Map<string, StoredSeries<S>>> {
    const chain = routing.chain(userKeys);
    const fetchable = wanted.filter(({ fetcher }) => chain.some((slot) => fetcher(slot) !== undefined));
    const unsure = fetchable.filter(({ span }) => !isKnownToCover(span));
    if (unsure.length > 0) {
      const stored = await store.spans(unsure.map(({ span }) => span.symbol));
      for (const [symbol, span] of stored) rememberSpan(symbol, span);
      const incomplete = unsure.filter(({ span }) => !isKnownToCover(span));
      await mapWithConcurrency(incomplete, HISTORY_FETCH_CONCURRENCY, (item) =>
        storeMissingDays(item, stored.get(item.span.symbol), userKeys),
      );
    }
    return read(fetchable.map(({ span }) => span));
  }

  /** The last day a history can have: yesterday for crypto (every day trades), else the last completed session. */
  function lastDayOf(resolved: ResolvedSymbol, at: Date): string {
    return resolved.isCrypto ? addDays(utcDateOf(at), -1) : lastCompletedTradingDay(at);
  }

  /**
   * The sessions of `span` per symbol (oldest first): stored vendor bars (the days not stored yet asked of
   * the vendors first; all of them then read in one query), else the simulator's for a symbol of the
   * security master, else a 404 error. `fields` says what is wanted of each session.
   */
  async function loadSeries<S>(
    symbols: readonly ResolvedSymbol[],
    range: HistorySpan,
    userKeys: UserVendorKeys | undefined,
    fields: SessionFields<S>,
  ): Promise<Map<string, { source: MarketDataSource; bars: S } | AppError>> {
    const at = now();
    const wanted = new Map<string, { resolved: ResolvedSymbol; span: SymbolSpan }>();
    for (const resolved of symbols) {
      const last = lastDayOf(resolved, at);
      const to = typeof range === 'string' || range.to > last ? last : range.to;
      const from = typeof range === 'string' ? addDays(addMonths(to, -HISTORY_MONTHS[range]), 1) : range.from;
      wanted.set(resolved.symbol, { resolved, span: { symbol: resolved.symbol, from, to } });
    }
    const found = await loadStored(
      [...wanted.values()]
        .filter(({ span }) => span.from <= span.to)
        .map(({ resolved, span }) => ({
          span,
          fetcher: (slot: Slot) => {
            const { adapter } = slot;
            if (!adapter.history || !adapter.supports(resolved.symbol)) return undefined;
            return (from: string, to: string, signal: AbortSignal) =>
              adapter.history ? adapter.history(resolved.symbol, from, to, signal) : Promise.resolve([]);
          },
        })),
      userKeys,
      (spans) => fields.read(spans),
    );

    const series = new Map<string, { source: MarketDataSource; bars: S } | AppError>();
    for (const [symbol, { resolved, span }] of wanted) {
      const stored = found.get(symbol);
      if (stored) series.set(symbol, stored);
      else if (resolved.entry) {
        const bars = span.from <= span.to ? simulator.history(resolved.entry, span.from, span.to) : [];
        series.set(symbol, { source: 'simulated', bars: fields.pick(bars) });
      } else series.set(symbol, unknownSymbol(symbol));
    }
    return series;
  }

  /** Each currency's stored daily USD rates of `span` (the server's vendors with FX history). */
  async function loadRates(currencies: readonly string[], span: DateSpan) {
    const last = addDays(utcDateOf(now()), -1);
    const to = span.to > last ? last : span.to;
    if (span.from > to) return new Map<string, RateHistoryResult>();
    const found = await loadStored(
      currencies.map((currency) => ({
        span: { symbol: `${RATE_KEY_PREFIX}${currency}USD`, from: span.from, to },
        fetcher: (slot: Slot) => {
          const { adapter } = slot;
          if (!adapter.usdRateHistory) return undefined;
          return async (from: string, until: string, signal: AbortSignal) =>
            (adapter.usdRateHistory ? await adapter.usdRateHistory(currency, from, until, signal) : []).map(
              ({ date, close }): DailyBar => ({
                date,
                open: close,
                high: close,
                low: close,
                close,
                volume: 0,
              }),
            );
        },
      })),
      undefined,
      (spans) => store.readCloses(spans),
    );
    const rates = new Map<string, RateHistoryResult>();
    for (const currency of currencies) {
      const stored = found.get(`${RATE_KEY_PREFIX}${currency}USD`);
      if (stored) rates.set(currency, { currency, source: stored.source, rates: stored.bars });
    }
    return rates;
  }

  /** `loadSeries` of many tickers, answered per ticker as sent (trimmed, upper-cased). */
  async function seriesByTicker<S, R>(
    inputs: readonly string[],
    range: HistorySpan,
    userKeys: UserVendorKeys | undefined,
    fields: SessionFields<S>,
    shape: (symbol: string, source: MarketDataSource, bars: S) => R,
  ): Promise<HistoriesResult<R>> {
    const { labels, errors } = routing.resolveTickers(inputs, userKeys);
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

  const allFields: SessionFields<DailyBar[]> = {
    read: (spans) => store.readBars(spans),
    pick: (bars) => bars,
  };
  const closesOnly: SessionFields<DailyClose[]> = {
    read: (spans) => store.readCloses(spans),
    pick: (bars) => bars.map(({ date, close }) => ({ date, close })),
  };
  const closeColumns: SessionFields<CloseColumns> = {
    read: (spans) => store.readCloseColumns(spans),
    pick: (bars) => ({ dates: bars.map(({ date }) => date), closes: bars.map(({ close }) => close) }),
  };
  const historyOf = (symbol: string, source: MarketDataSource, history: DailyBar[]): HistoryResult => ({
    symbol,
    source,
    history,
  });

  return {
    getUsdRateHistories: loadRates,

    async getHistory(input, range, userKeys) {
      const resolved = resolveSymbol(input);
      routing.assertServable(resolved, userKeys);
      const series = await loadSeries([resolved], range, userKeys, allFields);
      const answer = series.get(resolved.symbol) ?? unknownSymbol(resolved.symbol);
      if (answer instanceof Error) throw answer;
      return historyOf(resolved.symbol, answer.source, answer.bars);
    },

    getHistories(inputs, range, userKeys) {
      return seriesByTicker(inputs, range, userKeys, allFields, historyOf);
    },

    getCloseHistories(inputs, range, userKeys) {
      return seriesByTicker(
        inputs,
        range,
        userKeys,
        closesOnly,
        (symbol, source, closes): CloseHistoryResult => ({ symbol, source, closes }),
      );
    },

    getCloseColumns(inputs, range, userKeys) {
      return seriesByTicker(
        inputs,
        range,
        userKeys,
        closeColumns,
        (symbol, source, columns): CloseColumnsResult => ({ symbol, source, columns }),
      );
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
