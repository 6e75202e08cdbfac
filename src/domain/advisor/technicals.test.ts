import { describe, expect, it } from 'vitest';
import { computeTechnicals, trendOf } from './technicals';

/** StockCharts' RSI example closes (20 sessions); the expected values were checked against Wilder's formula. */
const WILDER = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28,
  46.0, 46.03, 46.41, 46.22, 45.64,
];

/** 220 sessions: a rise of 0.25 a day with a wave of ±5, rounded to cents. */
const RISING = Array.from(
  { length: 220 },
  (_, i) => Math.round((100 + i * 0.25 + 5 * Math.sin(i / 5)) * 100) / 100,
);

describe('computeTechnicals', () => {
  it('RSI 14 (Wilder smoothing) and Bollinger 20/2 of 20 closes; no SMA or MACD yet', () => {
    const t = computeTechnicals(WILDER);
    expect(t.rsi14).toBeCloseTo(57.91502067008556, 10);
    expect(t.bollinger?.upper).toBeCloseTo(47.115328221650216, 10);
    expect(t.bollinger?.middle).toBeCloseTo(45.409, 10);
    expect(t.bollinger?.lower).toBeCloseTo(43.70267177834978, 10);
    expect(t.sma50).toBeNull();
    expect(t.sma200).toBeNull();
    expect(t.macd).toBeNull();
    expect(t.smaCross).toBe('unknown');
    expect(t.trend).toBe('neutral');
    expect(t.lastClose).toBe(45.64);
  });

  it('a year of a rising series: SMA 50/200, MACD 12/26/9, bullish', () => {
    const t = computeTechnicals(RISING);
    expect(RISING.slice(0, 5)).toEqual([100, 101.24, 102.45, 103.57, 104.59]);
    expect(t.sma50).toBeCloseTo(147.7296, 10);
    expect(t.sma200).toBeCloseTo(129.65935, 10);
    expect(t.smaCross).toBe('above');
    expect(t.rsi14).toBeCloseTo(73.1651054634902, 10);
    expect(t.macd?.macd).toBeCloseTo(0.8460299834897, 10);
    expect(t.macd?.signal).toBeCloseTo(0.6156777216892628, 10);
    expect(t.macd?.histogram).toBeCloseTo(0.23035226180043722, 10);
    expect(t.bollinger?.middle).toBeCloseTo(150.3895, 10);
    expect(t.trend).toBe('bullish');
  });

  it('60 sessions: SMA 50 without SMA 200, the trend from the price against SMA 50 alone', () => {
    const t = computeTechnicals(RISING.slice(0, 60));
    expect(t.sma50).toBeCloseTo(108.069, 10);
    expect(t.sma200).toBeNull();
    expect(t.macd?.histogram).toBeCloseTo(-0.2987605717979823, 10);
    expect(t.trend).toBe('bullish');
  });

  it('a golden cross within the last 20 sessions, and a death cross', () => {
    const falling = Array.from({ length: 200 }, (_, i) => 300 - i);
    const recovered = [...falling, ...Array.from({ length: 55 }, (_, i) => 101 + i * 4)];
    expect(computeTechnicals(recovered).smaCross).toBe('golden-cross');
    const mirrored = recovered.map((close) => 500 - close);
    expect(computeTechnicals(mirrored).smaCross).toBe('death-cross');
  });
});

describe('trendOf', () => {
  it.each([
    [110, 100, 90, 'bullish'],
    [80, 90, 100, 'bearish'],
    [95, 90, 100, 'neutral'],
    [110, 100, null, 'bullish'],
    [90, 100, null, 'bearish'],
    [100, null, null, 'neutral'],
  ] as const)('close %s, SMA50 %s, SMA200 %s -> %s', (close, short, long, trend) => {
    expect(trendOf(close, short, long)).toBe(trend);
  });
});
