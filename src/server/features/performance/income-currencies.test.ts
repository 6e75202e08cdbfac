/**
 * Dividend income and realised gains by year across currencies (issue 28 items 3, 4 and 6; docs/performance.md):
 * euro and dollar payments and trades, answered in USD and in EUR at a vendor's daily EURUSD rates (stored under
 * `FX:EURUSD` by the market-data surface), each payment and trade at its day's rate, today's values at the latest;
 * a currency nobody gives rates for is named, never guessed. Every figure is worked by hand below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOfWeek, fromDayNumber, toDayNumber } from '../../../domain/calendar';
import type { DailyClose } from '../../providers/market-data/types';
import { createFakeAdapter } from '../../providers/market-data/testing/fake-adapter';
import { addActivity } from '../../testing/activities';
import { createTestAppWithVendors, type TestApp } from '../../testing/test-app';
import { signUpUser, type TestUser } from '../../testing/users';
import { readIncome, readRealized } from './testing/income-requests';

/** Noon UTC on Sunday 2024-06-30: asOf (the latest "today" anywhere) is 2024-07-01; the last rate is Friday's. */
const NOW = new Date('2024-06-30T12:00:00Z');

/** Dollars per euro from each date on (every weekday): euros per dollar 0.8, then 1, then 0.625. */
const EURUSD_FROM: [string, number][] = [
  ['2000-01-01', 1.25],
  ['2023-05-15', 1],
  ['2024-03-18', 1.6],
];

const yahoo = createFakeAdapter('yahoo');
// Quotes: the fake's fixed $123.45. Rates: the steps above for EUR, none for any other currency.
yahoo.usdRateHistory = async (currency, from, to) => {
  if (currency !== 'EUR') return [];
  const rates: DailyClose[] = [];
  for (let day = toDayNumber(from); day <= toDayNumber(to); day++) {
    const date = fromDayNumber(day);
    const weekday = dayOfWeek(day);
    if (weekday === 0 || weekday === 6) continue;
    const step = EURUSD_FROM.filter(([start]) => start <= date).at(-1);
    if (step) rates.push({ date, close: step[1] });
  }
  return rates;
};

let t: TestApp;
let person: TestUser;
beforeAll(async () => {
  t = await createTestAppWithVendors({ adapters: [yahoo], now: () => NOW });
  person = await signUpUser(t.app);
  // A euro listing bought at 1.25 $/€ and sold at 1.6; its dividend paid at 1. Dollars: 10 AAPL, 5 sold at 1.6,
  // and a dividend at 1.6 on the 5 left.
  for (const activity of [
    { type: 'buy', symbol: 'SAP.DE', quantity: 10, price: 100, date: '2023-03-15', currency: 'EUR' },
    { type: 'buy', symbol: 'AAPL', quantity: 10, price: 100, date: '2023-03-15' },
    { type: 'dividend', symbol: 'SAP.DE', amount: 20, date: '2023-05-15', currency: 'EUR' },
    { type: 'sell', symbol: 'SAP.DE', quantity: 10, price: 120, date: '2024-03-18', currency: 'EUR' },
    { type: 'sell', symbol: 'AAPL', quantity: 5, price: 130, date: '2024-03-18' },
    { type: 'dividend', symbol: 'AAPL', amount: 10, date: '2024-03-20' },
  ]) {
    await add(person, activity);
  }
});
afterAll(() => t?.close());

const add = (who: TestUser, activity: Record<string, unknown>) => addActivity(t.app, who, activity);

const income = (who: TestUser, currency: string) =>
  readIncome(t.app, who, `portfolio=me&currency=${currency}`);
const realized = (who: TestUser, currency: string) =>
  readRealized(t.app, who, `portfolio=me&currency=${currency}`);

describe('dividend income in a base currency', () => {
  it("in USD: the euro dividend at its day's 1 $/€", async () => {
    const answer = await income(person, 'USD');
    expect(answer).toMatchObject({ currency: 'USD', asOf: '2024-07-01', missingRates: [] });
    expect(answer.sources).toEqual({ prices: ['yahoo'], fx: { EUR: 'yahoo' } });
    expect(answer.byYear.map((y) => [y.period, y.amount, y.byCurrency])).toEqual([
      ['2023', 20, [{ currency: 'EUR', amount: 20 }]],
      ['2024', 10, [{ currency: 'USD', amount: 10 }]],
    ]);
    expect(answer.total.amount).toBe(30);
    expect(answer.holdings.map((h) => [h.symbol, h.currency, h.total, h.inBase])).toEqual([
      ['AAPL', 'USD', 10, { total: 10, trailing12m: 10, forward12m: 10 }],
      ['SAP.DE', 'EUR', 20, { total: 20, trailing12m: 0, forward12m: 0 }],
    ]);
    // Held: 5 AAPL of cost 500, worth 5 × 123.45; $10 in the trailing 12 months (from 2023-07-02).
    expect(answer.yield).toMatchObject({ onCost: 0.02, costBasis: 500, marketValue: 617.25 });
    expect(answer.yield.onValue).toBe(0.01620089); // 10 / 617.25
  });

  it("in EUR: the dollar dividend at its day's 0.625 €/$, today's cost and value at the latest 0.625", async () => {
    const answer = await income(person, 'EUR');
    expect(answer).toMatchObject({ currency: 'EUR', missingRates: [] });
    expect(answer.sources.fx).toEqual({ USD: 'yahoo' });
    expect(answer.byYear.map((y) => [y.period, y.amount])).toEqual([
      ['2023', 20],
      ['2024', 6.25],
    ]);
    expect(answer.byMonth.map((m) => [m.period, m.amount])).toEqual([
      ['2023-05', 20],
      ['2024-03', 6.25],
    ]);
    expect(answer.trailing12m).toEqual({ amount: 6.25, byCurrency: [{ currency: 'USD', amount: 10 }] });
    expect(answer.holdings[0]?.inBase).toEqual({ total: 6.25, trailing12m: 6.25, forward12m: 6.25 });
    // 6.25 / (500 × 0.625) and 6.25 / (617.25 × 0.625).
    expect(answer.yield).toMatchObject({ onCost: 0.02, costBasis: 312.5, marketValue: 385.78 });
    expect(answer.forward12m).toMatchObject({ amount: 6.25, byCurrency: [{ currency: 'USD', amount: 10 }] });
  });
});

describe('realised gains by year in a base currency', () => {
  it("in USD: the euro sale's proceeds at 1.6 $/€ and its cost at the buy's 1.25", async () => {
    const answer = await realized(person, 'USD');
    expect(answer).toMatchObject({ currency: 'USD', missingRates: [], sources: { fx: { EUR: 'yahoo' } } });
    // SAP.DE: 1,200 × 1.6 − 1,000 × 1.25 = 670 (the euro gain of 200 at 1.6 is 320; the euro's rise on 1,000 is
    // 350). AAPL: 650 − 500 = 150. Both held more than a year.
    expect(answer.years).toEqual([
      {
        year: 2024,
        inBase: { proceeds: 2570, costBasis: 1750, shortTerm: 0, longTerm: 820, total: 820 },
        byCurrency: [
          { currency: 'EUR', proceeds: 1200, costBasis: 1000, shortTerm: 0, longTerm: 200, total: 200 },
          { currency: 'USD', proceeds: 650, costBasis: 500, shortTerm: 0, longTerm: 150, total: 150 },
        ],
        holdings: [
          {
            symbol: 'AAPL',
            currency: 'USD',
            inBase: { proceeds: 650, costBasis: 500, shortTerm: 0, longTerm: 150, total: 150 },
          },
          {
            symbol: 'SAP.DE',
            currency: 'EUR',
            inBase: { proceeds: 1920, costBasis: 1250, shortTerm: 0, longTerm: 670, total: 670 },
          },
        ],
      },
    ]);
  });

  it("in EUR: the dollar sale's proceeds at 0.625 €/$ and its cost at the buy's 0.8", async () => {
    const answer = await realized(person, 'EUR');
    expect(answer).toMatchObject({ currency: 'EUR', sources: { fx: { USD: 'yahoo' } } });
    // AAPL: 650 × 0.625 − 500 × 0.8 = 406.25 − 400 = 6.25 (150 dollars of gain, less the dollar's fall on 500).
    expect(answer.years[0]?.inBase).toEqual({
      proceeds: 1606.25,
      costBasis: 1400,
      shortTerm: 0,
      longTerm: 206.25,
      total: 206.25,
    });
    expect(answer.years[0]?.holdings.map((h) => [h.symbol, h.inBase?.total])).toEqual([
      ['AAPL', 6.25],
      ['SAP.DE', 200],
    ]);
  });
});

describe('a currency without rates', () => {
  it('names it, gives no base figure that needs it, and each currency its own', async () => {
    const other = await signUpUser(t.app);
    await add(other, { type: 'buy', symbol: 'AAPL', quantity: 2, price: 100, date: '2024-01-02' });
    await add(other, { type: 'sell', symbol: 'AAPL', quantity: 2, price: 110, date: '2024-03-18' });
    await add(other, {
      type: 'buy',
      symbol: 'VOLV-B.ST',
      quantity: 10,
      price: 200,
      date: '2024-01-02',
      currency: 'SEK',
    });
    await add(other, {
      type: 'sell',
      symbol: 'VOLV-B.ST',
      quantity: 10,
      price: 210,
      date: '2024-03-18',
      currency: 'SEK',
    });
    const gains = await realized(other, 'EUR');
    expect(gains.missingRates).toEqual(['SEK']);
    expect(gains.years[0]).toMatchObject({
      year: 2024,
      inBase: null,
      byCurrency: [
        { currency: 'SEK', total: 100 },
        { currency: 'USD', total: 20 },
      ],
    });
    // 220 × 0.625 − 200 × 1 = −62.50: the dollar fell more than AAPL rose.
    expect(gains.years[0]?.holdings.map((h) => [h.symbol, h.currency, h.inBase?.total ?? null])).toEqual([
      ['AAPL', 'USD', -62.5],
      ['VOLV-B.ST', 'SEK', null],
    ]);
  });
});
