/**
 * The advisor's recommendation: a score from the computed facts, never from a language model.
 *
 * Score (docs/decisions/028), each part a whole number:
 * - trend: bullish +1, bearish −1, neutral 0; weighted 2 for a medium or long horizon, 1 for a short one;
 * - momentum: RSI 14 under 30 +1 (oversold), over 70 −1 (overbought); MACD histogram above 0 +1, below −1;
 *   weighted 2 for a short horizon, 1 otherwise;
 * - risk against tolerance: overall risk (low 0, medium 1, high 2) minus what the tolerance accepts
 *   (conservative 0, moderate 1, aggressive 2), when positive, subtracted; a long horizon forgives 1;
 * - concentration: the position's share of the portfolio ≥ 10 % −1, ≥ 25 % −2.
 * Action: ≥ 4 strong buy, ≥ 2 buy, ≤ −4 strong sell, ≤ −2 sell, otherwise hold.
 * Confidence (percent): 40 + 10 × |score| for buy and sell ratings (at most 90); 60 − 10 × |score| for hold;
 * 10 points less when the year has fewer than 200 sessions (no 200-session SMA); never under 30.
 * Target and stop: the expected one-sigma move over the timeframe, m = price × volatility × √T (T = 0.25,
 * 0.5 and 1 year for short, medium, long). For buy and hold: target = the nearest resistance when it is
 * within price + m, else price + m; stop = the nearest support when it is within price − m, else price − m.
 * For sell ratings: target = the nearest support within price − m, else price − m, and no stop.
 */
import type { RiskLevel } from '../analytics';
import { toCents } from './levels';
import type { Trend } from './technicals';
import { TIME_HORIZON_LABELS, type TimeHorizon } from '../time-horizon';

export const RISK_TOLERANCES = ['conservative', 'moderate', 'aggressive'] as const;
export type RiskTolerance = (typeof RISK_TOLERANCES)[number];
export const ADVICE_ACTIONS = ['strong buy', 'buy', 'hold', 'sell', 'strong sell'] as const;
export type AdviceAction = (typeof ADVICE_ACTIONS)[number];

const RISK_RANK: Readonly<Record<RiskLevel, number>> = { low: 0, medium: 1, high: 2 };
const TOLERANCE_RANK: Readonly<Record<RiskTolerance, number>> = {
  conservative: 0,
  moderate: 1,
  aggressive: 2,
};
const HORIZON_YEARS: Readonly<Record<TimeHorizon, number>> = { short: 0.25, medium: 0.5, long: 1 };

export const RSI_OVERSOLD = 30;
export const RSI_OVERBOUGHT = 70;

export interface ScoreInput {
  trend: Trend;
  rsi14: number | null;
  macdHistogram: number | null;
  overallRisk: RiskLevel;
  positionWeight: number | null;
  riskTolerance: RiskTolerance;
  timeHorizon: TimeHorizon;
  /** Whether the 200-session SMA could be computed (a full year of history). */
  hasLongHistory: boolean;
}

export interface ScoreParts {
  trend: number;
  momentum: number;
  risk: number;
  concentration: number;
  total: number;
}

export interface Recommendation {
  action: AdviceAction;
  confidence: number;
  timeframe: string;
  score: ScoreParts;
}

export function scoreAdvice(input: ScoreInput): ScoreParts {
  const isShort = input.timeHorizon === 'short';
  const trendPoints = input.trend === 'bullish' ? 1 : input.trend === 'bearish' ? -1 : 0;
  let momentumPoints = 0;
  if (input.rsi14 !== null) {
    if (input.rsi14 < RSI_OVERSOLD) momentumPoints += 1;
    else if (input.rsi14 > RSI_OVERBOUGHT) momentumPoints -= 1;
  }
  if (input.macdHistogram !== null) {
    if (input.macdHistogram > 0) momentumPoints += 1;
    else if (input.macdHistogram < 0) momentumPoints -= 1;
  }
  const excessRisk = RISK_RANK[input.overallRisk] - TOLERANCE_RANK[input.riskTolerance];
  const riskPenalty = Math.max(0, excessRisk - (input.timeHorizon === 'long' ? 1 : 0));
  const weight = input.positionWeight;
  const concentration = weight === null ? 0 : weight >= 0.25 ? -2 : weight >= 0.1 ? -1 : 0;

  const trend = trendPoints * (isShort ? 1 : 2);
  const momentum = momentumPoints * (isShort ? 2 : 1);
  const risk = riskPenalty === 0 ? 0 : -riskPenalty;
  return { trend, momentum, risk, concentration, total: trend + momentum + risk + concentration };
}

export function actionOf(score: number): AdviceAction {
  if (score >= 4) return 'strong buy';
  if (score >= 2) return 'buy';
  if (score <= -4) return 'strong sell';
  if (score <= -2) return 'sell';
  return 'hold';
}

export function recommend(input: ScoreInput): Recommendation {
  const score = scoreAdvice(input);
  const action = actionOf(score.total);
  const magnitude = Math.abs(score.total);
  let confidence = action === 'hold' ? 60 - 10 * magnitude : Math.min(90, 40 + 10 * magnitude);
  if (!input.hasLongHistory) confidence -= 10;
  return {
    action,
    confidence: Math.max(30, confidence),
    timeframe: TIME_HORIZON_LABELS[input.timeHorizon],
    score,
  };
}

export interface PriceTargets {
  targetPrice: number | null;
  stopLoss: number | null;
}

/** Target and stop of the file comment; null without a volatility. */
export function priceTargets(input: {
  action: AdviceAction;
  price: number;
  volatility: number | null;
  timeHorizon: TimeHorizon;
  supportLevels: readonly number[];
  resistanceLevels: readonly number[];
}): PriceTargets {
  if (input.volatility === null) return { targetPrice: null, stopLoss: null };
  const { price } = input;
  const move = price * input.volatility * Math.sqrt(HORIZON_YEARS[input.timeHorizon]);
  const nearestSupport = input.supportLevels.find((level) => level < price && level >= price - move);
  const nearestResistance = input.resistanceLevels.find((level) => level > price && level <= price + move);
  if (input.action === 'sell' || input.action === 'strong sell') {
    return { targetPrice: toCents(nearestSupport ?? Math.max(0, price - move)), stopLoss: null };
  }
  return {
    targetPrice: toCents(nearestResistance ?? price + move),
    stopLoss: toCents(nearestSupport ?? Math.max(0, price - move)),
  };
}
