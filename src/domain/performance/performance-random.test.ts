/**
 * Property tests: seeded random histories (with and without recorded cash, in one currency and two) against an
 * independent computation written another way: each day's value by replaying every activity up to it from
 * scratch, and the time-weighted return by the unit-value method (units bought and sold at the day's unit price)
 * instead of linking daily returns; the money-weighted return by bisection. Within 0.01 percentage point.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../calendar';
import { seedRandom } from '../market-simulator/random';
import { computePerformance } from './performance';
import type { PeriodRequest } from './periods';
import { DAYS, FIRST_DAY, randomHistory, type RandomHistory } from './random-history';
import { bisectRoot, inputOf } from './test-activities';

const TOLERANCE = 1e-4;

/** The last value of a dated record on or before `date`, walking back a day at a time. */
function lastOnOrBefore(points: Record<string, number> | undefined, date: string): number | undefined {
  for (let day = date; day >= FIRST_DAY; day = addDays(day, -1)) {
    const value = points?.[day];
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * The naive valuation: for each day, every activity up to it replayed from nothing (quantities and cash per
 * currency), valued at the closes and rates; and each day's external flows in and out, from a table of which
 * activity moves money across the portfolio's edge.
 */
function naiveDays(history: RandomHistory, withCash: boolean) {
  const rateOn = (currency: string, date: string) =>
    currency === 'USD' ? 1 : (lastOnOrBefore(history.rates[currency], date) as number);
  const days: { date: string; value: number; inflow: number; outflow: number }[] = [];
  for (let day = -1; day < DAYS; day++) {
    const date = addDays(FIRST_DAY, day);
    const shares = new Map<string, { quantity: number; currency: string }>();
    const cash = new Map<string, number>();
    let inflow = 0;
    let outflow = 0;
    for (const activity of history.activities.filter((a) => a.date <= date)) {
      const amount = Number(activity.amount ?? 0);
      const fee = Number(activity.fee ?? 0);
      const gross = Number(activity.quantity ?? 0) * Number(activity.price ?? 0);
      const symbol = activity.symbol ?? '';
      const position = shares.get(symbol) ?? { quantity: 0, currency: activity.currency };
      // The cash an activity brings into the portfolio (negative: takes out).
      const cashIn = {
        deposit: amount,
        withdrawal: -amount,
        dividend: amount,
        interest: amount,
        fee: -amount,
        tax: -amount,
        buy: -gross - fee,
        sell: gross - fee,
        split: 0,
        transfer_in: -fee,
        transfer_out: -fee,
      }[activity.type];
      if (activity.type === 'buy') position.quantity += Number(activity.quantity);
      if (activity.type === 'sell') position.quantity -= Number(activity.quantity);
      if (activity.type === 'split') position.quantity *= Number(activity.quantity);
      if (symbol) shares.set(symbol, position);
      // With cash, money stays in; without, each activity's cash crosses the edge: a flow the other way.
      const external = withCash
        ? activity.type === 'deposit' || activity.type === 'withdrawal'
          ? cashIn
          : 0
        : -cashIn;
      if (withCash) cash.set(activity.currency, (cash.get(activity.currency) ?? 0) + cashIn);
      if (activity.date === date) {
        const inBase = external * rateOn(activity.currency, date);
        // Money in to be invested at the day's start; the rest (a fee paid from outside too) at its end.
        if (['deposit', 'buy', 'transfer_in'].includes(activity.type)) inflow += inBase;
        else outflow -= inBase;
      }
    }
    let value = 0;
    for (const [symbol, position] of shares) {
      value +=
        position.quantity *
        (lastOnOrBefore(history.closes[symbol], date) ?? 0) *
        rateOn(position.currency, date);
    }
    for (const [currency, balance] of cash) value += balance * rateOn(currency, date);
    days.push({ date, value, inflow, outflow });
  }
  return days;
}

/** Unit-value method: in at the start of a day buys units at yesterday's unit price, out at its end sells at today's. */
function unitPrices(days: ReturnType<typeof naiveDays>): Map<string, number> {
  const prices = new Map<string, number>([[days[0]?.date as string, 1]]);
  let units = 0;
  let price = 1;
  for (let i = 1; i < days.length; i++) {
    const { date, value, inflow, outflow } = days[i] as (typeof days)[number];
    const before = (days[i - 1] as (typeof days)[number]).value;
    if (before < 1e-6) units = 0;
    const startPrice = units > 0 ? before / units : price;
    units += inflow / startPrice;
    if (units > 0) {
      price = (value + outflow) / units;
      units -= outflow / price;
    }
    prices.set(date, price);
  }
  return prices;
}

/** The period's growth g of investor flows by bisection on Σ amount × (1 + g)^(−t), t the share of the period. */
function bisectPeriodReturn(flows: { day: number; amount: number }[], days: number): number {
  const first = flows[0]?.day ?? 0;
  return bisectRoot(
    (g) => flows.reduce((sum, flow) => sum + flow.amount * (1 + g) ** (-(flow.day - first) / days), 0),
    -0.99,
    10,
  );
}

describe.each([
  { withCash: true, withEuro: false },
  { withCash: false, withEuro: false },
  { withCash: true, withEuro: true },
  { withCash: false, withEuro: true },
])(
  'computePerformance on random histories (cash recorded: $withCash, euro: $withEuro)',
  ({ withCash, withEuro }) => {
    it('agrees with the unit-value method and bisection, and its breakdown adds up exactly', () => {
      seedRandom(2800 + Number(withCash) * 2 + Number(withEuro), 0, 0);
      for (let run = 0; run < 15; run++) {
        const history = randomHistory(withCash, withEuro);
        const input = inputOf(
          history.activities,
          history.closes,
          history.asOf,
          withEuro ? history.rates : {},
        );
        const requests: PeriodRequest[] = [
          { range: 'MAX' },
          { range: 'CUSTOM', from: '2024-02-10', to: '2024-04-20' },
        ];
        const outcome = computePerformance(input, requests);
        if (!outcome.ok) throw new Error(outcome.message);
        const days = naiveDays(history, withCash);
        const prices = unitPrices(days);
        for (const period of outcome.periods) {
          if (!period.ok) throw new Error(period.message);
          const { performance } = period;
          const { start, end } = performance.period;
          const label = `run ${run} ${start}..${end}`;
          const naiveTwr = (prices.get(end) as number) / (prices.get(start) as number) - 1;
          expect(
            Math.abs(performance.twr - naiveTwr),
            `${label} ${performance.twr} ${naiveTwr}`,
          ).toBeLessThan(TOLERANCE);
          const startDay = days.find((day) => day.date === start) as (typeof days)[number];
          const endDay = days.find((day) => day.date === end) as (typeof days)[number];
          expect(performance.endValue.toNumber(), label).toBeCloseTo(endDay.value, 6);
          expect(performance.startValue.toNumber(), label).toBeCloseTo(startDay.value, 6);

          const b = performance.breakdown;
          const parts = [b.price, b.currency, b.dividends, b.interest, b.fees, b.taxes];
          const sum = parts.reduce((total, part) => total.plus(part), performance.netFlows);
          expect(sum.equals(performance.endValue.minus(performance.startValue)), label).toBe(true);
          expect(
            b.realized.plus(b.unrealized).equals(b.price.plus(b.currency).plus(b.tradeFees)),
            label,
          ).toBe(true);
          if (!withEuro) expect(b.currency.isZero(), label).toBe(true);

          // With cash and only deposits, the flows change sign once: a single money-weighted return.
          if (!withCash) continue;
          const flows = [{ day: 0, amount: -startDay.value }];
          const startIndex = days.indexOf(startDay);
          const endIndex = days.indexOf(endDay);
          for (let i = startIndex + 1; i <= endIndex; i++) {
            const day = days[i] as (typeof days)[number];
            flows.push({ day: i - startIndex, amount: day.outflow - day.inflow });
          }
          flows.push({ day: endIndex - startIndex, amount: endDay.value });
          const invested = flows.filter((flow) => flow.amount !== 0);
          const span = endIndex - startIndex - (invested[0]?.day ?? 0);
          expect(performance.mwr.unavailable, label).toBeNull();
          expect(
            Math.abs((performance.mwr.periodReturn as number) - bisectPeriodReturn(invested, span)),
            label,
          ).toBeLessThan(TOLERANCE);
        }
      }
    });
  },
);
