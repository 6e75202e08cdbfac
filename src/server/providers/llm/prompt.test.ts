import { describe, expect, it } from 'vitest';
import { computePortfolioAnalytics, formatMoney, writeDemoAnalysis } from '../../../domain/analytics';
import { periodFact, returnsFacts } from '../../../domain/performance/test-returns';
import { createGroundingIndex } from './grounding';
import { toPromptFacts } from './prompt';

describe('toPromptFacts', () => {
  // A value such as $71,793.48499 reached the model as 71793.485, which it wrote as $71,793.49 (the screen: .48).
  const facts = computePortfolioAnalytics({
    holdings: [
      { symbol: 'AAPL', quantity: 1, price: 71_793.48499, change: 0.005 },
      { symbol: 'BTC-USD', quantity: 0.5, price: 0.123456789, change: 0 },
    ],
    history: new Map(),
    benchmark: [],
  });

  it('gives money in cents, as the screen shows it', () => {
    const prompt = toPromptFacts(facts);
    const aapl = prompt.largestHoldings.find((h) => h.symbol === 'AAPL')!;
    expect(aapl.value).toBe(71_793.48);
    expect(formatMoney(prompt.valuation.totalValue)).toBe(formatMoney(facts.valuation.totalValue));
  });

  it('rounds cents as the screen does where toFixed would not ($71,739.305 is .31 on screen)', () => {
    const halfCent = toPromptFacts(
      computePortfolioAnalytics({
        holdings: [{ symbol: 'VTI', quantity: 1, price: 71_739.305, change: 0 }],
        history: new Map(),
        benchmark: [],
      }),
    );
    expect(formatMoney(71_739.305)).toBe('$71,739.31');
    expect(halfCent.valuation.totalValue).toBe(71_739.31);
  });

  it('keeps prices and fractions at six decimals (a coin under a cent still has a price)', () => {
    const prompt = toPromptFacts(facts);
    const coin = prompt.largestHoldings.find((h) => h.symbol === 'BTC-USD')!;
    expect(coin.price).toBe(0.123457);
    expect(prompt.largestHoldings[1]!.weight).toBe(Number(facts.holdings[1]!.weight.toFixed(6)));
  });
});

describe('toPromptFacts: the returns of a recorded history (decision 043)', () => {
  const returns = returnsFacts([
    periodFact({
      range: '1Y',
      twr: 0.1234564321,
      twrAnnualized: 0.1231,
      mwr: -0.0525,
      mwrAnnualized: -0.0524,
      benchmarkTwr: 0.0987,
      benchmarkTwrAnnualized: 0.0985,
    }),
  ]);
  const facts = computePortfolioAnalytics({
    holdings: [
      { symbol: 'VTI', quantity: 10, price: 250, change: 0 },
      { symbol: 'BND', quantity: 20, price: 75, change: 0 },
    ],
    history: new Map(),
    benchmark: [],
    returns,
  });
  const prompt = toPromptFacts(facts);
  const index = createGroundingIndex(prompt);

  it('carries them as the other fractions, at six decimals; null without a history', () => {
    expect(prompt.returns).toEqual({ ...returns, periods: [{ ...returns.periods[0], twr: 0.123456 }] });
    expect(toPromptFacts({ ...facts, returns: null }).returns).toBeNull();
  });

  it('grounds a return cited as a percentage at the precision shown, and no other', () => {
    expect(
      index.ungrounded('Over the last year it returned 12.35% (about 12.3%), against 9.87% for SPY.'),
    ).toEqual([]);
    expect(index.ungrounded('Counting the flows it lost 5.25%, or 5.24% a year.')).toEqual([]);
    expect(index.ungrounded('Over the last year it returned 12.36%, against 9.7% for SPY.')).toEqual([
      '12.36',
      '9.7',
    ]);
    expect(index.ungrounded('It beat SPY by 2.47%.')).toEqual(['2.47']);
  });

  it("grounds the rules' own sentences on the returns", () => {
    const overview = writeDemoAnalysis(facts).overviewText;
    expect(overview).toContain('the portfolio returned 12.35%');
    expect(index.ungrounded(overview)).toEqual([]);
  });
});
