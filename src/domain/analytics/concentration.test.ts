import { describe, expect, it } from 'vitest';
import { concentration } from './concentration';

describe('concentration', () => {
  it('weights [0.5, 0.5]: HHI 0.5, effective 2', () => {
    const c = concentration([
      { symbol: 'B', weight: 0.5 },
      { symbol: 'A', weight: 0.5 },
    ]);
    expect(c.hhi).toBeCloseTo(0.5, 12);
    expect(c.effectiveHoldings).toBeCloseTo(2, 12);
    expect(c.largest).toEqual({ symbol: 'A', weight: 0.5 }); // tie: alphabetical
    expect(c.top5Weight).toBeCloseTo(1, 12);
    expect(c.weightedHoldings).toBe(2);
  });

  it('weights [0.5, 0.3, 0.2]: HHI 0.25 + 0.09 + 0.04 = 0.38, effective 1/0.38', () => {
    const c = concentration([
      { symbol: 'A', weight: 0.5 },
      { symbol: 'B', weight: 0.3 },
      { symbol: 'C', weight: 0.2 },
    ]);
    expect(c.hhi).toBeCloseTo(0.38, 12);
    expect(c.effectiveHoldings).toBeCloseTo(2.6315789473684212, 12);
  });

  it('normalises values; top 5 of 7 equal weights is 5/7; zero weights are ignored', () => {
    const c = concentration([
      ...['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((symbol) => ({ symbol, weight: 100 })),
      { symbol: 'Z', weight: 0 },
    ]);
    expect(c.hhi).toBeCloseTo(1 / 7, 12); // 7 × (1/7)²
    expect(c.effectiveHoldings).toBeCloseTo(7, 12);
    expect(c.top5Weight).toBeCloseTo(5 / 7, 12);
    expect(c.weightedHoldings).toBe(7);
  });

  it('one holding: HHI 1', () => {
    expect(concentration([{ symbol: 'A', weight: 3 }])).toMatchObject({ hhi: 1, effectiveHoldings: 1 });
  });

  it('nothing weighted: nulls', () => {
    expect(concentration([{ symbol: 'A', weight: 0 }])).toEqual({
      hhi: null,
      effectiveHoldings: null,
      largest: null,
      top5Weight: null,
      weightedHoldings: 0,
    });
  });
});
