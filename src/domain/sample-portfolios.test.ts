import { describe, expect, it } from 'vitest';
import {
  BROKERAGE_DEMO_PORTFOLIO,
  EDITOR_SAMPLE_PORTFOLIO,
  SAMPLE_PORTFOLIOS,
  findSamplePortfolio,
  type PortfolioMap,
} from './sample-portfolios';
import { findSecurity } from './security-master';

function expectKnownHoldings(portfolio: PortfolioMap) {
  for (const [symbol, quantity] of Object.entries(portfolio)) {
    expect(findSecurity(symbol)?.symbol, symbol).toBe(symbol);
    expect(quantity, symbol).toBeGreaterThan(0);
  }
}

describe('sample portfolios', () => {
  it('are Tech Growth, Diversified and Value Investor, five known holdings each', () => {
    expect(SAMPLE_PORTFOLIOS.map((sample) => sample.name)).toEqual([
      'Tech Growth',
      'Diversified',
      'Value Investor',
    ]);
    for (const sample of SAMPLE_PORTFOLIOS) {
      expect(Object.keys(sample.holdings)).toHaveLength(5);
      expectKnownHoldings(sample.holdings);
    }
    expect(findSamplePortfolio('diversified')?.name).toBe('Diversified');
    expect(findSamplePortfolio('nope')).toBeUndefined();
  });

  it('has the editor sample of spec 000 §3', () => {
    expect(EDITOR_SAMPLE_PORTFOLIO).toEqual({
      AAPL: 15,
      GOOGL: 8,
      MSFT: 12,
      VTI: 50,
      VXUS: 30,
      BND: 40,
      QQQ: 20,
      'CRYPTO:BTC': 0.25,
      'CRYPTO:ETH': 1.5,
      'CRYPTO:ADA': 1000,
      'CRYPTO:SOL': 5,
    });
    expectKnownHoldings(EDITOR_SAMPLE_PORTFOLIO);
  });

  it('has a brokerage demo portfolio of known securities', () => {
    expectKnownHoldings(BROKERAGE_DEMO_PORTFOLIO);
  });
});
