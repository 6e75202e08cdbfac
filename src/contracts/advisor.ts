/**
 * The AI financial advisor's API (spec 001 §3 Advice request and response, §5, §7 POST /api/financial-advice,
 * §8, §9), shared by the /financial-advisor page and the Fastify routes.
 *
 * Units: `priceChangePercent` is in percent units (1.5 = +1.5 %); the risk fractions (volatility, drawdown,
 * positionWeight) are 0-1. Every number comes from src/domain/advisor; `wordsSource` says who wrote the words.
 */
import { z } from 'zod';
import { ADVICE_ACTIONS, RISK_TOLERANCES } from '../domain/advisor/recommendation';
import { TIME_HORIZONS } from '../domain/time-horizon';
import { ADVISOR_QUESTIONS_PER_DAY } from '../domain/plans';
import { PAPER_TRADING_MESSAGES } from '../domain/paper-trading';
import { ZMarketDataSource } from './market-data';
import { ZTickerSymbol } from './paper-trading';
import { text } from './text';

export { ADVICE_ACTIONS, RISK_TOLERANCES, TIME_HORIZONS, ADVISOR_QUESTIONS_PER_DAY };

export const MAX_QUESTION_LENGTH = 1000;
/** Recent questions a signed-in user sees on the page. */
export const ADVICE_HISTORY_LIMIT = 10;

export const ADVISOR_MESSAGES = {
  symbolRequired: PAPER_TRADING_MESSAGES.symbolRequired,
  symbolTooLong: PAPER_TRADING_MESSAGES.symbolTooLong,
  symbolInvalid: PAPER_TRADING_MESSAGES.symbolInvalid,
  questionRequired: 'Question is required',
  questionTooLong: `Question too long (at most ${MAX_QUESTION_LENGTH} characters)`,
  positionInvalid: 'Current position must be a number of shares, 0 or more',
  portfolioValueInvalid: 'Portfolio value must be a positive number',
  riskToleranceInvalid: 'Risk tolerance must be conservative, moderate or aggressive',
  timeHorizonInvalid: 'Time horizon must be short, medium or long',
  /** Spec 001 §8: the page's fallback when the server gives no message. */
  failed: 'Failed to get financial advice',
} as const;

export const ADVISOR_LIMIT_CODE = 'ADVISOR_LIMIT_REACHED';
export function advisorLimitMessage(limit: number): string {
  return `You have asked the advisor ${limit} questions today, the limit of your plan. Premium raises it to ${ADVISOR_QUESTIONS_PER_DAY.premium} a day at /pricing.`;
}

/** Always shown under the advice. */
export const ADVICE_DISCLAIMER =
  'This is educational information computed from market data, not personal financial advice. Investing involves risk, including the loss of principal. Consider your own situation and consult a licensed financial adviser before you invest.';

const M = ADVISOR_MESSAGES;

const optionalAmount = (message: string, min: 'zero' | 'positive') =>
  z
    .number({ error: message })
    .finite(message)
    .refine((value) => (min === 'zero' ? value >= 0 : value > 0), message)
    .max(1e12, message)
    .optional();

export const ZUserContext = z.object({
  portfolioValue: optionalAmount(M.portfolioValueInvalid, 'positive'),
  riskTolerance: z.enum(RISK_TOLERANCES, { error: M.riskToleranceInvalid }).default('moderate'),
  timeHorizon: z.enum(TIME_HORIZONS, { error: M.timeHorizonInvalid }).default('medium'),
  currentPosition: optionalAmount(M.positionInvalid, 'zero'),
});
export type UserContext = z.infer<typeof ZUserContext>;

/** POST /api/financial-advice (spec 001 §3, §5): the symbol upper-cased, numbers omitted when empty. */
export const ZAdviceRequest = z.object({
  symbol: ZTickerSymbol,
  question: text({
    field: 'Question',
    max: MAX_QUESTION_LENGTH,
    min: 1,
    multiline: true,
    required: M.questionRequired,
    tooShort: M.questionRequired,
    tooLong: M.questionTooLong,
  }),
  userContext: ZUserContext.default({ riskTolerance: 'moderate', timeHorizon: 'medium' }),
});
export type AdviceRequest = z.input<typeof ZAdviceRequest>;

const ZRange = z.object({ low: z.number(), high: z.number() });
const ZRiskLevel = z.enum(['low', 'medium', 'high']);

/** The advice (spec 001 §3 Advice response), plus where its numbers and words came from. */
export const ZAdviceResponse = z.object({
  symbol: z.string(),
  name: z.string(),
  currentPrice: z.number(),
  priceChange: z.number(),
  priceChangePercent: z.number(),
  recommendation: z.object({
    action: z.enum(ADVICE_ACTIONS),
    confidence: z.number(),
    reasoning: z.string(),
    timeframe: z.string(),
    targetPrice: z.number().optional(),
    stopLoss: z.number().optional(),
  }),
  marketData: z.object({
    dayRange: ZRange.optional(),
    yearRange: ZRange.optional(),
    volume: z.number().optional(),
    marketCap: z.number().optional(),
  }),
  keyConsiderations: z.array(z.string()),
  nextSteps: z.array(z.string()),
  fundamentalAnalysis: z.object({
    recentEarnings: z.string().optional(),
    revenueGrowth: z.string().optional(),
    competitivePosition: z.string(),
    keyRisks: z.array(z.string()),
    keyOpportunities: z.array(z.string()),
  }),
  technicalAnalysis: z.object({
    trend: z.enum(['bullish', 'bearish', 'neutral']),
    technicalIndicators: z.object({
      sma50: z.number().nullable(),
      sma200: z.number().nullable(),
      smaCross: z.enum(['golden-cross', 'death-cross', 'above', 'below', 'unknown']),
      rsi14: z.number().nullable(),
      macd: z.object({ macd: z.number(), signal: z.number(), histogram: z.number() }).nullable(),
      bollinger: z.object({ upper: z.number(), middle: z.number(), lower: z.number() }).nullable(),
    }),
    supportLevels: z.array(z.number()),
    resistanceLevels: z.array(z.number()),
  }),
  riskAssessment: z.object({
    overallRisk: ZRiskLevel,
    volatilityAssessment: z.string(),
    specificRisks: z.array(z.string()),
    volatility: z.number().nullable(),
    beta: z.number().nullable(),
    maxDrawdown: z.number().nullable(),
    positionWeight: z.number().nullable(),
  }),
  analystSentiment: z.object({
    consensusRating: z.string(),
    analystCount: z.number(),
    averageTarget: z.union([z.number(), z.literal('N/A')]),
  }),
  contextualAdvice: z.object({
    shortTermOutlook: z.string(),
    longTermOutlook: z.string(),
    portfolioConsiderations: z.string(),
    alternatives: z.array(z.string()),
  }),
  disclaimer: z.string(),
  /** Who wrote the words: the configured language model, or the templates (no model, or it failed). */
  wordsSource: z.enum(['model', 'template']),
  /** The quote's source; `simulated` prices are labelled on the page. */
  source: ZMarketDataSource,
  asOf: z.string(),
  /** The fundamentals vendor, or null: the fundamentals and analyst fields then say that none is configured. */
  fundamentalsSource: z.string().nullable(),
  /** The year's daily closes, oldest first, for the chart. */
  priceHistory: z.array(z.object({ date: z.string(), close: z.number() })),
  /** This requester's questions today, for a limited plan. */
  usage: z.object({ used: z.number(), limit: z.number() }).optional(),
});
export type AdviceResponse = z.infer<typeof ZAdviceResponse>;

/** GET /api/financial-advice/history: a signed-in user's recent questions, newest first. */
export const ZAdviceHistoryResponse = z.object({
  questions: z.array(
    z.object({
      id: z.string(),
      symbol: z.string(),
      question: z.string(),
      action: z.enum(ADVICE_ACTIONS),
      askedAt: z.string(),
    }),
  ),
});
export type AdviceHistoryResponse = z.infer<typeof ZAdviceHistoryResponse>;
