import { describe, expect, it } from 'vitest';
import { annualizedVolatility, computePortfolioAnalytics, simpleReturns, type Bar } from './analytics';
import {
  DEFAULT_SUGGESTION_PREFERENCES,
  TARGET_EQUITY_SHARE,
  computeTradingSuggestions,
  confidenceOf,
  coveredCallStrike,
  priorityOf,
  quantityFor,
  trailingReturn,
  type SuggestionPreferences,
} from './trading-suggestions';
import { addDays } from './calendar';

const FUND_PRICES = new Map([
  ['VTI', 300],
  ['VXUS', 70],
  ['BND', 70],
  ['SCHD', 27.5],
]);

/** `count` daily closes from `first` to `last` in a straight line (dates one day apart from 2025-01-01). */
function line(first: number, last: number, count = 250): Bar[] {
  return Array.from({ length: count }, (_, i) => ({
    date: addDays('2025-01-01', i),
    close: first + ((last - first) * i) / (count - 1),
  }));
}

/** Daily returns alternating +1 % and −1 %. */
function zigzag(count = 250): Bar[] {
  let close = 100;
  return Array.from({ length: count }, (_, i) => {
    if (i > 0) close *= i % 2 === 1 ? 1.01 : 0.99;
    return { date: addDays('2025-01-01', i), close };
  });
}

function suggest(
  holdings: [string, number, number][],
  preferences: SuggestionPreferences,
  closes: Map<string, Bar[]> = new Map(),
) {
  const facts = computePortfolioAnalytics({
    holdings: holdings.map(([symbol, quantity, price]) => ({ symbol, quantity, price })),
    history: new Map(),
    benchmark: [],
  });
  return computeTradingSuggestions({ facts, preferences, fundPrices: FUND_PRICES, closes });
}

describe('formulas', () => {
  it('target equity share per tolerance and horizon', () => {
    expect(TARGET_EQUITY_SHARE).toEqual({
      conservative: { short: 0.2, medium: 0.35, long: 0.5 },
      moderate: { short: 0.4, medium: 0.6, long: 0.7 },
      aggressive: { short: 0.6, medium: 0.8, long: 0.9 },
    });
    expect(DEFAULT_SUGGESTION_PREFERENCES).toEqual({
      riskTolerance: 'moderate',
      investmentGoals: ['growth'],
      timeHorizon: 'long',
    });
  });

  it('confidence = 50 + 45 × min(1, excess / scale); priority from confidence', () => {
    expect(confidenceOf(0.15, 0.25)).toBe(77); // 50 + 27
    expect(confidenceOf(0.5, 0.25)).toBe(95);
    expect(confidenceOf(-0.1, 0.25)).toBe(50);
    expect([priorityOf(80), priorityOf(79), priorityOf(65), priorityOf(64)]).toEqual([
      'high',
      'medium',
      'medium',
      'low',
    ]);
  });

  it('quantities: whole shares down for a buy, up for a sell, coins to 4 decimals', () => {
    expect(quantityFor(7500, 200, false, 'sell', 100)).toBe(38);
    expect(quantityFor(7400, 70, false, 'buy')).toBe(105);
    expect(quantityFor(3000, 3250, true, 'sell', 4)).toBe(0.9231);
    expect(quantityFor(50, 70, false, 'buy')).toBe(0);
    expect(quantityFor(10_000, 100, false, 'sell', 20)).toBe(20);
  });

  it('covered call strike: one monthly standard deviation up, rounded up to a dollar', () => {
    // 100 × (1 + 0.3 × √(21/252)) = 100 × 1.0866 = 108.66 -> 109
    expect(coveredCallStrike(100, 0.3)).toBe(109);
    expect(coveredCallStrike(250, 0.2)).toBe(265); // 250 × 1.0577 = 264.43
  });

  it('trailing return over about a year of closes, none for a short series', () => {
    expect(trailingReturn(line(60, 70))).toBeCloseTo(1 / 6, 12);
    expect(trailingReturn(line(60, 70, 199))).toBeNull();
  });
});

describe('computeTradingSuggestions', () => {
  it('returns nothing for an empty or unpriced portfolio', () => {
    expect(suggest([], DEFAULT_SUGGESTION_PREFERENCES)).toEqual([]);
    expect(suggest([['AAPL', 10, Number.NaN]], DEFAULT_SUGGESTION_PREFERENCES)).toEqual([]);
  });

  it('moderate, long: trims a 40 % stock, rebalances drift, adds international', () => {
    // AAPL 20,000 (40 %), VTI 15,000, BND 7,000, MSFT 6,000, BTC 2,000 (4 % < 5 % cap); total 50,000.
    // Technology 52 % > 40 %, but the AAPL trim (7,500) already covers its excess (6,000).
    // Equity 41,000 / (41,000 + 7,000) = 85.42 % vs 70 %: drift 15.42 points -> move 7,400.
    const suggestions = suggest(
      [
        ['AAPL', 100, 200],
        ['MSFT', 20, 300],
        ['VTI', 50, 300],
        ['BND', 100, 70],
        ['CRYPTO:BTC', 0.02, 100_000],
      ],
      DEFAULT_SUGGESTION_PREFERENCES,
      new Map([['VXUS', line(60, 70)]]),
    );
    expect(
      suggestions.map(({ rule, symbol, suggestionType, quantity, confidence, priority, riskLevel }) => ({
        rule,
        symbol,
        suggestionType,
        quantity,
        confidence,
        priority,
        riskLevel,
      })),
    ).toEqual([
      // 50 + 45 × (0.15 / 0.25) = 77; 7,500 / 200 = 37.5 -> 38 shares
      {
        rule: 'holding-concentration',
        symbol: 'AAPL',
        suggestionType: 'sell',
        quantity: 38,
        confidence: 77,
        priority: 'medium',
        riskLevel: 'low',
      },
      // 50 + 45 × (0.1042 / 0.2) = 73.44 -> 73; 7,400 / 70 = 105.7 -> 105
      {
        rule: 'rebalance-buy',
        symbol: 'BND',
        suggestionType: 'rebalance',
        quantity: 105,
        confidence: 73,
        priority: 'medium',
        riskLevel: 'low',
      },
      // AAPL already trimmed: the next largest equity holding; 7,400 / 300 = 24.7 -> 25
      {
        rule: 'rebalance-sell',
        symbol: 'VTI',
        suggestionType: 'rebalance',
        quantity: 25,
        confidence: 73,
        priority: 'medium',
        riskLevel: 'low',
      },
      // 20 % of 41,000 = 8,200; / 70 = 117.1 -> 117
      {
        rule: 'missing-international',
        symbol: 'VXUS',
        suggestionType: 'buy',
        quantity: 117,
        confidence: 70,
        priority: 'medium',
        riskLevel: 'medium',
      },
    ]);
    const [aapl, bnd, , vxus] = suggestions;
    expect(aapl?.actionText).toBe('Sell 38 shares of AAPL (about $7,600.00)');
    expect(aapl?.currentPrice).toBe(200);
    expect(aapl?.potentialReturn).toBeNull();
    expect(aapl?.reasoning).toBe(
      "AAPL is 40.00% of the portfolio, above 25.00% for a single stock or coin. Selling 38 shares of AAPL brings it back to 25.00%, so one company's bad news weighs less.",
    );
    expect(bnd?.reasoning).toContain(
      'Stocks are 85.42% of your stocks and bonds; the target for your moderate risk tolerance and long horizon is 70.00%, with 30.00% in bonds.',
    );
    // BND has no closes: no return; VXUS went 60 -> 70 over the year.
    expect(bnd?.potentialReturn).toBeNull();
    expect(vxus?.potentialReturn).toBe(16.67);
    expect(vxus?.actionText).toBe('Buy 117 shares of VXUS (about $8,190.00)');
    expect(vxus?.reasoning).toContain('Over the past year it returned 16.67% (historical, not a forecast).');
    expect(vxus?.facts).toMatchObject({
      quantity: 117,
      price: 70,
      value: 8190,
      oneYearHistoricalReturnPercent: 16.67,
    });
  });

  it('sector trim when no single holding covers the excess, and a missing bond fund becomes BND', () => {
    // MSFT 30 × 300 = 9,000 (22.5 %), NVDA 80 × 100 = 8,000 (20 %), VTI 23,000; total 40,000, no bonds.
    // Technology 42.5 % > 40 %: sell 1,000 of MSFT. Equity 100 % vs 70 %: buy 30 % of 40,000 = 12,000 of BND.
    const suggestions = suggest(
      [
        ['MSFT', 30, 300],
        ['NVDA', 80, 100],
        ['VTI', 23_000 / 300, 300],
      ],
      DEFAULT_SUGGESTION_PREFERENCES,
    );
    const byRule = Object.fromEntries(suggestions.map((s) => [s.rule, s]));
    expect(byRule['sector-concentration']).toMatchObject({ symbol: 'MSFT', quantity: 4, confidence: 53 });
    expect(byRule['rebalance-buy']).toMatchObject({ symbol: 'BND', suggestionType: 'buy', quantity: 171 });
    // Drift 0.3: 50 + 45 × min(1, 0.25 / 0.2) = 95
    expect(byRule['rebalance-buy']?.priority).toBe('high');
    expect(byRule['rebalance-sell']).toMatchObject({ symbol: 'VTI', quantity: 40 });
  });

  it('only coins: the cap, then VTI and BND in the target split with what is not kept in crypto', () => {
    // BTC 0.2 × 100,000 = 20,000; moderate cap 5 %: keep 1,000, invest 19,000: 70 % VTI, 30 % BND.
    const suggestions = suggest([['CRYPTO:BTC', 0.2, 100_000]], DEFAULT_SUGGESTION_PREFERENCES);
    expect(suggestions.map((s) => [s.rule, s.symbol, s.suggestionType, s.quantity, s.confidence])).toEqual([
      ['crypto-cap', 'CRYPTO:BTC', 'sell', 0.19, 95],
      ['rebalance-buy', 'BND', 'buy', 81, 75], // 5,700 / 70 = 81.4
      ['rebalance-buy', 'VTI', 'buy', 44, 75], // 13,300 / 300 = 44.3
    ]);
    expect(suggestions[2]?.reasoning).toBe(
      'You hold no stock or bond funds. For your moderate risk tolerance and long horizon the target is 70.00% in stocks and 30.00% in bonds; VTI is a broad, low-cost fund, and buying 44 shares of VTI puts 70.00% of the money outside crypto there.',
    );
  });

  it('aggressive with income: crypto cap, dividend fund and a covered call with its risks', () => {
    // AAPL 200 × 100 = 20,000 (20 %), VTI 60,000, BND 7,000, ETH 4 × 3,250 = 13,000 (13 % > 10 % cap).
    const aggressive: SuggestionPreferences = {
      riskTolerance: 'aggressive',
      investmentGoals: ['growth', 'income'],
      timeHorizon: 'long',
    };
    const closes = new Map([['AAPL', zigzag()]]);
    const suggestions = suggest(
      [
        ['AAPL', 200, 100],
        ['VTI', 200, 300],
        ['BND', 100, 70],
        ['CRYPTO:ETH', 4, 3250],
      ],
      aggressive,
      closes,
    );
    expect(suggestions.map((s) => [s.rule, s.symbol, s.quantity, s.confidence])).toEqual([
      ['missing-international', 'VXUS', 228, 70],
      ['covered-call', 'AAPL', 2, 68],
      ['income', 'SCHD', 363, 60],
      ['crypto-cap', 'CRYPTO:ETH', 0.9231, 57],
    ]);
    const call = suggestions[1];
    const volatility = annualizedVolatility(simpleReturns(zigzag().map((b) => b.close))) as number;
    expect(call?.targetPrice).toBe(coveredCallStrike(100, volatility));
    expect(call?.riskLevel).toBe('high');
    expect(call?.actionText).toBe(
      `Sell 2 covered calls on 200 shares of AAPL at a $${call?.targetPrice}.00 strike, about one month out`,
    );
    expect(call?.reasoning).toContain('your shares are sold at the strike');
    expect(call?.reasoning).toContain('does not protect you from a fall');
    expect(suggestions[3]?.actionText).toBe('Sell 0.9231 ETH (about $3,000.08)');

    // AAPL 500 × 100 = 50 % of 100,000: 250 shares are sold down to 25 %, so the calls cover the 250 kept.
    const trimmed = suggest(
      [
        ['AAPL', 500, 100],
        ['VTI', 150, 300],
        ['BND', 50, 100],
      ],
      aggressive,
      closes,
    );
    expect(trimmed.find((s) => s.rule === 'holding-concentration')?.quantity).toBe(250);
    const covered = trimmed.find((s) => s.rule === 'covered-call');
    expect(covered?.quantity).toBe(2);
    expect(covered?.reasoning).toContain('you hold 500 shares, 250 after the sale above');

    // No options for moderate tolerance, nor with the preservation goal.
    const preserving = suggest(
      [
        ['AAPL', 200, 100],
        ['VTI', 200, 300],
        ['BND', 100, 70],
      ],
      { ...aggressive, investmentGoals: ['preservation'] },
      closes,
    );
    expect(preserving.some((s) => s.suggestionType === 'options')).toBe(false);
  });
});
