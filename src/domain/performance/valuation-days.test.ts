import { describe, expect, it } from 'vitest';
import { layOnDays } from './valuation-days';

// Friday to Monday: the weekend carries Friday's close.
const DATES = ['2024-01-05', '2024-01-06', '2024-01-07', '2024-01-08'];

const table = (series: Parameters<typeof layOnDays>[0]) => {
  const laid = layOnDays(series, DATES);
  return laid && { values: [...laid.values], own: [...laid.own], first: laid.first };
};

describe('a series laid on the valuation days', () => {
  it('carries the last point forward and marks the days with a point of their own', () => {
    const dates = ['2024-01-03', '2024-01-05', '2024-01-08'];
    expect(table({ dates, values: [1, 2, 3] })).toEqual({
      values: [2, 2, 2, 3],
      own: [1, 0, 0, 1],
      first: 1,
    });
  });

  it('leaves the days before the first point unvalued, and a series without points unvalued throughout', () => {
    expect(table({ dates: ['2024-01-07'], values: [9] })).toEqual({
      values: [Number.NaN, Number.NaN, 9, 9],
      own: [0, 0, 1, 0],
      first: 9,
    });
    expect(table({ dates: [], values: [] })).toEqual({
      values: [Number.NaN, Number.NaN, Number.NaN, Number.NaN],
      own: [0, 0, 0, 0],
      first: Number.NaN,
    });
    expect(layOnDays(undefined, DATES)).toBeNull();
  });
});
