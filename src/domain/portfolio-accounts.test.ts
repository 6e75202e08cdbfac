import { describe, expect, it } from 'vitest';
import {
  aggregateAccounts,
  cardHoldings,
  type AccountToAggregate,
  DEMO_ACCOUNTS,
  PORTFOLIO_ACCOUNT_LIMITS,
  topCombinedHoldings,
} from './portfolio-accounts';
import { findSecurity } from './security-master';

describe('aggregateAccounts', () => {
  const accounts: AccountToAggregate[] = [
    { accountName: 'Brokerage', holdings: { AAPL: 10, MSFT: 5, 'CRYPTO:BTC': 0.1 } },
    { accountName: '401(k)', holdings: { VTI: 20, AAPL: 2.5 } },
    { accountName: 'Roth IRA', holdings: { 'CRYPTO:BTC': 0.2, ZZZZ: 7 } },
  ];
  const prices = { AAPL: 200, MSFT: 400, 'CRYPTO:BTC': 50_000, VTI: 250, ZZZZ: null };

  it('values each account as Σ shares × price, an unpriced symbol at 0', () => {
    const { accountValues, totalValue } = aggregateAccounts(accounts, prices);
    // 10×200 + 5×400 + 0.1×50,000 = 2,000 + 2,000 + 5,000
    // 20×250 + 2.5×200 = 5,000 + 500
    // 0.2×50,000 + 7×(no price)
    expect(accountValues).toEqual([9000, 5500, 10000]);
    expect(totalValue).toBe(24500);
  });

  it('combines the shares of a symbol across accounts, in decimal, naming each account', () => {
    const { combinedHoldings } = aggregateAccounts(accounts, prices);
    expect(Object.keys(combinedHoldings)).toEqual(['AAPL', 'MSFT', 'CRYPTO:BTC', 'VTI', 'ZZZZ']);
    expect(combinedHoldings.AAPL).toEqual({
      totalShares: 12.5,
      value: 2500,
      accounts: [
        { accountName: 'Brokerage', shares: 10 },
        { accountName: '401(k)', shares: 2.5 },
      ],
    });
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point; the shares add up to 0.3.
    expect(combinedHoldings['CRYPTO:BTC']).toEqual({
      totalShares: 0.3,
      value: 15000,
      accounts: [
        { accountName: 'Brokerage', shares: 0.1 },
        { accountName: 'Roth IRA', shares: 0.2 },
      ],
    });
    expect(combinedHoldings.ZZZZ).toEqual({
      totalShares: 7,
      value: 0,
      accounts: [{ accountName: 'Roth IRA', shares: 7 }],
    });
  });

  it('gives zeros and nothing combined for no accounts, or accounts without holdings', () => {
    expect(aggregateAccounts([], {})).toEqual({ accountValues: [], totalValue: 0, combinedHoldings: {} });
    expect(aggregateAccounts([{ accountName: 'Savings', holdings: {} }], {})).toEqual({
      accountValues: [0],
      totalValue: 0,
      combinedHoldings: {},
    });
  });
});

describe('topCombinedHoldings', () => {
  it('lists the 10 largest by value, then by shares, then by symbol', () => {
    const holdings: Record<string, { totalShares: number; value: number; accounts: [] }> = {};
    // 12 holdings worth 100, 200, ... 1,200, and two unpriced ones.
    for (let i = 1; i <= 12; i++) holdings[`S${i}`] = { totalShares: i, value: i * 100, accounts: [] };
    holdings.UNPRICED_B = { totalShares: 5, value: 0, accounts: [] };
    holdings.UNPRICED_A = { totalShares: 5, value: 0, accounts: [] };

    const top = topCombinedHoldings(holdings);
    expect(top.map((h) => h.symbol)).toEqual(['S12', 'S11', 'S10', 'S9', 'S8', 'S7', 'S6', 'S5', 'S4', 'S3']);
    expect(top[0]).toEqual({ symbol: 'S12', totalShares: 12, value: 1200, accounts: [] });
    expect(
      topCombinedHoldings(holdings, 20)
        .slice(-2)
        .map((h) => h.symbol),
    ).toEqual(['UNPRICED_A', 'UNPRICED_B']);
  });

  it('orders equal values by shares', () => {
    const top = topCombinedHoldings({
      A: { totalShares: 1, value: 500, accounts: [] },
      B: { totalShares: 4, value: 500, accounts: [] },
    });
    expect(top.map((h) => h.symbol)).toEqual(['B', 'A']);
  });
});

describe('cardHoldings', () => {
  it('shows the first 6 holdings in their order, then how many more', () => {
    const holdings = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8 };
    expect(cardHoldings(holdings)).toEqual({
      shown: [
        ['A', 1],
        ['B', 2],
        ['C', 3],
        ['D', 4],
        ['E', 5],
        ['F', 6],
      ],
      moreCount: 2,
    });
    expect(cardHoldings({ A: 1, B: 2 })).toEqual({
      shown: [
        ['A', 1],
        ['B', 2],
      ],
      moreCount: 0,
    });
  });
});

describe('DEMO_ACCOUNTS', () => {
  it('are the spec’s brokerage, 401(k) and Roth IRA, with more holdings than a card and the combined list show, all in the security master', () => {
    expect(DEMO_ACCOUNTS.map((a) => a.accountType)).toEqual(['brokerage', '401k', 'roth_ira']);
    expect(Object.keys(DEMO_ACCOUNTS[0]!.holdings).length).toBeGreaterThan(
      PORTFOLIO_ACCOUNT_LIMITS.holdingsShownPerCard,
    );
    const symbols = new Set(DEMO_ACCOUNTS.flatMap((a) => Object.keys(a.holdings)));
    expect(symbols.size).toBeGreaterThan(PORTFOLIO_ACCOUNT_LIMITS.combinedHoldingsShown);
    for (const symbol of symbols) expect(findSecurity(symbol), symbol).toBeDefined();
  });
});
