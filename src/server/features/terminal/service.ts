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
import type { DailyClose } from '../../providers/market-data/types';
import type { CloseHistoryResult, MarketDataService } from '../market-data/service';
import { getSavedPortfolio } from '../portfolio/service';
import type { TerminalFeeds } from './feeds';

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
}

/** The signed-in user the terminal is for: their saved portfolio, and their own vendor keys (API settings). */
export interface OverviewRequest {
  userId: string;
}

export interface TerminalService {
  overview(request: OverviewRequest): Promise<TerminalOverviewResponse>;
  /** The Professional plan's analytics of the saved portfolio (contracts/terminal.ts ZAdvancedAnalyticsResponse). */
  advancedAnalytics(request: OverviewRequest): Promise<AdvancedAnalyticsResponse>;
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

  async function dashboard(userId: string): Promise<TerminalQuote[]> {
    const { quotes } = await marketData.getQuotes(TERMINAL_SYMBOLS, { userId });
    return TERMINAL_SYMBOLS.flatMap((symbol) => {
      const quote = quotes[symbol];
      if (!quote) return [];
      const { name, currentPrice, change, changePercent, source, asOf } = quote;
      return [{ symbol: quote.symbol, name, currentPrice, change, changePercent, source, asOf }];
    });
  }

  async function portfolio(userId: string): Promise<TerminalPortfolio> {
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
    // Priced in USD as the analyzer's valuation is; the largest holdings first (then by symbol).
    const priced = await marketData.pricePortfolio(holdings, { userId });
    const largest = Object.entries(priced.holdings)
      .filter(([, held]) => held.value > 0)
      .map(([symbol, { value, weight }]) => ({ symbol, value, weight }))
      .sort((a, b) => b.value - a.value || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
    return {
      hasPortfolio: true,
      totalValue: priced.totalValue,
      totalChange: priced.totalChange,
      totalChangePercent: priced.totalChangePercent ?? 0,
      positions: Object.keys(priced.holdings).length,
      holdings: largest.slice(0, TERMINAL_TOP_HOLDINGS),
      sources: priced.sources,
    };
  }

  async function risk(userId: string): Promise<TerminalRisk> {
    // Closes are all the figures need; the eight series come from the market-data service's cache of closes
    // (read from the store in one query when not cached). A symbol without history, or a failed read, leaves
    // the symbols concerned without figures.
    const none: Record<string, CloseHistoryResult> = {};
    const { histories } = await marketData
      .getUsdCloses(TERMINAL_SYMBOLS, '1Y', { userId })
      .catch(() => ({ histories: none }));
    const series = TERMINAL_SYMBOLS.map((symbol): HistorySeries => {
      const found = histories[symbol];
      return found
        ? { symbol, source: found.source, bars: found.closes }
        : { symbol, source: null, bars: [] };
    });
    return computeTerminalRisk(series);
  }

  return {
    async advancedAnalytics({ userId }) {
      const { portfolio: quantities } = await getSavedPortfolio({ db, userId });
      const symbols = Object.keys(quantities);
      if (symbols.length === 0) return computeTerminalAdvancedAnalytics(quantities, {});
      // One batch: the closes of every holding and the benchmark, in USD as the valuation weighs them (a Tokyo
      // listing's yen at the day's rate, decision 034).
      const { histories } = await marketData.getUsdCloses(
        [...new Set([...symbols, TERMINAL_BENCHMARK])],
        ADVANCED_HISTORY_RANGE,
        { userId },
      );
      return computeTerminalAdvancedAnalytics(quantities, histories);
    },
    async overview({ userId }) {
      const feedKeys = marketData.vendorKeysFor({ userId });
      const [quotes, owned, riskFigures, calendar, news] = await Promise.all([
        dashboard(userId),
        portfolio(userId),
        risk(userId),
        feedKeys.then((keys) => feeds.calendar(keys)),
        feedKeys.then((keys) => feeds.news(keys)),
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
