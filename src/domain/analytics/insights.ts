/**
 * AI Portfolio Insights bullets, written deterministically from the facts. Spec 000 §9 thresholds: a total
 * daily change above +5 % or below −5 % (strictly), fewer than 5 positions (diversify), more than 20
 * (consolidate). Then bullets from the metrics: largest holding, volatility against the benchmark, drawdown.
 */
import { formatNumber, formatPercent, formatPercentUnits, symbolAsWritten } from './format';
import type { Drawdown } from './risk';

/** A total daily change beyond ± this many percent (strictly) gets a bullet. */
export const INSIGHT_BIG_MOVE_PERCENT = 5;
/** Fewer positions than this prompt more diversification. */
export const INSIGHT_MIN_POSITIONS = 5;
/** More positions than this prompt consolidation. */
export const INSIGHT_MAX_POSITIONS = 20;

export interface InsightInput {
  /** Today's total change in PERCENT units (5.01 = +5.01 %), or null. */
  readonly totalChangePercent: number | null;
  readonly holdingCount: number;
  readonly largest: { readonly symbol: string; readonly weight: number } | null;
  readonly annualizedVolatility: number | null;
  readonly benchmarkVolatility: number | null;
  readonly benchmarkSymbol: string;
  readonly beta: number | null;
  readonly maxDrawdown: Drawdown | null;
}

export function portfolioInsights(input: InsightInput): string[] {
  const bullets: string[] = [];
  const change = input.totalChangePercent;
  if (change !== null && change > INSIGHT_BIG_MOVE_PERCENT) {
    bullets.push(
      `Strong day: the portfolio is up ${formatPercentUnits(change)} today, more than ${formatPercentUnits(INSIGHT_BIG_MOVE_PERCENT)}.`,
    );
  } else if (change !== null && change < -INSIGHT_BIG_MOVE_PERCENT) {
    bullets.push(
      `Tough day: the portfolio is down ${formatPercentUnits(-change)} today, more than ${formatPercentUnits(INSIGHT_BIG_MOVE_PERCENT)}.`,
    );
  }

  const n = input.holdingCount;
  if (n > 0 && n < INSIGHT_MIN_POSITIONS) {
    bullets.push(
      `With ${n} ${n === 1 ? 'position' : 'positions'}, consider diversifying: ${INSIGHT_MIN_POSITIONS} or more holdings spread the risk.`,
    );
  } else if (n > INSIGHT_MAX_POSITIONS) {
    bullets.push(
      `With ${n} positions, consider consolidating: more than ${INSIGHT_MAX_POSITIONS} holdings are hard to follow and often overlap.`,
    );
  }

  if (input.largest) {
    bullets.push(
      `Largest holding: ${symbolAsWritten(input.largest.symbol)} at ${formatPercent(input.largest.weight)} of the portfolio.`,
    );
  }

  const vol = input.annualizedVolatility;
  const benchVol = input.benchmarkVolatility;
  if (vol !== null) {
    const betaText = input.beta === null ? '' : `, beta ${formatNumber(input.beta)}`;
    if (benchVol !== null) {
      const relation = vol > benchVol ? 'above' : vol < benchVol ? 'below' : 'equal to';
      bullets.push(
        `Annualised volatility ${formatPercent(vol)} is ${relation} ${input.benchmarkSymbol}'s ${formatPercent(benchVol)}${betaText}.`,
      );
    } else {
      bullets.push(`Annualised volatility ${formatPercent(vol)}${betaText}.`);
    }
  }

  const dd = input.maxDrawdown;
  if (dd && dd.maxDrawdown > 0 && dd.peakDate !== null && dd.troughDate !== null) {
    const recovery =
      dd.recoveryDate !== null
        ? `recovered on ${dd.recoveryDate}, ${dd.durationDays} trading days after the peak`
        : `not recovered yet, ${dd.durationDays} trading days after the peak`;
    bullets.push(
      `Largest drawdown ${formatPercent(dd.maxDrawdown)} from ${dd.peakDate} to ${dd.troughDate}, ${recovery}.`,
    );
  } else if (dd && dd.maxDrawdown === 0) {
    bullets.push('No drawdown over the period: the value never fell below a previous high.');
  }
  return bullets;
}
