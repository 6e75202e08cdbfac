import { describe, expect, it } from 'vitest';
import { findAlternatives } from './alternatives';

describe('findAlternatives', () => {
  it('a stock: its sector fund, two calmer peers of the sector, a broad fund', () => {
    expect(findAlternatives('AAPL')).toEqual([
      { symbol: 'XLK', name: 'Technology Select Sector SPDR Fund', kind: 'sector-fund' },
      { symbol: 'CSCO', name: 'Cisco Systems, Inc.', kind: 'sector-peer' },
      { symbol: 'MSI', name: 'Motorola Solutions, Inc.', kind: 'sector-peer' },
      { symbol: 'VTI', name: 'Vanguard Total Stock Market ETF', kind: 'broad-fund' },
    ]);
  });

  it('a broad fund itself, or an unknown symbol: only a broad fund', () => {
    expect(findAlternatives('VTI')).toEqual([
      { symbol: 'VOO', name: 'Vanguard S&P 500 ETF', kind: 'broad-fund' },
    ]);
    expect(findAlternatives('ZZZZ')).toEqual([
      { symbol: 'VTI', name: 'Vanguard Total Stock Market ETF', kind: 'broad-fund' },
    ]);
  });
});
