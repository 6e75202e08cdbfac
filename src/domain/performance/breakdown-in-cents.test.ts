import { describe, expect, it } from 'vitest';
import { seedRandom } from '../market-simulator/random';
import { Decimal } from '../paper-trading';
import { roundMoneyToCents, roundToTotal, type PeriodMoney } from './breakdown-in-cents';
import { computePerformance } from './performance';
import { randomHistory } from './random-history';
import { inputOf } from './test-activities';

const decimals = (...values: string[]) => values.map((value) => new Decimal(value));
const texts = (values: readonly Decimal[]) => values.map((value) => value.toFixed(2));

describe('roundToTotal: the largest remainder', () => {
  it('rounds each value down, then gives the missing cents to the largest remainders', () => {
    // 1.334 + 1.333 + 1.333 = 4.00; each to the nearest cent would make 3.99.
    expect(texts(roundToTotal(decimals('1.334', '1.333', '1.333'), new Decimal('4'), 2))).toEqual([
      '1.34',
      '1.33',
      '1.33',
    ]);
    // Where rounding each to the nearest cent adds up, it is the same answer.
    expect(texts(roundToTotal(decimals('1.234', '5.678'), new Decimal('6.91'), 2))).toEqual(['1.23', '5.68']);
  });

  it('breaks ties in the order given', () => {
    expect(texts(roundToTotal(decimals('0.005', '0.005'), new Decimal('0.01'), 2))).toEqual(['0.01', '0.00']);
    expect(roundToTotal(decimals('1.5', '2.5'), new Decimal('4'), 0).map(Number)).toEqual([2, 2]);
  });

  it('rounds negative values down too (towards minus infinity)', () => {
    // Floors −0.34 each (−1.02): the two largest remainders, 0.007 and 0.007, take the 2 cents back.
    expect(texts(roundToTotal(decimals('-0.333', '-0.333', '-0.334'), new Decimal('-1'), 2))).toEqual([
      '-0.33',
      '-0.33',
      '-0.34',
    ]);
  });

  it('leaves a whole value alone: the values with a remainder take any cents beyond one each', () => {
    expect(texts(roundToTotal(decimals('10', '0.004'), new Decimal('10.01'), 2))).toEqual(['10.00', '0.01']);
    expect(texts(roundToTotal(decimals('10', '0.004'), new Decimal('10.02'), 2))).toEqual(['10.00', '0.02']);
    expect(texts(roundToTotal(decimals('10', '0.004'), new Decimal('9.99'), 2))).toEqual(['10.00', '-0.01']);
    // Three cents over two values with remainders: a round each, then the largest remainder's.
    expect(texts(roundToTotal(decimals('5', '0.002', '0.004'), new Decimal('5.03'), 2))).toEqual([
      '5.00',
      '0.01',
      '0.02',
    ]);
    // Two cents too many: taken from the smallest remainder first.
    expect(texts(roundToTotal(decimals('0.002', '0.004', '7'), new Decimal('6.99'), 2))).toEqual([
      '-0.01',
      '0.00',
      '7.00',
    ]);
  });

  it('gives the first value the difference when every value is whole', () => {
    expect(texts(roundToTotal(decimals('1', '2'), new Decimal('3.01'), 2))).toEqual(['1.01', '2.00']);
    expect(texts(roundToTotal(decimals('1', '2'), new Decimal('3'), 2))).toEqual(['1.00', '2.00']);
  });

  it('refuses a total that is not a whole number of units, and no values', () => {
    expect(() => roundToTotal(decimals('1'), new Decimal('1.005'), 2)).toThrow('not a multiple of 0.01');
    expect(() => roundToTotal([], new Decimal('0'), 2)).toThrow('at least one value');
  });
});

/** Both identities of the breakdown, in whole cents. */
function expectIdentities(money: PeriodMoney, label = '') {
  const { breakdown: b } = money;
  const parts = [b.price, b.dividends, b.interest, b.fees, b.taxes, b.currency];
  const change = money.endValue.minus(money.startValue).minus(money.netFlows);
  expect(Decimal.sum(...parts).equals(change), `${label} change`).toBe(true);
  expect(
    b.realized.plus(b.unrealized).equals(b.price.plus(b.currency).plus(b.tradeFees)),
    `${label} gains`,
  ).toBe(true);
  for (const value of [money.startValue, money.endValue, money.netFlows, ...Object.values(b)]) {
    expect(value.decimalPlaces(), `${label} ${value.toString()}`).toBeLessThanOrEqual(2);
  }
}

describe('roundMoneyToCents', () => {
  it('keeps both identities to the cent where rounding each figure alone would not', () => {
    // Deposit 1,000; buy 0.005 at 100 with a fee of 0.333; sell 0.002 at 99; a dividend of 0.125; 0.003 left at 121
    // (routes.test.ts prices the same history through the API). Each part alone to the nearest cent: 0.06 + 0.13 −
    // 0.33 = −0.14, not 999.85 − 1,000 = −0.15; and realized + unrealized −0.14 − 0.14 = −0.28, not 0.06 − 0.33.
    const exact: PeriodMoney = {
      startValue: new Decimal('0'),
      endValue: new Decimal('999.853'),
      netFlows: new Decimal('1000'),
      breakdown: {
        price: new Decimal('0.061'),
        currency: new Decimal('0'),
        dividends: new Decimal('0.125'),
        interest: new Decimal('0'),
        fees: new Decimal('-0.333'),
        taxes: new Decimal('0'),
        tradeFees: new Decimal('-0.333'),
        realized: new Decimal('-0.1352'),
        unrealized: new Decimal('-0.1368'),
      },
    };
    const rounded = roundMoneyToCents(exact);
    expectIdentities(rounded);
    expect([rounded.startValue, rounded.endValue, rounded.netFlows].map(Number)).toEqual([0, 999.85, 1000]);
    // Floors 0.06, 0.12, −0.34 (−0.16): the missing cent goes to the fees (remainder 0.007, then 0.005 and 0.001),
    // all of them trade fees.
    // Realized and unrealized share 0.06 − 0.33 = −0.27: floors −0.14 and −0.14, the cent to realized (0.0048).
    expect(
      Object.fromEntries(Object.entries(rounded.breakdown).map(([key, value]) => [key, value.toFixed(2)])),
    ).toEqual({
      price: '0.06',
      currency: '0.00',
      dividends: '0.12',
      interest: '0.00',
      fees: '-0.33',
      taxes: '0.00',
      tradeFees: '-0.33',
      realized: '-0.13',
      unrealized: '-0.14',
    });
  });

  it('shares the rounded fees between trade fees and the others, so that both identities hold', () => {
    // Fees −3.335 of which trades −1.115 (the account's −2.22); taxes −0.505, currency 0.333, interest 0.004.
    const exact: PeriodMoney = {
      startValue: new Decimal('100.004'),
      endValue: new Decimal('200.006'),
      netFlows: new Decimal('50'),
      breakdown: {
        price: new Decimal('53.505'),
        currency: new Decimal('0.333'),
        dividends: new Decimal('0'),
        interest: new Decimal('0.004'),
        fees: new Decimal('-3.335'),
        taxes: new Decimal('-0.505'),
        tradeFees: new Decimal('-1.115'),
        realized: new Decimal('10.0005'),
        unrealized: new Decimal('42.7225'),
      },
    };
    const rounded = roundMoneyToCents(exact);
    expectIdentities(rounded);
    // The parts share 200.01 − 100.00 − 50 = 50.01 (each to its nearest cent: 53.51 + 0.33 − 3.34 − 0.51 = 49.99).
    // Floors: price 53.50, interest 0.00, fees −3.34, taxes −0.51, currency 0.33 (49.98); the 3 cents to the
    // remainders 0.005 (price, fees, taxes, in that order) before 0.004 and 0.003. Trade fees and the others share
    // −3.33: floors −1.12 and −2.22, the cent to trade fees. Then realized and unrealized share 53.51 + 0.33 − 1.11
    // = 52.73: floors 10.00 and 42.72, the cent to the remainder 0.0025.
    expect([rounded.startValue, rounded.endValue, rounded.netFlows].map(Number)).toEqual([100, 200.01, 50]);
    const b = rounded.breakdown;
    expect(
      [b.price, b.currency, b.interest, b.fees, b.taxes, b.tradeFees, b.realized, b.unrealized].map(Number),
    ).toEqual([53.51, 0.33, 0, -3.33, -0.5, -1.11, 10, 42.73]);
  });

  it('keeps both identities on random histories, each part within a cent or two of its exact figure', () => {
    seedRandom(4500, 0, 0);
    let moved = 0;
    for (let run = 0; run < 40; run++) {
      const withCash = run % 2 === 0;
      const withEuro = run % 4 < 2;
      const history = randomHistory(withCash, withEuro);
      const input = inputOf(history.activities, history.closes, history.asOf, withEuro ? history.rates : {});
      const outcome = computePerformance(input, [
        { range: 'MAX' },
        { range: 'CUSTOM', from: '2024-02-10', to: '2024-04-20' },
      ]);
      if (!outcome.ok) throw new Error(outcome.message);
      for (const period of outcome.periods) {
        if (!period.ok) throw new Error(period.message);
        const exact = period.performance;
        const rounded = roundMoneyToCents(exact);
        expectIdentities(rounded, `run ${run}`);
        for (const key of Object.keys(exact.breakdown) as (keyof PeriodMoney['breakdown'])[]) {
          const off = rounded.breakdown[key].minus(exact.breakdown[key]).abs();
          expect(off.lessThan('0.02'), `run ${run} ${key} ${off.toString()}`).toBe(true);
          if (off.greaterThanOrEqualTo('0.005')) moved++;
        }
      }
    }
    // Not every part is simply its nearest cent: the identities move some of them.
    expect(moved).toBeGreaterThan(0);
  });
});
