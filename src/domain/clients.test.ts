import { describe, expect, it } from 'vitest';
import { clientFigures, clientPortfolioName } from './clients';

describe('clientFigures', () => {
  it('values, changes and rates a client from its quotes (bonds 7/9: low risk by asset mix)', () => {
    const figures = clientFigures(
      { AAPL: 10, BND: 100 },
      { AAPL: { price: 200, change: 2 }, BND: { price: 70, change: -0.5 } },
    );
    expect(figures).toEqual({
      value: 9000,
      dayChange: -30,
      dayChangePercent: (-30 / 9030) * 100,
      riskLevel: 'low',
    });
  });

  it('rates one stock as high risk, and a client of stocks and a fund as medium', () => {
    expect(clientFigures({ AAPL: 1 }, { AAPL: { price: 100, change: 0 } }).riskLevel).toBe('high');
    expect(
      clientFigures(
        { AAPL: 1, MSFT: 1, VTI: 10 },
        { AAPL: { price: 100, change: 1 }, MSFT: { price: 100, change: 1 }, VTI: { price: 100, change: 1 } },
      ),
    ).toEqual({ value: 1200, dayChange: 12, dayChangePercent: (12 / 1188) * 100, riskLevel: 'medium' });
  });

  it('gives an unpriced or empty client value 0 and no risk level', () => {
    const unpriced = { value: 0, dayChange: 0, dayChangePercent: null, riskLevel: null };
    expect(clientFigures({ ZZZZQ: 5 }, {})).toEqual(unpriced);
    expect(clientFigures({}, {})).toEqual(unpriced);
    // A priced holding without a change counts as unchanged.
    expect(clientFigures({ VTI: 2 }, { VTI: { price: 50, change: null } })).toEqual({
      value: 100,
      dayChange: 0,
      dayChangePercent: 0,
      riskLevel: 'medium',
    });
  });
});

describe('clientPortfolioName', () => {
  it('makes the possessive of a name, with only an apostrophe after a final s', () => {
    expect(clientPortfolioName('Ada Lovelace')).toBe("Ada Lovelace's portfolio");
    expect(clientPortfolioName('Trust for Charitable Purposes')).toBe(
      "Trust for Charitable Purposes' portfolio",
    );
    expect(clientPortfolioName('JAMES')).toBe("JAMES' portfolio");
  });
});
