import { describe, expect, it } from 'vitest';
import { otherKindKey, symbolKeyOf, symbolKindOf, symbolNotFoundMessage } from './symbol-kind';

describe('stock or crypto (issue 25 item 3)', () => {
  it('keys a stock by its ticker and a coin as CRYPTO: + its symbol; a full key is kept', () => {
    expect(symbolKeyOf('stock', ' aapl ')).toBe('AAPL');
    expect(symbolKeyOf('crypto', 'btc')).toBe('CRYPTO:BTC');
    expect(symbolKeyOf('stock', 'crypto:eth')).toBe('CRYPTO:ETH');
    expect(symbolKeyOf('crypto', '  ')).toBe('');
    expect(symbolKindOf('CRYPTO:BTC')).toBe('crypto');
    expect(symbolKindOf('BTC')).toBe('stock');
    expect(otherKindKey('BTC')).toBe('CRYPTO:BTC');
    expect(otherKindKey('CRYPTO:BTC')).toBe('BTC');
  });

  it('says what to choose when the symbol is the other kind, else to check the spelling', () => {
    expect(symbolNotFoundMessage('BTC', true)).toBe(
      'We could not find BTC as a stock or fund. BTC is a crypto: choose Crypto.',
    );
    expect(symbolNotFoundMessage('CRYPTO:AAPL', true)).toBe(
      'We could not find AAPL as a crypto. AAPL is a stock or fund: choose Stock or fund.',
    );
    expect(symbolNotFoundMessage('CRYPTO:ZZZZQ', false)).toBe('We could not find ZZZZQ. Check the spelling.');
  });
});
