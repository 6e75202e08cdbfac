/**
 * The analyzer's portfolio: its valuation (spec 000 §7 POST /api/portfolio/valuation) and, for a signed-in
 * user, the copy saved to the account (DESIGN.md deviation 7; visitors keep theirs in the browser).
 *
 * Valuation: one batch of quotes from the market-data service, in USD (a listing outside the US converted at
 * the day's FX rate, its local price kept beside), then the domain's valuation, weights, daily
 * change, classification and exposure (the functions `computePortfolioAnalytics` uses, without the risk
 * figures), so the numbers are the very ones the analysis shows. A symbol nobody can quote is left out of
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
  dailyChange,
  exposure,
  healthCheckOfPositions,
  separateUnpriced,
  valuePositions,
  valueHistoryOfHoldings,
  type ClassifiedPosition,
} from '../../../domain/analytics';
import type { Database } from '../../db/client';
import { convertClosesToUsd } from '../market-data/fx';
import type { MarketDataService, RequestOptions } from '../market-data/service';
import { findSavedPortfolio, upsertSavedPortfolio } from './repository';

/** A holding found by a source but not by the security master: its class and sector are 'Unknown'. */
const UNKNOWN_NAME = 'Unknown';

export async function valuePortfolio(options: {
  marketData: MarketDataService;
  portfolio: Portfolio;
  requestOptions?: RequestOptions;
}): Promise<Valuation> {
  const { portfolio } = options;
  const { quotes, local, errors } = await options.marketData.getUsdQuotes(
    Object.keys(portfolio),
    options.requestOptions,
  );
  // A symbol without a USD price is left out of every figure below (the domain's rule), and named.
  const { priced: positions, unpricedSymbols } = separateUnpriced(
    Object.keys(portfolio).map((symbol) => {
      const quote = quotes[symbol];
      return {
        symbol,
        quantity: portfolio[symbol] ?? 0,
        price: quote?.currentPrice ?? null,
        change: quote?.change ?? null,
      };
    }),
  );
  // The domain's own valuation, change and classification: the figures the analysis shows too.
  const valuation = valuePositions(positions);
  const change = dailyChange(positions);

  const holdings: Record<string, ValuationHolding> = {};
  const classified: Pick<
    ClassifiedPosition,
    'symbol' | 'quantity' | 'priced' | 'value' | 'assetClass' | 'sector' | 'region'
  >[] = [];
  const byHolding: (AllocationBucket & { symbol: string })[] = [];
  positions.forEach(({ symbol }, i) => {
    const quote = quotes[symbol];
    const valued = valuation.positions[i] as (typeof valuation.positions)[number];
    const changed = change.positions[i] as (typeof change.positions)[number];
    const classification = classify(symbol, { name: quote?.name ?? UNKNOWN_NAME });
    holdings[symbol] = {
      quantity: valued.quantity,
      price: valued.price,
      currentValue: valued.value,
      change: valued.priced && quote && Number.isFinite(quote.change) ? quote.change : null,
      changePercent: changed.changePercent,
      weight: valued.weight,
      name: classification.name,
      assetClass: classification.assetClass,
      sector: classification.sector,
      region: classification.region,
      source: quote?.source ?? null,
      asOf: quote?.asOf ?? null,
    };
    const localPrice = local[symbol];
    if (localPrice) holdings[symbol].local = localPrice;
    // Explicit fields, no object spread: this loop runs per holding on every valuation.
    classified.push({
      symbol,
      quantity: valued.quantity,
      priced: valued.priced,
      value: valued.value,
      assetClass: classification.assetClass,
      sector: classification.sector,
      region: classification.region,
    });
    if (valued.value > 0)
      byHolding.push({ symbol, name: symbol, value: valued.value, weight: valued.weight });
  });
  byHolding.sort((a, b) => b.value - a.value || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));

  const exposed = exposure(classified);
  const sources = [...new Set(Object.values(quotes).map((q) => q.source))].sort();
  return {
    totalCurrentValue: valuation.totalValue,
    totalChange: change.totalChange,
    totalChangePercent: change.totalChangePercent ?? 0,
    holdings,
    unknownSymbols: unknownOf(unpricedSymbols, errors),
    unpricedSymbols,
    sources,
    isSimulated: sources.includes('simulated'),
    allocation: {
      byHolding,
      byAssetClass: [...exposed.assetClass],
      bySector: [...exposed.sector],
      byRegion: [...exposed.region],
    },
    healthCheck: toHealthCheck(healthCheckOfPositions(classified)),
  };
}

/**
 * The unpriced symbols that no source found (the market-data service answered an error for them), as opposed
 * to a listing found whose currency had no exchange rate.
 */
export function unknownOf(
  unpricedSymbols: readonly string[],
  errors: Readonly<Record<string, string>>,
): string[] {
  return unpricedSymbols.filter((symbol) => symbol in errors);
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
 * The value-over-time chart: today's quantities at each stored daily close of the past year (one batch of
 * histories from the market-data service: stored bars in one query, vendors asked only for missing days).
 */
export async function valueHistoryOfPortfolio(options: {
  marketData: MarketDataService;
  portfolio: Portfolio;
  requestOptions?: RequestOptions;
}): Promise<ValueHistory> {
  const { portfolio } = options;
  const symbols = Object.keys(portfolio);
  const [{ histories }, rates] = await Promise.all([
    options.marketData.getCloseHistories(symbols, '1Y', options.requestOptions),
    options.marketData.getUsdRatesOfSymbols(symbols),
  ]);
  const closes = convertClosesToUsd(
    new Map(Object.entries(histories).map(([symbol, history]) => [symbol, history.closes])),
    rates,
  );
  const { points, included, excluded } = valueHistoryOfHoldings(portfolio, closes);
  return {
    points,
    excluded,
    isSimulated: included.some((symbol) => histories[symbol]?.source === 'simulated'),
  };
}
