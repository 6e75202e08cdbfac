import { describe, expect, it } from 'vitest';
import {
  corporateActionsOfListing,
  corporateActionsWithin,
  decimalString,
  isPositiveAmount,
  splitRatio,
  undoSplitAdjustment,
  type Dividend,
} from './corporate-actions';

describe('decimalString', () => {
  it.each([
    [0.205, '0.205'],
    [1e-7, '0.0000001'],
    [4, '4'],
    ['0.2500', '0.25'],
    [' 2.0000 ', '2'],
    ['2.5E-3', '0.0025'],
  ])('%j is %j', (value, expected) => {
    expect(decimalString(value)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 'None', '', '0x10', 'Infinity', '1,5'])(
    'refuses %j',
    (value) => {
      expect(decimalString(value)).toBeUndefined();
    },
  );
});

describe('splitRatio', () => {
  it.each([
    [4, 1, '4'],
    [7, 1, '7'],
    [3, 2, '1.5'],
    [1, 10, '0.1'],
    ['2.0000', 1, '2'],
    [1, 3, '0.3333333333'],
    [2, 3, '0.6666666667'],
  ])('%j shares for %j is %j', (after, before, expected) => {
    expect(splitRatio(after, before)).toBe(expected);
  });

  it.each([
    [1, 1],
    [0, 1],
    [4, 0],
    [-2, 1],
    ['None', 1],
  ])('%j for %j is no split', (after, before) => {
    expect(splitRatio(after, before)).toBeUndefined();
  });
});

describe('isPositiveAmount', () => {
  it('is true above zero only', () => {
    expect(isPositiveAmount('0.0001')).toBe(true);
    expect(isPositiveAmount('0')).toBe(false);
    expect(isPositiveAmount('-0.5')).toBe(false);
  });
});

const usd = (exDate: string, amount: string): Dividend => ({ exDate, amount, currency: 'USD' });

describe('corporateActionsWithin', () => {
  it('keeps the dates of the range (inclusive), oldest first, each dividend and split once', () => {
    expect(
      corporateActionsWithin(
        {
          dividends: [
            usd('2021-02-05', '0.205'),
            usd('2020-11-06', '0.205'),
            usd('2020-11-06', '0.205'),
            usd('2020-02-07', '0.77'),
            usd('2019-11-07', '0.77'),
          ],
          splits: [
            { date: '2020-08-31', ratio: '4' },
            { date: '2020-08-31', ratio: '4' },
            { date: '2014-06-09', ratio: '7' },
          ],
        },
        '2020-02-07',
        '2020-11-06',
      ),
    ).toEqual({
      dividends: [usd('2020-02-07', '0.77'), usd('2020-11-06', '0.205')],
      splits: [{ date: '2020-08-31', ratio: '4' }],
    });
  });

  it('keeps two different dividends of one ex-date (a regular and a special one)', () => {
    const both = [usd('2020-12-01', '0.5'), usd('2020-12-01', '2')];
    expect(
      corporateActionsWithin({ dividends: both, splits: [] }, '2020-01-01', '2020-12-31').dividends,
    ).toEqual(both);
  });
});

describe('undoSplitAdjustment', () => {
  const AAPL_SPLITS = [
    { date: '2014-06-09', ratio: '7' },
    { date: '2020-08-31', ratio: '4' },
  ];

  it("multiplies back the later splits: AAPL's $0.82 of 2020-08-07, listed as 0.205", () => {
    expect(undoSplitAdjustment([usd('2020-08-07', '0.205')], AAPL_SPLITS)).toEqual([
      usd('2020-08-07', '0.82'),
    ]);
  });

  it("undoes the vendor's rounding: $2.65 of 2012, listed as 0.094643 after 7 and 4 (x28), is 2.65", () => {
    // 0.094643 x 28 = 2.650004: 6 decimals less the 2 digits of 28 is 4 decimals, 2.6500.
    expect(undoSplitAdjustment([usd('2012-08-09', '0.094643')], AAPL_SPLITS)).toEqual([
      usd('2012-08-09', '2.65'),
    ]);
  });

  it('leaves a dividend after every split as it is, and one on the day of a split too', () => {
    const dividends = [usd('2020-11-06', '0.205'), usd('2020-08-31', '0.1')];
    expect(undoSplitAdjustment(dividends, AAPL_SPLITS)).toEqual(dividends);
  });

  it('a reverse split after the dividend divides it back: 0.9 after a 1-for-10 was 0.09', () => {
    expect(undoSplitAdjustment([usd('2020-01-02', '0.9')], [{ date: '2020-06-01', ratio: '0.1' }])).toEqual([
      usd('2020-01-02', '0.09'),
    ]);
  });
});

describe('corporateActionsOfListing', () => {
  const LISTING = {
    dividends: [
      { exDate: '2020-11-06', payDate: '2020-11-12', amount: 0.205, currency: 'USD' },
      // Alpha Vantage writes `None` for a pay date it does not know, FMP an empty string or null.
      { exDate: '2020-08-07', payDate: 'None', amount: '0.8200', currency: 'USD' },
      { exDate: '2020-05-08', payDate: null, amount: '0.82', currency: 'USD' },
      { exDate: '2020-02-07', payDate: '', amount: 0, currency: 'USD' },
      { exDate: '2020-01-02', amount: 'None', currency: 'USD' },
      { exDate: '2019-11-07', payDate: '2019-11-14', amount: 0.77, currency: 'USD' },
    ],
    splits: [
      { date: '2020-08-31', sharesAfter: 4, sharesBefore: 1 },
      { date: '2020-06-01', sharesAfter: '1', sharesBefore: '1' },
      { date: '2020-03-02', sharesAfter: 0, sharesBefore: 1 },
    ],
  };

  it('keeps the positive dividends and the splits with a ratio, of the range, and drops a pay date that is none', () => {
    expect(corporateActionsOfListing(LISTING, '2020-01-01', '2020-12-31')).toEqual({
      dividends: [
        { exDate: '2020-05-08', amount: '0.82', currency: 'USD' },
        { exDate: '2020-08-07', amount: '0.82', currency: 'USD' },
        { exDate: '2020-11-06', payDate: '2020-11-12', amount: '0.205', currency: 'USD' },
      ],
      splits: [{ date: '2020-08-31', ratio: '4' }],
    });
  });

  it('gives split-adjusted amounts as declared, with the splits after the range too', () => {
    const listed = {
      dividends: [{ exDate: '2020-08-07', amount: 0.205, currency: 'USD' }],
      splits: [{ date: '2020-08-31', sharesAfter: 4, sharesBefore: 1 }],
    };
    expect(
      corporateActionsOfListing(listed, '2020-01-01', '2020-08-30', { amountsSplitAdjusted: true }),
    ).toEqual({ dividends: [usd('2020-08-07', '0.82')], splits: [] });
    expect(corporateActionsOfListing(listed, '2020-01-01', '2020-08-30').dividends).toEqual([
      usd('2020-08-07', '0.205'),
    ]);
  });
});
