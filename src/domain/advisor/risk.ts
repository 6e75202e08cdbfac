/**
 * The risk of one stock for the advisor, from src/domain/analytics (the same volatility, beta and drawdown as
 * the portfolio analysis) plus the position's share of the user's portfolio.
 *
 * overallRisk (docs/decisions/028): points for annualised volatility (≥ 25 %: 1, ≥ 40 %: 2), beta to SPY
 * (≥ 1.3: 1), max drawdown over the year (≥ 30 %: 1) and the position's share of the portfolio (≥ 10 %: 1,
 * ≥ 25 %: 2). 0 points low, 1-2 medium, 3 or more high.
 */
import { alignSeries, annualizedVolatility, beta, maxDrawdown, simpleReturns, type Bar } from '../analytics';
import type { RiskLevel } from '../analytics';

export const VOLATILITY_ELEVATED = 0.25;
export const VOLATILITY_HIGH = 0.4;
export const BETA_HIGH = 1.3;
export const DRAWDOWN_HIGH = 0.3;
export const POSITION_WEIGHT_ELEVATED = 0.1;
export const POSITION_WEIGHT_HIGH = 0.25;

export interface StockRisk {
  /** Annualised volatility of daily returns (0-1); null with fewer than 3 closes. */
  volatility: number | null;
  /** Beta to the benchmark over the common sessions; null without them. */
  beta: number | null;
  /** Largest peak-to-trough fall of the closes (0-1). */
  maxDrawdown: number | null;
  /** currentPosition × price / portfolioValue (0-1), when both were given. */
  positionWeight: number | null;
  /** currentPosition × price, when a position was given. */
  positionValue: number | null;
  overallRisk: RiskLevel;
  /** What raised the level, in the order of the rule. */
  riskPoints: { volatility: number; beta: number; drawdown: number; concentration: number };
}

export interface StockRiskInput {
  closes: readonly Bar[];
  benchmark: readonly Bar[];
  price: number;
  currentPosition?: number;
  portfolioValue?: number;
}

export function assessStockRisk(input: StockRiskInput): StockRisk {
  const sorted = [...input.closes].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const closes = sorted.map((bar) => bar.close);
  const volatility = annualizedVolatility(simpleReturns(closes));
  const drawdown = maxDrawdown(closes)?.maxDrawdown ?? null;

  const aligned = alignSeries(
    [
      { symbol: 'stock', bars: input.closes },
      { symbol: 'benchmark', bars: input.benchmark },
    ],
    { calendar: input.benchmark.map((bar) => bar.date) },
  );
  const stockSeries = aligned.series.find((s) => s.symbol === 'stock');
  const benchmarkSeries = aligned.series.find((s) => s.symbol === 'benchmark');
  const stockBeta =
    stockSeries && benchmarkSeries
      ? beta(simpleReturns(stockSeries.closes), simpleReturns(benchmarkSeries.closes))
      : null;

  const positionValue = input.currentPosition !== undefined ? input.currentPosition * input.price : null;
  const positionWeight =
    positionValue !== null && input.portfolioValue !== undefined && input.portfolioValue > 0
      ? positionValue / input.portfolioValue
      : null;

  const riskPoints = {
    volatility:
      volatility === null ? 0 : volatility >= VOLATILITY_HIGH ? 2 : volatility >= VOLATILITY_ELEVATED ? 1 : 0,
    beta: stockBeta !== null && stockBeta >= BETA_HIGH ? 1 : 0,
    drawdown: drawdown !== null && drawdown >= DRAWDOWN_HIGH ? 1 : 0,
    concentration:
      positionWeight === null
        ? 0
        : positionWeight >= POSITION_WEIGHT_HIGH
          ? 2
          : positionWeight >= POSITION_WEIGHT_ELEVATED
            ? 1
            : 0,
  };
  const points = riskPoints.volatility + riskPoints.beta + riskPoints.drawdown + riskPoints.concentration;
  return {
    volatility,
    beta: stockBeta,
    maxDrawdown: drawdown,
    positionWeight,
    positionValue,
    overallRisk: points >= 3 ? 'high' : points >= 1 ? 'medium' : 'low',
    riskPoints,
  };
}
