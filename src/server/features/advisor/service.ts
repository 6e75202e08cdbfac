/**
 * The AI financial advisor (spec 001 "AI Financial Advisor", §3, §7 POST /api/financial-advice).
 *
 * Numbers come from src/domain/advisor over the market-data service's quote and a year of daily bars of the
 * symbol and of SPY (stored in daily_bar once fetched). Words come from the configured language model,
 * checked against the facts by the same grounding check as the analysis; without a model, or when it fails,
 * from the domain's templates (`wordsSource` says which). Answers are cached for 15 minutes per requester
 * (the account, or a visitor's IP /64), symbol, question and context: the same person asking again gets the
 * same answer without a second model call, and nobody gets an answer computed for someone else. Each requester
 * has a daily allowance by plan (ADVISOR_QUESTIONS_PER_DAY; visitors as free, per IP /64), counted in the
 * shared limit store before the work and given back when it fails; every answer counts, a cached one too.
 */
import { createHmac } from 'node:crypto';
import type { User } from '../../../contracts/accounts';
import {
  ADVICE_DISCLAIMER,
  ADVICE_HISTORY_LIMIT,
  ADVISOR_LIMIT_CODE,
  ADVISOR_QUESTIONS_PER_DAY,
  advisorLimitMessage,
  type AdviceHistoryResponse,
  type AdviceResponse,
  type UserContext,
} from '../../../contracts/advisor';
import { AppError } from '../../../contracts/errors';
import {
  computeAdviceFacts,
  writeAdviceWords,
  writeFundamentalsWords,
  type AdviceAction,
  type AdviceFacts,
  type AdviceWords,
} from '../../../domain/advisor';
import { DEFAULT_BENCHMARK_SYMBOL } from '../../../domain/analytics';
import { isPaidPlan } from '../../../domain/plans';
import type { Database } from '../../db/client';
import { createTtlCache, type TtlCache } from '../../lib/cache';
import { clientKey } from '../../limits/client-key';
import type { LimitStore } from '../../limits/store';
import { LlmUnavailableError, type AdviceWriter } from '../../providers/llm';
import type { AnalystConsensus } from '../../providers/market-data/types';
import type { Caller, MarketDataService } from '../market-data/service';
import { insertAdviceQuestion, listAdviceQuestions } from './repository';
import { utcDateOf } from '../../../domain/calendar';

export const ADVICE_CACHE_MS = 15 * 60_000;
const ADVICE_CACHE_MAX_ENTRIES = 5000;
const DAY_MS = 24 * 60 * 60_000;

/** An answer without the requester's usage (what the cache keeps). */
type CachedAdvice = Omit<AdviceResponse, 'usage'>;

export interface AdvisorOptions {
  /** The language model; default: the OpenAI adapter built from `config.openai`. */
  writer?: AdviceWriter;
  /** Timeout of the default writer's call, default 30 000 ms. */
  llmTimeoutMs?: number;
  /** How long an answer is reused, default 15 minutes; 0 computes every answer. */
  cacheMs?: number;
  now?: () => Date;
}

export interface AdvisorContext {
  db: Database;
  marketData: MarketDataService;
  writer: AdviceWriter;
  limits: LimitStore;
  /** Keys the HMAC of IP addresses in the limit store. */
  appSecret: string;
  answers: TtlCache<CachedAdvice>;
  now: () => Date;
}

export function createAdviceCache(ttlMs = ADVICE_CACHE_MS): TtlCache<CachedAdvice> {
  return createTtlCache<CachedAdvice>({ ttlMs, maxEntries: ADVICE_CACHE_MAX_ENTRIES });
}

export interface AdviceRequester {
  user: User | undefined;
  ip: string;
}

export interface AskAdvisorInput {
  symbol: string;
  question: string;
  userContext: UserContext;
}

/**
 * The key of an answer: the same requester (an account, or a visitor's IP key), symbol, question (any case and
 * spacing) and context get the same answer. Never shared between requesters: the words answer one person's
 * question, and each answer is counted against that person's allowance.
 */
function cacheKeyOf(requester: string, symbol: string, question: string, context: UserContext): string {
  return JSON.stringify([
    requester,
    symbol,
    question.replace(/\s+/g, ' ').toLowerCase(),
    context.riskTolerance,
    context.timeHorizon,
    context.currentPosition ?? null,
    context.portfolioValue ?? null,
  ]);
}

/** A visitor's (or a free account's) address as a subject: an HMAC of its client key (IP, IPv6 /64). */
function ipSubjectOf(context: AdvisorContext, requester: AdviceRequester): string {
  return `ip:${createHmac('sha256', context.appSecret)
    .update(`advisor:ip:${clientKey(requester.ip)}`)
    .digest('base64url')}`;
}

/** Whose answers a cache entry holds: the account's, or a visitor's address's. */
function cacheOwnerOf(context: AdvisorContext, requester: AdviceRequester): string {
  return requester.user ? `user:${requester.user.id}` : ipSubjectOf(context, requester);
}

/**
 * The requester's counters of the UTC day, and how many questions each allows: a paid account's own; a free
 * (or demo) account's and its IP's (/64), so that new accounts from one address bring nothing new (as the
 * analysis allowance, decision 015); a visitor's IP's.
 */
function allowanceOf(context: AdvisorContext, requester: AdviceRequester) {
  const now = context.now();
  const day = utcDateOf(now);
  const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const { user } = requester;
  const ip = ipSubjectOf(context, requester);
  const subjects = !user ? [ip] : isPaidPlan(user.plan) ? [`user:${user.id}`] : [`user:${user.id}`, ip];
  return {
    keys: subjects.map((subject) => `advisor:${subject}:${day}`),
    windowMs: Math.max(1, Math.min(DAY_MS, nextMidnight - now.getTime())),
    limit: ADVISOR_QUESTIONS_PER_DAY[user?.plan ?? 'free'],
  };
}

/**
 * POST /api/financial-advice. 404 'Unknown symbol X' when nobody can quote the symbol, 429
 * ADVISOR_LIMIT_REACHED past the day's allowance; a failing model is not an error (templates answer).
 */
export async function askAdvisor(
  options: AdvisorContext & {
    input: AskAdvisorInput;
    requester: AdviceRequester;
    onLlmFailure?: (error: LlmUnavailableError) => void;
  },
): Promise<AdviceResponse> {
  const { input, requester } = options;
  const symbol = options.marketData.resolveSymbol(input.symbol).symbol;
  // Per requester, so an answer read with a user's own vendor keys stays theirs too.
  const key = cacheKeyOf(cacheOwnerOf(options, requester), symbol, input.question, input.userContext);

  const allowance = allowanceOf(options, requester);
  const counts = await Promise.all(
    allowance.keys.map((counter) => options.limits.increment(counter, allowance.windowMs)),
  );
  const giveBack = () => Promise.all(allowance.keys.map((counter) => options.limits.decrement(counter)));
  const used = Math.max(...counts.map(({ count }) => count));
  if (used > allowance.limit) {
    await giveBack();
    throw new AppError(ADVISOR_LIMIT_CODE, advisorLimitMessage(allowance.limit));
  }
  let answer: CachedAdvice;
  try {
    answer = await options.answers.get(key, () =>
      computeAdvice(options, { ...input, symbol }, { userId: requester.user?.id }, options.onLlmFailure),
    );
  } catch (error) {
    await giveBack();
    throw error;
  }
  const usage: AdviceResponse['usage'] = { used, limit: allowance.limit };

  if (requester.user) {
    await insertAdviceQuestion(options.db, {
      userId: requester.user.id,
      symbol: answer.symbol,
      question: input.question,
      action: answer.recommendation.action,
    });
  }
  return { ...answer, usage };
}

function analystCountOf(analysts: AnalystConsensus): number {
  return analysts.strongBuy + analysts.buy + analysts.hold + analysts.sell + analysts.strongSell;
}

async function computeAdvice(
  context: AdvisorContext,
  input: AskAdvisorInput,
  caller: Caller,
  onLlmFailure?: (error: LlmUnavailableError) => void,
): Promise<CachedAdvice> {
  const { symbol } = input;
  const [quote, histories, vendorFundamentals] = await Promise.all([
    context.marketData.getQuote(symbol, caller),
    context.marketData.getHistories([symbol, DEFAULT_BENCHMARK_SYMBOL], '1Y', caller),
    context.marketData.getFundamentals(symbol, caller),
  ]);
  const bars = histories.histories[symbol]?.history ?? [];
  const benchmark = histories.histories[DEFAULT_BENCHMARK_SYMBOL]?.history ?? [];
  const facts = computeAdviceFacts({
    symbol: quote.symbol,
    question: input.question,
    context: input.userContext,
    quote: {
      name: quote.name,
      currentPrice: quote.currentPrice,
      change: quote.change,
      changePercent: quote.changePercent,
      source: quote.source,
      asOf: quote.asOf,
    },
    bars,
    benchmark: benchmark.map(({ date, close }) => ({ date, close })),
    fundamentals: vendorFundamentals && {
      source: vendorFundamentals.source,
      marketCap: vendorFundamentals.company.marketCap,
      sector: vendorFundamentals.company.sector,
      industry: vendorFundamentals.company.industry,
      analystConsensus: vendorFundamentals.analysts?.consensus ?? null,
      analystCount: vendorFundamentals.analysts ? analystCountOf(vendorFundamentals.analysts) : null,
      averageTarget: vendorFundamentals.priceTarget?.targetConsensus ?? null,
    },
  });

  let words: AdviceWords;
  let wordsSource: AdviceResponse['wordsSource'] = 'template';
  if (context.writer.isConfigured) {
    try {
      // Without a fundamentals vendor the Fundamentals tab says so in our words, whatever the model wrote.
      words = {
        ...(await context.writer.writeAdvice(facts)),
        ...(facts.fundamentals ? {} : writeFundamentalsWords(facts)),
      };
      wordsSource = 'model';
    } catch (error) {
      if (!(error instanceof LlmUnavailableError)) throw error;
      onLlmFailure?.(error);
      words = writeAdviceWords(facts);
    }
  } else {
    words = writeAdviceWords(facts);
  }
  const priceHistory = bars.map(({ date, close }) => ({ date, close }));
  return toResponse(facts, words, wordsSource, quote.source, priceHistory);
}

function toResponse(
  facts: AdviceFacts,
  words: AdviceWords,
  wordsSource: AdviceResponse['wordsSource'],
  source: AdviceResponse['source'],
  priceHistory: AdviceResponse['priceHistory'],
): CachedAdvice {
  const { quote, technicals: t, risk, recommendation: r, fundamentals } = facts;
  return {
    symbol: facts.symbol,
    name: facts.name,
    currentPrice: quote.currentPrice,
    priceChange: quote.priceChange,
    priceChangePercent: quote.priceChangePercent,
    recommendation: {
      action: r.action,
      confidence: r.confidence,
      reasoning: words.reasoning,
      timeframe: r.timeframe,
      ...(r.targetPrice !== null ? { targetPrice: r.targetPrice } : {}),
      ...(r.stopLoss !== null ? { stopLoss: r.stopLoss } : {}),
    },
    marketData: {
      ...(quote.dayRange ? { dayRange: quote.dayRange } : {}),
      ...(quote.yearRange ? { yearRange: quote.yearRange } : {}),
      ...(quote.volume !== null ? { volume: quote.volume } : {}),
      ...(fundamentals?.marketCap != null ? { marketCap: fundamentals.marketCap } : {}),
    },
    keyConsiderations: words.keyConsiderations,
    nextSteps: words.nextSteps,
    fundamentalAnalysis: {
      competitivePosition: words.competitivePosition,
      keyRisks: words.keyRisks,
      keyOpportunities: words.keyOpportunities,
    },
    technicalAnalysis: {
      trend: t.trend,
      technicalIndicators: {
        sma50: t.sma50,
        sma200: t.sma200,
        smaCross: t.smaCross,
        rsi14: t.rsi14,
        macd: t.macd,
        bollinger: t.bollinger,
      },
      supportLevels: t.supportLevels,
      resistanceLevels: t.resistanceLevels,
    },
    riskAssessment: {
      overallRisk: risk.overallRisk,
      volatilityAssessment: words.volatilityAssessment,
      specificRisks: words.specificRisks,
      volatility: risk.volatility,
      beta: risk.beta,
      maxDrawdown: risk.maxDrawdown,
      positionWeight: risk.positionWeight,
    },
    analystSentiment: {
      consensusRating: fundamentals?.analystConsensus ?? 'N/A',
      analystCount: fundamentals?.analystCount ?? 0,
      averageTarget: fundamentals?.averageTarget ?? 'N/A',
    },
    contextualAdvice: {
      shortTermOutlook: words.shortTermOutlook,
      longTermOutlook: words.longTermOutlook,
      portfolioConsiderations: words.portfolioConsiderations,
      alternatives: words.alternatives,
    },
    disclaimer: ADVICE_DISCLAIMER,
    wordsSource,
    source,
    asOf: quote.asOf,
    fundamentalsSource: fundamentals?.source ?? null,
    priceHistory,
  };
}

/** GET /api/financial-advice/history: the user's latest questions. */
export async function listRecentQuestions(db: Database, userId: string): Promise<AdviceHistoryResponse> {
  const rows = await listAdviceQuestions(db, userId, ADVICE_HISTORY_LIMIT);
  return {
    questions: rows.map((row) => ({
      id: row.id,
      symbol: row.symbol,
      question: row.question,
      action: row.action as AdviceAction,
      askedAt: row.askedAt.toISOString(),
    })),
  };
}
