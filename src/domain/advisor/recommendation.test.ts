import { describe, expect, it } from 'vitest';
import { actionOf, priceTargets, recommend, scoreAdvice, type ScoreInput } from './recommendation';

const BASE: ScoreInput = {
  trend: 'bullish',
  rsi14: 55,
  macdHistogram: 0.4,
  overallRisk: 'medium',
  positionWeight: null,
  riskTolerance: 'moderate',
  timeHorizon: 'medium',
  hasLongHistory: true,
};

describe('scoreAdvice', () => {
  it('medium horizon: trend × 2, momentum × 1, risk within tolerance', () => {
    expect(scoreAdvice(BASE)).toEqual({ trend: 2, momentum: 1, risk: 0, concentration: 0, total: 3 });
  });

  it('short horizon: trend × 1, momentum × 2 (oversold RSI and rising MACD)', () => {
    expect(scoreAdvice({ ...BASE, timeHorizon: 'short', rsi14: 25 })).toEqual({
      trend: 1,
      momentum: 4,
      risk: 0,
      concentration: 0,
      total: 5,
    });
  });

  it('high risk for a conservative investor costs 2, forgiven by 1 over a long horizon', () => {
    expect(scoreAdvice({ ...BASE, overallRisk: 'high', riskTolerance: 'conservative' }).risk).toBe(-2);
    expect(
      scoreAdvice({ ...BASE, overallRisk: 'high', riskTolerance: 'conservative', timeHorizon: 'long' }).risk,
    ).toBe(-1);
    expect(scoreAdvice({ ...BASE, overallRisk: 'high', riskTolerance: 'aggressive' }).risk).toBe(0);
  });

  it('concentration: 10 % of the portfolio −1, 25 % −2', () => {
    expect(scoreAdvice({ ...BASE, positionWeight: 0.09 }).concentration).toBe(0);
    expect(scoreAdvice({ ...BASE, positionWeight: 0.1 }).concentration).toBe(-1);
    expect(scoreAdvice({ ...BASE, positionWeight: 0.25 }).concentration).toBe(-2);
  });

  it('a bearish, overbought, falling stock', () => {
    expect(scoreAdvice({ ...BASE, trend: 'bearish', rsi14: 75, macdHistogram: -0.1 })).toEqual({
      trend: -2,
      momentum: -2,
      risk: 0,
      concentration: 0,
      total: -4,
    });
  });
});

describe('actionOf', () => {
  it.each([
    [5, 'strong buy'],
    [4, 'strong buy'],
    [3, 'buy'],
    [2, 'buy'],
    [1, 'hold'],
    [0, 'hold'],
    [-1, 'hold'],
    [-2, 'sell'],
    [-3, 'sell'],
    [-4, 'strong sell'],
  ] as const)('score %s -> %s', (score, action) => {
    expect(actionOf(score)).toBe(action);
  });
});

describe('recommend', () => {
  it('action, confidence and the horizon as timeframe', () => {
    expect(recommend(BASE)).toMatchObject({ action: 'buy', confidence: 70, timeframe: '1-3 years' });
    expect(recommend({ ...BASE, trend: 'neutral', macdHistogram: 0 })).toMatchObject({
      action: 'hold',
      confidence: 60,
    });
    expect(recommend({ ...BASE, trend: 'neutral' })).toMatchObject({ action: 'hold', confidence: 50 });
    expect(recommend({ ...BASE, timeHorizon: 'short', rsi14: 25 })).toMatchObject({
      action: 'strong buy',
      confidence: 90,
      timeframe: '<1 year',
    });
  });

  it('10 points less confident without a year of history, never under 30', () => {
    expect(recommend({ ...BASE, hasLongHistory: false }).confidence).toBe(60);
    expect(
      recommend({ ...BASE, trend: 'neutral', rsi14: 50, macdHistogram: 0.2, hasLongHistory: false })
        .confidence,
    ).toBe(40);
  });
});

describe('priceTargets', () => {
  // One-sigma move over a medium horizon: 100 × 0.4 × √0.5 = 28.28.
  const base = {
    price: 100,
    volatility: 0.4,
    timeHorizon: 'medium' as const,
    supportLevels: [95, 80],
    resistanceLevels: [110, 140],
  };

  it('buy: the nearest resistance and support within the expected move', () => {
    expect(priceTargets({ ...base, action: 'buy' })).toEqual({ targetPrice: 110, stopLoss: 95 });
  });

  it('levels beyond the move: the move itself', () => {
    expect(priceTargets({ ...base, action: 'hold', supportLevels: [60], resistanceLevels: [150] })).toEqual({
      targetPrice: 128.28,
      stopLoss: 71.72,
    });
  });

  it('sell: a downside target, no stop', () => {
    expect(priceTargets({ ...base, action: 'sell' })).toEqual({ targetPrice: 95, stopLoss: null });
    expect(priceTargets({ ...base, action: 'strong sell', supportLevels: [] })).toEqual({
      targetPrice: 71.72,
      stopLoss: null,
    });
  });

  it('no volatility, no targets', () => {
    expect(priceTargets({ ...base, action: 'buy', volatility: null })).toEqual({
      targetPrice: null,
      stopLoss: null,
    });
  });
});
