import { describe, expect, it } from 'vitest';
import {
  approximationText,
  formatMoney,
  formatReturnWithYearly,
  formatSignedMoney,
  hasSimulatedSource,
  simulatedRateCurrencies,
  sourceLines,
} from './performance-text';

describe('the approximations in words', () => {
  const run = { from: '2024-03-29', to: '2024-04-01' };
  it.each([
    ['carried', false, 'AAPL: last close carried forward, 2024-03-29 to 2024-04-01'],
    ['tradePrice', false, 'AAPL: no close yet: valued at its last trade price, 2024-03-29 to 2024-04-01'],
    ['backfilled', false, 'AAPL: no close yet: valued at its first later close, 2024-03-29 to 2024-04-01'],
    ['unpriced', false, 'AAPL: no price at all: valued at 0, 2024-03-29 to 2024-04-01'],
    ['carried', true, 'AAPL: last rate carried forward, 2024-03-29 to 2024-04-01'],
  ] as const)('%s (a rate: %s)', (kind, isRate, text) => {
    expect(approximationText({ subject: 'AAPL', kind, ...run }, isRate)).toBe(text);
  });

  it('names one day once', () => {
    expect(
      approximationText({ subject: 'EUR', kind: 'carried', from: '2024-03-29', to: '2024-03-29' }, true),
    ).toBe('EUR: last rate carried forward, 2024-03-29');
  });
});

describe('money and returns', () => {
  it("uses the currency's own minor unit, and no sign for what shows as zero", () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'JPY')).toBe('¥1,235');
    expect(formatSignedMoney(-3, 'GBP')).toBe('-£3.00');
    expect(formatSignedMoney(-0.004, 'USD')).toBe('$0.00');
    expect(formatSignedMoney(12.5, 'USD')).toBe('+$12.50');
  });

  it('gives the yearly rate beside a return only when there is one', () => {
    expect(formatReturnWithYearly(0.21, 0.1)).toBe('+21.00% (+10.00% a year)');
    expect(formatReturnWithYearly(-0.0523, null)).toBe('-5.23%');
  });
});

describe('the sources', () => {
  it('groups what each source priced, prices then rates, and says Simulated', () => {
    const sources = { prices: { MSFT: 'yahoo', AAPL: 'yahoo', SPY: 'simulated' }, fx: { EUR: 'polygon' } };
    expect(sourceLines(sources)).toEqual([
      'Prices: Simulated (SPY)',
      'Prices: Yahoo Finance (AAPL, MSFT)',
      'Exchange rates: Polygon (EUR)',
    ]);
    expect(hasSimulatedSource(sources)).toBe(true);
    expect(hasSimulatedSource({ prices: { AAPL: 'yahoo' }, fx: { EUR: 'simulated' } })).toBe(true);
    expect(hasSimulatedSource({ prices: { AAPL: 'yahoo' }, fx: {} })).toBe(false);
  });

  it('names the currencies whose rate, or one leg of it, is simulated', () => {
    const fx = { USD: 'simulated', GBP: 'yahoo, simulated', CHF: 'yahoo' };
    expect(simulatedRateCurrencies(fx)).toEqual(['GBP', 'USD']);
    expect(hasSimulatedSource({ prices: {}, fx: { GBP: 'yahoo, simulated' } })).toBe(true);
    expect(simulatedRateCurrencies({ CHF: 'yahoo' })).toEqual([]);
  });
});
