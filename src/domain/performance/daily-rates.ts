/**
 * The rate of a day, for figures converted one amount at a time (dividend income, realised gains by year;
 * docs/performance.md): base-currency units per unit of a currency on a date, from daily series.
 *
 * - A day without a rate of its own (a weekend, a holiday, today before its rate is final) takes the last rate
 *   before it, as the valuation carries a rate forward.
 * - A day before a currency's first rate, or a currency without any, has none (null): the caller names the currency
 *   and gives no converted figure. Never the first later rate, never a guess.
 * - A rate is read at 10 decimals, as the valuation reads rates (a vendor's number, its decimal text cut there).
 */
import { Decimal } from '../paper-trading';
import type { DailySeries } from './valuation';

const RATE_DECIMALS = 10;

/** Base-currency units per unit of `currency` on `date`; null when none is known on or before it. */
export type RateOf = (currency: string, date: string) => Decimal | null;

/** The `RateOf` of daily series, keyed by currency (dates ascending, as the market-data surface gives them). */
export function rateOfDays(rates: ReadonlyMap<string, DailySeries>): RateOf {
  return (currency, date) => {
    const series = rates.get(currency);
    if (!series) return null;
    // The last index whose date is on or before `date` (binary search: dates ascend).
    let low = 0;
    let high = series.dates.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((series.dates[middle] as string) <= date) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found < 0 ? null : new Decimal((series.values[found] as number).toFixed(RATE_DECIMALS));
  };
}
