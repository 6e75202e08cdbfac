import { describe, expect, it } from 'vitest';
import { computePerformance, type BenchmarkInput } from './performance';
import { RETURNS_FACT_RANGES, returnsFactsOf } from './returns-facts';
import { activityOf, inputOf, seriesOf } from './test-activities';
import type { PerformanceInput } from './valuation';

function factsOf(input: PerformanceInput, benchmark?: BenchmarkInput) {
  const outcome = computePerformance(
    input,
    RETURNS_FACT_RANGES.map((range) => ({ range })),
    benchmark,
  );
  if (!outcome.ok) throw new Error(outcome.message);
  const periods = outcome.periods.map((period) => {
    if (!period.ok) throw new Error(period.message);
    return period.performance;
  });
  return returnsFactsOf(periods, { currency: 'USD', benchmarkSymbol: 'SPY' });
}

describe('returnsFactsOf', () => {
  // 10 X bought at 100 on 2023-01-02 (no cash recorded: the buy is the one flow in), worth 110 a share on
  // 2023-06-28, 120 on Friday 2023-12-29 (carried over the weekend to the 31st) and 132 on 2024-06-28.
  // Every period holds the same shares from its start, so each return is the price's: Max 1320 / 1000 − 1,
  // 1Y 1320 / 1100 − 1, YTD 1320 / 1200 − 1; SPY's are its closes' (380 carried from 2022-12-30 to Max's start).
  const input = inputOf(
    [activityOf('buy', '2023-01-02', { symbol: 'X', quantity: '10', price: '100' })],
    { X: { '2023-01-02': 100, '2023-06-28': 110, '2023-12-29': 120, '2024-06-28': 132 } },
    '2024-06-28',
  );
  const spy = {
    symbol: 'SPY',
    closes: seriesOf({ '2022-12-30': 380, '2023-06-28': 400, '2023-12-29': 440, '2024-06-28': 480 }),
  };

  it('gives 1Y, YTD and Max with both returns and the benchmark, annualized over a year only', () => {
    const facts = factsOf(input, spy);
    expect(facts).not.toBeNull();
    const [year, ytd, max] = facts!.periods;
    expect(facts).toMatchObject({ currency: 'USD', benchmarkSymbol: 'SPY', firstActivityDate: '2023-01-02' });
    expect(facts!.periods.map((p) => [p.range, p.start, p.end])).toEqual([
      ['1Y', '2023-06-28', '2024-06-28'],
      ['YTD', '2023-12-31', '2024-06-28'],
      ['MAX', '2023-01-01', '2024-06-28'],
    ]);
    // 1Y: 366 days (2024 is a leap year), so annualized by the exponent 365 / 366.
    expect(year!.twr).toBeCloseTo(0.2, 12);
    expect(year!.twrAnnualized).toBeCloseTo(1.2 ** (365 / 366) - 1, 12);
    expect(year!.mwr).toBeCloseTo(0.2, 9);
    expect(year!.benchmarkTwr).toBeCloseTo(480 / 400 - 1, 12);
    expect(year!.benchmarkTwrAnnualized).toBeCloseTo((480 / 400) ** (365 / 366) - 1, 12);
    // YTD: 180 days, nothing annualized.
    expect(ytd).toMatchObject({ twrAnnualized: null, mwrAnnualized: null, benchmarkTwrAnnualized: null });
    expect(ytd!.twr).toBeCloseTo(0.1, 12);
    expect(ytd!.mwr).toBeCloseTo(0.1, 9);
    expect(ytd!.benchmarkTwr).toBeCloseTo(480 / 440 - 1, 12);
    // Max: 544 days from the day before the buy; the money-weighted return runs from the buy itself (543 days).
    expect(max!.twr).toBeCloseTo(0.32, 12);
    expect(max!.twrAnnualized).toBeCloseTo(1.32 ** (365 / 544) - 1, 12);
    expect(max!.mwr).toBeCloseTo(0.32, 9);
    expect(max!.mwrAnnualized).toBeCloseTo(1.32 ** (365 / 543) - 1, 9);
    expect(max!.benchmarkTwr).toBeCloseTo(480 / 380 - 1, 12);
  });

  it('leaves out a period that starts before the history (it would be Max), and a benchmark without a figure', () => {
    const young = inputOf(
      [activityOf('buy', '2024-03-01', { symbol: 'X', quantity: '10', price: '100' })],
      { X: { '2024-03-01': 100, '2024-06-28': 90 } },
      '2024-06-28',
    );
    const late = { symbol: 'SPY', closes: seriesOf({ '2024-04-01': 500, '2024-06-28': 520 }) };
    const facts = factsOf(young, late);
    expect(facts?.firstActivityDate).toBe('2024-03-01');
    expect(facts?.periods).toHaveLength(1);
    expect(facts?.periods[0]).toMatchObject({
      range: 'MAX',
      start: '2024-02-29',
      end: '2024-06-28',
      twrAnnualized: null,
      mwrAnnualized: null,
      benchmarkTwr: null,
      benchmarkTwrAnnualized: null,
    });
    expect(facts?.periods[0]?.twr).toBeCloseTo(-0.1, 12);
    expect(factsOf(young)?.periods[0]?.benchmarkTwr).toBeNull();
  });

  it('is null without Max', () => {
    expect(returnsFactsOf([], { currency: 'USD', benchmarkSymbol: 'SPY' })).toBeNull();
  });
});
