/**
 * Daily returns and the alignment of several price series on common dates.
 *
 * Stocks and funds trade on exchange trading days, crypto every day. Risk figures are computed on one
 * calendar of trading days (the benchmark's, SPY, when it is known), so that a weekend's crypto move is
 * part of Monday's return, exactly as for a stock, and every return spans the same interval across
 * holdings.
 */
import { isCryptoSymbol } from './classify';
import type { PriceSeries } from './types';

/**
 * How many consecutive days of the alignment calendar (trading days) a missing close may be carried forward
 * from the last close before them.
 */
export const MAX_FORWARD_FILL_DAYS = 3;

/**
 * Simple daily returns r[i] = close[i + 1] / close[i] − 1, one fewer than the closes.
 * Closes are expected to be finite and positive (alignment guarantees it).
 */
export function simpleReturns(closes: ArrayLike<number>): Float64Array {
  const n = closes.length;
  const out = new Float64Array(Math.max(0, n - 1));
  let previous = n > 0 ? (closes[0] as number) : 0;
  for (let i = 1; i < n; i++) {
    const close = closes[i] as number;
    out[i - 1] = close / previous - 1;
    previous = close;
  }
  return out;
}

function isValidClose(close: number): boolean {
  return Number.isFinite(close) && close > 0;
}

/** Index of the first calendar day strictly after `date` (calendar sorted ascending). */
function firstDayAfter(calendar: readonly string[], date: string): number {
  let lo = 0;
  let hi = calendar.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((calendar[mid] as string) <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The trading-day calendar of a set of series, when no benchmark gives one: the union of the dates of
 * the series that trade on exchange days (not crypto); when every series is crypto, the union of all.
 */
export function tradingCalendar(series: readonly PriceSeries[]): string[] {
  const exchange = series.filter((s) => !isCryptoSymbol(s.symbol));
  const source = exchange.length > 0 ? exchange : series;
  const dates = new Set<string>();
  for (const s of source) for (const bar of s.bars) if (isValidClose(bar.close)) dates.add(bar.date);
  return [...dates].sort();
}

export interface AlignOptions {
  /**
   * The trading days to align on, e.g. the benchmark's dates. Default: `tradingCalendar(series)`.
   * Dates need not be sorted or unique.
   */
  readonly calendar?: readonly string[];
  /** Default MAX_FORWARD_FILL_DAYS. */
  readonly maxFillDays?: number;
}

export interface AlignedSeries {
  /** The common dates, ascending: calendar days on which every included series has a close. */
  readonly dates: readonly string[];
  /** The included series, in input order, with one close per date. */
  readonly series: readonly {
    readonly symbol: string;
    readonly inputIndex: number;
    readonly closes: Float64Array;
  }[];
  /**
   * Symbols left out: a close (own or carried forward) on fewer than 2 calendar days, or none on the last
   * calendar day (history that stopped).
   */
  readonly withoutHistory: readonly string[];
  /** Included symbols whose history starts after the calendar's first day: the days before were dropped. */
  readonly lateStart: readonly {
    readonly symbol: string;
    readonly inputIndex: number;
    readonly firstDate: string;
  }[];
  /** Number of (series, date) values of the result that were carried forward. */
  readonly filledValues: number;
  /** Calendar days dropped because a series had no close there (not started yet, or a gap over maxFillDays). */
  readonly droppedDates: number;
}

/**
 * Aligns series on one calendar of trading days.
 *
 * For every calendar day, a series' close is its bar of that day; when it has none, the last close before
 * it is carried forward for at most `maxFillDays` consecutive calendar days (a holiday of a foreign listing,
 * a missing quote). A calendar day where some series has no close (its history has not started yet, or a gap
 * longer than `maxFillDays`) is dropped for all series, so the result is the intersection. A series with a
 * close on fewer than 2 calendar days, or with none on the last calendar day (its history stopped), is left out
 * and named in `withoutHistory`, so that one symbol without current data does not empty or truncate the result.
 *
 * Bars may come in any order; invalid closes (not finite, not positive) are ignored; on a repeated date the
 * last bar given wins. Cost: O(calendar + bars) per series (a hash lookup per bar, a binary search only for
 * bars off the calendar), typed arrays reused across series.
 */
export function alignSeries(series: readonly PriceSeries[], options: AlignOptions = {}): AlignedSeries {
  const maxFill = options.maxFillDays ?? MAX_FORWARD_FILL_DAYS;
  const calendar = options.calendar ? [...new Set(options.calendar)].sort() : tradingCalendar(series);
  const days = calendar.length;

  const withoutHistory: string[] = [];
  const lateStart: { symbol: string; inputIndex: number; firstDate: string }[] = [];
  const included: { symbol: string; inputIndex: number; closes: Float64Array; filled: Uint8Array }[] = [];
  // For each calendar day, how many included series have a close there.
  const present = new Int32Array(days);

  // Calendar day -> index; a bar off the calendar (a crypto weekend, a foreign holiday) belongs to the gap
  // before the first calendar day after it, found by binary search.
  const dayIndex = new Map<string, number>();
  calendar.forEach((day, j) => dayIndex.set(day, j));
  const exact = new Float64Array(days);
  // The latest off-calendar close before each calendar day (and after the previous one).
  const carry = new Float64Array(days);
  const carryDate: (string | undefined)[] = new Array<string | undefined>(days);

  series.forEach((s, inputIndex) => {
    exact.fill(Number.NaN);
    carry.fill(Number.NaN);
    carryDate.fill(undefined);
    let firstExact = days;
    let firstOff: string | undefined;
    for (const bar of s.bars) {
      const close = bar.close;
      if (!isValidClose(close)) continue;
      const date = bar.date;
      const j = dayIndex.get(date);
      if (j !== undefined) {
        exact[j] = close; // on a repeated date, the last bar given wins
        if (j < firstExact) firstExact = j;
        continue;
      }
      if (firstOff === undefined || date < firstOff) firstOff = date;
      const k = firstDayAfter(calendar, date);
      if (k < days && !((carryDate[k] ?? '') > date)) {
        carryDate[k] = date;
        carry[k] = close;
      }
    }

    const closes = new Float64Array(days);
    const filled = new Uint8Array(days);
    let valid = 0;
    let last = Number.NaN;
    let filledInARow = 0;
    for (let j = 0; j < days; j++) {
      const own = exact[j] as number;
      if (!Number.isNaN(own)) {
        last = own;
        filledInARow = 0;
        closes[j] = own;
        valid++;
        continue;
      }
      const between = carry[j] as number;
      if (!Number.isNaN(between)) {
        last = between;
        filledInARow = 0;
      }
      if (!Number.isNaN(last) && filledInARow < maxFill) {
        filledInARow++;
        filled[j] = 1;
        closes[j] = last;
        valid++;
      } else {
        closes[j] = Number.NaN;
      }
    }
    const onCalendar = firstExact < days ? (calendar[firstExact] as string) : undefined;
    const firstDate =
      firstOff !== undefined && (onCalendar === undefined || firstOff < onCalendar) ? firstOff : onCalendar;
    // A series must reach the last calendar day: a feed that stopped would otherwise cut every series short.
    if (valid < 2 || firstDate === undefined || Number.isNaN(closes[days - 1])) {
      withoutHistory.push(s.symbol);
      return;
    }
    for (let j = 0; j < days; j++) if (!Number.isNaN(closes[j])) present[j] = (present[j] ?? 0) + 1;
    if (firstDate > (calendar[0] as string)) lateStart.push({ symbol: s.symbol, inputIndex, firstDate });
    included.push({ symbol: s.symbol, inputIndex, closes, filled });
  });

  const keep: number[] = [];
  for (let j = 0; j < days; j++) if (present[j] === included.length) keep.push(j);
  const dates = keep.map((j) => calendar[j] as string);
  let filledValues = 0;
  const out = included.map((s) => {
    const closes = new Float64Array(keep.length);
    for (let i = 0; i < keep.length; i++) {
      const j = keep[i] as number;
      closes[i] = s.closes[j] as number;
      filledValues += s.filled[j] as number;
    }
    return { symbol: s.symbol, inputIndex: s.inputIndex, closes };
  });

  return {
    dates: included.length > 0 ? dates : [],
    series: out,
    withoutHistory,
    lateStart,
    filledValues,
    droppedDates: included.length > 0 ? days - keep.length : days,
  };
}
