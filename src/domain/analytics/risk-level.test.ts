import { describe, expect, it } from 'vitest';
import { classify } from './classify';
import {
  RISK_HIGH_CRYPTO_WEIGHT,
  RISK_HIGH_SINGLE_HOLDING_WEIGHT,
  RISK_HIGH_VOLATILITY,
  RISK_LOW_VOLATILITY,
  allocationFigures,
  assessRiskLevel,
} from './risk-level';

const positions = (rows: [string, number][]) =>
  rows.map(([symbol, weight]) => ({ symbol, weight, ...classify(symbol) }));
// Six equal US stock ETFs: effective number of holdings 6, no single issuer.
const spread = positions([
  ['VTI', 1 / 6],
  ['VOO', 1 / 6],
  ['IVV', 1 / 6],
  ['SCHB', 1 / 6],
  ['VB', 1 / 6],
  ['VO', 1 / 6],
]);

describe('risk level thresholds', () => {
  it('exports the documented thresholds', () => {
    expect([
      RISK_HIGH_VOLATILITY,
      RISK_LOW_VOLATILITY,
      RISK_HIGH_SINGLE_HOLDING_WEIGHT,
      RISK_HIGH_CRYPTO_WEIGHT,
    ]).toEqual([0.25, 0.1, 0.4, 0.3]);
  });
});

describe('assessRiskLevel with volatility', () => {
  it('high at exactly 25 % volatility, medium just below', () => {
    const high = assessRiskLevel({ annualizedVolatility: 0.25, effectiveHoldings: 6, positions: spread });
    expect(high.level).toBe('high');
    expect(high.basis).toBe('volatility');
    expect(high.reasons).toEqual(['Annualised volatility 25.00% is at or above 25.00%']);
    const medium = assessRiskLevel({ annualizedVolatility: 0.2499, effectiveHoldings: 6, positions: spread });
    expect(medium.level).toBe('medium');
    expect(medium.reasons).toEqual(['Annualised volatility 24.99% is between 10.00% and 25.00%']);
  });

  it('high when one stock is above 40 %; a fund of that size is not a trigger', () => {
    const stock = assessRiskLevel({
      annualizedVolatility: 0.15,
      effectiveHoldings: 2.9,
      positions: positions([
        ['AAPL', 0.41],
        ['VTI', 0.59],
      ]),
    });
    expect(stock.level).toBe('high');
    expect(stock.reasons).toEqual(['AAPL is 41.00% of the portfolio, above 40.00%']);
    const fund = assessRiskLevel({
      annualizedVolatility: 0.15,
      effectiveHoldings: 1.2,
      positions: positions([
        ['VTI', 0.9],
        ['AAPL', 0.1],
      ]),
    });
    expect(fund.level).toBe('medium');
    // Exactly 40 % is not above.
    const edge = assessRiskLevel({
      annualizedVolatility: 0.15,
      effectiveHoldings: 3,
      positions: positions([
        ['AAPL', 0.4],
        ['VTI', 0.6],
      ]),
    });
    expect(edge.level).toBe('medium');
  });

  it('high at 30 % crypto, with every trigger listed', () => {
    const r = assessRiskLevel({
      annualizedVolatility: 0.3,
      effectiveHoldings: 2,
      positions: positions([
        ['CRYPTO:BTC', 0.3],
        ['VTI', 0.7],
      ]),
    });
    expect(r.level).toBe('high');
    expect(r.reasons).toEqual([
      'Annualised volatility 30.00% is at or above 25.00%',
      'Crypto is 30.00% of the portfolio, at or above 30.00%',
    ]);
  });

  it('low below 10 % with 5 or more effective holdings, or mostly bonds and cash', () => {
    const low = assessRiskLevel({ annualizedVolatility: 0.09, effectiveHoldings: 6, positions: spread });
    expect(low.level).toBe('low');
    expect(low.reasons).toEqual([
      'Annualised volatility 9.00% is below 10.00% and the effective number of holdings is 6.00 (at least 5)',
    ]);
    const bonds = assessRiskLevel({
      annualizedVolatility: 0.05,
      effectiveHoldings: 1,
      positions: positions([['BND', 1]]),
    });
    expect(bonds.level).toBe('low');
    expect(bonds.reasons[0]).toContain('bonds and cash are 100.00% of the portfolio');
    const few = assessRiskLevel({
      annualizedVolatility: 0.09,
      effectiveHoldings: 4.9,
      positions: positions([
        ['VTI', 0.5],
        ['VXUS', 0.5],
      ]),
    });
    expect(few.level).toBe('medium');
    expect(few.reasons[0]).toContain('4.90 (fewer than 5)');
  });
});

describe('assessRiskLevel without volatility (asset-class mix)', () => {
  it('low with 60 % bonds and cash', () => {
    const r = assessRiskLevel({
      annualizedVolatility: null,
      effectiveHoldings: null,
      positions: positions([
        ['BND', 0.5],
        ['SPAXX', 0.1],
        ['VTI', 0.4],
      ]),
    });
    expect(r.level).toBe('low');
    expect(r.basis).toBe('asset-mix');
    expect(r.reasons).toEqual([
      'No volatility history; bonds and cash are 60.00% of the portfolio, at or above 60.00%',
    ]);
  });

  it('high when stocks are half the portfolio in fewer than 3 names', () => {
    const r = assessRiskLevel({
      annualizedVolatility: null,
      effectiveHoldings: null,
      positions: positions([
        ['AAPL', 0.3],
        ['MSFT', 0.3],
        ['BND', 0.4],
      ]),
    });
    expect(r.level).toBe('high');
    expect(r.reasons).toEqual([
      'Individual stocks are 60.00% of the portfolio in only 2 names (fewer than 3)',
    ]);
  });

  it('medium otherwise, and for an unpriced portfolio', () => {
    expect(
      assessRiskLevel({
        annualizedVolatility: null,
        effectiveHoldings: null,
        positions: positions([['VTI', 1]]),
      }).level,
    ).toBe('medium');
    const empty = assessRiskLevel({ annualizedVolatility: null, effectiveHoldings: null, positions: [] });
    expect(empty.level).toBe('medium');
    expect(empty.reasons).toHaveLength(1);
  });
});

describe('allocationFigures', () => {
  it('sums crypto, bonds + cash, stocks and finds the largest single issuer', () => {
    const a = allocationFigures(
      positions([
        ['VTI', 0.4],
        ['AAPL', 0.2],
        ['MSFT', 0.1],
        ['CRYPTO:ETH', 0.1],
        ['BND', 0.15],
        ['VMFXX', 0.05],
      ]),
    );
    expect(a.cryptoWeight).toBeCloseTo(0.1, 12);
    expect(a.defensiveWeight).toBeCloseTo(0.2, 12);
    expect(a.stockWeight).toBeCloseTo(0.3, 12);
    expect(a.stockCount).toBe(2);
    expect(a.largestSingleIssuer).toEqual({ symbol: 'AAPL', weight: 0.2 });
  });
});
