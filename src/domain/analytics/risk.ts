/**
 * Risk statistics of daily return series. Every function returns null, never NaN, when the data cannot
 * support the figure (fewer than 2 returns, a zero variance in a denominator, mismatched lengths).
 *
 * Conventions:
 * - 252 trading days a year; returns are simple daily returns on trading days (see returns.ts).
 * - Variances and covariances are sample statistics (divisor n − 1).
 * - Annualised return = mean daily return × 252 (arithmetic). Sharpe and Sortino divide it by an annualised
 *   standard deviation, which is also arithmetic (daily σ × √252), so numerator and denominator are in the
 *   same units. Portfolio Performance, for one, is known to put a geometric (compounded) return over an
 *   arithmetic volatility; that mix inflates or deflates the ratio depending on volatility drag, and we do
 *   not do it.
 */

export const TRADING_DAYS_PER_YEAR = 252;
/** Default annual risk-free rate (4 %), configurable per call. */
export const DEFAULT_RISK_FREE_RATE = 0.04;
/** Confidence of the historical Value at Risk. */
export const DEFAULT_VAR_CONFIDENCE = 0.95;

const SQRT_YEAR = Math.sqrt(TRADING_DAYS_PER_YEAR);

/** Arithmetic mean; null for an empty series. */
export function mean(xs: ArrayLike<number>): number | null {
  const n = xs.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += xs[i] as number;
  return sum / n;
}

function allEqual(xs: ArrayLike<number>): boolean {
  const first = xs[0];
  for (let i = 1; i < xs.length; i++) if (xs[i] !== first) return false;
  return true;
}

/**
 * Sample covariance Σ(x − x̄)(y − ȳ) / (n − 1), two-pass; null when n < 2 or the lengths differ.
 * A series whose values are all equal has exactly zero variance (no rounding residue of its mean).
 */
export function sampleCovariance(xs: ArrayLike<number>, ys: ArrayLike<number>): number | null {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return null;
  if (allEqual(xs) || allEqual(ys)) return 0;
  const mx = mean(xs) as number;
  const my = mean(ys) as number;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
  return sum / (n - 1);
}

/** Sample variance (n − 1); null when n < 2. */
export function sampleVariance(xs: ArrayLike<number>): number | null {
  return sampleCovariance(xs, xs);
}

/** Sample standard deviation (n − 1); null when n < 2. */
export function sampleStdDev(xs: ArrayLike<number>): number | null {
  const v = sampleVariance(xs);
  return v === null ? null : Math.sqrt(v);
}

/** Pearson correlation of two equally long return series; null when either does not vary. */
export function correlation(xs: ArrayLike<number>, ys: ArrayLike<number>): number | null {
  const cov = sampleCovariance(xs, ys);
  const sx = sampleStdDev(xs);
  const sy = sampleStdDev(ys);
  if (cov === null || !sx || !sy) return null;
  return Math.max(-1, Math.min(1, cov / (sx * sy)));
}

/** Annualised volatility = sample standard deviation of daily returns × √252. */
export function annualizedVolatility(returns: ArrayLike<number>): number | null {
  const sd = sampleStdDev(returns);
  return sd === null ? null : sd * SQRT_YEAR;
}

/** Annualised return = mean daily return × 252 (arithmetic, see the module comment); null when n < 2. */
export function annualizedReturn(returns: ArrayLike<number>): number | null {
  return returns.length < 2 ? null : (mean(returns) as number) * TRADING_DAYS_PER_YEAR;
}

/**
 * Beta = cov(rp, rm) / var(rm), sample statistics over the same (aligned) dates; null when fewer than 2
 * pairs, lengths differ, or the benchmark's variance is zero.
 */
export function beta(portfolio: ArrayLike<number>, market: ArrayLike<number>): number | null {
  const varM = sampleVariance(market);
  if (varM === null || varM === 0 || portfolio.length !== market.length) return null;
  return (sampleCovariance(portfolio, market) as number) / varM;
}

/** Sharpe = (annualised return − riskFree) / annualised volatility; null when the volatility is 0 or unknown. */
export function sharpeRatio(returns: ArrayLike<number>, riskFree = DEFAULT_RISK_FREE_RATE): number | null {
  const vol = annualizedVolatility(returns);
  if (vol === null || vol === 0) return null;
  return ((annualizedReturn(returns) as number) - riskFree) / vol;
}

/**
 * Annualised downside deviation = √(Σ min(r − rf/252, 0)² / (n − 1)) × √252, over ALL n returns (days above
 * the target contribute 0), with the target the daily risk-free rate. Null when n < 2.
 */
export function downsideDeviation(
  returns: ArrayLike<number>,
  riskFree = DEFAULT_RISK_FREE_RATE,
): number | null {
  const n = returns.length;
  if (n < 2) return null;
  const target = riskFree / TRADING_DAYS_PER_YEAR;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const shortfall = Math.min((returns[i] as number) - target, 0);
    sum += shortfall * shortfall;
  }
  return Math.sqrt(sum / (n - 1)) * SQRT_YEAR;
}

/** Sortino = (annualised return − riskFree) / annualised downside deviation; null when that deviation is 0 or unknown. */
export function sortinoRatio(returns: ArrayLike<number>, riskFree = DEFAULT_RISK_FREE_RATE): number | null {
  const dd = downsideDeviation(returns, riskFree);
  if (dd === null || dd === 0) return null;
  return ((annualizedReturn(returns) as number) - riskFree) / dd;
}

export interface Drawdown {
  /** Largest peak-to-trough fall as a positive fraction (0.25 = −25 %); 0 when the series never fell. */
  readonly maxDrawdown: number;
  /** Index (and date, when dates were given) of the peak before the largest fall; null when maxDrawdown is 0. */
  readonly peakIndex: number | null;
  readonly troughIndex: number | null;
  /** First index after the trough at which the value is back at or above the peak; null when not recovered. */
  readonly recoveryIndex: number | null;
  readonly peakDate: string | null;
  readonly troughDate: string | null;
  readonly recoveryDate: string | null;
  /** Trading days from peak to recovery, or from peak to the last day when not recovered; 0 without a fall. */
  readonly durationDays: number;
  readonly recovered: boolean;
}

/**
 * Maximum drawdown of a value (or price) series. The first occurrence of the largest fall is reported.
 * Null when there are fewer than 2 values. Values are expected positive.
 */
export function maxDrawdown(values: ArrayLike<number>, dates?: readonly string[]): Drawdown | null {
  const n = values.length;
  if (n < 2) return null;
  let peak = 0;
  let best = 0;
  let bestPeak = -1;
  let bestTrough = -1;
  for (let i = 1; i < n; i++) {
    const v = values[i] as number;
    const peakValue = values[peak] as number;
    if (v >= peakValue) {
      // A new high, or the old one matched: a later fall is measured from here.
      peak = i;
    } else if (peakValue > 0) {
      const dd = 1 - v / peakValue;
      if (dd > best) {
        best = dd;
        bestPeak = peak;
        bestTrough = i;
      }
    }
  }
  if (bestPeak < 0) {
    return {
      maxDrawdown: 0,
      peakIndex: null,
      troughIndex: null,
      recoveryIndex: null,
      peakDate: null,
      troughDate: null,
      recoveryDate: null,
      durationDays: 0,
      recovered: true,
    };
  }
  const peakValue = values[bestPeak] as number;
  let recovery: number | null = null;
  for (let i = bestTrough + 1; i < n; i++) {
    if ((values[i] as number) >= peakValue) {
      recovery = i;
      break;
    }
  }
  const dateAt = (i: number | null) => (i === null ? null : (dates?.[i] ?? null));
  return {
    maxDrawdown: best,
    peakIndex: bestPeak,
    troughIndex: bestTrough,
    recoveryIndex: recovery,
    peakDate: dateAt(bestPeak),
    troughDate: dateAt(bestTrough),
    recoveryDate: dateAt(recovery),
    durationDays: (recovery ?? n - 1) - bestPeak,
    recovered: recovery !== null,
  };
}

/**
 * The p-quantile (0 ≤ p ≤ 1) by linear interpolation between order statistics, Hyndman & Fan type 7 (R's
 * default, Excel PERCENTILE.INC, NumPy's 'linear'): h = (n − 1)·p, Q = x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋ + 1] − x[⌊h⌋])
 * on the sorted sample (0-based). Null for an empty sample.
 */
export function percentile(xs: ArrayLike<number>, p: number): number | null {
  const n = xs.length;
  if (n === 0 || !(p >= 0 && p <= 1)) return null;
  const sorted = Float64Array.from(xs).sort();
  // (1 − 0.95) is 0.050000000000000044 in binary: round p to 12 places so that h lands where a person expects.
  const h = (n - 1) * (Math.round(p * 1e12) / 1e12);
  const lo = Math.floor(h);
  const below = sorted[lo] as number;
  const above = sorted[Math.min(lo + 1, n - 1)] as number;
  return below + (h - lo) * (above - below);
}

export interface ValueAtRisk {
  readonly confidence: number;
  /** The (1 − confidence) quantile of the daily returns, e.g. −0.018. */
  readonly quantileReturn: number;
  /** One-day loss not exceeded with the given confidence, as a positive fraction: max(0, −quantileReturn). */
  readonly var: number;
  /** var × portfolioValue, when a value is given. */
  readonly amount: number | null;
  readonly observations: number;
}

/**
 * Historical 1-day Value at Risk: the loss at the (1 − confidence) percentile of the daily returns, with the
 * R-7 / PERCENTILE.INC interpolation of `percentile`. Reported as a positive number; 0 when even that
 * percentile is a gain. Null when fewer than 2 returns.
 */
export function historicalVaR(
  returns: ArrayLike<number>,
  confidence = DEFAULT_VAR_CONFIDENCE,
  portfolioValue?: number,
): ValueAtRisk | null {
  if (returns.length < 2 || !(confidence > 0 && confidence < 1)) return null;
  const q = percentile(returns, 1 - confidence) as number;
  const loss = Math.max(0, -q);
  return {
    confidence,
    quantileReturn: q,
    var: loss,
    amount: portfolioValue === undefined || !Number.isFinite(portfolioValue) ? null : loss * portfolioValue,
    observations: returns.length,
  };
}
