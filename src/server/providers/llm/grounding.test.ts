import { describe, expect, it } from 'vitest';
import { createGroundingIndex, extractNumbers } from './grounding';

describe('extractNumbers', () => {
  it('reads plain, grouped and decimal numbers with the decimals shown', () => {
    expect(extractNumbers('Worth $52,345.67, up 1.5 % on 3 holdings.')).toEqual([
      { text: '52,345.67', value: 52345.67, decimals: 2 },
      { text: '1.5', value: 1.5, decimals: 1 },
      { text: '3', value: 3, decimals: 0 },
    ]);
  });

  it('leaves a sentence-ending period out of the number', () => {
    expect(extractNumbers('A beta of 1.08.')).toEqual([{ text: '1.08', value: 1.08, decimals: 2 }]);
  });
});

describe('createGroundingIndex', () => {
  const facts = {
    totalValue: 52345.678,
    holdingCount: 7,
    largest: { symbol: 'AAPL', weight: 0.123456 },
    risk: { annualizedVolatility: 0.18234, beta: 1.0789, totalChangePercent: -1.234 },
    lastDate: '2025-11-20',
    holdings: [{ symbol: 'CRYPTO:1INCH', weight: 0.01 }],
    reasons: ['One stock is 41.20 % of the portfolio'],
  };
  const index = createGroundingIndex(facts);

  it('accepts a fraction shown as a percentage, at any coarser precision', () => {
    expect(index.ungrounded('AAPL is 12.35 % (or 12.3 %, about 12 %) of it.')).toEqual([]);
    expect(index.ungrounded('Volatility 18.23%, beta 1.08.')).toEqual([]);
  });

  it('accepts money with grouping, rounded to cents or dollars, and signs as words', () => {
    expect(index.ungrounded('Worth $52,345.68 (about $52,346), down 1.23 % today.')).toEqual([]);
  });

  it('rejects a number that no fact rounds to', () => {
    expect(index.ungrounded('Volatility is 42.7 % over 7 holdings.')).toEqual(['42.7']);
    expect(index.ungrounded('AAPL is 12.36 % of it.')).toEqual(['12.36']);
    expect(index.ungrounded('Worth $52.3k.')).toEqual(['52.3']);
  });

  it('reads dates and symbols of the facts as words, other dates as numbers', () => {
    expect(index.ungrounded('As of 2025-11-20, CRYPTO:1INCH is 1 % of it.')).toEqual([]);
    expect(index.ungrounded('Since 2019-03-04 it grew.')).toEqual(['2019', '03', '04']);
  });

  it("counts the numbers inside the facts' own texts", () => {
    expect(index.ungrounded('One stock is 41.2 % of the portfolio.')).toEqual([]);
  });
});
