import { describe, expect, it } from 'vitest';
import { classify } from './classify';
import { bucketWeight, exposure } from './exposure';

const positions = (rows: [string, number][]) =>
  rows.map(([symbol, value]) => ({ symbol, value, ...classify(symbol) }));

describe('exposure', () => {
  // The spec's sample stocks at fixed prices: AAPL 15 × 278 = 4170, GOOGL 8 × 315 = 2520, MSFT 12 × 480 = 5760,
  // VTI 50 × 330 = 16500, VXUS 30 × 72 = 2160, BND 40 × 74 = 2960, QQQ 20 × 610 = 12200; total 46270.
  const sample = positions([
    ['AAPL', 4170],
    ['GOOGL', 2520],
    ['MSFT', 5760],
    ['VTI', 16500],
    ['VXUS', 2160],
    ['BND', 2960],
    ['QQQ', 12200],
  ]);
  const total = 46270;

  it('by asset class: etf 30860, stock 12450, bond 2960', () => {
    const e = exposure(sample);
    expect(e.assetClass.map((b) => b.name)).toEqual(['etf', 'stock', 'bond']);
    expect(e.assetClass.map((b) => b.value)).toEqual([30860, 12450, 2960]);
    expect(e.assetClass[0]?.weight).toBeCloseTo(30860 / total, 12);
    expect(e.assetClass[2]?.weight).toBeCloseTo(2960 / total, 12);
  });

  it('by sector and region, sorted by weight', () => {
    const e = exposure(sample);
    expect(e.sector.map((b) => [b.name, b.value])).toEqual([
      ['Broad Market', 28700],
      ['Information Technology', 9930],
      ['Fixed Income', 2960],
      ['Communication Services', 2520],
      ['International', 2160],
    ]);
    expect(e.region.map((b) => [b.name, b.value])).toEqual([
      ['US', 44110],
      ['International', 2160],
    ]);
    expect(bucketWeight(e.region, 'International')).toBeCloseTo(2160 / total, 12);
    expect(bucketWeight(e.region, 'Emerging Markets')).toBe(0);
  });

  it('unknown symbols are Unknown; unknown CRYPTO: symbols are crypto; ties sort by name', () => {
    const e = exposure(
      positions([
        ['ZZZZQ', 100],
        ['CRYPTO:NEWCOIN', 100],
        ['NOPRICE', 0],
      ]),
    );
    expect(e.assetClass).toEqual([
      { name: 'Unknown', value: 100, weight: 0.5 },
      { name: 'crypto', value: 100, weight: 0.5 },
    ]);
    expect(e.sector.map((b) => b.name)).toEqual(['Cryptocurrency', 'Unknown']);
    expect(e.region.map((b) => b.name)).toEqual(['Global', 'Unknown']);
  });

  it('a holding’s own type classifies a symbol the master does not know', () => {
    const e = exposure([{ value: 10, ...classify('MYFUND', { assetClass: 'fund' }) }]);
    expect(e.assetClass).toEqual([{ name: 'fund', value: 10, weight: 1 }]);
    expect(e.sector[0]?.name).toBe('Unknown');
  });

  it('empty portfolio: no buckets', () => {
    expect(exposure([])).toEqual({ assetClass: [], sector: [], region: [] });
  });
});

describe('exposure with listings outside the US', () => {
  // USD values: AAPL 5000, TSCO.L 2000, HSBA.L 1000, 8306.T 1500, 0700.HK 700, BHP.AX 300, SHOP.TO 1200,
  // SAP.DE 800, NG.L (not in the master, London by its suffix) 500; total 13000.
  const mixed = positions([
    ['AAPL', 5000],
    ['TSCO.L', 2000],
    ['HSBA.L', 1000],
    ['8306.T', 1500],
    ['0700.HK', 700],
    ['BHP.AX', 300],
    ['SHOP.TO', 1200],
    ['SAP.DE', 800],
    ['NG.L', 500],
  ]);

  it('by region: each listing in its market, Hong Kong and Sydney together as Asia-Pacific', () => {
    const e = exposure(mixed);
    expect(e.region.map((b) => [b.name, b.value, b.weight])).toEqual([
      ['US', 5000, 5000 / 13000],
      ['United Kingdom', 3500, 3500 / 13000],
      ['Japan', 1500, 1500 / 13000],
      ['Canada', 1200, 1200 / 13000],
      ['Asia-Pacific', 1000, 1000 / 13000],
      ['Europe', 800, 800 / 13000],
    ]);
  });

  it('by sector: the listings keep their GICS sectors; the unknown London symbol is Unknown', () => {
    expect(exposure(mixed).sector.map((b) => [b.name, b.value])).toEqual([
      ['Information Technology', 7000],
      ['Financials', 2500],
      ['Consumer Staples', 2000],
      ['Communication Services', 700],
      ['Unknown', 500],
      ['Materials', 300],
    ]);
  });
});
