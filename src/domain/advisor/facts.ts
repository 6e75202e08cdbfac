/**
 * Every number of an advice answer, computed here from market data and the user's context: the model (or the
 * templates) only words these facts, and the grounding check accepts no number that is not among them.
 */
import type { Bar } from '../analytics';
import { findAlternatives, type Alternative } from './alternatives';
import { findPriceLevels, toCents, type PriceLevels } from './levels';
import { priceTargets, recommend, type Recommendation, type RiskTolerance } from './recommendation';
import type { TimeHorizon } from '../time-horizon';
import { assessStockRisk, type StockRisk } from './risk';
import { computeTechnicals, SMA_LONG_PERIOD, type Technicals } from './technicals';

export interface AdviceBar {
  readonly date: string;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

export interface AdviceQuote {
  name: string;
  currentPrice: number;
  change: number;
  changePercent: number;
  source: string;
  asOf: string;
}

export interface AdviceContext {
  riskTolerance: RiskTolerance;
  timeHorizon: TimeHorizon;
  currentPosition?: number;
  portfolioValue?: number;
}

/** A fundamentals vendor's figures; null fields: the vendor did not give them. */
export interface AdviceFundamentals {
  source: string;
  marketCap: number | null;
  sector: string | null;
  industry: string | null;
  /** The vendor's consensus word ('Buy') and how many analysts rated the stock. */
  analystConsensus: string | null;
  analystCount: number | null;
  averageTarget: number | null;
}

export interface AdviceFacts {
  symbol: string;
  name: string;
  question: string;
  context: AdviceContext;
  quote: {
    currentPrice: number;
    priceChange: number;
    priceChangePercent: number;
    source: string;
    asOf: string;
    /** The latest stored session's low and high, and its volume. */
    dayRange: { low: number; high: number } | null;
    volume: number | null;
    lastSessionDate: string | null;
    /** Lowest low and highest high of the year's sessions. */
    yearRange: { low: number; high: number } | null;
    sessions: number;
  };
  technicals: Technicals & PriceLevels;
  risk: StockRisk;
  recommendation: Recommendation & { targetPrice: number | null; stopLoss: number | null };
  alternatives: Alternative[];
  /** Null without a fundamentals vendor: the answer then says so, never invents them. */
  fundamentals: AdviceFundamentals | null;
}

export interface AdviceFactsInput {
  symbol: string;
  question: string;
  context: AdviceContext;
  quote: AdviceQuote;
  /** A year of daily bars of the symbol, any order. */
  bars: readonly AdviceBar[];
  /** A year of daily closes of the benchmark (SPY). */
  benchmark: readonly Bar[];
  fundamentals?: AdviceFundamentals | null;
}

export function computeAdviceFacts(input: AdviceFactsInput): AdviceFacts {
  const bars = [...input.bars].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const price = input.quote.currentPrice;
  const technicals = computeTechnicals(bars.map((bar) => bar.close));
  const levels = findPriceLevels(bars, price);
  const risk = assessStockRisk({
    closes: bars,
    benchmark: input.benchmark,
    price,
    currentPosition: input.context.currentPosition,
    portfolioValue: input.context.portfolioValue,
  });
  const recommendation = recommend({
    trend: technicals.trend,
    rsi14: technicals.rsi14,
    macdHistogram: technicals.macd?.histogram ?? null,
    overallRisk: risk.overallRisk,
    positionWeight: risk.positionWeight,
    riskTolerance: input.context.riskTolerance,
    timeHorizon: input.context.timeHorizon,
    hasLongHistory: bars.length >= SMA_LONG_PERIOD,
  });
  const targets = priceTargets({
    action: recommendation.action,
    price,
    volatility: risk.volatility,
    timeHorizon: input.context.timeHorizon,
    ...levels,
  });
  const last = bars[bars.length - 1];
  return {
    symbol: input.symbol,
    name: input.quote.name,
    question: input.question,
    context: input.context,
    quote: {
      currentPrice: price,
      priceChange: input.quote.change,
      priceChangePercent: input.quote.changePercent,
      source: input.quote.source,
      asOf: input.quote.asOf,
      dayRange: last ? { low: last.low, high: last.high } : null,
      volume: last ? last.volume : null,
      lastSessionDate: last ? last.date : null,
      yearRange:
        bars.length > 0
          ? {
              low: toCents(Math.min(...bars.map((bar) => bar.low))),
              high: toCents(Math.max(...bars.map((bar) => bar.high))),
            }
          : null,
      sessions: bars.length,
    },
    technicals: { ...technicals, ...levels },
    risk,
    recommendation: { ...recommendation, ...targets },
    alternatives: findAlternatives(input.symbol),
    fundamentals: input.fundamentals ?? null,
  };
}
