import { describe, expect, it } from 'vitest';
import { classify } from './classify';
import {
  DIVERSIFICATION_MAX_CRYPTO_WEIGHT,
  DIVERSIFICATION_MAX_SECTOR_WEIGHT,
  DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT,
  DIVERSIFICATION_MIN_HOLDINGS,
  diversificationGaps,
} from './diversification';

/** Positions from [symbol, value]; weights = value / total. */
const positions = (rows: [string, number][]) => {
  const total = rows.reduce((s, [, v]) => s + v, 0);
  return rows.map(([symbol, value]) => ({
    symbol,
    value,
    weight: total > 0 ? value / total : 0,
    ...classify(symbol),
  }));
};
const codes = (rows: [string, number][]) => diversificationGaps(positions(rows)).map((g) => g.code);

describe('diversification gaps', () => {
  it('exports the thresholds', () => {
    expect([
      DIVERSIFICATION_MIN_HOLDINGS,
      DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT,
      DIVERSIFICATION_MAX_SECTOR_WEIGHT,
      DIVERSIFICATION_MAX_CRYPTO_WEIGHT,
    ]).toEqual([5, 0.25, 0.4, 0.2]);
  });

  it('the spec’s sample portfolio has none', () => {
    // Largest single stock MSFT 5760/46270 = 12.45 %; Information Technology 9930/46270 = 21.46 %.
    expect(
      codes([
        ['AAPL', 4170],
        ['GOOGL', 2520],
        ['MSFT', 5760],
        ['VTI', 16500],
        ['VXUS', 2160],
        ['BND', 2960],
        ['QQQ', 12200],
      ]),
    ).toEqual([]);
  });

  it('two tech stocks: every gap, with its numbers', () => {
    const gaps = diversificationGaps(
      positions([
        ['AAPL', 600],
        ['MSFT', 400],
      ]),
    );
    expect(gaps).toEqual([
      {
        code: 'FEW_HOLDINGS',
        message: 'Only 2 holdings: fewer than 5 leaves the portfolio dependent on a few names.',
      },
      {
        code: 'SINGLE_HOLDING',
        message: 'AAPL is 60.00% of the portfolio, above 25.00% for a single stock or coin.',
      },
      {
        code: 'SINGLE_HOLDING',
        message: 'MSFT is 40.00% of the portfolio, above 25.00% for a single stock or coin.',
      },
      {
        code: 'SECTOR_CONCENTRATION',
        message: 'Information Technology is 100.00% of the portfolio, above 40.00% in one sector.',
      },
      { code: 'NO_BONDS', message: 'No bond exposure: none of the 2 holdings are bonds or bond funds.' },
      {
        code: 'NO_INTERNATIONAL',
        message: 'No international exposure: none of the 2 equity holdings invest outside the US.',
      },
    ]);
  });

  it('single holding: 25 % is not above, 25.01 % is; a fund is exempt', () => {
    const base: [string, number][] = [
      ['VTI', 2000],
      ['VXUS', 2000],
      ['BND', 2000],
      ['QQQ', 1499],
    ];
    expect(codes([['AAPL', 2500], ...base, ['GLD', 1]])).toEqual([]);
    expect(codes([['AAPL', 2501], ...base])).toEqual(['SINGLE_HOLDING']);
    expect(
      codes([
        ['VTI', 9000],
        ['VXUS', 500],
        ['BND', 500],
        ['QQQ', 1],
        ['SPY', 1],
      ]),
    ).toEqual([]);
  });

  it('sector: 40 % is not above, 40.01 % is; Broad Market is not a sector', () => {
    const rest: [string, number][] = [
      ['VTI', 3000],
      ['VXUS', 1000],
      ['BND', 1000],
      ['XLV', 1000],
    ];
    expect(codes([['XLK', 4000], ...rest])).toEqual([]);
    expect(codes([['XLK', 4001], ...rest])).toEqual(['SECTOR_CONCENTRATION']);
  });

  it('crypto: 20 % is not above, 21 % is', () => {
    const rest: [string, number][] = [
      ['VTI', 4000],
      ['VXUS', 2000],
      ['BND', 2000],
    ];
    expect(codes([['CRYPTO:BTC', 1000], ['CRYPTO:ETH', 1000], ...rest])).toEqual([]);
    expect(codes([['CRYPTO:BTC', 1100], ['CRYPTO:ETH', 1000], ...rest.slice(0, 2), ['BND', 1900]])).toEqual([
      'CRYPTO_CONCENTRATION',
    ]);
  });

  it('international: any non-US equity fund counts; no equity, no international gap', () => {
    expect(
      codes([
        ['VTI', 1],
        ['VEA', 1],
        ['BND', 1],
        ['QQQ', 1],
        ['SPY', 1],
      ]),
    ).toEqual([]);
    // An unknown symbol (20 %, not above 25 %) is not known to be international equity.
    expect(
      codes([
        ['VTI', 1],
        ['VT_UNKNOWN', 1],
        ['BND', 1],
        ['QQQ', 1],
        ['SPY', 1],
      ]),
    ).toEqual(['NO_INTERNATIONAL']);
    expect(
      codes([
        ['BND', 1],
        ['AGG', 1],
        ['TLT', 1],
        ['SHY', 1],
        ['IEF', 1],
      ]),
    ).toEqual([]);
  });

  it('without prices, only presence rules apply', () => {
    expect(
      codes([
        ['AAPL', 0],
        ['MSFT', 0],
      ]),
    ).toEqual(['FEW_HOLDINGS', 'NO_BONDS', 'NO_INTERNATIONAL']);
  });

  it('one holding reads in the singular', () => {
    expect(diversificationGaps(positions([['BND', 1]]))[0]?.message).toBe(
      'Only 1 holding: fewer than 5 leaves the portfolio dependent on a few names.',
    );
  });

  it('an empty portfolio has no gaps', () => {
    expect(diversificationGaps([])).toEqual([]);
  });
});
