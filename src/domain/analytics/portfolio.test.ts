import { describe, expect, it } from 'vitest';
import {
  buyAndHoldReturns,
  buyAndHoldValues,
  dailyChange,
  separateUnpriced,
  valuePositions,
} from './portfolio';

describe('valuePositions', () => {
  it('values, total and weights; an unpriced position is worth 0', () => {
    // A: 10 × 50 = 500; B: 5 × 100 = 500; C: no price. Total 1000 -> weights 0.5, 0.5, 0.
    const v = valuePositions([
      { symbol: 'A', quantity: 10, price: 50 },
      { symbol: 'B', quantity: 5, price: 100 },
      { symbol: 'C', quantity: 3, price: null },
    ]);
    expect(v.totalValue).toBe(1000);
    expect(v.positions.map((p) => p.value)).toEqual([500, 500, 0]);
    expect(v.positions.map((p) => p.weight)).toEqual([0.5, 0.5, 0]);
    expect(v.positions.map((p) => p.priced)).toEqual([true, true, false]);
    expect(v.positions[2]?.price).toBeNull();
  });

  it('weights are 0 when nothing is priced', () => {
    const v = valuePositions([{ symbol: 'A', quantity: 1, price: Number.NaN }]);
    expect(v.totalValue).toBe(0);
    expect(v.positions[0]?.weight).toBe(0);
  });
});

describe('dailyChange', () => {
  it('sums each quote change × quantity; percent over yesterday’s value', () => {
    // A: 10 × (+2) = +20, 2 / 48 = 4.1666… %; B: 5 × (−5) = −25, −5 / 105 = −4.7619… %.
    // C (40) has no change and counts as unchanged; D has no price. Total value 500 + 500 + 40 = 1040,
    // change −5, yesterday 1045 -> −5 / 1045 × 100 = −0.4784688995… %.
    const c = dailyChange([
      { symbol: 'A', quantity: 10, price: 50, change: 2 },
      { symbol: 'B', quantity: 5, price: 100, change: -5 },
      { symbol: 'C', quantity: 1, price: 40 },
      { symbol: 'D', quantity: 1, price: null, change: 3 },
    ]);
    expect(c.totalValue).toBe(1040);
    expect(c.totalChange).toBe(-5);
    expect(c.previousValue).toBe(1045);
    expect(c.totalChangePercent).toBeCloseTo((-5 / 1045) * 100, 12);
    expect(c.positions[0]?.changeValue).toBe(20);
    expect(c.positions[0]?.changePercent).toBeCloseTo(100 / 24, 12);
    expect(c.positions[1]?.changeValue).toBe(-25);
    expect(c.positions[1]?.changePercent).toBeCloseTo(-500 / 105, 12);
    expect(c.positions[2]).toEqual({ symbol: 'C', changeValue: null, changePercent: null });
    expect(c.positions[3]).toEqual({ symbol: 'D', changeValue: null, changePercent: null });
    expect(c.withoutChange).toEqual(['C']);
  });

  it('exactly +5 %: 105 today, change 5 -> 5 / 100', () => {
    const c = dailyChange([{ symbol: 'A', quantity: 1, price: 105, change: 5 }]);
    expect(c.totalChangePercent).toBe(5);
  });

  it('has no percent when yesterday’s value is not positive', () => {
    expect(dailyChange([]).totalChangePercent).toBeNull();
  });
});

describe('buy-and-hold history', () => {
  it('values today’s quantities at past closes; returns drift with the weights', () => {
    // A closes [10, 11, 12] × 2, B closes [20, 18, 21] × 1 -> values [40, 40, 45] -> returns [0, 0.125].
    // Check by drifting weights: day 2 weights A 22/40 = 0.55, B 18/40 = 0.45;
    // 0.55 × (12/11 − 1) + 0.45 × (21/18 − 1) = 0.05 + 0.075 = 0.125.
    const closes = [
      [10, 11, 12],
      [20, 18, 21],
    ];
    expect([...buyAndHoldValues(closes, [2, 1])]).toEqual([40, 40, 45]);
    const r = buyAndHoldReturns(closes, [2, 1]);
    expect(r[0]).toBeCloseTo(0, 12);
    expect(r[1]).toBeCloseTo(0.125, 12);
    expect(r[1]).toBeCloseTo(0.55 * (12 / 11 - 1) + 0.45 * (21 / 18 - 1), 12);
  });

  it('refuses series of different lengths', () => {
    expect(() => buyAndHoldValues([[1, 2], [1]], [1, 1])).toThrow(RangeError);
  });

  it('is empty without series', () => {
    expect(buyAndHoldValues([], [])).toHaveLength(0);
  });
});

describe('separateUnpriced', () => {
  it('keeps the holdings with a finite positive price, names the others in order', () => {
    const { priced, unpricedSymbols } = separateUnpriced([
      { symbol: 'AAPL', price: 10 },
      { symbol: 'ZZZZQ', price: null },
      { symbol: 'NAN', price: Number.NaN },
      { symbol: 'ZERO', price: 0 },
      { symbol: 'GONE', price: undefined },
      { symbol: 'VTI', price: 1 },
    ]);
    expect(priced.map((h) => h.symbol)).toEqual(['AAPL', 'VTI']);
    expect(unpricedSymbols).toEqual(['ZZZZQ', 'NAN', 'ZERO', 'GONE']);
  });
});
