import { z } from 'zod';
import { ZMarketDataSource } from './market-data';

/**
 * GET /api/terminal/overview: the Professional Trading Terminal (spec 001 "Terminal"), for the plans with
 * 'terminal-access' (src/domain/plans.ts; 401 for visitors, 403 SUBSCRIPTION_REQUIRED otherwise). Every figure is real: quotes and
 * history come from the market-data service (each with its `source`), risk figures from src/domain/analytics,
 * the portfolio from the account's saved portfolio. The economic calendar and news come from a keyed vendor
 * (Financial Modeling Prep, Polygon, Alpha Vantage) when one supplies them, with that vendor as the list's
 * `source`; otherwise the list is an illustrative sample with `source: 'sample'`.
 */

/** The market dashboard, in this order (spec 001 §9). `^VIX` is our symbol of the VIX index. */
export const TERMINAL_SYMBOLS = ['SPY', 'QQQ', 'IWM', '^VIX', 'AAPL', 'GOOGL', 'MSFT', 'TSLA'] as const;
/** Beta is measured against this symbol. */
export const TERMINAL_BENCHMARK = 'SPY';
/**
 * Index levels rather than prices of something one can hold: their daily changes are not returns an investor
 * earns, so Sharpe ratio and maximum drawdown are not computed for them (volatility, beta and correlation of
 * their daily changes are).
 */
export const TERMINAL_LEVEL_SYMBOLS: readonly string[] = ['^VIX'];
/** The most valuable holdings shown in the portfolio overview. */
export const TERMINAL_TOP_HOLDINGS = 10;
/** The dashboard's quotes are refreshed this often in the browser. */
export const TERMINAL_REFRESH_MS = 30_000;

/** 'VIX' for '^VIX': how a symbol is written on screen. */
export function terminalDisplaySymbol(symbol: string): string {
  return symbol.startsWith('^') ? symbol.slice(1) : symbol;
}

export const ZTerminalQuote = z.object({
  symbol: z.string(),
  name: z.string(),
  currentPrice: z.number(),
  change: z.number(),
  /** Percent units. */
  changePercent: z.number(),
  source: ZMarketDataSource,
  /** ISO 8601 instant of the price. */
  asOf: z.string(),
});
export type TerminalQuote = z.infer<typeof ZTerminalQuote>;

export const ZTerminalHolding = z.object({
  symbol: z.string(),
  /** USD. */
  value: z.number(),
  /** 0-1 of the portfolio's total value. */
  weight: z.number(),
});

export const ZTerminalPortfolio = z.object({
  /** False when the account has no saved portfolio (the totals are then 0 and `holdings` empty). */
  hasPortfolio: z.boolean(),
  /** USD. */
  totalValue: z.number(),
  /** Since the previous close, USD. */
  totalChange: z.number(),
  /** Percent units. */
  totalChangePercent: z.number(),
  /** Number of positions in the saved portfolio. */
  positions: z.number(),
  /** The TERMINAL_TOP_HOLDINGS most valuable holdings, largest first. */
  holdings: z.array(ZTerminalHolding),
  /** The distinct sources of the portfolio's prices. */
  sources: z.array(ZMarketDataSource),
});
export type TerminalPortfolio = z.infer<typeof ZTerminalPortfolio>;

export const ZTerminalRiskRow = z.object({
  symbol: z.string(),
  /** Annualised volatility of daily returns (of daily level changes for an index level), 0-1. */
  volatility: z.number().nullable(),
  /** Beta of daily returns to TERMINAL_BENCHMARK. */
  beta: z.number().nullable(),
  /** Largest peak-to-trough fall of the closes, positive fraction; null for an index level. */
  maxDrawdown: z.number().nullable(),
  /** (annualised return − risk-free rate) / annualised volatility; null for an index level. */
  sharpe: z.number().nullable(),
  /** True for an index level (VIX): not an investable return series. */
  isIndexLevel: z.boolean(),
  /** Where the history came from; null when no history was available (every figure is then null). */
  source: ZMarketDataSource.nullable(),
});

export const ZTerminalRisk = z.object({
  /** Date (YYYY-MM-DD) of the last close used; null when no history was available. */
  asOf: z.string().nullable(),
  /** First close used. */
  from: z.string().nullable(),
  /** Daily returns per symbol. */
  observations: z.number(),
  benchmark: z.string(),
  /** Annual rate used by the Sharpe ratio, e.g. 0.04. */
  riskFreeRate: z.number(),
  symbols: z.array(ZTerminalRiskRow),
  /** Pearson correlation of daily returns; `matrix[i][j]` pairs `symbols[i]` and `symbols[j]`. */
  correlation: z.object({
    symbols: z.array(z.string()),
    matrix: z.array(z.array(z.number().nullable())),
  }),
});
export type TerminalRisk = z.infer<typeof ZTerminalRisk>;

/** The keyed vendors that can supply the calendar (FMP) or news (all three). */
export const FEED_VENDORS = ['fmp', 'alphavantage', 'polygon'] as const;
/** Which vendor a list came from, or 'sample' for the illustrative fallback. */
export const ZFeedSource = z.enum([...FEED_VENDORS, 'sample']);
export type FeedSource = z.infer<typeof ZFeedSource>;

export const ZCalendarItem = z.object({
  title: z.string(),
  /** ISO 3166 alpha-2 or a region name, e.g. 'US'. */
  country: z.string(),
  importance: z.enum(['low', 'medium', 'high']),
  /** ISO 8601 date or instant of the release; null when not given (sample items). */
  date: z.string().nullable(),
  /** When it usually happens, in words (sample items), e.g. 'Eight scheduled meetings a year'. */
  timing: z.string().nullable(),
  actual: z.string().nullable(),
  forecast: z.string().nullable(),
  previous: z.string().nullable(),
});
export type CalendarItem = z.infer<typeof ZCalendarItem>;

export const ZNewsItem = z.object({
  title: z.string(),
  publisher: z.string(),
  /** ISO 8601 instant; null when not given (sample items). */
  publishedAt: z.string().nullable(),
  /** The article on the publisher's site (absolute http or https); absent for sample items. */
  url: z.url({ protocol: /^https?$/ }).optional(),
});
export type NewsItem = z.infer<typeof ZNewsItem>;

export const ZTerminalCalendar = z.object({ source: ZFeedSource, items: z.array(ZCalendarItem) });
export type TerminalCalendar = z.infer<typeof ZTerminalCalendar>;
export const ZTerminalNews = z.object({ source: ZFeedSource, items: z.array(ZNewsItem) });
export type TerminalNews = z.infer<typeof ZTerminalNews>;

export const ZTerminalOverviewResponse = z.object({
  /** ISO 8601 instant the overview was put together. */
  generatedAt: z.string(),
  /** TERMINAL_SYMBOLS that could be quoted, in that order. */
  dashboard: z.array(ZTerminalQuote),
  portfolio: ZTerminalPortfolio,
  risk: ZTerminalRisk,
  calendar: ZTerminalCalendar,
  news: ZTerminalNews,
});
export type TerminalOverviewResponse = z.infer<typeof ZTerminalOverviewResponse>;

/** The correlation matrix pairs at most this many of the largest holdings (a readable table, a bounded cost). */
export const ADVANCED_CORRELATION_HOLDINGS = 25;

const ZDatedValue = z.object({ date: z.string(), value: z.number() });

/**
 * GET /api/terminal/advanced-analytics: the Professional plan's advanced analytics of the account's saved
 * portfolio (401 for visitors, 403 SUBSCRIPTION_REQUIRED naming Professional otherwise), computed by
 * src/domain/analytics/advanced-analytics.ts from up to five years of stored daily closes (each series with its
 * source). Today's holdings are valued over the whole history, aligned on TERMINAL_BENCHMARK's trading days.
 */
export const ZAdvancedAnalyticsResponse = z.object({
  /** False when the account has no saved portfolio (every figure is then empty). */
  hasPortfolio: z.boolean(),
  /** YYYY-MM-DD of the first and last aligned close; null without history. */
  from: z.string().nullable(),
  asOf: z.string().nullable(),
  /** Daily returns of the portfolio. */
  observations: z.number(),
  benchmark: z.string(),
  /** Trading days of each rolling window. */
  window: z.number(),
  /** Holdings in the figures, largest first; weight 0-1 of the value on `asOf`. */
  holdings: z.array(z.object({ symbol: z.string(), weight: z.number() })),
  /** Holdings without history: left out of every figure. */
  excluded: z.array(z.string()),
  /** The distinct sources of the closes used (the benchmark's included). */
  sources: z.array(ZMarketDataSource),
  /**
   * Pearson correlation of daily returns of the ADVANCED_CORRELATION_HOLDINGS largest holdings;
   * `matrix[i][j]` pairs `symbols[i]` and `symbols[j]`.
   */
  correlation: z.object({
    symbols: z.array(z.string()),
    matrix: z.array(z.array(z.number().nullable())),
  }),
  /** Annualised volatility (0-1) of the portfolio's daily returns over each window, dated by its last day. */
  rollingVolatility: z.array(ZDatedValue),
  /** Beta of the portfolio's daily returns to TERMINAL_BENCHMARK over each window. */
  rollingBeta: z.array(ZDatedValue),
  /** Value / peak so far − 1 (≤ 0) on every aligned date. */
  drawdown: z.array(ZDatedValue),
  /** Largest peak-to-trough fall, positive fraction. */
  maxDrawdown: z.number().nullable(),
  /**
   * Named historical windows, from real history only: a return is null ('no data') when the closes do not cover
   * the window, and null with its `...Simulated` flag when they do but are simulated.
   */
  stress: z.array(
    z.object({
      name: z.string(),
      from: z.string(),
      to: z.string(),
      portfolioReturn: z.number().nullable(),
      benchmarkReturn: z.number().nullable(),
      /** The portfolio's closes cover the window but are simulated: no return is shown under the event's name. */
      portfolioSimulated: z.boolean(),
      /** The benchmark's closes cover the window but are simulated. */
      benchmarkSimulated: z.boolean(),
    }),
  ),
});
export type AdvancedAnalyticsResponse = z.infer<typeof ZAdvancedAnalyticsResponse>;
