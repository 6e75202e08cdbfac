/**
 * Seeded random histories for the performance tests (with and without recorded cash, in one currency and two):
 * buys, sales, dividends, fees, taxes and splits over 150 days, with closes (one in ten missing) and EUR rates.
 * Seed first with `seedRandom`.
 */
import type { LedgerActivity } from '../activities/ledger';
import { addDays } from '../calendar';
import { nextUniform } from '../market-simulator/random';
import { activityOf } from './test-activities';

export const FIRST_DAY = '2024-01-01';
export const DAYS = 150;

export interface RandomHistory {
  activities: LedgerActivity[];
  closes: Record<string, Record<string, number>>;
  rates: Record<string, Record<string, number>>;
  asOf: string;
}

const SYMBOLS = [
  { symbol: 'AAA', currency: 'USD' },
  { symbol: 'BBB', currency: 'USD' },
  { symbol: 'CCC', currency: 'EUR' },
] as const;

export function randomHistory(withCash: boolean, withEuro: boolean): RandomHistory {
  const symbols = SYMBOLS.filter((entry) => withEuro || entry.currency === 'USD');
  const closes: Record<string, Record<string, number>> = {};
  const prices = new Map<string, number>(symbols.map((entry) => [entry.symbol, 50 + nextUniform() * 100]));
  const rates: Record<string, Record<string, number>> = { EUR: {} };
  let rate = 1.1;
  const held = new Map<string, number>();
  const cash = new Map<string, number>([
    ['USD', 0],
    ['EUR', 0],
  ]);
  const activities: LedgerActivity[] = [];
  for (let day = 0; day < DAYS; day++) {
    const date = addDays(FIRST_DAY, day);
    rate *= 1 + (nextUniform() - 0.5) * 0.02;
    (rates.EUR as Record<string, number>)[date] = Number(rate.toFixed(6));
    for (const { symbol } of symbols) {
      const price = (prices.get(symbol) as number) * (1 + (nextUniform() - 0.5) * 0.06);
      prices.set(symbol, price);
      // One close in ten is missing (carried forward), never the first day's.
      if (day === 0 || nextUniform() > 0.1) (closes[symbol] ??= {})[date] = Number(price.toFixed(2));
    }
    if (withCash && day % 30 === 0) {
      for (const currency of withEuro ? ['USD', 'EUR'] : ['USD']) {
        activities.push(activityOf('deposit', date, { amount: '5000', currency }));
        cash.set(currency, (cash.get(currency) as number) + 5000);
      }
    }
    if (nextUniform() < 0.5) continue;
    const { symbol, currency } = symbols[
      Math.floor(nextUniform() * symbols.length)
    ] as (typeof symbols)[number];
    const price = (prices.get(symbol) as number).toFixed(2);
    const quantity = held.get(symbol) ?? 0;
    const roll = nextUniform();
    const fee = nextUniform() < 0.5 ? '1' : null;
    const cost = (shares: number) => shares * Number(price) + (fee ? 1 : 0);
    if (roll < 0.45) {
      const shares = 1 + Math.floor(nextUniform() * 10);
      if (withCash && cost(shares) > (cash.get(currency) as number)) continue;
      activities.push(activityOf('buy', date, { symbol, quantity: String(shares), price, fee, currency }));
      held.set(symbol, quantity + shares);
      cash.set(currency, (cash.get(currency) as number) - cost(shares));
    } else if (roll < 0.75 && quantity >= 1) {
      const shares = 1 + Math.floor(nextUniform() * quantity);
      activities.push(activityOf('sell', date, { symbol, quantity: String(shares), price, fee, currency }));
      held.set(symbol, quantity - shares);
      cash.set(currency, (cash.get(currency) as number) + shares * Number(price) - (fee ? 1 : 0));
    } else if (roll < 0.9 && quantity > 0) {
      const amount = (nextUniform() * 20).toFixed(2);
      activities.push(activityOf('dividend', date, { symbol, amount, currency }));
      cash.set(currency, (cash.get(currency) as number) + Number(amount));
    } else if (roll < 0.97) {
      activities.push(activityOf(nextUniform() < 0.5 ? 'fee' : 'tax', date, { amount: '0.5', currency }));
      cash.set(currency, (cash.get(currency) as number) - 0.5);
    } else if (quantity > 0) {
      // A 2-for-1 split on its ex-date: the shares double, and so must the closes from then on be halved.
      activities.push(activityOf('split', date, { symbol, quantity: '2', currency }));
      held.set(symbol, quantity * 2);
      prices.set(symbol, (prices.get(symbol) as number) / 2);
      (closes[symbol] as Record<string, number>)[date] = Number((prices.get(symbol) as number).toFixed(2));
    }
  }
  return { activities, closes, rates, asOf: addDays(FIRST_DAY, DAYS - 1) };
}
