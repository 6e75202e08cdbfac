/**
 * The pricing surface (issue 26 item 3): what every feature that values holdings or computes figures from closes
 * reads, so that none of them converts currencies, keeps closes or chooses between local and USD prices itself.
 *
 * - `usdPrices`: listings' prices in USD, a listing outside the US at the day's FX rate with its own price,
 *   currency and the rate beside (`local`); a listing whose currency has no rate today has no price (never
 *   guessed). For features that value many portfolios from one batch (clients, accounts, alerts, snapshots).
 * - `pricePortfolio`: one portfolio priced in USD: each holding's price, value, weight and day's change, the
 *   totals, and the symbols left out of every figure (`unpricedSymbols`, of which `unknownSymbols` no source
 *   found), by the domain's own valuation (`valuePositions`, `dailyChange`).
 * - `usdCloses`: daily closes in USD for analytics (risk figures, weights, value over time), at today's rate
 *   (decision 034); `localCloses`: the same closes in the listing's own currency, named with it, for a chart
 *   that shows a listing's own price. Both read one cache of daily closes per symbol, range and UTC day (the
 *   bars themselves live in `daily_bar` or come from the simulator), so no feature keeps closes of its own.
 */
import type { HistoryRange, MarketDataSourceName } from '../../../contracts/market-data';
import { dailyChange, separateUnpriced, valuePositions } from '../../../domain/analytics';
import { utcDateOf } from '../../../domain/calendar';
import { convertToUsd } from '../../../domain/listings';
import { listingCurrency } from '../../../domain/security-master';
import { createTtlCache, type BatchResult } from '../../lib/cache';
import type { Quote, UserVendorKeys } from '../../providers/market-data/types';
import { convertQuotesToUsd, type FxRate, type LocalPrice } from './fx';
import type { CloseHistoryResult, HistoriesResult } from './history';
import type { QuotesResult } from './quotes';

/** Daily closes are kept this long per symbol and range (they change once a day). */
export const DEFAULT_CLOSES_CACHE_MS = 15 * 60_000;
/** Series kept at most (a year of closes of 500 holdings is 125,000 numbers). */
const CLOSES_CACHE_MAX_SERIES = 2000;

/** A listing's price in USD. */
export interface UsdPrice {
  symbol: string;
  name: string;
  /** USD per unit: a listing outside the US converted at the day's rate (pence / 100 first). */
  price: number;
  /** The day's change per unit, in USD. */
  change: number;
  changePercent: number;
  source: MarketDataSourceName;
  asOf: string;
  /** Listings outside the US only: the price in their own currency and the rate that made it USD. */
  local?: LocalPrice;
}

export interface UsdPrices {
  /** Keyed by the ticker as sent (trimmed, upper-cased); a listing without a USD price today is absent. */
  prices: Record<string, UsdPrice>;
  /** The tickers no source found (or malformed ones), with why. */
  errors: Record<string, string>;
  /** The sources of the prices, sorted. */
  sources: MarketDataSourceName[];
}

/** One holding of a priced portfolio: all amounts in USD. */
export interface PricedHolding {
  quantity: number;
  price: number;
  /** The day's change per unit; null when the source gave none. */
  change: number | null;
  /** The day's change in percent; null when it cannot be computed. */
  changePercent: number | null;
  value: number;
  /** Share of `totalValue` (0-1). */
  weight: number;
  name: string;
  source: MarketDataSourceName;
  asOf: string;
  local?: LocalPrice;
}

/** A portfolio priced in USD. */
export interface PricedPortfolio {
  /** The holdings that have a USD price, in the order given; the others are in no figure. */
  holdings: Record<string, PricedHolding>;
  totalValue: number;
  totalChange: number;
  /** Null when there is no previous value to compare with. */
  totalChangePercent: number | null;
  /** Holdings without a USD price, in order: not found, or found without an exchange rate today. */
  unpricedSymbols: string[];
  /** Of `unpricedSymbols`, the ones no source found (a typo is no holding). */
  unknownSymbols: string[];
  sources: MarketDataSourceName[];
  isSimulated: boolean;
}

/** A history of closes in the listing's own currency (`GBX` pence for London). */
export interface LocalCloseHistory extends CloseHistoryResult {
  currency: string;
}

/** Keyed by the ticker as sent (trimmed, upper-cased); per-ticker errors, like the quotes. */
export type CloseHistories<T extends CloseHistoryResult = CloseHistoryResult> = HistoriesResult<T>;

/** USD prices from quotes already in USD (and the local prices of the converted ones). */
export function usdPricesOf(
  quotes: Readonly<Record<string, Quote>>,
  errors: Readonly<Record<string, string>>,
  local: Readonly<Record<string, LocalPrice>> = {},
): UsdPrices {
  const prices: Record<string, UsdPrice> = {};
  const sources = new Set<MarketDataSourceName>();
  for (const [key, quote] of Object.entries(quotes)) {
    const price: UsdPrice = {
      symbol: quote.symbol,
      name: quote.name,
      price: quote.currentPrice,
      change: quote.change,
      changePercent: quote.changePercent,
      source: quote.source,
      asOf: quote.asOf,
    };
    const localPrice = local[key];
    if (localPrice) price.local = localPrice;
    prices[key] = price;
    sources.add(quote.source);
  }
  return { prices, errors: { ...errors }, sources: [...sources].sort() };
}

/**
 * A portfolio priced from a batch of USD prices (`getUsdPrices` of these holdings, or of many portfolios' at
 * once), by the domain's valuation: the figures the analysis computes too. Its sources are those of its own
 * holdings.
 */
export function priceHoldings(
  holdings: Readonly<Record<string, number>>,
  { prices, errors }: UsdPrices,
): PricedPortfolio {
  const { priced, unpricedSymbols } = separateUnpriced(
    Object.keys(holdings).map((symbol) => ({
      symbol,
      quantity: holdings[symbol] ?? 0,
      price: prices[symbol]?.price ?? null,
      change: prices[symbol]?.change ?? null,
    })),
  );
  const valuation = valuePositions(priced);
  const change = dailyChange(priced);
  const out: Record<string, PricedHolding> = {};
  const sources = new Set<MarketDataSourceName>();
  priced.forEach(({ symbol }, i) => {
    const found = prices[symbol] as UsdPrice;
    const valued = valuation.positions[i] as (typeof valuation.positions)[number];
    // Explicit fields, no object spread: this runs per holding on every valuation.
    const holding: PricedHolding = {
      quantity: valued.quantity,
      price: valued.price as number,
      change: Number.isFinite(found.change) ? found.change : null,
      changePercent: change.positions[i]?.changePercent ?? null,
      value: valued.value,
      weight: valued.weight,
      name: found.name,
      source: found.source,
      asOf: found.asOf,
    };
    if (found.local) holding.local = found.local;
    out[symbol] = holding;
    sources.add(found.source);
  });
  const sorted = [...sources].sort();
  return {
    holdings: out,
    totalValue: valuation.totalValue,
    totalChange: change.totalChange,
    totalChangePercent: change.totalChangePercent,
    unpricedSymbols,
    unknownSymbols: unpricedSymbols.filter((symbol) => symbol in errors),
    sources: sorted,
    isSimulated: sources.has('simulated'),
  };
}

/**
 * The USD value of holdings at a batch of prices and whether any price used was simulated: `priceHoldings`'s
 * `totalValue` and `isSimulated` (the same prices counted, summed in the same order), without the per-holding
 * figures. For the jobs that value thousands of portfolios (the alerts' pass, the daily snapshots), whose memory
 * stays flat that way.
 */
export function valueHoldings(
  holdings: Readonly<Record<string, number>>,
  { prices }: UsdPrices,
): { value: number; isSimulated: boolean } {
  let value = 0;
  let isSimulated = false;
  for (const symbol in holdings) {
    const found = prices[symbol];
    // The domain's rule (`separateUnpriced`): a price counts when it is finite and positive.
    if (!found || !Number.isFinite(found.price) || found.price <= 0) continue;
    value += (holdings[symbol] ?? 0) * found.price;
    if (found.source === 'simulated') isSimulated = true;
  }
  return { value, isSimulated };
}

export interface Pricing {
  usdPrices(inputs: readonly string[], userKeys: UserVendorKeys | undefined): Promise<UsdPrices>;
  usdCloses(
    inputs: readonly string[],
    range: HistoryRange,
    userKeys: UserVendorKeys | undefined,
  ): Promise<CloseHistories>;
  localCloses(
    inputs: readonly string[],
    range: HistoryRange,
    userKeys: UserVendorKeys | undefined,
  ): Promise<CloseHistories<LocalCloseHistory>>;
}

export function createPricing(options: {
  getQuotes(inputs: readonly string[], userKeys: UserVendorKeys | undefined): Promise<QuotesResult>;
  getCloseHistories(
    inputs: readonly string[],
    range: HistoryRange,
    userKeys: UserVendorKeys | undefined,
  ): Promise<HistoriesResult<CloseHistoryResult>>;
  usdRates(currencies: Iterable<string>): Promise<Map<string, FxRate>>;
  /** The part of a cache key that user keys change (vendor-routing's `keysFingerprint`). */
  keysFingerprint(userKeys: UserVendorKeys | undefined): string;
  /** How long closes are kept; 0 reads them every time. */
  closesCacheMs: number;
  nowMs: () => number;
}): Pricing {
  const { nowMs } = options;
  const closesCache = createTtlCache<LocalCloseHistory>({
    ttlMs: options.closesCacheMs,
    maxEntries: CLOSES_CACHE_MAX_SERIES,
    now: nowMs,
  });

  async function usdPrices(inputs: readonly string[], userKeys: UserVendorKeys | undefined) {
    if (inputs.length === 0) return { prices: {}, errors: {}, sources: [] };
    const result = await options.getQuotes(inputs, userKeys);
    const foreign = Object.values(result.quotes).filter((q) => q.currency !== 'USD');
    if (foreign.length === 0) return usdPricesOf(result.quotes, result.errors);
    const rates = await options.usdRates(foreign.map((q) => q.currency));
    const converted = convertQuotesToUsd(result.quotes, rates);
    return usdPricesOf(converted.quotes, result.errors, converted.local);
  }

  /**
   * The closes of each ticker in its listing's currency, through the cache (per user-keys fingerprint, range,
   * UTC day and ticker): the ones not cached are read in one batch (stored bars in one query).
   */
  async function localCloses(
    inputs: readonly string[],
    range: HistoryRange,
    userKeys: UserVendorKeys | undefined,
  ): Promise<CloseHistories<LocalCloseHistory>> {
    const prefix = `${options.keysFingerprint(userKeys)}|${range}|${utcDateOf(nowMs())}|`;
    const histories: Record<string, LocalCloseHistory> = {};
    const errors: Record<string, string> = {};
    // Fresh series are answered from the cache at once: a warm analysis of 500 holdings waits on no promise
    // per holding.
    const labels: string[] = [];
    for (const input of new Set(inputs.map((ticker) => ticker.trim().toUpperCase()))) {
      const cached = closesCache.peek(prefix + input);
      if (cached) histories[input] = cached;
      else labels.push(input);
    }
    if (labels.length === 0) return { histories, errors };
    const answers = closesCache.getMany(
      labels.map((label) => prefix + label),
      async (missing): Promise<BatchResult<LocalCloseHistory>> => {
        const wanted = missing.map((key) => key.slice(prefix.length));
        const { histories, errors } = await options.getCloseHistories(wanted, range, userKeys);
        const loaded: BatchResult<LocalCloseHistory> = new Map();
        for (const label of wanted) {
          const found = histories[label];
          loaded.set(
            prefix + label,
            found
              ? { ...found, currency: listingCurrency(found.symbol) }
              : new Error(errors[label] ?? `No history for ${label}`),
          );
        }
        return loaded;
      },
    );
    await Promise.all(
      labels.map(async (label) => {
        try {
          const answer = answers.get(prefix + label);
          if (answer) histories[label] = await answer;
        } catch (error) {
          errors[label] = error instanceof Error ? error.message : `No history for ${label}`;
        }
      }),
    );
    return { histories, errors };
  }

  /**
   * `localCloses` at today's rate to USD (one rate for the year: returns stay in the listing's currency, decision
   * 034 says why that is enough); a listing whose currency has no rate today gets an error, not a guess.
   */
  async function usdCloses(
    inputs: readonly string[],
    range: HistoryRange,
    userKeys: UserVendorKeys | undefined,
  ): Promise<CloseHistories> {
    const local = await localCloses(inputs, range, userKeys);
    const foreign = Object.values(local.histories).filter((h) => h.currency !== 'USD');
    const rates =
      foreign.length > 0 ? await options.usdRates(foreign.map((h) => h.currency)) : new Map<string, FxRate>();
    const histories: Record<string, CloseHistoryResult> = {};
    const errors = { ...local.errors };
    for (const [label, { symbol, source, closes, currency }] of Object.entries(local.histories)) {
      if (currency === 'USD') {
        histories[label] = { symbol, source, closes };
        continue;
      }
      const fx = rates.get(currency);
      if (!fx) {
        errors[label] = `No exchange rate for ${currency} today`;
        continue;
      }
      const inUsd = closes.map(({ date, close }) => ({
        date,
        close: convertToUsd(close, currency, fx.rate),
      }));
      histories[label] = { symbol, source, closes: inUsd };
    }
    return { histories, errors };
  }

  return { usdPrices, usdCloses, localCloses };
}
