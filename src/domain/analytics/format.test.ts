import { describe, expect, it } from 'vitest';
import { assetClassLabel, formatMoney, formatNumber, formatPercent, formatPercentUnits } from './format';

describe('format', () => {
  it('percent from a fraction, two decimals, no negative zero', () => {
    expect(formatPercent(0.1234)).toBe('12.34%');
    expect(formatPercent(-0.05)).toBe('-5.00%');
    expect(formatPercent(-0.00001)).toBe('0.00%');
    expect(formatPercent(0.95, 0)).toBe('95%');
    expect(formatPercentUnits(5.01)).toBe('5.01%');
  });
  it('numbers and US dollars', () => {
    expect(formatNumber(4.126)).toBe('4.13');
    expect(formatMoney(46270)).toBe('$46,270.00');
    expect(formatMoney(-3)).toBe('-$3.00');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });
});

describe('assetClassLabel', () => {
  it('names the classes as the allocation charts do, and passes an unknown name through', () => {
    expect(
      ['stock', 'etf', 'fund', 'bond', 'crypto', 'cash', 'Unknown', 'warrant'].map(assetClassLabel),
    ).toEqual(['Stocks', 'ETFs', 'Mutual funds', 'Bonds', 'Crypto', 'Cash', 'Unknown', 'warrant']);
  });
});
