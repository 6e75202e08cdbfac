/**
 * Portfolio analysis (spec 000 §4 Analysis, §7 /api/analyze and /api/analyze-demo).
 *
 * The numbers always come from src/domain/analytics: the portfolio priced in USD and one year of daily closes
 * in USD of every priced holding and of SPY (the benchmark), both from the market-data service, go into
 * `computePortfolioAnalytics`. The words come
 * from the language model (`analyzePortfolioWithAi`) or from the deterministic `writeDemoAnalysis`: as
 * "Demo Analysis Results" (`analyzePortfolioDemo`), or as the user's own "Analysis Results" when no model is
 * configured (DESIGN.md deviation 10). Neither of those is counted. Told which saved portfolio the holdings are
 * (`returnsOf`), the facts also carry that portfolio's returns by its recorded history (decision 043).
 *
 * The free allowance (3 AI analyses per calendar month, UTC): free (and demo) accounts are counted per
 * account and per IP, visitors per browser (`fw_visitor` cookie) and per IP, and every one of their subjects
 * must be under the limit. A use is reserved before the model is called (an atomic conditional upsert, so parallel requests
 * cannot exceed the limit) and given back when the model fails: only a successful AI analysis counts.
 */
import { createHmac } from 'node:crypto';
import {
  AI_UNAVAILABLE_MESSAGE,
  ANALYSIS_LIMIT_CODE,
  ANALYSIS_LIMIT_MESSAGE,
  ANALYSIS_LIMIT_STATUS,
  FREE_AI_ANALYSES_PER_MONTH,
  type AnalysisMetrics,
  type AnalysisUsage,
  type AnalyzeResponse,
  type Portfolio,
  type PortfolioSummary,
} from '../../../contracts/analysis';
import type { User } from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import {
  computePortfolioAnalytics,
  DEFAULT_BENCHMARK_SYMBOL,
  writeDemoAnalysis,
  type AnalyticsHolding,
  type Bar,
  type PortfolioFacts,
} from '../../../domain/analytics';
import type { ReturnsFacts } from '../../../domain/performance/returns-facts';
import { AI_ANALYSES_PER_MONTH } from '../../../domain/plans';
import type { Database } from '../../db/client';
import { LlmUnavailableError, type PortfolioAnalysisWriter } from '../../providers/llm';
import { clientKey } from '../../limits/client-key';
import type { MarketDataService, PricedPortfolio } from '../market-data/service';
import { getReturnsFacts, type PerformanceContext } from '../performance/service';
import { toHealthCheck } from '../portfolio/service';
import { releaseUsage, reserveUsage, UsageLimitReachedError, type UsageSubject } from './repository';

/** Test and wiring hooks (`ServiceOverrides.analysis`). */
export interface AnalysisOptions {
  /** The language model; default: the OpenAI adapter built from `config.openai`. */
  writer?: PortfolioAnalysisWriter;
  /** Timeout of the default writer's call, default 30 000 ms. */
  llmTimeoutMs?: number;
  now?: () => Date;
  /** Told when an analysis (AI or demo) was delivered to a signed-in user (default: rewards, set by createServices). */
  onCompleted?: (event: { userId: string; mode: 'ai' | 'demo' }) => Promise<void>;
}

export interface AnalysisContext {
  db: Database;
  marketData: MarketDataService;
  /** The returns of a recorded history, computed as GET /api/performance computes them. */
  performance: PerformanceContext;
  writer: PortfolioAnalysisWriter;
  /** Keys the HMAC of visitor ids and IP addresses in `analysis_usage`. */
  appSecret: string;
  now: () => Date;
  /** Told why the model failed (logs). */
  onLlmFailure?: (error: LlmUnavailableError) => void;
}

export interface Requester {
  user: User | undefined;
  /** The visitor's `fw_visitor` id (visitors only). */
  visitorId: string | undefined;
  ip: string;
}

/** The saved portfolio analyzed holdings are, and whose it is (the ledger's access rules and plan gates apply). */
export interface ReturnsOf {
  user: Pick<User, 'id' | 'plan'>;
  portfolioKey: string;
}

export interface LoadedFacts {
  facts: PortfolioFacts;
  /** The portfolio priced in USD (the market-data service's): each holding's price, source and local price. */
  priced: PricedPortfolio;
  /** The closes read for the facts (priced holdings and the benchmark), in USD, by symbol. */
  history: ReadonlyMap<string, readonly Bar[]>;
}

// ------------------------------------------------------------------------------------------------ facts

/**
 * One year of daily closes per symbol in USD, from the market-data service (stored bars shared by every user,
 * cached there per symbol and day; the ones not cached read in one batch). A symbol whose history fails, or
 * whose currency has no rate today, gets an empty series.
 */
export async function loadUsdCloses(
  context: Pick<AnalysisContext, 'marketData'>,
  symbols: readonly string[],
  userId?: string,
): Promise<Map<string, readonly Bar[]>> {
  const { histories } = await context.marketData.getUsdCloses(symbols, '1Y', { userId });
  return new Map(symbols.map((symbol) => [symbol, histories[symbol]?.closes ?? []]));
}

/**
 * The facts of a portfolio: priced in USD (listings outside the US at the day's FX rate), then one year of
 * closes in USD of every priced holding and of the benchmark, in one batch too (a history that fails leaves
 * that holding out of the risk figures, and the facts say so). `returns`, read meanwhile, join them.
 */
export async function loadPortfolioFacts(
  context: Pick<AnalysisContext, 'marketData'>,
  portfolio: Portfolio,
  userId?: string,
  returns?: Promise<ReturnsFacts | null>,
): Promise<LoadedFacts> {
  const symbols = Object.keys(portfolio);
  const [priced, returnsFacts] = await Promise.all([
    context.marketData.pricePortfolio(portfolio, { userId }),
    returns ?? null,
  ]);
  const holdings: AnalyticsHolding[] = symbols.map((symbol) => {
    const held = priced.holdings[symbol];
    return {
      symbol,
      quantity: portfolio[symbol] ?? 0,
      price: held?.price ?? null,
      change: held?.change ?? null,
      name: held?.name ?? 'Unknown',
    };
  });

  const wanted = [
    DEFAULT_BENCHMARK_SYMBOL,
    ...symbols.filter((s) => priced.holdings[s] && s !== DEFAULT_BENCHMARK_SYMBOL),
  ];
  const history = await loadUsdCloses(context, wanted, userId);
  const facts = computePortfolioAnalytics({
    holdings,
    history,
    benchmark: history.get(DEFAULT_BENCHMARK_SYMBOL) ?? [],
    benchmarkSymbol: DEFAULT_BENCHMARK_SYMBOL,
    returns: returnsFacts,
  });
  return { facts, priced, history };
}

/** The returns of `returnsOf`'s recorded history, for holdings that are its own (null otherwise; none asked, none). */
function readReturns(
  context: Pick<AnalysisContext, 'performance'>,
  portfolio: Portfolio,
  returnsOf: ReturnsOf | undefined,
): Promise<ReturnsFacts | null> | undefined {
  if (!returnsOf) return undefined;
  return getReturnsFacts({
    context: context.performance,
    user: returnsOf.user,
    portfolio: returnsOf.portfolioKey,
    holdings: portfolio,
  });
}

function toMetrics(facts: PortfolioFacts): AnalysisMetrics {
  const { risk, concentration, exposure, healthCheck, history } = facts;
  const buckets = (list: PortfolioFacts['exposure']['sector']) =>
    list.map(({ name, value, weight }) => ({ name, value, weight }));
  return {
    volatility: risk.annualizedVolatility,
    benchmarkVolatility: risk.benchmarkAnnualizedVolatility,
    beta: risk.beta,
    maxDrawdown: risk.maxDrawdown
      ? {
          value: risk.maxDrawdown.maxDrawdown,
          peakDate: risk.maxDrawdown.peakDate,
          troughDate: risk.maxDrawdown.troughDate,
          recoveryDate: risk.maxDrawdown.recoveryDate,
          recovered: risk.maxDrawdown.recovered,
        }
      : null,
    sharpe: risk.sharpe,
    sortino: risk.sortino,
    riskFreeRate: risk.riskFreeRate,
    valueAtRisk: risk.valueAtRisk
      ? {
          confidence: risk.valueAtRisk.confidence,
          var: risk.valueAtRisk.var,
          amount: risk.valueAtRisk.amount,
        }
      : null,
    concentration: {
      hhi: concentration.hhi,
      effectiveHoldings: concentration.effectiveHoldings,
      largest: concentration.largest ? { ...concentration.largest } : null,
      top5Weight: concentration.top5Weight,
    },
    exposure: {
      assetClass: buckets(exposure.assetClass),
      sector: buckets(exposure.sector),
      region: buckets(exposure.region),
    },
    healthCheck: toHealthCheck(healthCheck),
    riskReasons: [...facts.riskLevel.reasons],
    returns: facts.returns
      ? { ...facts.returns, periods: facts.returns.periods.map((period) => ({ ...period })) }
      : null,
    history: {
      benchmarkSymbol: history.benchmarkSymbol,
      firstDate: history.firstDate,
      lastDate: history.lastDate,
      tradingDays: history.tradingDays,
      coverageWeight: history.coverageWeight,
      withoutHistory: [...history.withoutHistory],
    },
  };
}

function toSummary({ facts, priced }: LoadedFacts): PortfolioSummary {
  const v = facts.valuation;
  const { sources } = priced;
  return {
    totalValue: v.totalValue,
    totalChange: v.totalChange,
    totalChangePercent: v.totalChangePercent ?? 0,
    holdingCount: facts.holdingCount,
    unpricedSymbols: [...v.unpricedSymbols],
    unknownSymbols: [...priced.unknownSymbols],
    sources,
    isSimulated: sources.includes('simulated'),
    asOf: facts.asOf,
  };
}

// ------------------------------------------------------------------------------------------------ rules

type RulesOptions = Pick<AnalysisContext, 'marketData' | 'performance'> & {
  portfolio: Portfolio;
  /** Whose request it is (their own vendor keys serve it); none for a visitor. */
  userId?: string;
  returnsOf?: ReturnsOf;
};

/** The analysis written by `writeDemoAnalysis` from the portfolio's facts: no model, never counted. */
async function analyzePortfolioByRules(
  options: RulesOptions,
  wordsSource: 'rules' | 'demo',
): Promise<AnalyzeResponse> {
  const { portfolio } = options;
  const returns = readReturns(options, portfolio, options.returnsOf);
  const loaded = await loadPortfolioFacts(options, portfolio, options.userId, returns);
  const words = writeDemoAnalysis(loaded.facts);
  return {
    analysis: {
      riskLevel: words.riskLevel,
      overviewText: words.overviewText,
      diversificationGaps: [...words.diversificationGaps],
      recommendations: words.recommendations.map((r) => ({ ...r })),
      insights: [...words.insights],
      metrics: toMetrics(loaded.facts),
    },
    portfolioSummary: toSummary(loaded),
    isDemoMode: wordsSource === 'demo',
    wordsSource,
  };
}

/** /api/analyze-demo: the spec's sample analysis ("Demo Analysis Results"), written from the same facts. */
export function analyzePortfolioDemo(options: RulesOptions): Promise<AnalyzeResponse> {
  return analyzePortfolioByRules(options, 'demo');
}

/** The read API's analysis (/api/v1/analysis): the rules' words over the computed figures, never a model. */
export function analyzePortfolioWithRules(options: RulesOptions): Promise<AnalyzeResponse> {
  return analyzePortfolioByRules(options, 'rules');
}

// -------------------------------------------------------------------------------------------------- AI

/** 'YYYY-MM' of a date, in UTC. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

function subjectKey(appSecret: string, kind: string, value: string): string {
  return createHmac('sha256', appSecret).update(`analysis-usage:${kind}:${value}`).digest('base64url');
}

/**
 * Who is counted: nobody on a plan with unlimited analyses (AI_ANALYSES_PER_MONTH, the pricing page's row); the
 * account and the IP (/64) for a free or demo account, so that a fresh account from the same address brings no
 * new allowance; the browser and the IP for a visitor.
 */
export function usageSubjects(appSecret: string, requester: Requester): UsageSubject[] {
  const { user } = requester;
  if (user && AI_ANALYSES_PER_MONTH[user.plan] === null) return [];
  const subjects: UsageSubject[] = [
    { kind: 'ip', key: subjectKey(appSecret, 'ip', clientKey(requester.ip)) },
  ];
  if (user) {
    subjects.unshift({ kind: 'user', key: user.id });
  } else if (requester.visitorId) {
    subjects.unshift({ kind: 'visitor', key: subjectKey(appSecret, 'visitor', requester.visitorId) });
  }
  return subjects;
}

export function aiUnavailable(): AppError {
  return new AppError('AI_UNAVAILABLE', AI_UNAVAILABLE_MESSAGE);
}

export function analysisLimitReached(): AppError {
  return new AppError(ANALYSIS_LIMIT_CODE, ANALYSIS_LIMIT_MESSAGE, { status: ANALYSIS_LIMIT_STATUS });
}

/**
 * /api/analyze: the words from the language model, the numbers from the domain. With no model configured,
 * the rules' words over the same numbers (`wordsSource: 'rules'`, not counted: the allowance is of AI
 * analyses). 503 AI_UNAVAILABLE when a configured model fails (the use is given back); 403
 * ANALYSIS_LIMIT_REACHED past the free allowance.
 */
export async function analyzePortfolioWithAi(
  options: AnalysisContext & { portfolio: Portfolio; requester: Requester; returnsOf?: ReturnsOf },
): Promise<AnalyzeResponse> {
  const { db, writer, requester } = options;
  if (!writer.isConfigured) return analyzePortfolioByRules(options, 'rules');

  const subjects = usageSubjects(options.appSecret, requester);
  const month = usageMonth(options.now());
  let counts: number[] = [];
  if (subjects.length > 0) {
    try {
      counts = await reserveUsage(db, subjects, month, FREE_AI_ANALYSES_PER_MONTH);
    } catch (error) {
      if (error instanceof UsageLimitReachedError) throw analysisLimitReached();
      throw error;
    }
  }

  let loaded: LoadedFacts;
  let words: Awaited<ReturnType<PortfolioAnalysisWriter['writePortfolioAnalysis']>>;
  try {
    const returns = readReturns(options, options.portfolio, options.returnsOf);
    loaded = await loadPortfolioFacts(options, options.portfolio, requester.user?.id, returns);
    words = await writer.writePortfolioAnalysis(loaded.facts);
  } catch (error) {
    if (subjects.length > 0) await releaseUsage(db, subjects, month);
    if (error instanceof LlmUnavailableError) {
      options.onLlmFailure?.(error);
      throw aiUnavailable();
    }
    throw error;
  }

  let usage: AnalysisUsage | undefined;
  if (subjects.length > 0) {
    const used = Math.max(...counts);
    usage = {
      used,
      limit: FREE_AI_ANALYSES_PER_MONTH,
      remaining: Math.max(0, FREE_AI_ANALYSES_PER_MONTH - used),
    };
  }
  return {
    analysis: {
      riskLevel: loaded.facts.riskLevel.level,
      overviewText: words.overviewText,
      diversificationGaps: words.diversificationGaps,
      recommendations: words.recommendations,
      insights: words.insights,
      metrics: toMetrics(loaded.facts),
    },
    portfolioSummary: toSummary(loaded),
    isDemoMode: false,
    wordsSource: 'model',
    ...(usage ? { usage } : {}),
  };
}
