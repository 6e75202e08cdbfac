import { describe, expect, it } from 'vitest';
import { formatCalculatorPercent, formatCalculatorUsd, signClass } from './format';

describe('calculator formats (DESIGN.md deviation 11)', () => {
  it('writes money with 2 decimals, the sign before the dollar', () => {
    expect(formatCalculatorUsd(2762.8)).toBe('$2,762.80');
    expect(formatCalculatorUsd(-1153.149)).toBe('-$1,153.15');
    expect(formatCalculatorUsd(0.123456789)).toBe('$0.12');
    expect(formatCalculatorUsd(-0.001)).toBe('$0.00');
    expect(formatCalculatorUsd(Number.NaN)).toBe('—');
  });

  it('writes a price under $1 with up to 8 decimals, other prices with 2', () => {
    expect(formatCalculatorUsd(0.123456789, { isPrice: true })).toBe('$0.12345679');
    expect(formatCalculatorUsd(0.5, { isPrice: true })).toBe('$0.50');
    expect(formatCalculatorUsd(215.43043043, { isPrice: true })).toBe('$215.43');
    expect(formatCalculatorUsd(69767.44, { isPrice: true })).toBe('$69,767.44');
  });

  it('writes percentages with 2 decimals, as the rest of the app', () => {
    expect(formatCalculatorPercent(12.83739516)).toBe('12.84%');
    expect(formatCalculatorPercent(-99.5358)).toBe('-99.54%');
    expect(formatCalculatorPercent(-0.001)).toBe('0.00%');
  });

  it('colours by sign, zero neutral', () => {
    expect([signClass(1), signClass(-1), signClass(0)]).toEqual([
      'text-success',
      'text-destructive',
      'text-foreground',
    ]);
  });
});
