import { describe, expect, it } from 'vitest';
import { computePerformance, type BenchmarkInput, type PeriodPerformance } from './performance';
import type { PeriodRequest } from './periods';
import { activityOf, bisectRoot, inputOf, seriesOf } from './test-activities';
import type { PerformanceInput } from './valuation';

function performanceOf(
  input: PerformanceInput,
  request: PeriodRequest = { range: 'MAX' },
  benchmark?: BenchmarkInput,
): PeriodPerformance {
  const outcome = computePerformance(input, [request], benchmark);
  if (!outcome.ok) throw new Error(outcome.message);
  const period = outcome.periods[0];
  if (!period?.ok) throw new Error(period?.message ?? 'no period');
  return period.performance;
}

/** The breakdown's parts as text, with the two identities checked exactly. */
function breakdownOf(performance: PeriodPerformance): Record<string, string> {
  const { breakdown: b, startValue, endValue, netFlows } = performance;
  const sum = netFlows
    .plus(b.price)
    .plus(b.currency)
    .plus(b.dividends)
    .plus(b.interest)
    .plus(b.fees)
    .plus(b.taxes);
  expect(sum.equals(endValue.minus(startValue)), 'change = flows + parts').toBe(true);
  expect(b.realized.plus(b.unrealized).equals(b.price.plus(b.currency).plus(b.tradeFees)), 'realized').toBe(
    true,
  );
  return Object.fromEntries(Object.entries(b).map(([key, value]) => [key, value.toString()]));
}

const ZERO_PARTS = {
  price: '0',
  currency: '0',
  dividends: '0',
  interest: '0',
  fees: '0',
  taxes: '0',
  tradeFees: '0',
  realized: '0',
  unrealized: '0',
};

describe('computePerformance: textbook time-weighted return', () => {
  it('links the sub-periods of a contribution and a withdrawal: 18.78 %', () => {
    // The classic two-flow example (e.g. mathcelebrity.com's time-weighted return calculator): 100,000 on
    // January 1, worth 112,000 on March 1, then 30,000 in; worth 125,000 on August 1, then 42,000 out; worth
    // 100,000 on January 1 of the next year. TWR = 112/100 × 125/142 × 100/83 − 1 = 18.78 %. Here as a history
    // with cash: the flows fall on the day after each valuation, at an unchanged close.
    const input = inputOf(
      [
        activityOf('deposit', '2023-01-01', { amount: '100000' }),
        activityOf('buy', '2023-01-01', { symbol: 'X', quantity: '1000', price: '100' }),
        activityOf('deposit', '2023-03-02', { amount: '30000' }),
        activityOf('buy', '2023-03-02', { symbol: 'X', quantity: '250', price: '112' }),
        activityOf('sell', '2023-08-02', { symbol: 'X', quantity: '450', price: '98.4' }),
        activityOf('withdrawal', '2023-08-02', { amount: '42000' }),
      ],
      {
        X: {
          '2023-01-01': 100,
          '2023-03-01': 112,
          '2023-03-02': 112,
          '2023-08-01': 98.4,
          '2023-08-02': 98.4,
          '2024-01-01': 119.65,
        },
      },
      '2024-01-01',
    );
    const performance = performanceOf(input);
    expect(performance.twr).toBeCloseTo((1.12 * (125 / 142) * 100) / 83 - 1, 12);
    expect(performance.twr).toBeCloseTo(0.1878, 4);
    // 366 days: annualized, barely.
    expect(performance.days).toBe(366);
    expect(performance.twrAnnualized).toBeCloseTo((1 + performance.twr) ** (365 / 366) - 1, 12);
    expect(
      performance.series.filter((point) => ['2023-03-01', '2023-08-01'].includes(point.date)),
    ).toMatchObject([
      { value: expect.closeTo(112_000, 6), netInvested: 100_000, cash: 0 },
      { value: expect.closeTo(125_000, 6), netInvested: 130_000, cash: 2_000 },
    ]);
    expect(performance.endValue.toString()).toBe('100000');
    expect(performance.netFlows.toString()).toBe('88000');
    // 800 shares at 119.65 and 4,280 cash; the 450 sold at 98.4 cost their average, 102.4 (128,000 / 1,250).
    expect(breakdownOf(performance)).toEqual({
      ...ZERO_PARTS,
      price: '12000',
      realized: '-1800',
      unrealized: '13800',
    });
  });
});

describe('computePerformance: hand-worked histories', () => {
  it('a deposit mid-period kept as cash: the day it comes in has no return', () => {
    const input = inputOf(
      [
        activityOf('deposit', '2024-01-01', { amount: '1000' }),
        activityOf('buy', '2024-01-01', { symbol: 'AAA', quantity: '10', price: '100' }),
        activityOf('deposit', '2024-01-03', { amount: '1100' }),
      ],
      { AAA: { '2024-01-01': 100, '2024-01-02': 110, '2024-01-03': 110, '2024-01-04': 121 } },
      '2024-01-04',
    );
    const performance = performanceOf(input);
    expect(performance.series.map((point) => [point.date, point.value])).toEqual([
      ['2023-12-31', 0],
      ['2024-01-01', 1000],
      ['2024-01-02', 1100],
      ['2024-01-03', 2200],
      ['2024-01-04', 2310],
    ]);
    expect(performance.series.map((point) => point.twrIndex)).toEqual(
      [1, 1, 1.1, 1.1, 1.155].map((index) => expect.closeTo(index, 12)),
    );
    expect(performance.twr).toBeCloseTo(0.155, 12);
    expect(performance.twrAnnualized).toBeNull();
    // −1000 on the first day, −1100 two days later, +2310 the day after (by bisection elsewhere: 15.5655 %).
    expect(performance.mwr.periodReturn).toBeCloseTo(0.1556554, 6);
    expect(breakdownOf(performance)).toEqual({ ...ZERO_PARTS, price: '210', unrealized: '210' });
    // The same period asked from a year before the history: the same figures, and said.
    const early = performanceOf(input, { range: 'CUSTOM', from: '2023-01-01', to: '2024-01-04' });
    expect(early.period).toMatchObject({ start: '2023-12-31', startsBeforeHistory: true });
    expect(early.twr).toBe(performance.twr);
  });

  it('a full sale and a re-buy without recorded cash: each trade is a flow', () => {
    const input = inputOf(
      [
        activityOf('buy', '2024-01-01', { symbol: 'AAA', quantity: '10', price: '100' }),
        activityOf('sell', '2024-01-02', { symbol: 'AAA', quantity: '10', price: '120' }),
        activityOf('buy', '2024-01-03', { symbol: 'AAA', quantity: '12', price: '100' }),
      ],
      { AAA: { '2024-01-01': 100, '2024-01-02': 120, '2024-01-03': 100, '2024-01-04': 110 } },
      '2024-01-04',
    );
    const performance = performanceOf(input);
    expect(performance.twr).toBeCloseTo(1.2 * 1.1 - 1, 12);
    expect(performance.series.map((point) => point.netInvested)).toEqual([0, 1000, -200, 1000, 1000]);
    expect(performance.netFlows.toString()).toBe('1000');
    expect(breakdownOf(performance)).toEqual({
      ...ZERO_PARTS,
      price: '320',
      realized: '200',
      unrealized: '120',
    });
    // −1000, +1200, −1200, +1320 on four days in a row: one root (by bisection elsewhere: 53.0967 %).
    expect(performance.mwr.periodReturn).toBeCloseTo(0.5309672, 6);
  });

  it('a split: twice the shares at half the price is no gain', () => {
    const input = inputOf(
      [
        activityOf('buy', '2024-01-01', { symbol: 'AAA', quantity: '10', price: '100', fee: '1' }),
        activityOf('split', '2024-01-02', { symbol: 'AAA', quantity: '2' }),
      ],
      { AAA: { '2024-01-01': 100, '2024-01-02': 50, '2024-01-03': 55 } },
      '2024-01-03',
    );
    const performance = performanceOf(input);
    expect(performance.series.map((point) => point.value)).toEqual([0, 1000, 1000, 1100]);
    // The fee is paid on the first day: 1001 in, 1000 held.
    expect(performance.twr).toBeCloseTo((1000 / 1001) * 1.1 - 1, 12);
    expect(breakdownOf(performance)).toEqual({
      ...ZERO_PARTS,
      price: '100',
      fees: '-1',
      tradeFees: '-1',
      unrealized: '99',
    });
  });

  it('a dividend reinvested: the dividend is income and the shares it bought gain with the others', () => {
    const input = inputOf(
      [
        activityOf('deposit', '2024-01-01', { amount: '1000' }),
        activityOf('buy', '2024-01-01', { symbol: 'AAA', quantity: '10', price: '100' }),
        activityOf('dividend', '2024-01-02', { symbol: 'AAA', amount: '20' }),
        activityOf('buy', '2024-01-02', { symbol: 'AAA', quantity: '0.2', price: '100' }),
      ],
      { AAA: { '2024-01-01': 100, '2024-01-02': 100, '2024-01-03': 110 } },
      '2024-01-03',
    );
    const performance = performanceOf(input);
    expect(performance.twr).toBeCloseTo(1.02 * 1.1 - 1, 12);
    expect(performance.endValue.toString()).toBe('1122');
    expect(breakdownOf(performance)).toEqual({
      ...ZERO_PARTS,
      price: '102',
      dividends: '20',
      unrealized: '102',
    });
  });

  it('a currency move at a flat price: all of the gain is currency', () => {
    const input = inputOf(
      [activityOf('buy', '2024-01-01', { symbol: 'SAP.DE', quantity: '10', price: '100', currency: 'EUR' })],
      { 'SAP.DE': { '2024-01-01': 100, '2024-01-02': 100 } },
      '2024-01-02',
      { EUR: { '2024-01-01': 1.1, '2024-01-02': 1.21 } },
    );
    const performance = performanceOf(input);
    expect(performance.twr).toBeCloseTo(0.1, 12);
    expect(performance.netFlows.toString()).toBe('1100');
    expect(breakdownOf(performance)).toEqual({ ...ZERO_PARTS, currency: '110', unrealized: '110' });
  });

  it('interest, fees and taxes with recorded cash, and cash held in another currency', () => {
    const input = inputOf(
      [
        activityOf('deposit', '2024-01-01', { amount: '1000' }),
        activityOf('buy', '2024-01-01', { symbol: 'AAA', quantity: '5', price: '100', fee: '1' }),
        activityOf('interest', '2024-01-02', { amount: '2' }),
        activityOf('tax', '2024-01-02', { amount: '0.5' }),
        activityOf('fee', '2024-01-02', { amount: '3' }),
        activityOf('deposit', '2024-01-02', { amount: '100', currency: 'EUR' }),
      ],
      { AAA: { '2024-01-01': 100, '2024-01-02': 104 } },
      '2024-01-03',
      { EUR: { '2024-01-02': 1.1, '2024-01-03': 1.2 } },
    );
    const performance = performanceOf(input);
    // USD cash 1000 − 501 + 2 − 0.5 − 3 = 497.5, shares 520, EUR 100 at 1.2.
    expect(performance.endValue.toString()).toBe('1137.5');
    expect(performance.netFlows.toString()).toBe('1110');
    expect(breakdownOf(performance)).toEqual({
      ...ZERO_PARTS,
      price: '20',
      currency: '10',
      interest: '2',
      fees: '-4',
      tradeFees: '-1',
      taxes: '-0.5',
      // The shares' gain over their cost (501), and the euro cash's currency effect.
      unrealized: '29',
    });
    expect(performance.series.at(-1)?.cash).toBeCloseTo(617.5, 10);
  });
});

describe('computePerformance: benchmark, days without a price, and what it refuses', () => {
  const history = [
    activityOf('buy', '2024-01-01', { symbol: 'AAA', quantity: '10', price: '100' }),
    activityOf('buy', '2024-01-03', { symbol: 'AAA', quantity: '10', price: '100' }),
  ];
  const closes = { AAA: { '2024-01-01': 100, '2024-01-02': 100, '2024-01-03': 100, '2024-01-04': 100 } };

  it('measures the benchmark over the period, and what the same flows would have made in it', () => {
    const benchmark = {
      symbol: 'SPY',
      closes: seriesOf({ '2023-12-29': 400, '2024-01-02': 440, '2024-01-04': 484 }),
    };
    const performance = performanceOf(inputOf(history, closes, '2024-01-04'), { range: 'MAX' }, benchmark);
    expect(performance.twr).toBeCloseTo(0, 12);
    expect(performance.benchmark).toMatchObject({ symbol: 'SPY', ok: true, twr: expect.closeTo(0.21, 12) });
    // 1000 at 400 (2.5 units) and 1000 at 440 (the close before the day it came in: 2.2727 units), worth 484 each.
    const units = 1000 / 400 + 1000 / 440;
    const end = units * 484;
    expect(performance.series.map((point) => point.benchmarkIndex)).toEqual([1, 1, 1.1, 1.1, 1.21]);
    // Independent: −1000 on day 1, −1000 on day 3, +end on day 4, by bisection.
    const npv = (g: number) => -1000 - 1000 * (1 + g) ** (-2 / 3) + end * (1 + g) ** -1;
    if (!performance.benchmark?.ok) throw new Error('no benchmark');
    expect(performance.benchmark.mwr.periodReturn).toBeCloseTo(bisectRoot(npv, 0, 1), 8);
  });

  it('says when the benchmark has no close at the start', () => {
    const benchmark = { symbol: 'NEW', closes: seriesOf({ '2024-01-03': 10 }) };
    const performance = performanceOf(inputOf(history, closes, '2024-01-04'), { range: 'MAX' }, benchmark);
    expect(performance.benchmark).toEqual({
      symbol: 'NEW',
      ok: false,
      message: 'NEW has no close on or before 2023-12-31.',
    });
    expect(performance.series[0]?.benchmarkIndex).toBeNull();
  });

  it('carries the last close over a weekday without one, and says which', () => {
    const performance = performanceOf(
      inputOf(history, { AAA: { '2024-01-01': 100, '2024-01-04': 100 } }, '2024-01-04'),
    );
    expect(performance.gaps).toEqual([
      { subject: 'AAA', kind: 'carried', from: '2024-01-02', to: '2024-01-03' },
    ]);
    // A weekend inside a run does not break it.
    const later = performanceOf(inputOf(history, { AAA: { '2024-01-01': 100 } }, '2024-01-08'));
    expect(later.gaps).toEqual([{ subject: 'AAA', kind: 'carried', from: '2024-01-02', to: '2024-01-08' }]);
    // Nor is a US market holiday: Good Friday 2024-03-29 between two sessions' closes.
    const holiday = performanceOf(
      inputOf(history, { AAA: { '2024-01-01': 100, '2024-03-28': 110, '2024-04-01': 111 } }, '2024-04-01'),
    );
    expect(holiday.gaps.filter((gap) => gap.from > '2024-03-01')).toEqual([]);
  });

  it('values a symbol without closes at its trade price, and one without any price at 0, and says so', () => {
    const performance = performanceOf(
      inputOf(
        [...history, activityOf('transfer_in', '2024-01-02', { symbol: 'GONE', quantity: '5' })],
        {},
        '2024-01-03',
      ),
    );
    // 2024-01-01 is New Year's Day: no session, so no gap (the trade price is the value all the same).
    expect(performance.gaps).toEqual([
      { subject: 'AAA', kind: 'tradePrice', from: '2024-01-02', to: '2024-01-03' },
      { subject: 'GONE', kind: 'unpriced', from: '2024-01-02', to: '2024-01-03' },
    ]);
    expect(performance.endValue.toString()).toBe('2000');
  });

  it('refuses a currency without rates, a sale of more than is held, and a history that starts later', () => {
    const noRates = computePerformance(
      inputOf(
        [activityOf('buy', '2024-01-01', { symbol: 'V', quantity: '1', price: '5', currency: 'CHF' })],
        {},
        '2024-01-02',
      ),
      [{ range: 'MAX' }],
    );
    expect(noRates).toMatchObject({ ok: false, code: 'NO_FX_RATES' });
    const oversold = computePerformance(
      inputOf(
        [activityOf('sell', '2024-01-01', { symbol: 'V', quantity: '1', price: '5' })],
        {},
        '2024-01-02',
      ),
      [{ range: 'MAX' }],
    );
    expect(oversold).toMatchObject({ ok: false, code: 'INSUFFICIENT_SHARES' });
    expect(computePerformance(inputOf([], {}, '2024-01-02'), [{ range: 'MAX' }])).toMatchObject({
      ok: false,
      code: 'NO_HISTORY',
    });
    const before = computePerformance(inputOf(history, closes, '2024-01-04'), [
      { range: 'CUSTOM', from: '2023-01-01', to: '2023-06-30' },
      { range: 'MTD' },
    ]);
    expect(before.ok && before.periods.map((period) => (period.ok ? 'ok' : period.code))).toEqual([
      'BEFORE_HISTORY',
      'ok',
    ]);
  });
});
