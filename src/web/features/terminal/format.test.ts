import { describe, expect, it } from 'vitest';
import { priceFeedLabel } from './format';

describe('priceFeedLabel', () => {
  it('is Live only when every price on screen is a real quote, and absent without prices', () => {
    expect(priceFeedLabel(['yahoo', 'coingecko', 'fmp'])).toBe('Live');
    expect(priceFeedLabel(['simulated', 'simulated'])).toBe('Simulated');
    expect(priceFeedLabel(['yahoo', 'simulated'])).toBe('Partly simulated');
    expect(priceFeedLabel([])).toBeNull();
  });
});
