import { describe, expect, it } from 'vitest';
import { findPriceLevels, findSwingPoints, mergeLevels } from './levels';

/** Two waves: highs peak at 13 (session 3) and 14 (session 12); lows are highs − 2. */
const HIGHS = [10, 11, 12, 13, 12, 11, 10, 9, 10, 11, 12, 13, 14, 13, 12, 11, 10, 11, 12, 13, 12];
const BARS = HIGHS.map((high) => ({ high, low: high - 2 }));

describe('findSwingPoints', () => {
  it('a low (high) lower (higher) than every bar within the window on each side', () => {
    expect(findSwingPoints(BARS, 2)).toEqual({ lows: [7, 8], highs: [13, 14] });
    expect(findSwingPoints(BARS, 5)).toEqual({ lows: [7], highs: [14] });
  });

  it('a tie is no swing point', () => {
    const flat = [5, 4, 3, 3, 4, 5].map((low) => ({ high: low + 1, low }));
    expect(findSwingPoints(flat, 2).lows).toEqual([]);
  });
});

describe('mergeLevels', () => {
  it('levels within 1.5 % of the previous one become their mean', () => {
    expect(mergeLevels([110.5, 100, 103, 101, 110])).toEqual([100.5, 103, 110.25]);
  });
});

describe('findPriceLevels', () => {
  it('supports below and resistances above the last close, nearest first, in cents', () => {
    expect(findPriceLevels(BARS, 11.5)).toEqual({ supportLevels: [7], resistanceLevels: [14] });
    expect(findPriceLevels(BARS, 15)).toEqual({ supportLevels: [7], resistanceLevels: [] });
  });
});
