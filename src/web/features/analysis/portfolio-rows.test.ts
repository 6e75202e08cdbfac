import { describe, expect, it } from 'vitest';
import {
  addPortfolios,
  isSamePortfolio,
  countHoldings,
  portfolioKeyOfRow,
  editorReducer,
  portfolioToRows,
  rowsToPortfolio,
  sanitiseCryptoSymbol,
  sanitiseQuantity,
  sanitiseStockSymbol,
  type EditorRows,
} from './portfolio-rows';

describe('sanitiseStockSymbol', () => {
  it('upper-cases and keeps the ticker forms of the master and the vendors: letters, digits, dot, dash, at most 10', () => {
    expect(sanitiseStockSymbol('aapl')).toBe('AAPL');
    expect(sanitiseStockSymbol(' brk-b ')).toBe('BRK-B');
    expect(sanitiseStockSymbol('brk.b')).toBe('BRK.B');
    expect(sanitiseStockSymbol('vod.l')).toBe('VOD.L');
    expect(sanitiseStockSymbol('7203.t')).toBe('7203.T');
    expect(sanitiseStockSymbol('muv2.de')).toBe('MUV2.DE');
    expect(sanitiseStockSymbol('0700.HK ')).toBe('0700.HK');
    expect(sanitiseStockSymbol('ABCDEFGHIJKL')).toBe('ABCDEFGHIJ');
    expect(sanitiseStockSymbol('a$p%l^')).toBe('APL');
    expect(sanitiseStockSymbol('')).toBe('');
  });
});

describe('sanitiseCryptoSymbol', () => {
  it('upper-cases without a length limit', () => {
    expect(sanitiseCryptoSymbol('btc')).toBe('BTC');
    expect(sanitiseCryptoSymbol('shib2longname')).toBe('SHIB2LONGNAME');
    expect(sanitiseCryptoSymbol(' e th ')).toBe('ETH');
  });
});

describe('sanitiseQuantity', () => {
  it('gives 0 for empty or 0', () => {
    expect(sanitiseQuantity('')).toBe(0);
    expect(sanitiseQuantity('   ')).toBe(0);
    expect(sanitiseQuantity('0')).toBe(0);
    expect(sanitiseQuantity('0.00')).toBe(0);
  });

  it('gives the number when it is positive', () => {
    expect(sanitiseQuantity('15')).toBe(15);
    expect(sanitiseQuantity('0.01')).toBe(0.01);
    expect(sanitiseQuantity('0.00000001')).toBe(0.00000001);
    expect(sanitiseQuantity(' 2.5 ')).toBe(2.5);
  });

  it('ignores non-numeric and negative input', () => {
    expect(sanitiseQuantity('abc')).toBeNull();
    expect(sanitiseQuantity('1e400')).toBeNull();
    expect(sanitiseQuantity('-3')).toBeNull();
    expect(sanitiseQuantity('NaN')).toBeNull();
    expect(sanitiseQuantity('Infinity')).toBeNull();
  });
});

describe('rowsToPortfolio', () => {
  it('builds the map: stocks upper case, crypto prefixed, empty rows left out', () => {
    const rows: EditorRows = {
      stocks: [
        { id: 's1', symbol: 'aapl', shares: 15 },
        { id: 's2', symbol: '', shares: 3 },
        { id: 's3', symbol: 'MSFT', shares: 0 },
        { id: 's4', symbol: ' VTI ', shares: 50 },
      ],
      crypto: [
        { id: 'c1', symbol: 'btc', amount: 0.25 },
        { id: 'c2', symbol: 'ETH', amount: 0 },
        { id: 'c3', symbol: '', amount: 1 },
      ],
    };
    expect(rowsToPortfolio(rows)).toEqual({ AAPL: 15, VTI: 50, 'CRYPTO:BTC': 0.25 });
  });

  it('sums a symbol entered twice and drops non-finite quantities', () => {
    const rows: EditorRows = {
      stocks: [
        { id: 's1', symbol: 'AAPL', shares: 1 },
        { id: 's2', symbol: 'AAPL', shares: 2 },
        { id: 's3', symbol: 'QQQ', shares: Number.NaN },
      ],
      crypto: [],
    };
    expect(rowsToPortfolio(rows)).toEqual({ AAPL: 3 });
  });

  it('is empty for empty rows', () => {
    expect(rowsToPortfolio({ stocks: [{ id: 'a', symbol: '', shares: 0 }], crypto: [] })).toEqual({});
  });
});

describe('portfolioToRows', () => {
  it('splits stocks and crypto, in order, and round-trips', () => {
    const portfolio = { AAPL: 15, 'CRYPTO:BTC': 0.25, VTI: 50, 'CRYPTO:ETH': 1.5 };
    const rows = portfolioToRows(portfolio);
    expect(rows.stocks.map(({ symbol, shares }) => [symbol, shares])).toEqual([
      ['AAPL', 15],
      ['VTI', 50],
    ]);
    expect(rows.crypto.map(({ symbol, amount }) => [symbol, amount])).toEqual([
      ['BTC', 0.25],
      ['ETH', 1.5],
    ]);
    expect(rowsToPortfolio(rows)).toEqual(portfolio);
    expect(new Set([...rows.stocks, ...rows.crypto].map((r) => r.id)).size).toBe(4);
  });

  it('gives one empty row per tab for an empty portfolio and skips bad quantities', () => {
    const rows = portfolioToRows({ AAPL: 0, MSFT: -1 });
    expect(rows.stocks).toHaveLength(1);
    expect(rows.stocks[0]).toMatchObject({ symbol: '', shares: 0 });
    expect(rows.crypto).toHaveLength(1);
    expect(rows.crypto[0]).toMatchObject({ symbol: '', amount: 0 });
  });
});

describe('editorReducer', () => {
  const start = (): EditorRows => ({
    stocks: [{ id: 's1', symbol: 'AAPL', shares: 1 }],
    crypto: [{ id: 'c1', symbol: '', amount: 0 }],
  });

  it('sanitises symbols as they are typed', () => {
    const state = editorReducer(start(), { type: 'setSymbol', kind: 'stock', id: 's1', value: 'brk-b$' });
    expect(state.stocks[0]?.symbol).toBe('BRK-B');
    const crypto = editorReducer(state, { type: 'setSymbol', kind: 'crypto', id: 'c1', value: 'doge' });
    expect(crypto.crypto[0]?.symbol).toBe('DOGE');
  });

  it('removes a row only when more than one remains', () => {
    const one = editorReducer(start(), { type: 'removeRow', kind: 'stock', id: 's1' });
    expect(one.stocks).toHaveLength(1);
    const two = editorReducer(start(), { type: 'addRow', kind: 'stock' });
    expect(two.stocks).toHaveLength(2);
    const back = editorReducer(two, { type: 'removeRow', kind: 'stock', id: 's1' });
    expect(back.stocks).toHaveLength(1);
    expect(back.stocks[0]?.symbol).toBe('');
  });

  it('ignores a negative quantity', () => {
    const state = editorReducer(start(), { type: 'setQuantity', kind: 'stock', id: 's1', value: -2 });
    expect(state.stocks[0]?.shares).toBe(1);
  });

  it('clears to one empty row per tab', () => {
    const state = editorReducer(start(), { type: 'clear' });
    expect(rowsToPortfolio(state)).toEqual({});
    expect(state.stocks).toHaveLength(1);
    expect(state.crypto).toHaveLength(1);
  });
});

describe('display helpers', () => {
  it('counts stocks and crypto apart', () => {
    expect(countHoldings({ AAPL: 1, 'CRYPTO:BTC': 1, VTI: 2 })).toEqual({ stocks: 2, crypto: 1 });
  });

  it('does not count the symbols left out (not found)', () => {
    const portfolio = { AAPL: 1, ZZZZQ: 5, 'CRYPTO:BTC': 1, 'CRYPTO:NOPE': 2 };
    expect(countHoldings(portfolio, ['ZZZZQ', 'CRYPTO:NOPE'])).toEqual({ stocks: 1, crypto: 1 });
    expect(portfolioKeyOfRow('stock', ' zzzzq ')).toBe('ZZZZQ');
    expect(portfolioKeyOfRow('crypto', 'nope')).toBe('CRYPTO:NOPE');
  });
});

describe('adding an import to a portfolio', () => {
  it('sums a symbol held in both, to 8 decimals, and keeps the others', () => {
    expect(addPortfolios({ AAPL: 10, 'CRYPTO:BTC': 0.1 }, { AAPL: 2.5, 'CRYPTO:BTC': 0.2, VTI: 4 })).toEqual({
      AAPL: 12.5,
      'CRYPTO:BTC': 0.3,
      VTI: 4,
    });
    expect(addPortfolios({}, { BND: 1 })).toEqual({ BND: 1 });
  });

  it('tells an import that changes nothing from one that does', () => {
    expect(isSamePortfolio({ AAPL: 1, VTI: 2 }, { VTI: 2, AAPL: 1 })).toBe(true);
    expect(isSamePortfolio({ AAPL: 1 }, { AAPL: 2 })).toBe(false);
    expect(isSamePortfolio({ AAPL: 1 }, { AAPL: 1, VTI: 2 })).toBe(false);
    expect(isSamePortfolio({ AAPL: 1, VTI: 2 }, { AAPL: 1, BND: 2 })).toBe(false);
  });
});
