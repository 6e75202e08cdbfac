/**
 * The advisor's technical indicators, computed by trading-signals (DESIGN.md: indicators are never hand-rolled)
 * over a year of daily closes, oldest first.
 *
 * Trend rule (documented in docs/decisions/028): two signals, the last close against the 50-session SMA and
 * the 50-session SMA against the 200-session SMA. Bullish when every signal that can be computed points up,
 * bearish when every one points down, neutral otherwise or when none can be computed (fewer than 50 closes).
 */
import { BollingerBands, EMA, MACD, RSI, SMA } from 'trading-signals';

export const SMA_SHORT_PERIOD = 50;
export const SMA_LONG_PERIOD = 200;
export const RSI_PERIOD = 14;
export const MACD_PERIODS = { fast: 12, slow: 26, signal: 9 } as const;
export const BOLLINGER_PERIOD = 20;
export const BOLLINGER_DEVIATIONS = 2;
/** A golden or death cross counts as recent within this many sessions. */
export const RECENT_CROSS_SESSIONS = 20;

export type Trend = 'bullish' | 'bearish' | 'neutral';
/** Where the 50-session SMA stands against the 200-session one, and whether it crossed it lately. */
export type SmaCross = 'golden-cross' | 'death-cross' | 'above' | 'below' | 'unknown';

export interface Technicals {
  lastClose: number | null;
  sma50: number | null;
  sma200: number | null;
  smaCross: SmaCross;
  rsi14: number | null;
  macd: { macd: number; signal: number; histogram: number } | null;
  bollinger: { upper: number; middle: number; lower: number } | null;
  trend: Trend;
}

/** Every indicator of the closes (oldest first); an indicator without enough closes is null. */
export function computeTechnicals(closes: readonly number[]): Technicals {
  const sma50 = new SMA(SMA_SHORT_PERIOD);
  const sma200 = new SMA(SMA_LONG_PERIOD);
  const rsi = new RSI(RSI_PERIOD);
  const macd = new MACD(new EMA(MACD_PERIODS.fast), new EMA(MACD_PERIODS.slow), new EMA(MACD_PERIODS.signal));
  const bands = new BollingerBands(BOLLINGER_PERIOD, BOLLINGER_DEVIATIONS);
  // The sign of SMA50 − SMA200 after each close, to find the latest cross.
  const spreads: number[] = [];
  for (const close of closes) {
    const short = sma50.add(close);
    const long = sma200.add(close);
    rsi.add(close);
    macd.add(close);
    bands.add(close);
    if (short !== null && long !== null) spreads.push(short - long);
  }
  const short = sma50.getResult();
  const long = sma200.getResult();
  const lastClose = closes.length > 0 ? (closes[closes.length - 1] as number) : null;
  const macdResult = macd.getResult();
  const band = bands.getResult();
  return {
    lastClose,
    sma50: short,
    sma200: long,
    smaCross: smaCrossOf(spreads),
    rsi14: rsi.getResult(),
    macd: macdResult
      ? { macd: macdResult.macd, signal: macdResult.signal, histogram: macdResult.histogram }
      : null,
    bollinger: band ? { upper: band.upper, middle: band.middle, lower: band.lower } : null,
    trend: trendOf(lastClose, short, long),
  };
}

function smaCrossOf(spreads: readonly number[]): SmaCross {
  const last = spreads[spreads.length - 1];
  if (last === undefined) return 'unknown';
  const isAbove = last > 0;
  const recent = spreads.slice(-RECENT_CROSS_SESSIONS - 1);
  const crossed = recent.some((spread) => spread > 0 !== isAbove);
  if (crossed) return isAbove ? 'golden-cross' : 'death-cross';
  return isAbove ? 'above' : 'below';
}

/** The trend rule of the file comment. */
export function trendOf(lastClose: number | null, sma50: number | null, sma200: number | null): Trend {
  const signals: boolean[] = [];
  if (lastClose !== null && sma50 !== null) signals.push(lastClose > sma50);
  if (sma50 !== null && sma200 !== null) signals.push(sma50 > sma200);
  if (signals.length === 0) return 'neutral';
  if (signals.every(Boolean)) return 'bullish';
  if (signals.every((up) => !up)) return 'bearish';
  return 'neutral';
}
