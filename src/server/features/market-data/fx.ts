/**
 * Daily FX rates to USD, for valuing listings outside the US (docs/decisions/034).
 *
 * A rate is asked of the vendors with FX data (Alpha Vantage FX_DAILY, Yahoo's `GBPUSD=X`), in the service's
 * provider order under the same breakers and quotas as quotes, and kept for the rest of the UTC day: one call
 * per currency a day, whatever the number of valuations. When no vendor is configured (or the provider is
 * `simulated`) the simulator's reference rate answers, labelled `source: 'simulated'`; when vendors fail, the
 * simulated rate serves for ten minutes and the vendors are asked again after that. The server's keys only:
 * a rate is the same for every user, so a user's own key is not spent on it.
 */
import { utcDateOf } from '../../../domain/calendar';
import { convertToUsd, fxCurrencyOf, SIMULATED_USD_RATES } from '../../../domain/listings';
import { setBounded } from '../../lib/cache';
import type { MarketDataSource, Quote } from '../../providers/market-data/types';
import type { VendorRouting } from './vendor-routing';

export interface FxRate {
  /** The currency priced: `GBP` for pence listings too. */
  currency: string;
  /** USD per one unit of `currency`. */
  rate: number;
  /** The day of the rate, YYYY-MM-DD. */
  date: string;
  source: MarketDataSource;
}

const RETRY_AFTER_FAILURE_MS = 10 * 60_000;
const MAX_CACHED_RATES = 200;

export interface FxService {
  /**
   * The rate to USD of each listing currency given (`GBX` answers with the pound's rate), keyed by the
   * currency as given. USD is left out. A currency nobody can price (no vendor rate, no simulator rate) is
   * left out too: the valuation then leaves those holdings unpriced rather than guess.
   */
  usdRates(currencies: Iterable<string>): Promise<Map<string, FxRate>>;
}

interface Cached {
  rate: Promise<FxRate | undefined>;
  /** Until when it serves (ms since the epoch). */
  until: number;
}

export function createFxService(options: {
  routing: VendorRouting;
  budgetMs: number;
  nowMs: () => number;
}): FxService {
  const { routing, budgetMs, nowMs } = options;
  const cache = new Map<string, Cached>();

  async function fetchRate(
    currency: string,
    day: string,
  ): Promise<{ rate: FxRate | undefined; cacheMs: number }> {
    const endOfDay = Date.parse(`${day}T00:00:00Z`) + 86_400_000 - nowMs();
    const slots = routing.chain(undefined).filter((slot) => slot.adapter.usdRate !== undefined);
    const budget = AbortSignal.timeout(budgetMs);
    for (const slot of slots) {
      const usdRate = slot.adapter.usdRate?.bind(slot.adapter);
      if (!usdRate) continue;
      const outcome = await routing.call(slot, budget, (signal) => usdRate(currency, signal));
      if (outcome.ok) return { rate: { ...outcome.value, source: slot.vendor }, cacheMs: endOfDay };
    }
    const simulated = SIMULATED_USD_RATES[currency];
    const rate =
      simulated === undefined
        ? undefined
        : { currency, rate: simulated, date: day, source: 'simulated' as const };
    return { rate, cacheMs: slots.length === 0 ? endOfDay : Math.min(RETRY_AFTER_FAILURE_MS, endOfDay) };
  }

  function rateOf(currency: string): Promise<FxRate | undefined> {
    const now = nowMs();
    const day = utcDateOf(now);
    const key = `${currency}|${day}`;
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.rate;
    const entry: Cached = { rate: Promise.resolve(undefined), until: Number.POSITIVE_INFINITY };
    entry.rate = fetchRate(currency, day).then(({ rate, cacheMs }) => {
      entry.until = nowMs() + cacheMs;
      return rate;
    });
    setBounded(cache, key, entry, MAX_CACHED_RATES);
    return entry.rate;
  }

  return {
    async usdRates(currencies) {
      const wanted = [...new Set(currencies)].filter((c) => fxCurrencyOf(c) !== 'USD');
      const rates = await Promise.all(wanted.map((c) => rateOf(fxCurrencyOf(c))));
      const out = new Map<string, FxRate>();
      wanted.forEach((currency, i) => {
        const rate = rates[i];
        if (rate) out.set(currency, rate);
      });
      return out;
    },
  };
}

/** What a listing outside the US was worth in its own currency, and the rate that made it USD. */
export interface LocalPrice {
  price: number;
  change: number;
  currency: string;
  fx: FxRate;
}

/**
 * Quotes in USD: a quote in another currency has its prices converted at its rate (pence / 100 first), and
 * its local price kept in `local`. A quote whose currency has no rate is left out (unpriced, never guessed).
 */
export function convertQuotesToUsd(
  quotes: Readonly<Record<string, Quote>>,
  rates: ReadonlyMap<string, FxRate>,
): { quotes: Record<string, Quote>; local: Record<string, LocalPrice> } {
  const converted: Record<string, Quote> = {};
  const local: Record<string, LocalPrice> = {};
  for (const [symbol, quote] of Object.entries(quotes)) {
    if (quote.currency === 'USD') {
      converted[symbol] = quote;
      continue;
    }
    const fx = rates.get(quote.currency);
    if (!fx) continue;
    const toUsd = (amount: number) => convertToUsd(amount, quote.currency, fx.rate);
    converted[symbol] = {
      ...quote,
      currentPrice: toUsd(quote.currentPrice),
      change: toUsd(quote.change),
      previousClose: toUsd(quote.previousClose),
      currency: 'USD',
    };
    local[symbol] = { price: quote.currentPrice, change: quote.change, currency: quote.currency, fx };
  }
  return { quotes: converted, local };
}
