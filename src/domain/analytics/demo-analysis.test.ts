import { describe, expect, it } from 'vitest';
import type { ReturnsFacts } from '../performance/returns-facts';
import { periodFact, returnsFacts } from '../performance/test-returns';
import { computePortfolioAnalytics } from './analyze';
import { writeDemoAnalysis } from './demo-analysis';

const holdings = [
  { symbol: 'VTI', quantity: 10, price: 250, change: 0 },
  { symbol: 'BND', quantity: 20, price: 75, change: 0 },
];

/** The first paragraph (value), then the returns' paragraph when there is one. */
function overviewWith(returns: ReturnsFacts | null): string[] {
  const facts = computePortfolioAnalytics({ holdings, history: new Map(), benchmark: [], returns });
  return writeDemoAnalysis(facts).overviewText.split('\n\n');
}

describe('writeDemoAnalysis: the returns of a recorded history (decision 043)', () => {
  it('cites the last year, time- and money-weighted, against the benchmark', () => {
    const paragraphs = overviewWith(
      returnsFacts([
        periodFact({ range: '1Y', twr: 0.123456, twrAnnualized: 0.123, mwr: 0.11, benchmarkTwr: 0.0987 }),
        periodFact({ range: 'YTD', start: '2023-12-31', twr: 0.05, mwr: 0.04, benchmarkTwr: 0.06 }),
        periodFact({ range: 'MAX', start: '2021-03-14', twr: 0.4, twrAnnualized: 0.11, mwr: 0.38 }),
      ]),
    );
    expect(paragraphs[0]).toMatch(/^This portfolio of 2 holdings is worth \$4,000\.00\. Its largest holding/);
    expect(paragraphs[1]).toBe(
      'Over the last year (2023-06-28 to 2024-06-28) the portfolio returned 12.35%, leaving aside the money added or taken out (the time-weighted return), against 9.87% for SPY. Counting when money went in and out, it returned 11.00% (the money-weighted return).',
    );
  });

  it('cites the time since the first activity without a year of history, with its currency, and only what exists', () => {
    const returns = returnsFacts([periodFact({ range: 'MAX', start: '2024-02-29', twr: -0.0525 })], {
      currency: 'EUR',
      firstActivityDate: '2024-03-01',
    });
    expect(overviewWith(returns)[1]).toBe(
      'Since its first recorded activity on 2024-03-01 the portfolio returned -5.25% in EUR, leaving aside the money added or taken out (the time-weighted return).',
    );
  });

  it("gives a year's rate beside the returns since the first activity when that is over a year", () => {
    const returns = returnsFacts(
      [
        periodFact({
          range: 'MAX',
          start: '2023-01-01',
          twr: 0.32,
          twrAnnualized: 0.20506,
          mwr: 0.32,
          mwrAnnualized: 0.20548,
          benchmarkTwr: 0.263158,
        }),
      ],
      { firstActivityDate: '2023-01-02' },
    );
    expect(overviewWith(returns)[1]).toBe(
      'Since its first recorded activity on 2023-01-02 the portfolio returned 32.00%, or 20.51% a year, leaving aside the money added or taken out (the time-weighted return), against 26.32% for SPY. Counting when money went in and out, it returned 32.00%, or 20.55% a year (the money-weighted return).',
    );
  });

  it('says nothing of returns without a history', () => {
    const paragraphs = overviewWith(null);
    expect(paragraphs.join(' ')).not.toMatch(/returned|time-weighted|money-weighted/);
    expect(paragraphs[1]).toBe('By asset class it holds 62.50% ETFs, 37.50% bonds.');
  });
});
