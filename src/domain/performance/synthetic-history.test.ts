import { describe, expect, it } from 'vitest';
import { computePerformance } from './performance';
import { PERIOD_RANGES } from './periods';
import { syntheticHistory, TEN_YEAR_HISTORY } from './synthetic-history';

describe('the made-up history (benchmark and warm-up)', () => {
  it('is the same history on every machine: ten years of 10,000 activities on 50 symbols', () => {
    const { input, benchmark } = syntheticHistory(TEN_YEAR_HISTORY);
    const counts: Record<string, number> = {};
    for (const activity of input.activities) counts[activity.type] = (counts[activity.type] ?? 0) + 1;
    expect(counts).toEqual({ deposit: 500, buy: 4989, sell: 2613, dividend: 1619, fee: 279 });
    expect(input.activities[0]).toMatchObject({
      type: 'deposit',
      date: '2016-11-28',
      amount: '20000',
      currency: 'EUR',
    });
    expect(input.activities[1]).toMatchObject({
      type: 'buy',
      symbol: 'S34',
      quantity: '2',
      price: '193.6744',
      currency: 'USD',
    });
    expect(input.activities.at(-1)).toMatchObject({ type: 'sell', symbol: 'S17', date: '2026-11-25' });
    expect(input.closes.size).toBe(50);
    const s0 = input.closes.get('S0');
    expect(s0?.dates).toHaveLength(2514);
    expect(s0?.values.slice(0, 3)).toEqual([19.9106, 19.6968, 19.6932]);
    expect(input.fxRates.get('EUR')?.values.slice(0, 2)).toEqual([1.11, 1.12]);
    expect(benchmark.closes.values.at(-1)).toBe(94.9963);
  });

  it('trades in EUR for the first `euroSymbols` symbols and never sells more than it holds', () => {
    const shape = {
      ...TEN_YEAR_HISTORY,
      activities: 600,
      symbols: 6,
      euroSymbols: 2,
      firstDay: '2025-01-02',
    };
    const { input, benchmark } = syntheticHistory(shape);
    const held = new Map<string, number>();
    for (const activity of input.activities) {
      if (activity.symbol === null) continue;
      expect(activity.currency).toBe(['S0', 'S1'].includes(activity.symbol) ? 'EUR' : 'USD');
      const quantity = Number(activity.quantity ?? 0);
      if (activity.type === 'buy') held.set(activity.symbol, (held.get(activity.symbol) ?? 0) + quantity);
      if (activity.type === 'sell') {
        const after = (held.get(activity.symbol) ?? 0) - quantity;
        expect(after).toBeGreaterThan(0);
        held.set(activity.symbol, after);
      }
    }
    const outcome = computePerformance(
      input,
      PERIOD_RANGES.map((range) => ({ range })),
      benchmark,
    );
    expect(outcome.ok).toBe(true);
  });
});
