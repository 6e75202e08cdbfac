/**
 * One call from holdings, quotes and price history to every fact the analysis shows or puts in a language
 * model's prompt (DESIGN.md, "AI is grounded"), and the deterministic demo analysis written from those facts.
 *
 * Cost: O(holdings × (dates + bars)) with typed arrays; no per-date map lookups, nothing quadratic.
 */
import { classify, normaliseSymbol, type ClassificationHint } from './classify';
import { concentration, type Concentration } from './concentration';
import {
  DIVERSIFICATION_MAX_CRYPTO_WEIGHT,
  DIVERSIFICATION_MAX_SECTOR_WEIGHT,
  DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT,
  DIVERSIFICATION_MIN_HOLDINGS,
  diversificationGaps,
  type DiversificationGap,
  type DiversificationGapCode,
} from './diversification';
import { exposure, type Exposure } from './exposure';
import { formatMoney, formatNumber, formatPercent, formatPercentUnits } from './format';
import {
  HEALTH_FAIR_MIN_HOLDINGS,
  HEALTH_GOOD_MIN_HOLDINGS,
  HEALTH_GREEN_MIN_PERCENT,
  HEALTH_MAX_STOCK_SHARE,
  HEALTH_YELLOW_MIN_PERCENT,
  healthCheck,
  type HealthCheck,
} from './health-check';
import {
  INSIGHT_BIG_MOVE_PERCENT,
  INSIGHT_MAX_POSITIONS,
  INSIGHT_MIN_POSITIONS,
  portfolioInsights,
} from './insights';
import { buyAndHoldValues, dailyChange, valuePositions } from './portfolio';
import { MAX_FORWARD_FILL_DAYS, alignSeries, simpleReturns, tradingCalendar } from './returns';
import {
  DEFAULT_RISK_FREE_RATE,
  DEFAULT_VAR_CONFIDENCE,
  TRADING_DAYS_PER_YEAR,
  annualisedReturn,
  annualisedVolatility,
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
  type RiskLevel,
} from './risk-level';
import type { Bar, ClassifiedPosition, PriceSeries } from './types';

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
  /** Distinct symbols with a positive quantity. */
  readonly holdingCount: number;
  readonly valuation: {
    readonly totalValue: number;
    readonly previousValue: number;
    readonly totalChange: number;
    /** Percent units (5.01 = +5.01 %), null when yesterday's value is not positive. */
    readonly totalChangePercent: number | null;
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
    readonly annualisedReturn: number | null;
    readonly annualisedVolatility: number | null;
    readonly downsideDeviation: number | null;
    readonly sharpe: number | null;
    readonly sortino: number | null;
    readonly beta: number | null;
    readonly benchmarkAnnualisedReturn: number | null;
    readonly benchmarkAnnualisedVolatility: number | null;
    readonly maxDrawdown: Drawdown | null;
    /** 1-day historical VaR; `amount` is in currency for today's total value. */
    readonly valueAtRisk: ValueAtRisk | null;
  };
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
    const symbol = normaliseSymbol(h.symbol);
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

function finiteOrNull(x: number | null | undefined): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

export function computePortfolioAnalytics(input: AnalyticsInput): PortfolioFacts {
  const benchmarkSymbol = input.benchmarkSymbol ?? DEFAULT_BENCHMARK_SYMBOL;
  const riskFreeRate = input.riskFreeRate ?? DEFAULT_RISK_FREE_RATE;
  const confidence = input.varConfidence ?? DEFAULT_VAR_CONFIDENCE;
  const merged = mergeHoldings(input.holdings);

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
  const vol = annualisedVolatility(returns);
  const drawdown = maxDrawdown(values, aligned.dates);
  const risk: PortfolioFacts['risk'] = {
    riskFreeRate,
    annualisedReturn: annualisedReturn(returns),
    annualisedVolatility: vol,
    downsideDeviation: downsideDeviation(returns, riskFreeRate),
    sharpe: sharpeRatio(returns, riskFreeRate),
    sortino: sortinoRatio(returns, riskFreeRate),
    beta: benchmarkReturns && holdingsAligned.length > 0 ? beta(returns, benchmarkReturns) : null,
    benchmarkAnnualisedReturn: benchmarkReturns ? annualisedReturn(benchmarkReturns) : null,
    benchmarkAnnualisedVolatility: benchmarkReturns ? annualisedVolatility(benchmarkReturns) : null,
    maxDrawdown: drawdown,
    valueAtRisk: historicalVaR(returns, confidence, totalValue),
  };

  const riskLevel = assessRiskLevel({
    annualisedVolatility: vol,
    effectiveHoldings: conc.effectiveHoldings,
    positions,
  });
  const gaps = diversificationGaps(positions);
  const health = healthCheck(
    positions.map((p) => ({
      symbol: p.symbol,
      quantity: p.quantity,
      value: p.priced ? p.value : null,
      assetClass: p.assetClass === 'Unknown' ? undefined : p.assetClass,
    })),
  );
  const insights = portfolioInsights({
    totalChangePercent: change.totalChangePercent,
    holdingCount: positions.length,
    largest: conc.largest,
    annualisedVolatility: vol,
    benchmarkVolatility: risk.benchmarkAnnualisedVolatility,
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
      unpricedSymbols: valuation.positions.filter((p) => !p.priced).map((p) => p.symbol),
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
    riskLevel,
    diversificationGaps: gaps,
    healthCheck: health,
    insights,
    thresholds: ANALYTICS_THRESHOLDS,
  };
}

// -------------------------------------------------------------------------------------------------------
// The demo analysis: the spec's "Demo Analysis Results", written from the facts without a language model.

export interface DemoAnalysis {
  readonly riskLevel: RiskLevel;
  readonly overviewText: string;
  readonly diversificationGaps: readonly string[];
  readonly recommendations: readonly { readonly title: string; readonly description: string }[];
  readonly insights: readonly string[];
}

export const MAX_DEMO_RECOMMENDATIONS = 5;

const ASSET_CLASS_LABELS: Record<string, string> = {
  stock: 'stocks',
  etf: 'ETFs',
  fund: 'mutual funds',
  bond: 'bonds',
  crypto: 'crypto',
  cash: 'cash',
  Unknown: 'unclassified holdings',
};

const GAP_ADVICE: Record<DiversificationGapCode, { title: string; advice: string }> = {
  FEW_HOLDINGS: {
    title: 'Broaden diversification',
    advice: 'A broad index fund such as VTI adds hundreds of companies in one purchase.',
  },
  SINGLE_HOLDING: {
    title: 'Trim your largest position',
    advice: 'Consider reducing it and spreading the proceeds over other holdings or a broad fund.',
  },
  SECTOR_CONCENTRATION: {
    title: 'Reduce sector concentration',
    advice: "Funds that cover other sectors lower the impact of one industry's downturn.",
  },
  CRYPTO_CONCENTRATION: {
    title: 'Limit crypto exposure',
    advice:
      'Crypto prices can halve within months; keep it to a share you could lose without changing your plans.',
  },
  NO_BONDS: {
    title: 'Add a bond allocation',
    advice: 'A broad bond fund such as BND cushions stock market falls and serves as an emergency buffer.',
  },
  NO_INTERNATIONAL: {
    title: 'Add international exposure',
    advice: 'A fund such as VXUS adds thousands of companies outside the US.',
  },
};

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Every number in the texts is a fact (or a threshold in `facts.thresholds`), formatted by format.ts. */
export function writeDemoAnalysis(facts: PortfolioFacts): DemoAnalysis {
  const n = facts.holdingCount;
  const v = facts.valuation;
  const sentences: string[] = [];
  if (n === 0) {
    sentences.push('The portfolio is empty: add holdings to analyse it.');
  } else {
    let first = `This portfolio of ${n} ${n === 1 ? 'holding' : 'holdings'} is worth ${formatMoney(v.totalValue)}`;
    if (v.totalChangePercent !== null && v.totalChange !== 0) {
      const direction = v.totalChange > 0 ? 'up' : 'down';
      first += `, ${direction} ${formatPercentUnits(Math.abs(v.totalChangePercent))} (${formatMoney(Math.abs(v.totalChange))}) today`;
    }
    sentences.push(`${first}.`);
    const largest = facts.concentration.largest;
    if (largest && facts.concentration.effectiveHoldings !== null) {
      sentences.push(
        `Its largest holding is ${largest.symbol} at ${formatPercent(largest.weight)}, and the effective number of holdings is ${formatNumber(facts.concentration.effectiveHoldings)}.`,
      );
    }
    const classes = facts.exposure.assetClass.slice(0, 3);
    if (classes.length > 0) {
      const parts = classes.map((b) => `${formatPercent(b.weight)} ${ASSET_CLASS_LABELS[b.name] ?? b.name}`);
      sentences.push(`By asset class it holds ${parts.join(', ')}.`);
    }
  }

  const r = facts.risk;
  const h = facts.history;
  if (r.annualisedVolatility !== null && h.lastDate !== null) {
    let text = `Over ${h.returnsCount} trading days to ${h.lastDate}, its annualised volatility was ${formatPercent(r.annualisedVolatility)}`;
    if (r.benchmarkAnnualisedVolatility !== null) {
      text += ` against ${formatPercent(r.benchmarkAnnualisedVolatility)} for ${h.benchmarkSymbol}`;
    }
    if (r.beta !== null) text += `, with a beta of ${formatNumber(r.beta)}`;
    if (r.maxDrawdown && r.maxDrawdown.maxDrawdown > 0) {
      text += `; its largest drawdown was ${formatPercent(r.maxDrawdown.maxDrawdown)}`;
    }
    sentences.push(`${text}.`);
    if (r.sharpe !== null) {
      sentences.push(
        `Its Sharpe ratio was ${formatNumber(r.sharpe)} at a ${formatPercent(r.riskFreeRate)} risk-free rate.`,
      );
    }
    if (r.valueAtRisk && r.valueAtRisk.amount !== null) {
      sentences.push(
        `On ${formatPercent(r.valueAtRisk.confidence, 0)} of days the one-day loss stayed within ${formatPercent(r.valueAtRisk.var)} (${formatMoney(r.valueAtRisk.amount)} today).`,
      );
    }
  }
  if (n > 0) {
    sentences.push(`The risk level is ${facts.riskLevel.level}: ${facts.riskLevel.reasons.join('; ')}.`);
    const hc = facts.healthCheck;
    sentences.push(
      `Health check: ${hc.passed} of ${hc.total} checks passed (${formatPercentUnits(hc.scorePercent, 0)}), diversification ${hc.diversificationRating}.`,
    );
  }

  const recommendations: { title: string; description: string }[] = [];
  const seen = new Set<string>();
  const add = (title: string, description: string) => {
    if (seen.has(title) || recommendations.length >= MAX_DEMO_RECOMMENDATIONS) return;
    seen.add(title);
    recommendations.push({ title, description });
  };
  if (facts.riskLevel.level === 'high') {
    add(
      'Lower your risk',
      `${sentenceCase(facts.riskLevel.reasons.join('; '))}. Spreading money over more holdings, broad funds or bonds lowers it.`,
    );
  }
  for (const gap of facts.diversificationGaps) {
    const { title, advice } = GAP_ADVICE[gap.code];
    add(title, `${gap.message} ${advice}`);
  }
  for (const check of facts.healthCheck.checks) {
    if (n > 0 && !check.passed && check.id === 'simple-investing')
      add('Add a broad index fund', `${check.detail}.`);
  }
  if (recommendations.length === 0 && n > 0) {
    add(
      'Stay the course',
      'No diversification gap was found. Rebalance periodically to keep the allocation where you want it.',
    );
  }

  return {
    riskLevel: facts.riskLevel.level,
    overviewText: sentences.join(' '),
    diversificationGaps: facts.diversificationGaps.map((g) => g.message),
    recommendations,
    insights: [...facts.insights],
  };
}
