import { describe, expect, it } from 'vitest';
import { diversificationRating, healthBadge, healthCheck } from './health-check';

// The spec's sample stocks: AAPL 15, GOOGL 8, MSFT 12, VTI 50, VXUS 30, BND 40, QQQ 20.
const sample = [
  { symbol: 'AAPL', quantity: 15 },
  { symbol: 'GOOGL', quantity: 8 },
  { symbol: 'MSFT', quantity: 12 },
  { symbol: 'VTI', quantity: 50 },
  { symbol: 'VXUS', quantity: 30 },
  { symbol: 'BND', quantity: 40 },
  { symbol: 'QQQ', quantity: 20 },
];

describe('health check (spec 000 §9)', () => {
  it('the sample stocks pass all four checks: green, 100 %', () => {
    const h = healthCheck(sample);
    expect(h.checks.map((c) => [c.id, c.label, c.passed])).toEqual([
      ['diversification', 'Diversification', true],
      ['emergency-buffer', 'Emergency Buffer', true],
      ['global-exposure', 'Global Exposure', true],
      ['simple-investing', 'Simple Investing', true],
    ]);
    expect(h.checks.map((c) => c.detail)).toEqual([
      '7 holdings: Good (Good at 5 or more, Fair at 3 or more)',
      'Holds BND',
      'Holds VXUS',
      'Holds VTI, QQQ and VXUS',
    ]);
    expect(h).toMatchObject({
      passed: 4,
      total: 4,
      scorePercent: 100,
      badge: 'green',
      diversificationRating: 'Good',
    });
    // Stocks are 3 of 7 holdings by count (no values given): 42.86 %, no warning.
    expect(h.warnings).toEqual([]);
  });

  it('rating: Good at 5 or more, Fair at 3 or more, else Needs Work', () => {
    expect([0, 1, 2, 3, 4, 5, 30].map(diversificationRating)).toEqual([
      'Needs Work',
      'Needs Work',
      'Needs Work',
      'Fair',
      'Fair',
      'Good',
      'Good',
    ]);
  });

  it('badge: green at 75 % or more, yellow at 50 % or more, red below', () => {
    expect([0, 25, 49.99, 50, 74.99, 75, 100].map(healthBadge)).toEqual([
      'red',
      'red',
      'red',
      'yellow',
      'yellow',
      'green',
      'green',
    ]);
  });

  it('VTI + VXUS: Needs Work, no buffer; 2 of 4 -> 50 % yellow', () => {
    const h = healthCheck([
      { symbol: 'VTI', quantity: 1 },
      { symbol: 'VXUS', quantity: 1 },
    ]);
    expect(h.checks.map((c) => c.passed)).toEqual([false, false, true, true]);
    expect(h.checks[0]?.detail).toBe('2 holdings: Needs Work (Good at 5 or more, Fair at 3 or more)');
    expect(h.checks[1]?.detail).toBe('Add BND as a bond buffer');
    expect(h).toMatchObject({
      passed: 2,
      scorePercent: 50,
      badge: 'yellow',
      diversificationRating: 'Needs Work',
    });
  });

  it('AAPL, MSFT, BND: Fair, 1 of 4 -> 25 % red; failed checks say what to add', () => {
    const h = healthCheck([
      { symbol: 'AAPL', quantity: 1 },
      { symbol: 'MSFT', quantity: 1 },
      { symbol: 'BND', quantity: 1 },
    ]);
    expect(h).toMatchObject({ passed: 1, scorePercent: 25, badge: 'red', diversificationRating: 'Fair' });
    expect(h.checks[2]?.detail).toBe('Add VXUS for international stocks');
    expect(h.checks[3]?.detail).toBe('Add a broad index fund: VTI, SPY, QQQ or VXUS');
    // 2 of 3 holdings are stocks: 66.67 % by count, not above 70 %.
    expect(h.warnings).toEqual([]);
  });

  it('warns when stocks exceed 70 % by value (all prices known)', () => {
    // 400 + 400 of 1000 = 80 %.
    const h = healthCheck([
      { symbol: 'AAPL', quantity: 1, value: 400 },
      { symbol: 'MSFT', quantity: 1, value: 400 },
      { symbol: 'BND', quantity: 1, value: 200 },
    ]);
    expect(h.warnings).toEqual([
      'Individual stocks are 80.00% of your holdings by value, above 70%: consider broad funds for part of it.',
    ]);
    // Exactly 70 % by value does not exceed.
    expect(
      healthCheck([
        { symbol: 'AAPL', quantity: 1, value: 700 },
        { symbol: 'BND', quantity: 1, value: 300 },
      ]).warnings,
    ).toEqual([]);
  });

  it('falls back to the count when a price is missing: 8 of 10 stocks warns, 7 of 10 does not', () => {
    const stocks = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'NVDA', 'META', 'TSLA', 'JPM'];
    const eight = [
      ...stocks.map((symbol) => ({ symbol, quantity: 1, value: 1 })),
      { symbol: 'VTI', quantity: 1, value: null },
      { symbol: 'BND', quantity: 1 },
    ];
    expect(healthCheck(eight).warnings).toEqual([
      'Individual stocks are 80.00% of your holdings by count, above 70%: consider broad funds for part of it.',
    ]);
    const seven = [
      ...stocks.slice(0, 7).map((symbol) => ({ symbol, quantity: 1 })),
      { symbol: 'VTI', quantity: 1 },
      { symbol: 'BND', quantity: 1 },
      { symbol: 'VXUS', quantity: 1 },
    ];
    expect(healthCheck(seven).warnings).toEqual([]);
  });

  it('normalises symbols, merges repeats and ignores non-positive quantities', () => {
    const h = healthCheck([
      { symbol: ' bnd ', quantity: 1 },
      { symbol: 'BND', quantity: 2 },
      { symbol: 'VXUS', quantity: 0 },
    ]);
    expect(h.checks[0]?.detail).toBe('1 holding: Needs Work (Good at 5 or more, Fair at 3 or more)');
    expect(h.checks.map((c) => c.passed)).toEqual([false, true, false, false]);
  });

  it('an empty portfolio scores 0 %, red, no warning', () => {
    expect(healthCheck([])).toMatchObject({ passed: 0, scorePercent: 0, badge: 'red', warnings: [] });
  });
});
