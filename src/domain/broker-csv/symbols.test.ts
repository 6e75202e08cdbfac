import { describe, expect, it } from 'vitest';
import { SKIP_REASONS } from './brokers';
import { classifyPosition, holdingKey, isCusip, isOptionSymbol, type PositionCells } from './symbols';

const classify = (row: PositionCells) => {
  const result = classifyPosition(row);
  return 'reason' in result ? result.reason : { [result.symbol]: result.quantity.toNumber() };
};

describe('classifyPosition', () => {
  it('keeps a ticker with a positive quantity, upper-cased', () => {
    expect(classify({ symbol: ' aapl ', quantity: '10' })).toEqual({ AAPL: 10 });
    expect(classify({ symbol: 'BRK/B', quantity: '1' })).toEqual({ 'BRK/B': 1 });
    expect(classify({ symbol: 'BRK.B', quantity: '2.5' })).toEqual({ 'BRK.B': 2.5 });
  });

  it('keys crypto as CRYPTO:<symbol>', () => {
    expect(classify({ symbol: 'btc', quantity: '0.5', type: 'Crypto' })).toEqual({ 'CRYPTO:BTC': 0.5 });
    expect(classify({ symbol: 'crypto:eth', quantity: '2' })).toEqual({ 'CRYPTO:ETH': 2 });
    expect(classify({ symbol: 'CRYPTO:', quantity: '2' })).toBe(SKIP_REASONS.notATicker);
  });

  it.each([
    ['SPAXX**', 'HELD IN MONEY MARKET'],
    ['FDRXX**', 'FIDELITY GOVERNMENT CASH RESERVES'],
    ['Cash & Cash Investments', '--'],
    ['Cash & Money Market', '--'],
    ['CASH', ''],
    ['VMFXX', 'Vanguard Federal Money Market Fund'],
  ])('skips cash row %j', (symbol, description) => {
    expect(classify({ symbol, quantity: '', description })).toBe(SKIP_REASONS.cash);
  });

  it('skips rows by what they are', () => {
    expect(classify({ symbol: 'Account Total', quantity: '--' })).toBe(SKIP_REASONS.total);
    expect(classify({ symbol: 'Positions Total', quantity: '' })).toBe(SKIP_REASONS.total);
    expect(classify({ symbol: 'TOTAL', quantity: '' })).toBe(SKIP_REASONS.total);
    expect(classify({ symbol: 'SubTotal of Stocks', quantity: '' })).toBe(SKIP_REASONS.total);
    expect(classify({ symbol: 'Pending Activity', quantity: '' })).toBe(SKIP_REASONS.pending);
    expect(classify({ symbol: 'Futures Cash', quantity: '--' })).toBe(SKIP_REASONS.futures);
    expect(classify({ symbol: '/ESZ4', quantity: '1', type: 'Futures' })).toBe(SKIP_REASONS.futures);
    expect(classify({ symbol: 'SMAL 04/01/2020 32.00 P', quantity: '1' })).toBe(SKIP_REASONS.options);
    expect(classify({ symbol: '193845XM2', quantity: '10,000' })).toBe(SKIP_REASONS.cusip);
    expect(classify({ symbol: 'UVXY', quantity: '0' })).toBe(SKIP_REASONS.zero);
    expect(classify({ symbol: 'TSLA', quantity: '-5' })).toBe(SKIP_REASONS.short);
    expect(classify({ symbol: 'TSLA', quantity: '--' })).toBe(SKIP_REASONS.noQuantity);
    expect(classify({ symbol: 'TSLA', quantity: 'lots' })).toBe(SKIP_REASONS.notANumber);
    expect(classify({ symbol: 'Some Fund Name', quantity: '3' })).toBe(SKIP_REASONS.notATicker);
    expect(classify({ symbol: '', quantity: '3' })).toBe(SKIP_REASONS.noSymbol);
    expect(classify({ symbol: '', quantity: '1', description: 'CALL (SPY) SPDR S&P 500 ETF' })).toBe(
      SKIP_REASONS.options,
    );
    expect(classify({ symbol: 'QPIFQ', quantity: '0.61', section: 'core account' })).toBe(SKIP_REASONS.cash);
  });
});

describe('symbol helpers', () => {
  it.each([
    'SMAL 04/01/2020 32.00 P',
    'AAPL  240119C00150000',
    '-AAPL240119C150',
    ' -TSLA250620P250.5',
    "AAPL Jan 17 '25 $200 Call",
    'CALL (SPY) SPDR S&P 500 ETF JAN 25 19 $265 (100 SHS)',
  ])('%j is an option', (symbol) => {
    expect(isOptionSymbol(symbol)).toBe(true);
  });

  it.each(['AAPL', 'BRK.B', 'CALLY', 'PUTW', 'SPY'])('%j is not an option', (symbol) => {
    expect(isOptionSymbol(symbol)).toBe(false);
  });

  it('recognises CUSIPs', () => {
    expect(['193845XM2', '942792RU5', '629999590', 'G0408V102'].map(isCusip)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['AAPL', 'GOOGL', 'BRK.B', '12345'].map(isCusip)).toEqual([false, false, false, false]);
  });

  it('keys tickers and refuses text that is not one', () => {
    expect(holdingKey('brk-b')).toBe('BRK-B');
    expect(holdingKey('ALFIQ')).toBe('ALFIQ');
    expect(holdingKey('two words')).toBeUndefined();
    expect(holdingKey('ABCDEFGHIJKL')).toBeUndefined();
    expect(holdingKey('sol', true)).toBe('CRYPTO:SOL');
  });
});
