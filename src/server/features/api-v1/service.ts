/**
 * The reads of /api/v1 (decision 030), for the owner of an API token: each is the service the app's own pages
 * use, on the portfolio saved to the account, so the API answers what the pages show.
 */
import type { SavedPortfolioResponse } from '../../../contracts/analysis';
import type { ActivityListResponse, HoldingsResponse } from '../../../contracts/activities';
import type { PerformanceQuery, PerformanceResponse } from '../../../contracts/performance';
import {
  API_V1_NO_PORTFOLIO_MESSAGE,
  type ApiV1ActivitiesQuery,
  type ApiV1PaperPortfoliosResponse,
  type ApiV1ValuationResponse,
} from '../../../contracts/api-v1';
import type { AnalyzeResponse } from '../../../contracts/analysis';
import { AppError } from '../../../contracts/errors';
import type { AuthenticatedToken } from '../../auth/api-tokens';
import type { Database } from '../../db/client';
import { EncodedJson } from '../../http/content-encoding';
import { UserCache } from '../../lib/user-cache';
import { getHoldings, listActivities, type ActivitiesContext } from '../activities/service';
import { analyzePortfolioWithRules, type AnalysisContext } from '../analysis/service';
import type { MarketDataService } from '../market-data/service';
import { listPaperPortfoliosOfUser, type PaperTradingContext } from '../paper-trading/service';
import { getPerformance, type PerformanceContext } from '../performance/service';
import { getSavedPortfolio, valuePortfolio } from '../portfolio/service';

/** How long a saved portfolio is answered from memory at most (a write drops it sooner, on every instance). */
export const SAVED_PORTFOLIO_CACHE_TTL_MS = 30_000;

/** A portfolio holds up to 1,000 holdings (tens of KB in memory): the cache keeps the last 1,000 read. */
const MAX_CACHED_PORTFOLIOS = 1_000;

interface CachedPortfolio {
  userId: string;
  saved: SavedPortfolioResponse;
  /** The answer of GET /api/v1/portfolio, made by its first request. */
  answer?: EncodedJson;
}

/**
 * The saved portfolios /api/v1 read on this instance, by user id (lib/user-cache.ts): every write of one is
 * announced by migration 0020's trigger, and the writer's own instance drops it before answering.
 */
export class SavedPortfolioCache extends UserCache<CachedPortfolio> {
  constructor(ttlMs = SAVED_PORTFOLIO_CACHE_TTL_MS) {
    super({ ttlMs, userIdOf: (cached) => cached.userId, maxEntries: MAX_CACHED_PORTFOLIOS });
  }
}

/** What the reads use: the contexts of the features they call, as `createServices` built them. */
export interface ApiV1Context {
  db: Database;
  portfolios: SavedPortfolioCache;
  marketData: MarketDataService;
  analysis: AnalysisContext;
  paperTrading: PaperTradingContext;
  activities: ActivitiesContext;
  performance: PerformanceContext;
}

interface ReadOptions {
  context: ApiV1Context;
  userId: string;
}

/** The saved portfolio, from this instance's cache when nothing of it changed since it was read. */
export async function readPortfolio({ context, userId }: ReadOptions): Promise<SavedPortfolioResponse> {
  const { portfolios } = context;
  const nowMs = Date.now();
  const cached = portfolios.get(userId, nowMs);
  if (cached) return cached.saved;
  const ticket = portfolios.ticket();
  const saved = await getSavedPortfolio({ db: context.db, userId });
  portfolios.store(userId, { userId, saved }, ticket, nowMs);
  return saved;
}

/**
 * The answer of GET /api/v1/portfolio as this instance's cache holds it, serialized (and compressed) once per
 * cached portfolio rather than on every request; undefined when the portfolio is not cached.
 */
export function cachedPortfolioAnswer({ context, userId }: ReadOptions): EncodedJson | undefined {
  const cached = context.portfolios.get(userId, Date.now());
  if (!cached) return undefined;
  return (cached.answer ??= new EncodedJson(cached.saved));
}

/** The answer of GET /api/v1/portfolio, read when not cached (and cached when nothing changed meanwhile). */
export async function readPortfolioAnswer(options: ReadOptions): Promise<EncodedJson> {
  const saved = await readPortfolio(options);
  return cachedPortfolioAnswer(options) ?? new EncodedJson(saved);
}

export async function readValuation({ context, userId }: ReadOptions): Promise<ApiV1ValuationResponse> {
  const saved = await readPortfolio({ context, userId });
  const valuation = await valuePortfolio({
    marketData: context.marketData,
    portfolio: saved.portfolio,
    userId,
  });
  return { valuation, updatedAt: saved.updatedAt };
}

/**
 * The rules analysis of the saved portfolio: no model, no AI allowance spent, no rewards (a read, not a use). The
 * saved portfolio is the ledger's `me`: when its holdings are its recorded history's, that history's returns join
 * the facts, as on the analyzer (decision 043).
 */
export async function readAnalysis({ context, token }: LedgerReadOptions): Promise<AnalyzeResponse> {
  const userId = token.userId;
  const saved = await readPortfolio({ context, userId });
  if (Object.keys(saved.portfolio).length === 0) throw new AppError('NOT_FOUND', API_V1_NO_PORTFOLIO_MESSAGE);
  return analyzePortfolioWithRules({
    ...context.analysis,
    portfolio: saved.portfolio,
    userId,
    returnsOf: { user: ownerOf(token), portfolioKey: 'me' },
  });
}

export async function readPaperPortfolios({
  context,
  userId,
}: ReadOptions): Promise<ApiV1PaperPortfoliosResponse> {
  return { portfolios: await listPaperPortfoliosOfUser({ ...context.paperTrading, userId }) };
}

const ownerOf = (token: AuthenticatedToken) => ({ id: token.userId, plan: token.plan });

interface LedgerReadOptions {
  context: ApiV1Context;
  /** The token's owner, whose plan gates the kinds of portfolio as on the pages. */
  token: AuthenticatedToken;
}

/**
 * A page of a portfolio's history (`me`, `account:<id>`, `client:<id>`, `paper:<id>`; another person's is a 404):
 * the ledger's own read (activities/service.ts), as /api/activities answers it.
 */
export function readActivities({
  context,
  token,
  portfolio,
  filter,
  cursor,
}: LedgerReadOptions & {
  portfolio: string;
  filter: Omit<ApiV1ActivitiesQuery, 'portfolio' | 'cursor'>;
  cursor?: string | undefined;
}): Promise<ActivityListResponse> {
  return listActivities({ ...context.activities, user: ownerOf(token), portfolio, filter, cursor });
}

/** A portfolio's returns over a period, as /api/performance answers them. */
export function readPerformance({
  context,
  token,
  query,
}: LedgerReadOptions & { query: PerformanceQuery }): Promise<PerformanceResponse> {
  return getPerformance({ context: context.performance, user: ownerOf(token), query });
}

/** A portfolio's holdings replayed from its history, as /api/holdings answers them. */
export function readHoldings({
  context,
  token,
  portfolio,
}: LedgerReadOptions & { portfolio: string }): Promise<HoldingsResponse> {
  return getHoldings({ ...context.activities, user: ownerOf(token), portfolio });
}
