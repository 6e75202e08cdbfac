/**
 * A seeded, made-up history with its prices: the returns benchmark's portfolio (bench/performance.bench.ts) and what
 * a fresh server values before it listens, so that the engine is compiled before a person's first request
 * (server/features/performance/warm-up.ts). Deposits in two currencies, buys, partial sales, dividends and fees
 * spread over every trading day from `firstDay` to `asOf`, on random walks of closes and a EUR rate. Never shown.
 */
import type { LedgerActivity } from '../activities/ledger';
import { addDays, isTradingDay } from '../calendar';
import type { BenchmarkInput } from './performance';
import type { DailySeries, PerformanceInput } from './valuation';

export interface SyntheticHistoryShape {
  activities: number;
  symbols: number;
  /** The first this many symbols trade in EUR, the others in USD. */
  euroSymbols: number;
  firstDay: string;
  asOf: string;
  seed: number;
}

/** Ten years of 10,000 activities on 50 symbols, 10 of them in EUR (issue 28 item 9's portfolio). */
export const TEN_YEAR_HISTORY: SyntheticHistoryShape = {
  activities: 10_000,
  symbols: 50,
  euroSymbols: 10,
  firstDay: '2016-11-28',
  asOf: '2026-11-27',
  seed: 28,
};

/** A linear congruential generator: the same seed, the same history on every machine. */
function uniformFrom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

/** The history's activities, closes and EUR rates, and SPY-like benchmark closes in USD. */
export function syntheticHistory(shape: SyntheticHistoryShape): {
  input: PerformanceInput;
  benchmark: BenchmarkInput;
} {
  const random = uniformFrom(shape.seed);
  // A close for every US trading day (no weekend or holiday, as a vendor's history): a random walk from `start`.
  const walk = (start: number, days: readonly string[]): DailySeries => {
    let value = start;
    const values = days.map(() => {
      value *= 1 + (random() - 0.5) * 0.04;
      return Number(value.toFixed(4));
    });
    return { dates: days, values };
  };
  const days: string[] = [];
  for (let date = shape.firstDay; date <= shape.asOf; date = addDays(date, 1))
    if (isTradingDay(date)) days.push(date);
  const symbolOf = (i: number) => `S${i}`;
  const currencyOf = (i: number) => (i < shape.euroSymbols ? 'EUR' : 'USD');
  const closes = new Map(
    Array.from({ length: shape.symbols }, (_, i) => [symbolOf(i), walk(20 + i * 5, days)]),
  );
  const fxRates = new Map([['EUR', walk(1.1, days)]]);
  const activities: LedgerActivity[] = [];
  const held = new Map<string, number>();
  const push = (draft: Omit<LedgerActivity, 'id' | 'sequence' | 'note'>) =>
    activities.push({ ...draft, id: `a${activities.length}`, sequence: activities.length, note: null });
  const base = { symbol: null, quantity: null, price: null, fee: null, amount: null } as const;
  for (let i = 0; activities.length < shape.activities; i++) {
    const dayIndex = Math.floor((i / shape.activities) * (days.length - 1));
    const date = days[dayIndex] as string;
    const index = Math.floor(random() * shape.symbols);
    const symbol = symbolOf(index);
    const currency = currencyOf(index);
    const price = ((closes.get(symbol) as DailySeries).values[dayIndex] as number).toFixed(4);
    const quantity = held.get(symbol) ?? 0;
    const roll = random();
    if (i % 20 === 0)
      push({ ...base, type: 'deposit', date, amount: '20000', currency: i % 40 ? 'USD' : 'EUR' });
    else if (roll < 0.5 || quantity < 2) {
      const bought = 1 + Math.floor(random() * 20);
      push({ ...base, type: 'buy', date, symbol, quantity: String(bought), price, fee: '1', currency });
      held.set(symbol, quantity + bought);
    } else if (roll < 0.8) {
      const sold = 1 + Math.floor(random() * (quantity - 1));
      push({ ...base, type: 'sell', date, symbol, quantity: String(sold), price, fee: '1', currency });
      held.set(symbol, quantity - sold);
    } else if (roll < 0.97)
      push({ ...base, type: 'dividend', date, symbol, amount: (random() * 30).toFixed(2), currency });
    else push({ ...base, type: 'fee', date, amount: '2.5', currency });
  }
  return {
    input: { activities, closes, baseCurrency: 'USD', fxRates, asOf: shape.asOf },
    benchmark: { symbol: 'SPY', closes: walk(200, days) },
  };
}
