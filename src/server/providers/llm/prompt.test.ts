import { describe, expect, it } from 'vitest';
import { computePortfolioAnalytics, formatMoney } from '../../../domain/analytics';
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
