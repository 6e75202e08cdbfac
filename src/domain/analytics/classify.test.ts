import { describe, expect, it } from 'vitest';
import { classify, isCryptoSymbol, isEquity, isSingleIssuer, normalizeSymbol } from './classify';

describe('classify', () => {
  it('the security master wins for known symbols, case-insensitively', () => {
    expect(classify('vxus', { assetClass: 'stock' })).toEqual({
      name: 'Vanguard Total International Stock ETF',
      assetClass: 'etf',
      sector: 'International',
      region: 'International',
      known: true,
    });
  });

  it('unknown symbols: the holding’s hints, else crypto for CRYPTO:, else Unknown', () => {
    expect(classify('MYFUND', { assetClass: 'fund', region: 'US' })).toMatchObject({
      assetClass: 'fund',
      sector: 'Unknown',
      region: 'US',
      known: false,
    });
    expect(classify('crypto:newcoin')).toEqual({
      name: 'CRYPTO:NEWCOIN',
      assetClass: 'crypto',
      sector: 'Cryptocurrency',
      region: 'Global',
      known: false,
    });
    expect(classify('ZZZZQ')).toMatchObject({ assetClass: 'Unknown', sector: 'Unknown', region: 'Unknown' });
  });

  it('equity, single issuer, crypto symbol, normalisation', () => {
    expect(isEquity(classify('VTI'))).toBe(true);
    expect(isEquity(classify('AAPL'))).toBe(true);
    expect(isEquity(classify('GLD'))).toBe(false);
    expect(isEquity(classify('BND'))).toBe(false);
    expect(isSingleIssuer(classify('AAPL'))).toBe(true);
    expect(isSingleIssuer(classify('CRYPTO:BTC'))).toBe(true);
    expect(isSingleIssuer(classify('VTI'))).toBe(false);
    expect(isCryptoSymbol(' crypto:btc')).toBe(true);
    expect(normalizeSymbol(' brk-b ')).toBe('BRK-B');
  });
});
