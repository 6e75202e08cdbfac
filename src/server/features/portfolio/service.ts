/**
 * The analyzer's portfolio: its valuation (spec 000 §7 POST /api/portfolio/valuation) and, for a signed-in
 * user, the copy saved to the account (DESIGN.md deviation 7; visitors keep theirs in the browser).
 *
 * Valuation: the market-data service's priced portfolio, in USD (a listing outside the US converted at the
 * day's FX rate, its local price kept beside; values, weights and the day's change by the domain's valuation),
 * then the domain's classification, exposure and health check (the functions `computePortfolioAnalytics` uses,
 * without the risk figures), so the numbers are the very ones the analysis shows. A symbol nobody can quote is left out of
 * every figure and named in `unknownSymbols` (issue 25 item 3: a typo is no holding).
 */
import type {
  AllocationBucket,
  HealthCheck,
  Portfolio,
  SavedPortfolioResponse,
  Valuation,
  ValueHistory,
  ValuationHolding,
} from '../../../contracts/analysis';
import {
  classify,
  exposure,
  healthCheckOfPositions,
  valueHistoryOfHoldings,
  type ClassifiedPosition,
} from '../../../domain/analytics';
import type { Database, Executor } from '../../db/client';
import type { MarketDataService } from '../market-data/service';
import { findSavedPortfolio, upsertSavedPortfolio } from './repository';

export async function valuePortfolio(options: {
  marketData: MarketDataService;
  portfolio: Portfolio;
  /** Whose request it is (their own vendor keys serve it); none for a visitor. */
  userId?: string;
}): Promise<Valuation> {
  // Priced in USD by the market-data service, with the domain's valuation: a symbol without a USD price is
  // left out of every figure below, and named.
  const priced = await options.marketData.pricePortfolio(options.portfolio, { userId: options.userId });

  const holdings: Record<string, ValuationHolding> = {};
  const classified: Pick<
    ClassifiedPosition,
    'symbol' | 'quantity' | 'priced' | 'value' | 'assetClass' | 'sector' | 'region'
  >[] = [];
  const byHolding: (AllocationBucket & { symbol: string })[] = [];
  for (const [symbol, held] of Object.entries(priced.holdings)) {
    const classification = classify(symbol, { name: held.name });
    holdings[symbol] = {
      quantity: held.quantity,
      price: held.price,
      currentValue: held.value,
      change: held.change,
      changePercent: held.changePercent,
      weight: held.weight,
      name: classification.name,
      assetClass: classification.assetClass,
      sector: classification.sector,
      region: classification.region,
      source: held.source,
      asOf: held.asOf,
    };
    if (held.local) holdings[symbol].local = held.local;
    // Explicit fields, no object spread: this loop runs per holding on every valuation.
    classified.push({
      symbol,
      quantity: held.quantity,
      priced: true,
      value: held.value,
      assetClass: classification.assetClass,
      sector: classification.sector,
      region: classification.region,
    });
    if (held.value > 0) byHolding.push({ symbol, name: symbol, value: held.value, weight: held.weight });
  }
  byHolding.sort((a, b) => b.value - a.value || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));

  const exposed = exposure(classified);
  return {
    totalCurrentValue: priced.totalValue,
    totalChange: priced.totalChange,
    totalChangePercent: priced.totalChangePercent ?? 0,
    holdings,
    unknownSymbols: priced.unknownSymbols,
    unpricedSymbols: priced.unpricedSymbols,
    sources: priced.sources,
    isSimulated: priced.isSimulated,
    allocation: {
      byHolding,
      byAssetClass: [...exposed.assetClass],
      bySector: [...exposed.sector],
      byRegion: [...exposed.region],
    },
    healthCheck: toHealthCheck(healthCheckOfPositions(classified)),
  };
}

/** The domain's read-only health check as the contract's plain object. */
export function toHealthCheck(check: ReturnType<typeof healthCheckOfPositions>): HealthCheck {
  return {
    checks: check.checks.map((c) => ({ ...c })),
    passed: check.passed,
    total: check.total,
    scorePercent: check.scorePercent,
    badge: check.badge,
    diversificationRating: check.diversificationRating,
    warnings: [...check.warnings],
  };
}

function toResponse(
  row: { holdings: Record<string, number>; updatedAt: Date } | undefined,
): SavedPortfolioResponse {
  return row
    ? { portfolio: row.holdings, updatedAt: row.updatedAt.toISOString() }
    : { portfolio: {}, updatedAt: null };
}

export async function getSavedPortfolio(options: {
  db: Database;
  userId: string;
}): Promise<SavedPortfolioResponse> {
  return toResponse(await findSavedPortfolio(options.db, options.userId));
}

export async function savePortfolio(options: {
  db: Database;
  userId: string;
  portfolio: Portfolio;
}): Promise<SavedPortfolioResponse> {
  return toResponse(await upsertSavedPortfolio(options.db, options.userId, options.portfolio));
}

/**
 * The saved portfolio's map and when it last changed, for the activity ledger (decision 036), on the ledger's
 * transaction; undefined when none is saved.
 */
export function readSavedHoldings(options: {
  db: Executor;
  userId: string;
}): Promise<{ holdings: Record<string, number>; updatedAt: Date } | undefined> {
  return findSavedPortfolio(options.db, options.userId);
}

/** Writes the saved portfolio's map from the ledger's derived holdings, in the ledger's transaction. */
export async function writeSavedHoldings(options: {
  db: Executor;
  userId: string;
  holdings: Record<string, number>;
}): Promise<void> {
  await upsertSavedPortfolio(options.db, options.userId, options.holdings);
}

/**
 * The value-over-time chart: today's quantities at each daily close of the past year, in USD (the market-data
 * service's closes: stored bars in one query, cached, vendors asked only for missing days).
 */
export async function valueHistoryOfPortfolio(options: {
  marketData: MarketDataService;
  portfolio: Portfolio;
  userId?: string;
}): Promise<ValueHistory> {
  const { portfolio } = options;
  const { histories } = await options.marketData.getUsdCloses(Object.keys(portfolio), '1Y', {
    userId: options.userId,
  });
  const closes = new Map(Object.entries(histories).map(([symbol, history]) => [symbol, history.closes]));
  const { points, included, excluded } = valueHistoryOfHoldings(portfolio, closes);
  return {
    points,
    excluded,
    isSimulated: included.some((symbol) => histories[symbol]?.source === 'simulated'),
  };
}
