/**
 * The advisor's side of the language model: what it is told (the instructions and the facts of
 * src/domain/advisor, money in cents, other numbers to 6 decimals), the words it must answer with (zod and
 * the strict JSON schema), and which of them the grounding check reads (all of them).
 */
import { z } from 'zod';
import {
  BOLLINGER_DEVIATIONS,
  BOLLINGER_PERIOD,
  MACD_PERIODS,
  RSI_OVERBOUGHT,
  RSI_OVERSOLD,
  RSI_PERIOD,
  SMA_LONG_PERIOD,
  SMA_SHORT_PERIOD,
  NO_FUNDAMENTALS_SOURCE,
  type AdviceFacts,
  type AdviceWords,
} from '../../../domain/advisor';
import { cents, rounded } from './prompt';

/** Writes the words of an advice from its facts; throws LlmUnavailableError on any failure. */
export interface AdviceWriter {
  readonly isConfigured: boolean;
  writeAdvice(facts: AdviceFacts, options?: { signal?: AbortSignal }): Promise<AdviceWords>;
}

const sentence = z.string().trim().min(1).max(800);
const list = (max: number) => z.array(z.string().trim().min(1).max(400)).max(max);

export const ZAdviceWords = z.object({
  reasoning: z.string().trim().min(1).max(1500),
  competitivePosition: sentence,
  keyRisks: list(5),
  keyOpportunities: list(5),
  keyConsiderations: list(6).min(1),
  nextSteps: list(5).min(1),
  volatilityAssessment: sentence,
  specificRisks: list(6),
  shortTermOutlook: sentence,
  longTermOutlook: sentence,
  portfolioConsiderations: sentence,
  alternatives: list(5),
}) satisfies z.ZodType<AdviceWords>;

const stringList = { type: 'array', items: { type: 'string' } } as const;
export const ADVICE_WORDS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [
    'reasoning',
    'competitivePosition',
    'keyRisks',
    'keyOpportunities',
    'keyConsiderations',
    'nextSteps',
    'volatilityAssessment',
    'specificRisks',
    'shortTermOutlook',
    'longTermOutlook',
    'portfolioConsiderations',
    'alternatives',
  ],
  properties: {
    reasoning: { type: 'string' },
    competitivePosition: { type: 'string' },
    keyRisks: stringList,
    keyOpportunities: stringList,
    keyConsiderations: stringList,
    nextSteps: stringList,
    volatilityAssessment: { type: 'string' },
    specificRisks: stringList,
    shortTermOutlook: { type: 'string' },
    longTermOutlook: { type: 'string' },
    portfolioConsiderations: { type: 'string' },
    alternatives: stringList,
  },
};

export function adviceTexts(words: AdviceWords): string[] {
  return [
    words.reasoning,
    words.competitivePosition,
    ...words.keyRisks,
    ...words.keyOpportunities,
    ...words.keyConsiderations,
    ...words.nextSteps,
    words.volatilityAssessment,
    ...words.specificRisks,
    words.shortTermOutlook,
    words.longTermOutlook,
    words.portfolioConsiderations,
    ...words.alternatives,
  ];
}

export const ADVICE_SYSTEM_PROMPT = `You write the answer of Foliowise's stock advisor, an app for everyday investors.
You receive FACTS as JSON, computed by our analytics engine for one stock and one investor's question and context. The rating (recommendation.action), its confidence, target price and stop loss are decided: explain them, never change them. Write, in plain English, for a non-expert:
- reasoning: 3 to 5 sentences answering the investor's question (FACTS.question) with the rating and why: trend, momentum, risk against the investor's risk tolerance and time horizon, concentration.
- competitivePosition: one or two sentences on the company from FACTS.fundamentals (sector, industry, size); keyRisks and keyOpportunities: 0 to 4 short sentences each from FACTS.fundamentals (analysts' consensus and average price target against the price).
- keyConsiderations: 2 to 5 short sentences, each one fact that matters.
- nextSteps: 2 to 4 practical, educational steps.
- volatilityAssessment: one or two sentences on the stock's volatility, beta and largest fall.
- specificRisks: 1 to 5 short sentences.
- shortTermOutlook (the next 3-6 months) and longTermOutlook (1-3 years): 1 to 3 sentences each, from the trend and the levels; no predictions of prices beyond the given target.
- portfolioConsiderations: 1 to 3 sentences on the position's size in the portfolio (say the context is missing when it is).
- alternatives: one short sentence per entry of FACTS.alternatives, naming its symbol and why it is an alternative.

Numbers (strict: an answer that breaks these rules is discarded):
- Use ONLY numbers that appear in FACTS. Never calculate new ones (no sums, differences, ratios, projections) and never invent a figure.
- Fractions in FACTS (volatility, maxDrawdown, positionWeight) are 0-1: show them as percentages, multiplied by 100, e.g. 0.1234 -> "12.34%". priceChangePercent and confidence are already percentages.
- Money is US dollars, e.g. "$1,234.56". You may round a number to fewer decimals; do not abbreviate ("k", "M", "million").
- For anything that is not a fact write words, not digits ("one", "a few"); do not number lists.
- When FACTS.fundamentals says no source is configured, write that sentence as competitivePosition, leave keyRisks and keyOpportunities empty, and do not mention earnings, revenue or analysts anywhere.

Answer with a JSON object only, matching the given schema.`;

/**
 * What grounds a number of the model's words: the prompt facts without the investor's question. The question is
 * the person's own text, and text in it may ask the model to write anything ('call 1-800-…'); its numbers are
 * not facts. The rest is computed (quote, technicals, risk, rating, fundamentals) or the context's typed fields.
 */
export function adviceGroundingFacts(promptFacts: ReturnType<typeof toAdvicePromptFacts>) {
  const { question: _question, ...computed } = promptFacts;
  return computed;
}

/** The facts as the model sees them (the grounding check reads them without the question: adviceGroundingFacts). */
export function toAdvicePromptFacts(facts: AdviceFacts) {
  const { quote, technicals: t, risk, recommendation: r } = facts;
  return rounded({
    symbol: facts.symbol,
    name: facts.name,
    question: facts.question,
    userContext: facts.context,
    price: {
      currentPrice: cents(quote.currentPrice),
      priceChange: cents(quote.priceChange),
      priceChangePercent: quote.priceChangePercent,
      dayRange: quote.dayRange,
      volume: quote.volume,
      lastSessionDate: quote.lastSessionDate,
      yearRange: quote.yearRange,
      sessionsOfHistory: quote.sessions,
      isSimulated: quote.source === 'simulated',
    },
    technicals: {
      trend: t.trend,
      smaCross: t.smaCross,
      sma50: cents(t.sma50),
      sma200: cents(t.sma200),
      rsi14: t.rsi14,
      macd: t.macd,
      bollinger: t.bollinger,
      supportLevels: t.supportLevels,
      resistanceLevels: t.resistanceLevels,
      periods: {
        smaShortDays: SMA_SHORT_PERIOD,
        smaLongDays: SMA_LONG_PERIOD,
        rsi: RSI_PERIOD,
        rsiOverbought: RSI_OVERBOUGHT,
        rsiOversold: RSI_OVERSOLD,
        macd: MACD_PERIODS,
        bollinger: { period: BOLLINGER_PERIOD, deviations: BOLLINGER_DEVIATIONS },
      },
    },
    risk: {
      overallRisk: risk.overallRisk,
      volatility: risk.volatility,
      betaToSpy: risk.beta,
      maxDrawdown: risk.maxDrawdown,
      positionValue: cents(risk.positionValue),
      positionWeight: risk.positionWeight,
    },
    recommendation: {
      action: r.action,
      confidence: r.confidence,
      timeframe: r.timeframe,
      targetPrice: r.targetPrice,
      stopLoss: r.stopLoss,
      score: r.score,
    },
    fundamentals: facts.fundamentals ?? NO_FUNDAMENTALS_SOURCE,
    alternatives: facts.alternatives,
    outlookPeriods: { shortTerm: '3-6 months', longTerm: '1-3 years' },
  });
}
