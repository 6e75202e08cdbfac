import { describe, expect, it } from 'vitest';
import { rateOfDays } from './daily-rates';
import { seriesOf } from './test-activities';

describe('rateOfDays', () => {
  // Euros per dollar on a Thursday and a Friday, and one that is not exact in binary.
  const rateOf = rateOfDays(
    new Map([['USD', seriesOf({ '2024-03-14': 0.92, '2024-03-15': 0.9123456789, '2024-03-18': 1 / 1.15 })]]),
  );

  it("takes a day's own rate, read at 10 decimals", () => {
    expect(rateOf('USD', '2024-03-14')?.toFixed()).toBe('0.92');
    expect(rateOf('USD', '2024-03-15')?.toFixed()).toBe('0.9123456789');
    expect(rateOf('USD', '2024-03-18')?.toFixed()).toBe('0.8695652174');
  });

  it('carries the last rate over a weekend and past the last one', () => {
    expect(rateOf('USD', '2024-03-16')?.toFixed()).toBe('0.9123456789');
    expect(rateOf('USD', '2024-03-17')?.toFixed()).toBe('0.9123456789');
    expect(rateOf('USD', '2024-12-31')?.toFixed()).toBe('0.8695652174');
  });

  it('has none before the first rate, nor for a currency without rates', () => {
    expect(rateOf('USD', '2024-03-13')).toBeNull();
    expect(rateOf('GBP', '2024-03-15')).toBeNull();
    expect(rateOfDays(new Map([['SEK', seriesOf({})]]))('SEK', '2024-03-15')).toBeNull();
  });
});
