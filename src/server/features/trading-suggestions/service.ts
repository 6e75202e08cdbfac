/**
 * AI trading suggestions (spec 000 §3, §4 "Trading suggestions", §7). The suggestions come from
 * src/domain/trading-suggestions.ts over the analytics facts of the portfolio (the analysis feature's
 * `loadPortfolioFacts`, with its quotes and cached closes); the configured model only rewords their
 * reasoning, and any failure of it (timeout, error, a number that is not a fact) keeps the templates' words.
 *
 * A generation replaces the user's open suggestions. Each user may generate DAILY_SUGGESTION_GENERATIONS times
 * per UTC day, counted in the shared limit store (so across instances); a generation that fails is given back.
 */
import {
  DAILY_SUGGESTION_GENERATIONS,
  SUGGESTION_LIMIT_MESSAGE,
  type GenerateSuggestionsResponse,
  type TradingSuggestion,
} from '../../../contracts/trading-suggestions';
import type { Portfolio } from '../../../contracts/analysis';
import { AppError } from '../../../contracts/errors';
import {
  BROAD_FUNDS,
  computeTradingSuggestions,
  type SuggestionDraft,
  type SuggestionPreferences,
} from '../../../domain/trading-suggestions';
import type { Database } from '../../db/client';
import type { LimitStore } from '../../limits/store';
import { LlmUnavailableError, type SuggestionReasoningWriter } from '../../providers/llm';
import { isUuid } from '../../lib/uuid';
import { loadPortfolioFacts, loadUsdCloses } from '../analysis/service';
import type { MarketDataService } from '../market-data/service';
import {
  deleteSuggestion,
  listSuggestions,
  markSuggestionExecuted,
  markSuggestionsSeen,
  replaceOpenSuggestions,
  type SuggestionRow,
} from './repository';
import { utcDateOf } from '../../../domain/calendar';

export const SUGGESTION_NOT_FOUND_MESSAGE = 'Suggestion not found';

/** Test and wiring hooks (`ServiceOverrides.tradingSuggestions`). */
export interface TradingSuggestionsOptions {
  /** Default: the OpenAI adapter built from `config.openai`. */
  writer?: SuggestionReasoningWriter;
  /** Timeout of the default writer's call, default 30 000 ms. */
  llmTimeoutMs?: number;
  now?: () => Date;
}

export interface TradingSuggestionsContext {
  db: Database;
  marketData: MarketDataService;
  writer: SuggestionReasoningWriter;
  limits: LimitStore;
  now: () => Date;
}

const DAY_MS = 86_400_000;

/** Milliseconds until the next UTC midnight, when the day's generations start again. */
export function msUntilUtcMidnight(now: Date): number {
  return DAY_MS - (now.getTime() % DAY_MS);
}

/** Takes one of today's generations (UTC day); 429 past the limit. */
async function takeGeneration(
  context: TradingSuggestionsContext,
  userId: string,
): Promise<{ remaining: number; giveBack: () => Promise<void> }> {
  const now = context.now();
  const key = `trading-suggestions:${userId}:${utcDateOf(now)}`;
  const { count } = await context.limits.increment(key, msUntilUtcMidnight(now));
  if (count > DAILY_SUGGESTION_GENERATIONS) {
    await context.limits.decrement(key);
    throw new AppError('RATE_LIMITED', SUGGESTION_LIMIT_MESSAGE);
  }
  return { remaining: DAILY_SUGGESTION_GENERATIONS - count, giveBack: () => context.limits.decrement(key) };
}

function toSuggestion(row: SuggestionRow, isNew: boolean): TradingSuggestion {
  return {
    id: row.id,
    symbol: row.symbol,
    suggestionType: row.suggestionType,
    actionText: row.actionText,
    priority: row.priority,
    riskLevel: row.riskLevel,
    confidence: row.confidence,
    ...(row.potentialReturn === null ? {} : { potentialReturn: Number(row.potentialReturn) }),
    currentPrice: Number(row.currentPrice),
    ...(row.targetPrice === null ? {} : { targetPrice: Number(row.targetPrice) }),
    reasoning: row.reasoning,
    reasoningSource: row.reasoningSource,
    priceSource: row.priceSource as TradingSuggestion['priceSource'],
    isNew,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The model's words for the drafts, or the templates' when there is no model or it fails. */
async function wordReasoning(
  writer: SuggestionReasoningWriter,
  drafts: readonly SuggestionDraft[],
  onLlmFailure?: (error: LlmUnavailableError) => void,
): Promise<{ reasonings: string[]; source: 'model' | 'rules' }> {
  const templates = drafts.map((d) => d.reasoning);
  if (!writer.isConfigured || drafts.length === 0) return { reasonings: templates, source: 'rules' };
  try {
    const reasonings = await writer.writeSuggestionReasoning(
      drafts.map((d) => ({
        symbol: d.symbol,
        suggestionType: d.suggestionType,
        actionText: d.actionText,
        currentPrice: d.currentPrice,
        targetPrice: d.targetPrice,
        confidence: d.confidence,
        potentialReturnHistoricalPercent: d.potentialReturn,
        facts: d.facts,
        draftReasoning: d.reasoning,
      })),
    );
    return { reasonings, source: 'model' };
  } catch (error) {
    if (!(error instanceof LlmUnavailableError)) throw error;
    onLlmFailure?.(error);
    return { reasonings: templates, source: 'rules' };
  }
}

/**
 * The drafts for a portfolio: its facts, the broad funds' prices, and the closes of both (all in USD, from the
 * market-data service; `requesterId`'s own vendor keys serve it).
 */
export async function draftSuggestions(
  context: Pick<TradingSuggestionsContext, 'marketData'>,
  portfolio: Portfolio,
  preferences: SuggestionPreferences,
  requesterId?: string,
) {
  const funds = Object.values(BROAD_FUNDS);
  const [loaded, fundPrices, fundCloses] = await Promise.all([
    loadPortfolioFacts(context, portfolio, requesterId),
    context.marketData.getUsdPrices(funds, { userId: requesterId }),
    loadUsdCloses(context, funds, requesterId),
  ]);
  const prices = new Map(
    Object.entries(fundPrices.prices)
      .filter(([, found]) => found.price > 0)
      .map(([symbol, found]) => [symbol, found.price]),
  );
  const closes = new Map([...loaded.history, ...fundCloses]);
  const drafts = computeTradingSuggestions({ facts: loaded.facts, preferences, fundPrices: prices, closes });
  const sources = { ...fundPrices.prices, ...loaded.priced.holdings };
  return { drafts, sourceOf: (symbol: string) => sources[symbol]?.source ?? 'simulated' };
}

/** POST /api/trading-suggestions: computes, words and stores a new generation; returns it. */
export async function generateTradingSuggestions(
  options: TradingSuggestionsContext & {
    userId: string;
    portfolio: Portfolio;
    preferences: SuggestionPreferences;
    /** Who asks (the session's user; an admin may ask for another's): their own vendor keys serve it. */
    requesterId?: string;
    onLlmFailure?: (error: LlmUnavailableError) => void;
  },
): Promise<GenerateSuggestionsResponse> {
  const { remaining, giveBack } = await takeGeneration(options, options.userId);
  try {
    const { drafts, sourceOf } = await draftSuggestions(
      options,
      options.portfolio,
      options.preferences,
      options.requesterId,
    );
    const words = await wordReasoning(options.writer, drafts, options.onLlmFailure);
    const rows = await replaceOpenSuggestions(
      options.db,
      options.userId,
      drafts.map((d, rank) => ({
        symbol: d.symbol,
        suggestionType: d.suggestionType,
        actionText: d.actionText,
        priority: d.priority,
        riskLevel: d.riskLevel,
        confidence: d.confidence,
        potentialReturn: d.potentialReturn === null ? null : d.potentialReturn.toFixed(2),
        currentPrice: d.currentPrice.toFixed(6),
        targetPrice: d.targetPrice === null ? null : d.targetPrice.toFixed(6),
        reasoning: words.reasonings[rank] ?? d.reasoning,
        reasoningSource: words.source,
        priceSource: sourceOf(d.symbol),
        rank,
      })),
    );
    return { suggestions: rows.map((row) => toSuggestion(row, true)), remainingToday: remaining };
  } catch (error) {
    await giveBack();
    throw error;
  }
}

/** GET /api/trading-suggestions: newest first; `isNew` until this read has shown them once. */
export async function listTradingSuggestions(
  context: Pick<TradingSuggestionsContext, 'db' | 'now'>,
  userId: string,
): Promise<TradingSuggestion[]> {
  const rows = await listSuggestions(context.db, userId);
  if (rows.some((row) => row.seenAt === null)) await markSuggestionsSeen(context.db, userId, context.now());
  return rows.map((row) => toSuggestion(row, row.seenAt === null));
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', SUGGESTION_NOT_FOUND_MESSAGE);
}

/** PATCH .../{id}/dismiss: the suggestion is removed; 404 for an id that is not one of the user's. */
export async function dismissTradingSuggestion(
  context: Pick<TradingSuggestionsContext, 'db'>,
  userId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id) || !(await deleteSuggestion(context.db, userId, id))) throw notFound();
}

/** PATCH .../{id}/execute: marked executed (kept in the list); 404 for an id that is not one of the user's. */
export async function executeTradingSuggestion(
  context: Pick<TradingSuggestionsContext, 'db' | 'now'>,
  userId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id) || !(await markSuggestionExecuted(context.db, userId, id, context.now()))) throw notFound();
}
