/**
 * The terminal's advanced analytics (Professional plan) of a portfolio of today's holdings: the correlation
 * matrix of the holdings, rolling volatility and beta of the portfolio, its drawdown, and its return over named
 * historical stress windows.
 *
 * Conventions, those of risk-grid.ts: the series are aligned on the benchmark's trading days (`alignSeries`,
 * the intersection of the dates every holding has), daily returns are simple returns, volatility is annualised
 * with √252, beta is cov/var of daily returns to the benchmark, correlation is Pearson's. The portfolio's value
 * on a date is Σ quantity × close: today's holdings, held unchanged over the whole history (no trades).
 *
 * A named historical window shows real history only: where the closes that cover it are simulated (`isSimulated`
 * of their source), its return is withheld (null) and flagged, never printed under the event's name.
 */
import { finiteOrNull } from './finite';
import { alignSeries, simpleReturns, tradingCalendar, type AlignedSeries } from './returns';
import { annualizedVolatility, beta, correlation, maxDrawdown } from './risk';
import type { PriceSeries } from './types';

/** Trading days in each rolling window (about three months). */
export const ROLLING_WINDOW_DAYS = 60;

export interface StressWindow {
  readonly name: string;
  /** YYYY-MM-DD: the close the return starts from (the market's peak or the last close before the event). */
  readonly from: string;
  /** YYYY-MM-DD: the close the return ends at (the market's trough or the end of the event). */
  readonly to: string;
}

/**
 * Named historical windows, newest first, dated by the S&P 500's closing peak and trough (the 2023 bank failures
 * by the last close before Silvergate's wind-down and the first after Signature's closure).
 */
export const STRESS_WINDOWS: readonly StressWindow[] = [
  { name: '2023 regional bank failures', from: '2023-03-08', to: '2023-03-13' },
  { name: '2022 rate-hike bear market', from: '2022-01-03', to: '2022-10-12' },
  { name: '2020 COVID-19 crash', from: '2020-02-19', to: '2020-03-23' },
  { name: '2018 Q4 selloff', from: '2018-09-20', to: '2018-12-24' },
];

export interface DatedValue {
  /** YYYY-MM-DD */
  date: string;
  value: number;
}

/**
 * `statistic` of each trailing window of `window` values, one per window: out[k] covers xs[k .. k + window − 1]
 * (and ys the same); empty when there are fewer than `window` values. A null statistic stays null.
 */
function rolling(
  window: number,
  xs: Float64Array,
  statistic: (x: Float64Array, start: number, end: number) => number | null,
): (number | null)[] {
  const out: (number | null)[] = [];
  for (let end = window; end <= xs.length; end++) out.push(finiteOrNull(statistic(xs, end - window, end)));
  return out;
}

/** Annualised volatility of each trailing window of `window` daily returns. */
export function rollingVolatility(returns: Float64Array, window = ROLLING_WINDOW_DAYS): (number | null)[] {
  return rolling(window, returns, (x, start, end) => annualizedVolatility(x.subarray(start, end)));
}

/** Beta to `market` of each trailing window of `window` daily returns (the two series equally long). */
export function rollingBeta(
  returns: Float64Array,
  market: Float64Array,
  window = ROLLING_WINDOW_DAYS,
): (number | null)[] {
  if (returns.length !== market.length) return [];
  return rolling(window, returns, (x, start, end) =>
    beta(x.subarray(start, end), market.subarray(start, end)),
  );
}

/** value / highest value so far − 1 at every point: 0 at a new high, −0.25 when 25 % below the peak. */
export function drawdownSeries(values: ArrayLike<number>): number[] {
  const out: number[] = [];
  let peak = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (value > peak) peak = value;
    out.push(peak > 0 ? value / peak - 1 : 0);
  }
  return out;
}

/**
 * Pearson correlation between every pair of return series (all equally long): symmetric, 1 on the diagonal,
 * null where a series does not vary.
 */
export function correlationMatrix(returns: readonly ArrayLike<number>[]): (number | null)[][] {
  const matrix = returns.map(() => new Array<number | null>(returns.length).fill(null));
  for (let i = 0; i < returns.length; i++) {
    const row = matrix[i] as (number | null)[];
    row[i] = 1;
    for (let j = i + 1; j < returns.length; j++) {
      const value = correlation(returns[i] as ArrayLike<number>, returns[j] as ArrayLike<number>);
      row[j] = value;
      (matrix[j] as (number | null)[])[i] = value;
    }
  }
  return matrix;
}

/** Index of the last date on or before `date` (dates ascending); −1 when every date is after it. */
function lastOnOrBefore(dates: readonly string[], date: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((dates[mid] as string) <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * The return from the close of `from` to the close of `to` (the last closes on or before them), or null when
 * the dates do not cover the window: the series must have a close on or before `from` and reach `to`.
 */
export function windowReturn(
  dates: readonly string[],
  values: ArrayLike<number>,
  window: Pick<StressWindow, 'from' | 'to'>,
): number | null {
  const last = dates.at(-1);
  if (last === undefined || last < window.to) return null;
  const start = lastOnOrBefore(dates, window.from);
  const end = lastOnOrBefore(dates, window.to);
  if (start < 0 || end <= start) return null;
  return finiteOrNull((values[end] as number) / (values[start] as number) - 1);
}

export interface StressResult extends StressWindow {
  /**
   * Null ('no data') when the portfolio's aligned history does not cover the window, and null when it does but
   * a holding's closes are simulated (`portfolioSimulated`).
   */
  portfolioReturn: number | null;
  /** The benchmark's return over the same closes; null when the portfolio's closes do not cover the window. */
  benchmarkReturn: number | null;
  /** The portfolio's closes cover the window but some are simulated: its return is withheld. */
  portfolioSimulated: boolean;
  /** The benchmark's closes cover the window but are simulated: its return is withheld. */
  benchmarkSimulated: boolean;
}

export interface AdvancedAnalyticsInput<Source> {
  /** Today's quantity of each holding. */
  quantities: Readonly<Record<string, number>>;
  /** The closes of the holdings (and of the benchmark, when it is held too). */
  holdings: readonly (PriceSeries & { readonly source: Source })[];
  /** The benchmark's closes: beta is measured against them and the series are aligned on their dates. */
  benchmark: PriceSeries & { readonly source: Source };
  window?: number;
  stressWindows?: readonly StressWindow[];
  /** The correlation matrix pairs this many of the largest holdings (default: all). */
  maxCorrelated?: number;
  /** True for a source of simulated closes: no stress window shows a return computed from them (default: none). */
  isSimulated?: (source: Source) => boolean;
}

export interface AdvancedAnalytics<Source> {
  /** First and last aligned date; null when no holding has history. */
  from: string | null;
  asOf: string | null;
  /** Daily returns of the portfolio. */
  observations: number;
  benchmark: string;
  window: number;
  /** Holdings in the figures, by value on the last date, largest first. */
  included: { symbol: string; weight: number; source: Source }[];
  /** Holdings without history (no close, or none on the last date): left out of every figure. */
  excluded: string[];
  /** The benchmark's source, null when it has no history (beta is then null). */
  benchmarkSource: Source | null;
  /** `matrix[i][j]` pairs `symbols[i]` and `symbols[j]`: the `maxCorrelated` largest included holdings. */
  correlation: { symbols: string[]; matrix: (number | null)[][] };
  /** Dated by the last day of each window. */
  rollingVolatility: DatedValue[];
  rollingBeta: DatedValue[];
  /** Portfolio value / its peak so far − 1, on every aligned date. */
  drawdown: DatedValue[];
  /** Largest peak-to-trough fall of the portfolio's value, positive fraction. */
  maxDrawdown: number | null;
  stress: StressResult[];
}

type AlignedHolding = AlignedSeries['series'][number];

function dated(dates: readonly string[], offset: number, values: readonly (number | null)[]): DatedValue[] {
  return values.flatMap((value, k) => (value === null ? [] : [{ date: dates[k + offset] as string, value }]));
}

/** The advanced analytics of the holdings (see the module comment for the conventions). */
export function computeAdvancedAnalytics<Source>(
  input: AdvancedAnalyticsInput<Source>,
): AdvancedAnalytics<Source> {
  const window = input.window ?? ROLLING_WINDOW_DAYS;
  const stressWindows = input.stressWindows ?? STRESS_WINDOWS;
  const held = input.holdings.filter((s) => (input.quantities[s.symbol] ?? 0) > 0);
  const benchmarkCalendar = tradingCalendar([input.benchmark]);
  const calendar = benchmarkCalendar.length >= 2 ? benchmarkCalendar : tradingCalendar(held);
  // The benchmark last: a holding's closes are aligned the same whether or not the benchmark has history.
  const aligned = alignSeries([...held, input.benchmark], { calendar });
  const benchmarkAligned = aligned.series.find((s) => s.inputIndex === held.length);
  const holdingsAligned = aligned.series.filter((s) => s.inputIndex < held.length);
  const dates = holdingsAligned.length > 0 ? aligned.dates : [];

  const values = new Float64Array(dates.length);
  const lastValues = holdingsAligned.map((s) => {
    const quantity = input.quantities[s.symbol] as number;
    for (let i = 0; i < dates.length; i++)
      values[i] = (values[i] as number) + quantity * (s.closes[i] as number);
    return quantity * (s.closes[dates.length - 1] as number);
  });
  const total = values[dates.length - 1] ?? 0;
  const order = holdingsAligned
    .map((_, k) => k)
    .sort((a, b) => (lastValues[b] as number) - (lastValues[a] as number));
  const included = order.map((k) => {
    const s = holdingsAligned[k] as AlignedHolding;
    return {
      symbol: s.symbol,
      weight: total > 0 ? (lastValues[k] as number) / total : 0,
      source: (held[s.inputIndex] as AdvancedAnalyticsInput<Source>['benchmark']).source,
    };
  });
  const correlated = order.slice(0, input.maxCorrelated ?? order.length);
  const includedSymbols = new Set(included.map((h) => h.symbol));

  const returns = simpleReturns(values);
  const benchmarkReturns = benchmarkAligned ? simpleReturns(benchmarkAligned.closes) : null;
  const benchmarkCloses = benchmarkAligned?.closes;
  const isSimulated = input.isSimulated ?? (() => false);
  const isPortfolioSimulated = included.some((h) => isSimulated(h.source));
  const isBenchmarkSimulated = benchmarkAligned !== undefined && isSimulated(input.benchmark.source);
  const stress = stressWindows.map((w): StressResult => {
    const portfolioReturn = windowReturn(dates, values, w);
    const benchmarkReturn =
      portfolioReturn !== null && benchmarkCloses ? windowReturn(dates, benchmarkCloses, w) : null;
    const portfolioSimulated = portfolioReturn !== null && isPortfolioSimulated;
    const benchmarkSimulated = benchmarkReturn !== null && isBenchmarkSimulated;
    return {
      ...w,
      portfolioReturn: portfolioSimulated ? null : portfolioReturn,
      benchmarkReturn: benchmarkSimulated ? null : benchmarkReturn,
      portfolioSimulated,
      benchmarkSimulated,
    };
  });

  return {
    from: dates[0] ?? null,
    asOf: dates.at(-1) ?? null,
    observations: returns.length,
    benchmark: input.benchmark.symbol,
    window,
    included,
    excluded: input.holdings.filter((s) => !includedSymbols.has(s.symbol)).map((s) => s.symbol),
    benchmarkSource: benchmarkAligned ? input.benchmark.source : null,
    correlation: {
      symbols: correlated.map((k) => (holdingsAligned[k] as AlignedHolding).symbol),
      matrix: correlationMatrix(
        correlated.map((k) => simpleReturns((holdingsAligned[k] as AlignedHolding).closes)),
      ),
    },
    // Window k holds returns k .. k + window − 1, the last of which ends on dates[k + window].
    rollingVolatility: dated(dates, window, rollingVolatility(returns, window)),
    rollingBeta: benchmarkReturns ? dated(dates, window, rollingBeta(returns, benchmarkReturns, window)) : [],
    drawdown: dated(dates, 0, drawdownSeries(values)),
    maxDrawdown: finiteOrNull(maxDrawdown(values)?.maxDrawdown),
    stress,
  };
}
