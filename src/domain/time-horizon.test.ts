import { describe, expect, it } from 'vitest';
import { TIME_HORIZONS, timeHorizonOption } from './time-horizon';

describe('time horizon', () => {
  it('reads as spec 001 §9 defines it, the same for the advisor and the trading suggestions', () => {
    expect(TIME_HORIZONS.map(timeHorizonOption)).toEqual([
      'Short (<1 year)',
      'Medium (1-3 years)',
      'Long (3+ years)',
    ]);
  });
});
