/**
 * AI trading suggestions (spec 000 §3 "Trading suggestion" and "Suggestion request", §7): premium and
 * professional plans. Shared by the /app page's suggestions panel and the Fastify routes.
 */
import { z } from 'zod';
import {
  DEFAULT_SUGGESTION_PREFERENCES,
  INVESTMENT_GOALS,
  RISK_TOLERANCES,
  SUGGESTION_LEVELS,
  SUGGESTION_TYPES,
} from '../domain/trading-suggestions';
import { TIME_HORIZONS } from '../domain/time-horizon';
import { ZNonEmptyPortfolio } from './analysis';
import { ZMarketDataSource } from './market-data';
import { text } from './text';

/** Generations a user may run per UTC day (premium and professional alike). */
export const DAILY_SUGGESTION_GENERATIONS = 20;
export const SUGGESTION_LIMIT_MESSAGE = `You have generated suggestions ${DAILY_SUGGESTION_GENERATIONS} times today. New suggestions can be generated again tomorrow (UTC).`;

export const SUGGESTION_MESSAGES = {
  riskTolerance: 'Risk tolerance must be conservative, moderate or aggressive.',
  investmentGoals: 'Investment goals must be a list of growth, income and preservation.',
  investmentGoalsEmpty: 'Choose at least one investment goal.',
  timeHorizon: 'Time horizon must be short, medium or long.',
} as const;

/** POST /api/trading-suggestions; the spec's defaults (§9) fill what is left out. */
export const ZSuggestionRequest = z.object({
  portfolio: ZNonEmptyPortfolio,
  riskTolerance: z
    .enum(RISK_TOLERANCES, { error: SUGGESTION_MESSAGES.riskTolerance })
    .default(DEFAULT_SUGGESTION_PREFERENCES.riskTolerance),
  investmentGoals: z
    .array(z.enum(INVESTMENT_GOALS, { error: SUGGESTION_MESSAGES.investmentGoals }), {
      error: SUGGESTION_MESSAGES.investmentGoals,
    })
    .min(1, SUGGESTION_MESSAGES.investmentGoalsEmpty)
    .max(INVESTMENT_GOALS.length * 2, SUGGESTION_MESSAGES.investmentGoals)
    .default([...DEFAULT_SUGGESTION_PREFERENCES.investmentGoals])
    .transform((goals) => [...new Set(goals)]),
  timeHorizon: z
    .enum(TIME_HORIZONS, { error: SUGGESTION_MESSAGES.timeHorizon })
    .default(DEFAULT_SUGGESTION_PREFERENCES.timeHorizon),
  /** Optional; when sent it must be the signed-in user's id (another user's answers 404). */
  userId: text({ field: 'User id', max: 64 }).optional(),
});
export type SuggestionRequest = z.input<typeof ZSuggestionRequest>;

/** PATCH /api/trading-suggestions/{id}/dismiss and /execute: one that is no suggestion of the user's is a 404. */
export const ZSuggestionParams = z.object({ id: text({ field: 'Suggestion', max: 100 }) });

export const ZTradingSuggestion = z.object({
  id: z.string(),
  symbol: z.string(),
  suggestionType: z.enum(SUGGESTION_TYPES),
  actionText: z.string(),
  priority: z.enum(SUGGESTION_LEVELS),
  riskLevel: z.enum(SUGGESTION_LEVELS),
  /** Percent (50-95), from the documented formula over the computed excess. */
  confidence: z.number(),
  /** The bought symbol's trailing one-year return in percent: historical, not a forecast. */
  potentialReturn: z.number().optional(),
  currentPrice: z.number(),
  /** Options: the call's strike. */
  targetPrice: z.number().optional(),
  reasoning: z.string(),
  /** Who worded `reasoning`: the configured model, or the templates. */
  reasoningSource: z.enum(['model', 'rules']),
  priceSource: ZMarketDataSource,
  isNew: z.boolean(),
  status: z.enum(['open', 'executed']),
  createdAt: z.string(),
});
export type TradingSuggestion = z.infer<typeof ZTradingSuggestion>;

/** GET /api/trading-suggestions: the open and executed suggestions, newest first. */
export const ZSuggestionList = z.array(ZTradingSuggestion);

/** POST /api/trading-suggestions. */
export const ZGenerateSuggestionsResponse = z.object({
  suggestions: ZSuggestionList,
  /** Generations left today. */
  remainingToday: z.number(),
});
export type GenerateSuggestionsResponse = z.infer<typeof ZGenerateSuggestionsResponse>;
