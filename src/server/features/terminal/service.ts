/**
 * The Professional Trading Terminal's overview (spec 001 "Terminal", DESIGN.md deviation 4): live quotes of the
 * dashboard symbols, the account's saved portfolio valued at those prices, risk figures computed from one year
 * of daily history with src/domain/analytics, and the calendar and news feeds (a vendor's, or the labelled
 * sample).
 *
 * Risk conventions: the eight series are aligned on SPY's trading days (`alignSeries`), daily returns are simple
 * returns, volatility and Sharpe are annualised with 252 days, beta is to SPY, the risk-free rate is the
 * domain's default (4 %), correlation is Pearson's on the same daily returns (sample covariance over the two
 * sample standard deviations). VIX is an index level, not a price of something one can hold: its volatility,
 * beta and correlation describe its daily level changes; Sharpe and maximum drawdown, which assume an
 * investable return, are left out for it.
 */
import type { MarketDataSourceName } from '../../../contracts/market-data';
import {
  TERMINAL_BENCHMARK,
  TERMINAL_LEVEL_SYMBOLS,
  TERMINAL_SYMBOLS,
  TERMINAL_TOP_HOLDINGS,
  type TerminalOverviewResponse,
  type TerminalPortfolio,
  type TerminalQuote,
  type TerminalRisk,
  type TerminalRiskRow,
} from '../../../contracts/terminal';
import {
  DEFAULT_RISK_FREE_RATE,
  alignSeries,
  annualisedVolatility,
  beta,
  maxDrawdown,
  sampleCovariance,
  sampleStdDev,
  sharpeRatio,
  simpleReturns,
  tradingCalendar,
} from '../../../domain/analytics';
import type { Database } from '../../db/client';
import { createTtlCache } from '../../lib/cache';
import type { DailyClose } from '../../providers/market-data/types';
import type { CloseHistoryResult, MarketDataService, RequestOptions } from '../market-data/service';
import { getSavedPortfolio, valuePortfolio } from '../portfolio/service';
import type { FeedKeys, TerminalFeeds } from './feeds';

/** Risk figures move once a day; they are reused this long (per set of vendor keys). */
export const RISK_CACHE_MS = 5 * 60_000;

export interface HistorySeries {
  symbol: string;
  /** null when no history could be had. */
  source: MarketDataSourceName | null;
  bars: readonly DailyClose[];
}

export interface RiskOptions {
  benchmark?: string;
  levelSymbols?: readonly string[];
  riskFreeRate?: number;
}

/** Pearson correlation of two equally long return series; null when either does not vary. */
export function correlation(xs: ArrayLike<number>, ys: ArrayLike<number>): number | null {
  const cov = sampleCovariance(xs, ys);
  const sx = sampleStdDev(xs);
  const sy = sampleStdDev(ys);
  if (cov === null || !sx || !sy) return null;
  return Math.max(-1, Math.min(1, cov / (sx * sy)));
}

const finiteOrNull = (x: number | null | undefined): number | null =>
  typeof x === 'number' && Number.isFinite(x) ? x : null;

/** The risk grid and correlation matrix of the series, in their order (pure). */
export function computeTerminalRisk(
  series: readonly HistorySeries[],
  options: RiskOptions = {},
): TerminalRisk {
  const benchmark = options.benchmark ?? TERMINAL_BENCHMARK;
  const levelSymbols = new Set(options.levelSymbols ?? TERMINAL_LEVEL_SYMBOLS);
  const riskFreeRate = options.riskFreeRate ?? DEFAULT_RISK_FREE_RATE;

  const priceSeries = series.map((s) => ({ symbol: s.symbol, bars: s.bars }));
  const benchmarkInput = priceSeries.find((s) => s.symbol === benchmark);
  const benchmarkCalendar = benchmarkInput ? tradingCalendar([benchmarkInput]) : [];
  const calendar = benchmarkCalendar.length >= 2 ? benchmarkCalendar : tradingCalendar(priceSeries);
  const aligned = alignSeries(priceSeries, { calendar });

  const returnsByIndex = new Map<number, Float64Array>();
  const closesByIndex = new Map<number, Float64Array>();
  for (const s of aligned.series) {
    closesByIndex.set(s.inputIndex, s.closes);
    returnsByIndex.set(s.inputIndex, simpleReturns(s.closes));
  }
  const benchmarkIndex = series.findIndex((s) => s.symbol === benchmark);
  const benchmarkReturns = returnsByIndex.get(benchmarkIndex);

  const rows: TerminalRiskRow[] = series.map((s, i) => {
    const isIndexLevel = levelSymbols.has(s.symbol);
    const returns = returnsByIndex.get(i);
    const closes = closesByIndex.get(i);
    if (!returns || !closes) {
      return {
        symbol: s.symbol,
        volatility: null,
        beta: null,
        maxDrawdown: null,
        sharpe: null,
        isIndexLevel,
        source: s.source,
      };
    }
    return {
      symbol: s.symbol,
      volatility: finiteOrNull(annualisedVolatility(returns)),
      beta: benchmarkReturns ? finiteOrNull(beta(returns, benchmarkReturns)) : null,
      maxDrawdown: isIndexLevel ? null : finiteOrNull(maxDrawdown(closes)?.maxDrawdown),
      sharpe: isIndexLevel ? null : finiteOrNull(sharpeRatio(returns, riskFreeRate)),
      isIndexLevel,
      source: s.source,
    };
  });

  const included = series.map((s, i) => ({ symbol: s.symbol, returns: returnsByIndex.get(i) }));
  const withReturns = included.filter(
    (s): s is { symbol: string; returns: Float64Array } => s.returns !== undefined,
  );
  const matrix: (number | null)[][] = withReturns.map((row, i) =>
    withReturns.map((column, j) => (i === j ? 1 : i < j ? correlation(row.returns, column.returns) : null)),
  );
  // Symmetric by construction: the lower triangle mirrors the upper one.
  for (let i = 0; i < matrix.length; i++) {
    for (let j = 0; j < i; j++)
      (matrix[i] as (number | null)[])[j] = (matrix[j] as (number | null)[])[i] ?? null;
  }

  const dates = aligned.series.length > 0 ? aligned.dates : [];
  return {
    asOf: dates.at(-1) ?? null,
    from: dates[0] ?? null,
    observations: Math.max(0, dates.length - 1),
    benchmark,
    riskFreeRate,
    symbols: rows,
    correlation: { symbols: withReturns.map((s) => s.symbol), matrix },
  };
}

export interface TerminalServiceOptions {
  db: Database;
  marketData: MarketDataService;
  feeds: TerminalFeeds;
  riskCacheMs?: number;
}

export interface OverviewRequest {
  userId: string;
  /** The user's own market-data keys (API settings). */
  requestOptions: RequestOptions;
  /** Keys for the calendar and news vendors: the user's own, else the server's. */
  feedKeys: FeedKeys;
}

export interface TerminalService {
  overview(request: OverviewRequest): Promise<TerminalOverviewResponse>;
}

export function createTerminalService(options: TerminalServiceOptions): TerminalService {
  const { db, marketData, feeds } = options;
  const riskCache = createTtlCache<TerminalRisk>({
    ttlMs: options.riskCacheMs ?? RISK_CACHE_MS,
    maxEntries: 64,
  });

  async function dashboard(requestOptions: RequestOptions): Promise<TerminalQuote[]> {
    const { quotes } = await marketData.getQuotes(TERMINAL_SYMBOLS, requestOptions);
    return TERMINAL_SYMBOLS.flatMap((symbol) => {
      const quote = quotes[symbol];
      if (!quote) return [];
      const { name, currentPrice, change, changePercent, source, asOf } = quote;
      return [{ symbol: quote.symbol, name, currentPrice, change, changePercent, source, asOf }];
    });
  }

  async function portfolio(userId: string, requestOptions: RequestOptions): Promise<TerminalPortfolio> {
    const { portfolio: holdings } = await getSavedPortfolio({ db, userId });
    if (Object.keys(holdings).length === 0) {
      return {
        hasPortfolio: false,
        totalValue: 0,
        totalChange: 0,
        totalChangePercent: 0,
        positions: 0,
        holdings: [],
        sources: [],
      };
    }
    const valuation = await valuePortfolio({ marketData, portfolio: holdings, requestOptions });
    return {
      hasPortfolio: true,
      totalValue: valuation.totalCurrentValue,
      totalChange: valuation.totalChange,
      totalChangePercent: valuation.totalChangePercent,
      positions: Object.keys(valuation.holdings).length,
      holdings: valuation.allocation.byHolding
        .slice(0, TERMINAL_TOP_HOLDINGS)
        .map(({ symbol, value, weight }) => ({ symbol, value, weight })),
      sources: valuation.sources,
    };
  }

  async function risk(requestOptions: RequestOptions): Promise<TerminalRisk> {
    // Users with keys for the same vendors get the same history: the key is the set of vendors, not the keys.
    const keyed = Object.entries(requestOptions.userKeys ?? {})
      .filter(([, key]) => Boolean(key?.trim()))
      .map(([vendor]) => vendor)
      .sort()
      .join(',');
    return riskCache.get(keyed, async () => {
      // Closes are all the figures need; the eight stored series are read in one query. A symbol without
      // history, or a failed read, leaves the symbols concerned without figures.
      const histories = await marketData.getCloseHistories(TERMINAL_SYMBOLS, '1Y', requestOptions).then(
        (found) => found.histories,
        (): Record<string, CloseHistoryResult> => ({}),
      );
      const series = TERMINAL_SYMBOLS.map((symbol): HistorySeries => {
        const found = histories[symbol];
        return found
          ? { symbol, source: found.source, bars: found.closes }
          : { symbol, source: null, bars: [] };
      });
      return computeTerminalRisk(series);
    });
  }

  return {
    async overview(request) {
      const [quotes, owned, riskFigures, calendar, news] = await Promise.all([
        dashboard(request.requestOptions),
        portfolio(request.userId, request.requestOptions),
        risk(request.requestOptions),
        feeds.calendar(request.feedKeys),
        feeds.news(request.feedKeys),
      ]);
      return {
        generatedAt: new Date().toISOString(),
        dashboard: quotes,
        portfolio: owned,
        risk: riskFigures,
        calendar,
        news,
      };
    },
  };
}
