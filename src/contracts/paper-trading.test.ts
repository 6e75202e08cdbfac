import { describe, expect, it } from 'vitest';
import { ZCreatePaperPortfolioRequest, ZPaperTradeRequest, ZPaperTradesQuery } from './paper-trading';

describe('contracts (spec 001 §5 messages)', () => {
  const firstMessage = (result: {
    success: boolean;
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  }) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('create: strips the balances, returns and holdings the client sends; defaults the balance to 10000.00', () => {
    const parsed = ZCreatePaperPortfolioRequest.parse({
      userId: 1,
      name: '  Growth  ',
      description: '',
      currentBalance: '99999999',
      totalValue: '99999999',
      totalReturn: '5',
      totalReturnPercent: '5',
      holdings: { AAPL: { quantity: 1000 } },
    });
    expect(parsed).toEqual({ name: 'Growth', description: null, initialBalance: '10000.00' });
  });

  it('create: balance as a number or a numeric string, kept to the cent', () => {
    const balance = (initialBalance: unknown) =>
      ZCreatePaperPortfolioRequest.parse({ name: 'x', initialBalance }).initialBalance;
    expect(balance(1000)).toBe('1000.00');
    expect(balance('25000.5')).toBe('25000.50');
    expect(balance('5000.555')).toBe('5000.56');
    expect(balance(1_000_000)).toBe('1000000.00');
    expect(balance(null)).toBe('10000.00');
  });

  it.each([
    [{ name: '' }, 'name: Portfolio name is required'],
    [{ name: '   ' }, 'name: Portfolio name is required'],
    [{}, 'name: Portfolio name is required'],
    [{ name: 'x'.repeat(101) }, 'name: Name too long'],
    [{ name: 'x', description: 'd'.repeat(501) }, 'description: Description too long'],
    [{ name: 'x', initialBalance: 999.99 }, 'initialBalance: Minimum balance is $1,000'],
    [{ name: 'x', initialBalance: '999.999' }, 'initialBalance: Minimum balance is $1,000'],
    [{ name: 'x', initialBalance: 1_000_000.01 }, 'initialBalance: Maximum balance is $1,000,000'],
    [{ name: 'x', initialBalance: 'lots' }, 'initialBalance: Starting balance must be a number'],
  ])('create %j -> %s', (body, message) => {
    expect(firstMessage(ZCreatePaperPortfolioRequest.safeParse(body))?.[0]).toBe(message);
  });

  it('create: accepts 100 characters of name and 500 of description', () => {
    expect(
      ZCreatePaperPortfolioRequest.safeParse({ name: 'x'.repeat(100), description: 'd'.repeat(500) }).success,
    ).toBe(true);
  });

  it('trade: upper-cases the symbol and keeps the ids; a stock or fund unless kind says crypto', () => {
    expect(
      ZPaperTradeRequest.parse({ portfolioId: 'p', userId: 7, symbol: ' aapl ', side: 'buy', quantity: 10 }),
    ).toEqual({ portfolioId: 'p', userId: '7', symbol: 'AAPL', kind: 'stock', side: 'buy', quantity: 10 });
    expect(
      ZPaperTradeRequest.parse({
        portfolioId: 'p',
        symbol: 'doge',
        kind: 'crypto',
        side: 'buy',
        quantity: 1,
      }),
    ).toMatchObject({ symbol: 'DOGE', kind: 'crypto' });
  });

  it.each([
    [{ symbol: '' }, 'symbol: Stock symbol is required'],
    [{ symbol: undefined }, 'symbol: Stock symbol is required'],
    [{ symbol: 'ABCDEFGHIJK' }, 'symbol: Symbol too long'],
    [{ symbol: 'AA PL' }, 'symbol: Stock symbol may contain only letters, digits and . - ^ = : /'],
    [{ side: 'short' }, 'side: Order type must be buy or sell'],
    [{ kind: 'bond' }, 'kind: Market must be stock or crypto'],
    [{ quantity: 0 }, 'quantity: Quantity must be at least 1'],
    [{ quantity: undefined }, 'quantity: Quantity must be at least 1'],
    [{ quantity: 10_001 }, 'quantity: Quantity too large'],
    [{ quantity: 1.5 }, 'quantity: Quantity must be a whole number'],
    [{ portfolioId: undefined }, 'portfolioId: No portfolio selected'],
  ])('trade %j -> %s', (override, message) => {
    const body = { portfolioId: 'p', symbol: 'AAPL', side: 'buy', quantity: 1, ...override };
    expect(firstMessage(ZPaperTradeRequest.safeParse(body))?.[0]).toBe(message);
  });

  it('trade: accepts 10 characters and 10000 shares', () => {
    expect(
      ZPaperTradeRequest.safeParse({ portfolioId: 'p', symbol: 'ABCDEFGHIJ', side: 'sell', quantity: 10_000 })
        .success,
    ).toBe(true);
  });

  it('trades query: limit defaults to 100, at most 500', () => {
    expect(ZPaperTradesQuery.parse({})).toEqual({ limit: 100 });
    expect(ZPaperTradesQuery.parse({ limit: '500' }).limit).toBe(500);
    expect(ZPaperTradesQuery.safeParse({ limit: '501' }).success).toBe(false);
    expect(ZPaperTradesQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(ZPaperTradesQuery.safeParse({ limit: 'x' }).success).toBe(false);
  });
});
