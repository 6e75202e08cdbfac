/**
 * One call from holdings, quotes and price history to every fact the analysis shows or puts in a language
 * model's prompt (DESIGN.md, "AI is grounded"); demo-analysis.ts writes the deterministic demo text from them.
 *
 * Cost: O(holdings × (dates + bars)) with typed arrays; no per-date map lookups, nothing quadratic.
 */
import { classify, normalizeSymbol, type ClassificationHint } from './classify';
import { concentration, type Concentration } from './concentration';
import {
  DIVERSIFICATION_MAX_CRYPTO_WEIGHT,
  DIVERSIFICATION_MAX_SECTOR_WEIGHT,
  DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT,
  DIVERSIFICATION_MIN_HOLDINGS,
  diversificationGaps,
  type DiversificationGap,
} from './diversification';
import { exposure, type Exposure } from './exposure';
import { finiteOrNull } from './finite';
import {
  HEALTH_FAIR_MIN_HOLDINGS,
  HEALTH_GOOD_MIN_HOLDINGS,
  HEALTH_GREEN_MIN_PERCENT,
  HEALTH_MAX_STOCK_SHARE,
  HEALTH_YELLOW_MIN_PERCENT,
  healthCheckOfPositions,
  type HealthCheck,
} from './health-check';
import {
  INSIGHT_BIG_MOVE_PERCENT,
  INSIGHT_MAX_POSITIONS,
  INSIGHT_MIN_POSITIONS,
  portfolioInsights,
} from './insights';
import { buyAndHoldValues, dailyChange, separateUnpriced, valuePositions } from './portfolio';
import { MAX_FORWARD_FILL_DAYS, alignSeries, simpleReturns, tradingCalendar } from './returns';
import {
  DEFAULT_RISK_FREE_RATE,
  DEFAULT_VAR_CONFIDENCE,
  TRADING_DAYS_PER_YEAR,
  annualizedReturn,
  annualizedVolatility,
  beta,
  downsideDeviation,
  historicalVaR,
  maxDrawdown,
  sharpeRatio,
  sortinoRatio,
  type Drawdown,
  type ValueAtRisk,
} from './risk';
import {
  RISK_HIGH_CRYPTO_WEIGHT,
  RISK_HIGH_SINGLE_HOLDING_WEIGHT,
  RISK_HIGH_STOCK_MIN_NAMES,
  RISK_HIGH_STOCK_WEIGHT,
  RISK_HIGH_VOLATILITY,
  RISK_LOW_DEFENSIVE_WEIGHT,
  RISK_LOW_MIN_EFFECTIVE_HOLDINGS,
  RISK_LOW_VOLATILITY,
  assessRiskLevel,
  type RiskAssessment,
} from './risk-level';
import type { Bar, ClassifiedPosition, PriceSeries } from './types';
import type { ReturnsFacts } from '../performance/returns-facts';

export const DEFAULT_BENCHMARK_SYMBOL = 'SPY';

/** Every threshold the facts and texts use, so that each number in a text can be found in the facts. */
export const ANALYTICS_THRESHOLDS = {
  tradingDaysPerYear: TRADING_DAYS_PER_YEAR,
  maxForwardFillDays: MAX_FORWARD_FILL_DAYS,
  riskHighVolatility: RISK_HIGH_VOLATILITY,
  riskLowVolatility: RISK_LOW_VOLATILITY,
  riskHighSingleHoldingWeight: RISK_HIGH_SINGLE_HOLDING_WEIGHT,
  riskHighCryptoWeight: RISK_HIGH_CRYPTO_WEIGHT,
  riskLowMinEffectiveHoldings: RISK_LOW_MIN_EFFECTIVE_HOLDINGS,
  riskLowDefensiveWeight: RISK_LOW_DEFENSIVE_WEIGHT,
  riskHighStockWeight: RISK_HIGH_STOCK_WEIGHT,
  riskHighStockMinNames: RISK_HIGH_STOCK_MIN_NAMES,
  diversificationMinHoldings: DIVERSIFICATION_MIN_HOLDINGS,
  diversificationMaxSingleHoldingWeight: DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT,
  diversificationMaxSectorWeight: DIVERSIFICATION_MAX_SECTOR_WEIGHT,
  diversificationMaxCryptoWeight: DIVERSIFICATION_MAX_CRYPTO_WEIGHT,
  healthGoodMinHoldings: HEALTH_GOOD_MIN_HOLDINGS,
  healthFairMinHoldings: HEALTH_FAIR_MIN_HOLDINGS,
  healthGreenMinPercent: HEALTH_GREEN_MIN_PERCENT,
  healthYellowMinPercent: HEALTH_YELLOW_MIN_PERCENT,
  healthMaxStockShare: HEALTH_MAX_STOCK_SHARE,
  insightBigMovePercent: INSIGHT_BIG_MOVE_PERCENT,
  insightMinPositions: INSIGHT_MIN_POSITIONS,
  insightMaxPositions: INSIGHT_MAX_POSITIONS,
} as const;

export interface AnalyticsHolding extends ClassificationHint {
  readonly symbol: string;
  readonly quantity: number;
  /** Current price; null/undefined when no quote answered. */
  readonly price: number | null | undefined;
  /** The quote's change per unit since the previous close. */
  readonly change?: number | null | undefined;
}

export interface AnalyticsInput {
  readonly holdings: readonly AnalyticsHolding[];
  /** Daily closes by symbol (looked up by the normalised symbol, then as given). */
  readonly history: ReadonlyMap<string, readonly Bar[]>;
  /** The benchmark's daily closes; its dates are the trading-day calendar. */
  readonly benchmark: readonly Bar[];
  /** Default 'SPY'. */
  readonly benchmarkSymbol?: string;
  /** Annual risk-free rate for Sharpe and Sortino, default 0.04. */
  readonly riskFreeRate?: number;
  /** Default 0.95. */
  readonly varConfidence?: number;
  /** The returns of the portfolio's recorded history, when it has one (decision 043). */
  readonly returns?: ReturnsFacts | null;
}

export interface FactHolding extends ClassifiedPosition {
  readonly price: number | null;
  /** The quote's change per unit, null when unknown. */
  readonly change: number | null;
  /** quantity × change, null when unknown. */
  readonly changeValue: number | null;
  /** Percent units (1.5 = +1.5 %), null when unknown. */
  readonly changePercent: number | null;
  /** True when the holding is part of the historical (risk) series. */
  readonly inHistory: boolean;
}

export interface PortfolioFacts {
  /** Last date of the aligned history, null without history. */
  readonly asOf: string | null;
  /** Distinct symbols with a positive quantity and a price (the unpriced ones are left out of every figure). */
  readonly holdingCount: number;
  readonly valuation: {
    readonly totalValue: number;
    readonly previousValue: number;
    readonly totalChange: number;
    /** Percent units (5.01 = +5.01 %), null when yesterday's value is not positive. */
    readonly totalChangePercent: number | null;
    /** Holdings without a price (no source found the symbol): left out of every figure, named only here. */
    readonly unpricedSymbols: readonly string[];
    /** Priced holdings whose quote gave no change (counted as unchanged). */
    readonly withoutChange: readonly string[];
  };
  /** Largest value first, then by symbol. Weights and fractions are 0-1. */
  readonly holdings: readonly FactHolding[];
  readonly concentration: Concentration;
  readonly exposure: Exposure;
  readonly history: {
    /** Buy-and-hold of today's quantities (see portfolio.ts). */
    readonly method: 'buy-and-hold';
    readonly benchmarkSymbol: string;
    /** False when the benchmark had too little history: no beta, the calendar came from the holdings. */
    readonly benchmarkAvailable: boolean;
    readonly firstDate: string | null;
    readonly lastDate: string | null;
    /** Aligned trading days (closes); there is one fewer daily return. */
    readonly tradingDays: number;
    readonly returnsCount: number;
    /** Holdings left out of the risk figures for lack of history. */
    readonly withoutHistory: readonly string[];
    /** Holdings whose history starts after the calendar's first day (the earlier days were dropped). */
    readonly lateStart: readonly { readonly symbol: string; readonly firstDate: string }[];
    /** Today's weight of the holdings that are in the historical series (0-1). */
    readonly coverageWeight: number;
    readonly filledValues: number;
    readonly droppedDates: number;
  };
  readonly risk: {
    readonly riskFreeRate: number;
    /** Mean daily return × 252 (arithmetic). */
    readonly annualizedReturn: number | null;
    readonly annualizedVolatility: number | null;
    readonly downsideDeviation: number | null;
    readonly sharpe: number | null;
    readonly sortino: number | null;
    readonly beta: number | null;
    readonly benchmarkAnnualizedReturn: number | null;
    readonly benchmarkAnnualizedVolatility: number | null;
    readonly maxDrawdown: Drawdown | null;
    /** 1-day historical VaR; `amount` is in currency for today's total value. */
    readonly valueAtRisk: ValueAtRisk | null;
  };
  /**
   * The returns of the portfolio's recorded history (docs/performance.md, in its base currency); null without
   * one. Unlike `risk`, which prices today's holdings over the past year, these count every trade and flow.
   */
  readonly returns: ReturnsFacts | null;
  readonly riskLevel: RiskAssessment;
  readonly diversificationGaps: readonly DiversificationGap[];
  readonly healthCheck: HealthCheck;
  readonly insights: readonly string[];
  readonly thresholds: typeof ANALYTICS_THRESHOLDS;
}

interface MergedHolding {
  symbol: string;
  givenSymbol: string;
  quantity: number;
  price: number | null | undefined;
  change: number | null | undefined;
  hint: ClassificationHint;
}

/** One row per normalised symbol with a positive, finite quantity; quantities of repeated symbols add up. */
function mergeHoldings(holdings: readonly AnalyticsHolding[]): MergedHolding[] {
  const bySymbol = new Map<string, MergedHolding>();
  for (const h of holdings) {
    if (!(Number.isFinite(h.quantity) && h.quantity > 0)) continue;
    const symbol = normalizeSymbol(h.symbol);
    if (symbol === '') continue;
    const seen = bySymbol.get(symbol);
    if (seen) {
      seen.quantity += h.quantity;
      if (!(typeof seen.price === 'number' && seen.price > 0)) {
        seen.price = h.price;
        seen.change = h.change;
      }
    } else {
      const { name, assetClass, sector, region } = h;
      bySymbol.set(symbol, {
        symbol,
        givenSymbol: h.symbol,
        quantity: h.quantity,
        price: h.price,
        change: h.change,
        hint: { name, assetClass, sector, region },
      });
    }
  }
  return [...bySymbol.values()];
}

export function computePortfolioAnalytics(input: AnalyticsInput): PortfolioFacts {
  const benchmarkSymbol = input.benchmarkSymbol ?? DEFAULT_BENCHMARK_SYMBOL;
  const riskFreeRate = input.riskFreeRate ?? DEFAULT_RISK_FREE_RATE;
  const confidence = input.varConfidence ?? DEFAULT_VAR_CONFIDENCE;
  // A holding without a price (a symbol no source found) is left out of every figure and only named.
  const { priced: merged, unpricedSymbols } = separateUnpriced(mergeHoldings(input.holdings));

  // Valuation, weights, today's change.
  const valuation = valuePositions(merged);
  const change = dailyChange(merged);
  const totalValue = valuation.totalValue;

  // History: the benchmark's dates are the calendar; the benchmark itself is series 0.
  const holdingSeries: PriceSeries[] = merged.map((h) => ({
    symbol: h.symbol,
    bars: input.history.get(h.symbol) ?? input.history.get(h.givenSymbol) ?? [],
  }));
  const benchmarkSeries: PriceSeries = { symbol: benchmarkSymbol, bars: input.benchmark };
  const benchmarkCalendar = tradingCalendar([benchmarkSeries]);
  const calendar = benchmarkCalendar.length >= 2 ? benchmarkCalendar : tradingCalendar(holdingSeries);
  const aligned = alignSeries([benchmarkSeries, ...holdingSeries], { calendar });
  const benchmarkAligned = aligned.series.find((s) => s.inputIndex === 0);
  const holdingsAligned = aligned.series.filter((s) => s.inputIndex > 0);
  const inHistory = new Uint8Array(merged.length);
  for (const s of holdingsAligned) inHistory[s.inputIndex - 1] = 1;

  const values =
    holdingsAligned.length > 0
      ? buyAndHoldValues(
          holdingsAligned.map((s) => s.closes),
          holdingsAligned.map((s) => (merged[s.inputIndex - 1] as MergedHolding).quantity),
        )
      : new Float64Array(0);
  const returns = simpleReturns(values);
  const benchmarkReturns = benchmarkAligned ? simpleReturns(benchmarkAligned.closes) : null;

  // Positions with their classification.
  const positions: FactHolding[] = merged.map((h, i) => {
    const valued = valuation.positions[i] as (typeof valuation.positions)[number];
    const changed = change.positions[i] as (typeof change.positions)[number];
    return {
      symbol: h.symbol,
      ...classify(h.symbol, h.hint),
      quantity: h.quantity,
      price: valued.price,
      value: valued.value,
      weight: valued.weight,
      priced: valued.priced,
      change: valued.priced ? finiteOrNull(h.change) : null,
      changeValue: changed.changeValue,
      changePercent: changed.changePercent,
      inHistory: inHistory[i] === 1,
    };
  });
  positions.sort((a, b) => b.value - a.value || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));

  // Values, not weights: concentration normalises them, and value / total is the exact weight.
  const conc = concentration(positions.map((p) => ({ symbol: p.symbol, weight: p.value })));
  const vol = annualizedVolatility(returns);
  const drawdown = maxDrawdown(values, aligned.dates);
  const risk: PortfolioFacts['risk'] = {
    riskFreeRate,
    annualizedReturn: annualizedReturn(returns),
    annualizedVolatility: vol,
    downsideDeviation: downsideDeviation(returns, riskFreeRate),
    sharpe: sharpeRatio(returns, riskFreeRate),
    sortino: sortinoRatio(returns, riskFreeRate),
    beta: benchmarkReturns && holdingsAligned.length > 0 ? beta(returns, benchmarkReturns) : null,
    benchmarkAnnualizedReturn: benchmarkReturns ? annualizedReturn(benchmarkReturns) : null,
    benchmarkAnnualizedVolatility: benchmarkReturns ? annualizedVolatility(benchmarkReturns) : null,
    maxDrawdown: drawdown,
    valueAtRisk: historicalVaR(returns, confidence, totalValue),
  };

  const riskLevel = assessRiskLevel({
    annualizedVolatility: vol,
    effectiveHoldings: conc.effectiveHoldings,
    positions,
  });
  const gaps = diversificationGaps(positions);
  const health = healthCheckOfPositions(positions);
  const insights = portfolioInsights({
    totalChangePercent: change.totalChangePercent,
    holdingCount: positions.length,
    largest: conc.largest,
    annualizedVolatility: vol,
    benchmarkVolatility: risk.benchmarkAnnualizedVolatility,
    benchmarkSymbol,
    beta: risk.beta,
    maxDrawdown: drawdown,
  });

  const historyDates = holdingsAligned.length > 0 ? aligned.dates : [];
  return {
    asOf: historyDates.at(-1) ?? null,
    holdingCount: positions.length,
    valuation: {
      totalValue,
      previousValue: change.previousValue,
      totalChange: change.totalChange,
      totalChangePercent: change.totalChangePercent,
      unpricedSymbols,
      withoutChange: change.withoutChange,
    },
    holdings: positions,
    concentration: conc,
    exposure: exposure(positions),
    history: {
      method: 'buy-and-hold',
      benchmarkSymbol,
      benchmarkAvailable: benchmarkAligned !== undefined,
      firstDate: historyDates[0] ?? null,
      lastDate: historyDates.at(-1) ?? null,
      tradingDays: historyDates.length,
      returnsCount: returns.length,
      withoutHistory: merged.filter((_, i) => inHistory[i] === 0).map((m) => m.symbol),
      lateStart: aligned.lateStart
        .filter((s) => s.inputIndex > 0)
        .map(({ symbol, firstDate }) => ({ symbol, firstDate })),
      coverageWeight: positions.reduce((sum, p) => sum + (p.inHistory ? p.weight : 0), 0),
      filledValues: aligned.filledValues,
      droppedDates: aligned.droppedDates,
    },
    risk,
    returns: input.returns ?? null,
    riskLevel,
    diversificationGaps: gaps,
    healthCheck: health,
    insights,
    thresholds: ANALYTICS_THRESHOLDS,
  };
}
