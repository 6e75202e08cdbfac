// Returns (issue 28 item 9): all periods' returns, breakdown and series of a 10,000-activity history over 10
// years on 50 symbols (10 of them in euros), with SPY as the benchmark: target < 100 ms. Pure domain, prices in
// memory. Prints time, CPU, the memory a run leaves before collection (above a collected start when run with
// --expose-gc, as `npm run bench` does) and the load average (the machine may be shared); asserts nothing.
// `npm run bench -- performance`
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { LedgerActivity } from '../src/domain/activities/ledger';
import { addDays, isTradingDay } from '../src/domain/calendar';
import { computePerformance } from '../src/domain/performance/performance';
import { PERIOD_RANGES } from '../src/domain/performance/periods';
import type { DailySeries } from '../src/domain/performance/valuation';
import { stats } from './support';

const ACTIVITIES = 10_000;
const SYMBOLS = 50;
const EURO_SYMBOLS = 10;
const FIRST_DAY = '2016-11-28';
const AS_OF = '2026-11-27';
const RUNS = 30;

let seed = 28;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;

/** Every weekday's close of a random walk from `start` (a trading day's, holidays included: the vendor's shape). */
function walk(start: number, days: readonly string[]): DailySeries {
  let value = start;
  const values = days.map(() => {
    value *= 1 + (random() - 0.5) * 0.04;
    return Number(value.toFixed(4));
  });
  return { dates: days, values };
}

function buildInput() {
  const days: string[] = [];
  for (let date = FIRST_DAY; date <= AS_OF; date = addDays(date, 1)) if (isTradingDay(date)) days.push(date);
  const symbolOf = (i: number) => `S${i}`;
  const currencyOf = (i: number) => (i < EURO_SYMBOLS ? 'EUR' : 'USD');
  const closes = new Map(Array.from({ length: SYMBOLS }, (_, i) => [symbolOf(i), walk(20 + i * 5, days)]));
  const fxRates = new Map([['EUR', walk(1.1, days)]]);
  const activities: LedgerActivity[] = [];
  const held = new Map<string, number>();
  const push = (draft: Omit<LedgerActivity, 'id' | 'sequence' | 'note'>) =>
    activities.push({ ...draft, id: `a${activities.length}`, sequence: activities.length, note: null });
  const base = { symbol: null, quantity: null, price: null, fee: null, amount: null } as const;
  // 10,000 activities over the trading days: deposits in both currencies, buys, partial sales, dividends, fees.
  for (let i = 0; activities.length < ACTIVITIES; i++) {
    const dayIndex = Math.floor((i / ACTIVITIES) * (days.length - 1));
    const date = days[dayIndex] as string;
    const index = Math.floor(random() * SYMBOLS);
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
    input: { activities, closes, baseCurrency: 'USD', fxRates, asOf: AS_OF },
    benchmark: { symbol: 'SPY', closes: walk(200, days) },
  };
}

/** The JavaScript heap and the typed arrays' buffers (outside the heap: the daily series are Float64Arrays). */
function memoryInUse(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function main() {
  const { input, benchmark } = buildInput();
  const requests = PERIOD_RANGES.map((range) => ({ range }));
  console.log(
    `${input.activities.length} activities, ${SYMBOLS} symbols (${EURO_SYMBOLS} in EUR), ${input.activities[0]?.date} to ${AS_OF}; periods ${PERIOD_RANGES.join(', ')} with SPY`,
  );
  const gc = (globalThis as { gc?: () => void }).gc;
  const timings: number[] = [];
  const cpuTimings: number[] = [];
  const peaks: number[] = [];
  let points = 0;
  for (let run = 0; run < RUNS; run++) {
    gc?.();
    const heapBefore = memoryInUse();
    const cpu = process.cpuUsage();
    const start = performance.now();
    const outcome = computePerformance(input, requests, benchmark);
    timings.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimings.push((used.user + used.system) / 1000);
    peaks.push(memoryInUse() - heapBefore);
    if (!outcome.ok) throw new Error(outcome.message);
    points = outcome.periods.reduce((n, period) => n + (period.ok ? period.performance.series.length : 0), 0);
  }
  const { median, p95, max } = stats(timings);
  const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
  console.log(
    `all periods: median ${median.toFixed(1)} ms (CPU ${stats(cpuTimings).median.toFixed(1)} ms), p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${RUNS} runs (first run included; ${points} series points) — target < 100 ms`,
  );
  console.log(
    `memory: ${mb(stats(peaks).median)} MB (median; max ${mb(stats(peaks).max)} MB) more heap and typed arrays at the end of a run than at its start (${gc ? 'collected before it' : 'run with --expose-gc for a collected start'})`,
  );
  // An edit a month ago: the history valued again from the checkpoint before it, against the last computation.
  const editDate = addDays(AS_OF, -30);
  const edited = {
    ...input,
    activities: [
      ...input.activities,
      {
        id: 'edit',
        sequence: input.activities.length,
        type: 'interest' as const,
        date: editDate,
        symbol: null,
        quantity: null,
        price: null,
        fee: null,
        amount: '12.34',
        currency: 'USD',
        note: null,
      },
    ],
  };
  const first = computePerformance(input, requests, benchmark);
  if (!first.ok) throw new Error(first.message);
  const resumedTimings: number[] = [];
  let firstDayValued = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const outcome = computePerformance(edited, requests, benchmark, first.run);
    resumedTimings.push(performance.now() - start);
    if (!outcome.ok) throw new Error(outcome.message);
    firstDayValued = outcome.run.firstDayValued;
  }
  const resumed = stats(resumedTimings);
  console.log(
    `after an edit dated ${editDate}: median ${resumed.median.toFixed(1)} ms, p95 ${resumed.p95.toFixed(1)} ms over ${RUNS} runs, valued again from ${first.run.history.dates[firstDayValued]} (day ${firstDayValued} of ${first.run.history.dates.length})`,
  );
  console.log(
    `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

main();
