import { describe, expect, it } from 'vitest';
import { toDayNumber } from '../calendar';
import { nextUniform, seedRandom } from '../market-simulator/random';
import { solveMoneyWeightedReturn, type DatedAmount } from './money-weighted';
import { bisectRoot } from './test-activities';

const flowsOf = (rows: ReadonlyArray<readonly [string, number]>): DatedAmount[] =>
  rows.map(([date, amount]) => ({ day: toDayNumber(date), amount }));

/**
 * An independent computation: bisection on Excel's own equation, Σ amount / (1 + r)^((day − first day) / 365),
 * for the annual rate r in (−0.99, 100). Only for flows with one sign change (one root).
 */
function bisectAnnualRate(flows: readonly DatedAmount[]): number {
  const first = Math.min(...flows.map((flow) => flow.day));
  return bisectRoot(
    (rate) => flows.reduce((sum, flow) => sum + flow.amount / (1 + rate) ** ((flow.day - first) / 365), 0),
    -0.99,
    100,
  );
}

describe('solveMoneyWeightedReturn', () => {
  it("gives Excel's XIRR example: 0.373362535", () => {
    // Microsoft's XIRR documentation (support.microsoft.com, "XIRR function"): the example's answer, 37.34 %.
    const outcome = solveMoneyWeightedReturn(
      flowsOf([
        ['2008-01-01', -10_000],
        ['2008-03-01', 2_750],
        ['2008-10-30', 4_250],
        ['2009-02-15', 3_250],
        ['2009-04-01', 2_750],
      ]),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    // Excel shows 9 decimals of 0.3733625335…
    expect(outcome.annualized).toBeCloseTo(0.373362535, 8);
    expect(outcome.days).toBe(456);
    // The period's growth is the same rate over 456 days.
    expect(outcome.periodReturn).toBeCloseTo(1.3733625335 ** (456 / 365) - 1, 9);
  });

  it('gives 10 % for 100 in and 110 out a year later, and the period return of a shorter span', () => {
    const year = solveMoneyWeightedReturn(
      flowsOf([
        ['2023-01-01', -100],
        ['2024-01-01', 110],
      ]),
    );
    expect(year).toMatchObject({ ok: true, days: 365 });
    if (year.ok) {
      expect(year.periodReturn).toBeCloseTo(0.1, 12);
      expect(year.annualized).toBeCloseTo(0.1, 12);
    }
    // 1 % in one day: the period's growth is in range even though its annual rate is 3,678 %.
    const day = solveMoneyWeightedReturn(
      flowsOf([
        ['2024-03-01', -100],
        ['2024-03-02', 101],
      ]),
    );
    if (!day.ok) throw new Error(day.reason);
    expect(day.periodReturn).toBeCloseTo(0.01, 12);
    expect(day.annualized).toBeCloseTo(1.01 ** 365 - 1, 6);
  });

  it('measures to the end day given when the last flow is earlier (everything withdrawn before the end)', () => {
    const outcome = solveMoneyWeightedReturn(
      [
        { day: 0, amount: -100 },
        { day: 100, amount: 121 },
      ],
      200,
    );
    if (!outcome.ok) throw new Error(outcome.reason);
    // 21 % over the first half of the span: 1.21² − 1 over the whole of it.
    expect(outcome.periodReturn).toBeCloseTo(1.21 ** 2 - 1, 10);
  });

  it.each([
    ['no flows', [], 'NO_FLOWS'],
    [
      'all on one day',
      [
        [5, -100],
        [5, 100],
      ],
      'NO_FLOWS',
    ],
    [
      'nothing out',
      [
        [0, -100],
        [9, 0],
      ],
      'NO_FLOWS',
    ],
    [
      'every flow in',
      [
        [0, -100],
        [9, -5],
      ],
      'NO_SIGN_CHANGE',
    ],
  ] as const)('says when no rate exists: %s', (_, rows, reason) => {
    const flows = rows.map(([day, amount]) => ({ day, amount }));
    expect(solveMoneyWeightedReturn(flows)).toEqual({ ok: false, reason });
  });

  it('says when the rate is not unique (the textbook −100, +230, −132: both 10 % and 20 % a half-period)', () => {
    // Brealey & Myers' two-IRR project in half-period steps: (1 + g)^½ = 1.1 and 1.2 both balance it.
    expect(
      solveMoneyWeightedReturn([
        { day: 0, amount: -100 },
        { day: 100, amount: 230 },
        { day: 200, amount: -132 },
      ]),
    ).toEqual({ ok: false, reason: 'NOT_UNIQUE' });
  });

  it('agrees with bisection on Excel’s equation for 300 seeded random investments (to 0.01 percentage point)', () => {
    seedRandom(28, 0, 0);
    for (let run = 0; run < 300; run++) {
      const flows: DatedAmount[] = [];
      let day = 0;
      const count = 1 + Math.floor(nextUniform() * 12);
      let invested = 0;
      for (let i = 0; i < count; i++) {
        const amount = 100 + nextUniform() * 10_000;
        invested += amount;
        flows.push({ day, amount: -amount });
        day += 1 + Math.floor(nextUniform() * 200);
      }
      // Out at the end, a year or more after the last flow in: between a 60 % loss and a 150 % gain on it all.
      day += 365;
      flows.push({ day, amount: invested * (0.4 + nextUniform() * 2.1) });
      const outcome = solveMoneyWeightedReturn(flows);
      if (!outcome.ok) throw new Error(`run ${run}: ${outcome.reason}`);
      expect(Math.abs(outcome.annualized - bisectAnnualRate(flows)), `run ${run}`).toBeLessThan(1e-4);
    }
  });
});
