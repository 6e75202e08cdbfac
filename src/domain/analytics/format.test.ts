import { describe, expect, it } from 'vitest';
import {
  assetClassLabel,
  formatFxRate,
  formatLocalPrice,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPercentUnits,
  fxRatesNote,
} from './format';

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

describe('local prices and FX rates', () => {
  it('writes pence with a p and other currencies with their symbol', () => {
    expect(formatLocalPrice(440, 'GBX')).toBe('440p');
    expect(formatLocalPrice(95.126, 'GBX')).toBe('95.13p');
    expect(formatLocalPrice(2400, 'JPY')).toBe('¥2,400');
    expect(formatLocalPrice(210.5, 'EUR')).toBe('€210.50');
    expect(formatLocalPrice(205, 'CAD')).toBe('CA$205.00');
    expect(formatLocalPrice(12, 'XYZ1')).toBe('12 XYZ1');
  });

  it('writes rates with four significant digits', () => {
    expect(formatFxRate(1.31)).toBe('1.310');
    expect(formatFxRate(0.0064)).toBe('0.006400');
    expect(formatFxRate(0.12853)).toBe('0.1285');
  });

  it('names the rates used, grouped by source and day, each currency once', () => {
    expect(fxRatesNote([])).toBeNull();
    const gbp = { currency: 'GBP', rate: 1.31, date: '2026-11-24', source: 'simulated' };
    expect(
      fxRatesNote([
        { currency: 'JPY', rate: 0.0064, date: '2026-11-24', source: 'simulated' },
        gbp,
        gbp,
        { currency: 'EUR', rate: 1.15, date: '2026-11-23', source: 'alphavantage' },
      ]),
    ).toBe(
      'Converted to USD at Alpha Vantage rates of 2026-11-23: 1 EUR = 1.150 USD. ' +
        'Simulated rates of 2026-11-24: 1 GBP = 1.310 USD; 1 JPY = 0.006400 USD',
    );
  });
});
