import { describe, expect, it } from 'vitest';
import {
  convertToUsd,
  exchangeOf,
  fromAlphaVantageSymbol,
  fxCurrencyOf,
  isGlobalListing,
  normalizeCurrency,
  toAlphaVantageSymbol,
} from './listings';

describe('exchangeOf and isGlobalListing', () => {
  it('reads the exchange from the suffix, case-insensitively', () => {
    expect(exchangeOf('TSCO.L')?.currency).toBe('GBX');
    expect(exchangeOf('shop.to')?.currency).toBe('CAD');
    expect(exchangeOf('SAP.DE')?.region).toBe('Europe');
    expect(exchangeOf('7203.T')?.region).toBe('Japan');
    expect(exchangeOf('0700.HK')?.currency).toBe('HKD');
    expect(exchangeOf('BHP.AX')?.region).toBe('Asia-Pacific');
  });

  it('treats US symbols, share classes and crypto as not global', () => {
    for (const symbol of ['AAPL', 'BRK-B', 'BRK.B', '^GSPC', 'CRYPTO:BTC', 'GBPUSD=X', '.L']) {
      expect(isGlobalListing(symbol), symbol).toBe(false);
    }
    expect(isGlobalListing('VOD.L')).toBe(true);
  });
});

describe('Alpha Vantage symbols', () => {
  it('maps London, Toronto and XETRA both ways', () => {
    expect(toAlphaVantageSymbol('TSCO.L')).toBe('TSCO.LON');
    expect(toAlphaVantageSymbol('shop.to')).toBe('SHOP.TRT');
    expect(toAlphaVantageSymbol('MBG.DE')).toBe('MBG.DEX');
    expect(fromAlphaVantageSymbol('TSCO.LON')).toBe('TSCO.L');
    expect(fromAlphaVantageSymbol('SHOP.TRT')).toBe('SHOP.TO');
    expect(fromAlphaVantageSymbol('MBG.DEX')).toBe('MBG.DE');
  });

  it('has no symbol for Tokyo, Hong Kong or Sydney, and leaves US and other exchanges alone', () => {
    expect(toAlphaVantageSymbol('7203.T')).toBeNull();
    expect(toAlphaVantageSymbol('0700.HK')).toBeNull();
    expect(toAlphaVantageSymbol('BHP.AX')).toBeNull();
    expect(toAlphaVantageSymbol('IBM')).toBe('IBM');
    expect(fromAlphaVantageSymbol('TSCDF')).toBe('TSCDF');
    expect(fromAlphaVantageSymbol('RELIANCE.BSE')).toBe('RELIANCE.BSE');
  });
});

describe('currencies', () => {
  it('spells pence one way and finds the rate currency of a minor unit', () => {
    expect(normalizeCurrency('GBp')).toBe('GBX');
    expect(normalizeCurrency('GBx')).toBe('GBX');
    expect(normalizeCurrency('gbp')).toBe('GBP');
    expect(fxCurrencyOf('GBp')).toBe('GBP');
    expect(fxCurrencyOf('JPY')).toBe('JPY');
  });

  it('converts to USD, pence divided by 100 first', () => {
    expect(convertToUsd(440, 'GBX', 1.31)).toBe(5.764);
    expect(convertToUsd(440, 'GBp', 1.31)).toBe(5.764);
    expect(convertToUsd(4.4, 'GBP', 1.31)).toBe(5.764);
    expect(convertToUsd(2400, 'JPY', 0.0064)).toBe(15.36);
    expect(convertToUsd(205, 'CAD', 0.71)).toBe(145.55);
    expect(convertToUsd(-12.5, 'EUR', 1.16)).toBe(-14.5);
    expect(convertToUsd(100, 'USD', 1)).toBe(100);
  });
});
