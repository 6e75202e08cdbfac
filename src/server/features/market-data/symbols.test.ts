import { describe, expect, it } from 'vitest';
import { AppError } from '../../../contracts/errors';
import { parseTicker, resolveSymbol } from './symbols';

describe('ticker validation', () => {
  it.each([
    'AAPL;DROP',
    'A'.repeat(16),
    '../etc',
    '',
    '   ',
    'AA PL',
    '<script>',
    '...',
    'CRYPTO:',
    "AAPL'--",
  ])('refuses %j with a VALIDATION_ERROR', (input) => {
    expect(() => parseTicker(input)).toThrow(AppError);
    try {
      parseTicker(input);
    } catch (error) {
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    }
  });

  it.each(['aapl', 'BRK-B', 'BRK.B', 'BRK/B', '^VIX', 'GC=F', 'CRYPTO:BTC', 'A'.repeat(15), 'VFIAX'])(
    'accepts %j',
    (input) => {
      expect(() => parseTicker(input)).not.toThrow();
    },
  );
});

describe('symbol resolution', () => {
  it.each([
    ['aapl', 'AAPL', true],
    [' msft ', 'MSFT', true],
    ['BRK.B', 'BRK-B', true],
    ['brk/b', 'BRK-B', true],
    ['^vix', '^VIX', true],
    ['CRYPTO:BTC', 'CRYPTO:BTC', true],
    ['crypto:eth', 'CRYPTO:ETH', true],
    ['BTC-USD', 'CRYPTO:BTC', true],
    ['ETHUSD', 'CRYPTO:ETH', true],
    ['SHOP', 'SHOP', false],
    ['XYZ/A', 'XYZ-A', false],
  ])('%j is %j (in the master: %s)', (input, symbol, known) => {
    const resolved = resolveSymbol(input);
    expect(resolved.symbol).toBe(symbol);
    expect(resolved.entry !== undefined).toBe(known);
  });

  it('marks crypto, known or not', () => {
    expect(resolveSymbol('BTC-USD').isCrypto).toBe(true);
    expect(resolveSymbol('CRYPTO:NEWCOIN').isCrypto).toBe(true);
    expect(resolveSymbol('AAPL').isCrypto).toBe(false);
  });
});
