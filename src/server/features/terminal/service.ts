/**
 * The Professional Trading Terminal's overview (spec 001 "Terminal", DESIGN.md deviation 4): live quotes of the
 * dashboard symbols, the account's saved portfolio valued at those prices, risk figures computed from one year
 * of daily history with src/domain/analytics, and the calendar and news feeds (a vendor's, or the labelled
 * sample).
 *
 * The risk conventions (SPY as benchmark, VIX as an index level) are those of src/domain/analytics/risk-grid.ts.
 */
import type { MarketDataSourceName } from '../../../contracts/market-data';
import {
  ADVANCED_CORRELATION_HOLDINGS,
  TERMINAL_BENCHMARK,
  TERMINAL_LEVEL_SYMBOLS,
  TERMINAL_SYMBOLS,
  TERMINAL_TOP_HOLDINGS,
  type AdvancedAnalyticsResponse,
  type TerminalOverviewResponse,
  type TerminalPortfolio,
  type TerminalQuote,
  type TerminalRisk,
} from '../../../contracts/terminal';
import { computeAdvancedAnalytics, computeRiskGrid } from '../../../domain/analytics';
import type { Database } from '../../db/client';
import { createTtlCache } from '../../lib/cache';
import type { DailyClose } from '../../providers/market-data/types';
import type { CloseHistoryResult, MarketDataService, RequestOptions } from '../market-data/service';
import { convertClosesToUsd } from '../market-data/fx';
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

/** The terminal's risk grid: beta to TERMINAL_BENCHMARK, TERMINAL_LEVEL_SYMBOLS as index levels. */
export function computeTerminalRisk(series: readonly HistorySeries[]): TerminalRisk {
  return computeRiskGrid(series, { benchmark: TERMINAL_BENCHMARK, levelSymbols: TERMINAL_LEVEL_SYMBOLS });
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
  /** The Professional plan's analytics of the saved portfolio (contracts/terminal.ts ZAdvancedAnalyticsResponse). */
  advancedAnalytics(request: Omit<OverviewRequest, 'feedKeys'>): Promise<AdvancedAnalyticsResponse>;
}

/** The stress windows reach back to 2018; the longest history the market-data service keeps is five years. */
const ADVANCED_HISTORY_RANGE = '5Y';

/** The advanced analytics of holdings from their histories (and the benchmark's), with the sources used. */
export function computeTerminalAdvancedAnalytics(
  quantities: Readonly<Record<string, number>>,
  histories: Readonly<Record<string, CloseHistoryResult>>,
): AdvancedAnalyticsResponse {
  const seriesOf = (symbol: string) => {
    const found = histories[symbol];
    return { symbol, source: found?.source ?? null, bars: found?.closes ?? [] };
  };
  const result = computeAdvancedAnalytics({
    quantities,
    holdings: Object.keys(quantities).map(seriesOf),
    benchmark: seriesOf(TERMINAL_BENCHMARK),
    maxCorrelated: ADVANCED_CORRELATION_HOLDINGS,
    isSimulated: (source) => source === 'simulated',
  });
  const sources = [
    ...new Set(
      [...result.included.map((h) => h.source), result.benchmarkSource].filter(
        (source): source is MarketDataSourceName => source !== null,
      ),
    ),
  ];
  return {
    hasPortfolio: Object.keys(quantities).length > 0,
    from: result.from,
    asOf: result.asOf,
    observations: result.observations,
    benchmark: result.benchmark,
    window: result.window,
    holdings: result.included.map(({ symbol, weight }) => ({ symbol, weight })),
    excluded: result.excluded,
    sources,
    correlation: result.correlation,
    rollingVolatility: result.rollingVolatility,
    rollingBeta: result.rollingBeta,
    drawdown: result.drawdown,
    maxDrawdown: result.maxDrawdown,
    stress: result.stress,
  };
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
    async advancedAnalytics({ userId, requestOptions }) {
      const { portfolio: quantities } = await getSavedPortfolio({ db, userId });
      const symbols = Object.keys(quantities);
      if (symbols.length === 0) return computeTerminalAdvancedAnalytics(quantities, {});
      // One batch: the stored closes of every holding and the benchmark in one query; in USD, as the
      // valuation weighs them (a Tokyo listing's yen at the day's rate, decision 034).
      const wanted = [...new Set([...symbols, TERMINAL_BENCHMARK])];
      const [{ histories }, rates] = await Promise.all([
        marketData.getCloseHistories(wanted, ADVANCED_HISTORY_RANGE, requestOptions),
        marketData.getUsdRatesOfSymbols(wanted),
      ]);
      const usd = convertClosesToUsd(
        new Map(Object.entries(histories).map(([symbol, history]) => [symbol, history.closes])),
        rates,
      );
      const inUsd: Record<string, CloseHistoryResult> = {};
      for (const [symbol, history] of Object.entries(histories)) {
        inUsd[symbol] = { ...history, closes: [...(usd.get(symbol) ?? [])] };
      }
      return computeTerminalAdvancedAnalytics(quantities, inUsd);
    },
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
