/**
 * The risk grid of a few symbols (the terminal's overview): per symbol its volatility, beta, maximum drawdown
 * and Sharpe ratio, and the correlation matrix of their daily returns.
 *
 * Conventions: the series are aligned on the benchmark's trading days (`alignSeries`), daily returns are
 * simple returns, volatility and Sharpe are annualised with 252 days, beta is to the benchmark, correlation is
 * Pearson's on the same daily returns. An index level (VIX) is not a price of something one can hold: its
 * volatility, beta and correlation describe its daily level changes; Sharpe and maximum drawdown, which assume
 * an investable return, are left out for it.
 */
import { correlationMatrix } from './advanced-analytics';
import { finiteOrNull } from './finite';
import { alignSeries, simpleReturns, tradingCalendar } from './returns';
import { DEFAULT_RISK_FREE_RATE, annualizedVolatility, beta, maxDrawdown, sharpeRatio } from './risk';
import type { PriceSeries } from './types';

/** The closes of one symbol and where they came from (`source` is passed through to its row). */
export interface SourcedSeries<Source> extends PriceSeries {
  readonly source: Source;
}

export interface RiskGridOptions {
  /** Beta is measured against this symbol, and the series are aligned on its days. */
  benchmark: string;
  /** Index levels rather than prices: no Sharpe ratio and no maximum drawdown. */
  levelSymbols: readonly string[];
  riskFreeRate?: number;
}

export interface RiskGridRow<Source> {
  symbol: string;
  volatility: number | null;
  beta: number | null;
  maxDrawdown: number | null;
  sharpe: number | null;
  isIndexLevel: boolean;
  source: Source;
}

export interface RiskGrid<Source> {
  /** Date of the last close used; null without history. */
  asOf: string | null;
  from: string | null;
  /** Daily returns per symbol. */
  observations: number;
  benchmark: string;
  riskFreeRate: number;
  symbols: RiskGridRow<Source>[];
  /** `matrix[i][j]` pairs `symbols[i]` and `symbols[j]`; symbols without history are left out. */
  correlation: { symbols: string[]; matrix: (number | null)[][] };
}

/** The risk grid and correlation matrix of the series, in their order. */
export function computeRiskGrid<Source>(
  series: readonly SourcedSeries<Source>[],
  options: RiskGridOptions,
): RiskGrid<Source> {
  const { benchmark } = options;
  const levelSymbols = new Set(options.levelSymbols);
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

  const rows: RiskGridRow<Source>[] = series.map((s, i) => {
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
      volatility: finiteOrNull(annualizedVolatility(returns)),
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
  const matrix = correlationMatrix(withReturns.map((s) => s.returns));

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
