import { describe, expect, it } from 'vitest';
import { computePortfolioAnalytics, type Bar } from '../../../domain/analytics';
import { computeTradingSuggestions } from '../../../domain/trading-suggestions';
import { createGroundingIndex } from './grounding';
import { addDays } from '../../../domain/calendar';

/** 250 daily closes alternating +1 % and −1 %, so that volatilities and returns exist. */
function zigzag(): Bar[] {
  let close = 100;
  return Array.from({ length: 250 }, (_, i) => {
    if (i > 0) close *= i % 2 === 1 ? 1.01 : 0.99;
    return { date: addDays('2025-01-01', i), close };
  });
}

describe('the templates of trading suggestions', () => {
  it('write only numbers the model is given for that suggestion (without the draft itself)', () => {
    const holdings: [string, number, number][] = [
      ['AAPL', 500, 291.37],
      ['NVDA', 150, 146.68],
      ['MSFT', 20, 596.38],
      ['BND', 10, 76.05],
      ['CRYPTO:BTC', 0.5, 80_395.97],
    ];
    const facts = computePortfolioAnalytics({
      holdings: holdings.map(([symbol, quantity, price]) => ({ symbol, quantity, price })),
      history: new Map(),
      benchmark: [],
    });
    const closes = new Map(['AAPL', 'NVDA', 'VXUS', 'BND', 'SCHD'].map((s) => [s, zigzag()]));
    const fundPrices = new Map([
      ['VTI', 331.2],
      ['VXUS', 85.74],
      ['BND', 76.05],
      ['SCHD', 27.61],
    ]);
    for (const riskTolerance of ['conservative', 'moderate', 'aggressive'] as const) {
      const drafts = computeTradingSuggestions({
        facts,
        preferences: { riskTolerance, investmentGoals: ['growth', 'income'], timeHorizon: 'medium' },
        fundPrices,
        closes,
      });
      expect(drafts.length).toBeGreaterThan(3);
      for (const d of drafts) {
        const index = createGroundingIndex({
          actionText: d.actionText,
          currentPrice: d.currentPrice,
          targetPrice: d.targetPrice,
          confidence: d.confidence,
          potentialReturnHistoricalPercent: d.potentialReturn,
          facts: d.facts,
        });
        expect(index.ungrounded(d.reasoning), `${riskTolerance} ${d.rule}: ${d.reasoning}`).toEqual([]);
      }
    }
  });
});
