// The ledger (issue 27 item 12): holdings of a 10,000-activity history (target: far under 50 ms), replayed by
// FIFO and by average cost, then valued at prices. Pure domain, no database. Prints figures and the load average
// (the machine may be shared); asserts nothing.
// `npm run bench -- activities`
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays } from '../src/domain/calendar';
import {
  replayActivities,
  sumRealized,
  unrealizedGainOf,
  type CostBasisMethod,
  type LedgerActivity,
} from '../src/domain/activities/ledger';
import { Decimal } from '../src/domain/paper-trading';
import { stats } from './support';

const ACTIVITIES = 10_000;
const SYMBOLS = 40;
const RUNS = 30;

/** A deterministic history: deposits, buys, partial sells, dividends, fees and a split now and then. */
function buildHistory(): LedgerActivity[] {
  const activities: LedgerActivity[] = [];
  const held = new Map<string, number>();
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  let date = '1995-01-02';
  const push = (draft: Omit<LedgerActivity, 'id' | 'sequence' | 'currency' | 'note'>) =>
    activities.push({
      ...draft,
      id: `a${activities.length}`,
      sequence: activities.length,
      currency: 'USD',
      note: null,
    });
  for (let i = 0; activities.length < ACTIVITIES; i++) {
    if (i % 3 === 0) date = addDays(date, 1);
    const symbol = `S${Math.floor(random() * SYMBOLS)}`;
    const price = (20 + random() * 200).toFixed(2);
    const quantity = held.get(symbol) ?? 0;
    const roll = random();
    const base = { symbol: null, quantity: null, price: null, fee: null, amount: null } as const;
    if (i % 25 === 0) push({ ...base, type: 'deposit', date, amount: '5000' });
    else if (roll < 0.5 || quantity < 2) {
      const bought = 1 + Math.floor(random() * 20);
      push({ ...base, type: 'buy', date, symbol, quantity: String(bought), price, fee: '1' });
      held.set(symbol, quantity + bought);
    } else if (roll < 0.8) {
      const sold = 1 + Math.floor(random() * (quantity - 1));
      push({ ...base, type: 'sell', date, symbol, quantity: String(sold), price, fee: '1' });
      held.set(symbol, quantity - sold);
    } else if (roll < 0.97)
      push({ ...base, type: 'dividend', date, symbol, amount: (random() * 30).toFixed(2) });
    else if (roll < 0.99) push({ ...base, type: 'fee', date, amount: '2.5' });
    else {
      // On a day of its own: a split comes first in its day, before the trades entered before it.
      date = addDays(date, 1);
      push({ ...base, type: 'split', date, symbol, quantity: '2' });
      date = addDays(date, 1);
      held.set(symbol, quantity * 2);
    }
  }
  return activities;
}

function main() {
  const history = buildHistory();
  const prices = new Map(Array.from({ length: SYMBOLS }, (_, i) => [`S${i}`, new Decimal(100 + i)]));
  console.log(
    `${history.length} activities, ${SYMBOLS} symbols, ${history[0]?.date} to ${history.at(-1)?.date}`,
  );
  for (const method of ['fifo', 'average'] as CostBasisMethod[]) {
    const timings: number[] = [];
    const cpuTimings: number[] = [];
    let lots = 0;
    for (let run = 0; run < RUNS; run++) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      const outcome = replayActivities(history, method);
      if (!outcome.ok) throw new Error(outcome.message);
      for (const holding of outcome.ledger.holdings) {
        unrealizedGainOf(holding, prices.get(holding.symbol) ?? null);
        sumRealized(holding.realized);
      }
      timings.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      cpuTimings.push((used.user + used.system) / 1000);
      lots = outcome.ledger.holdings.reduce((n, h) => n + h.lots.length, 0);
    }
    const { median, p95, max } = stats(timings);
    const cpuMedian = stats(cpuTimings).median;
    console.log(
      `holdings (${method}): median ${median.toFixed(1)} ms (CPU ${cpuMedian.toFixed(1)} ms), p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${RUNS} runs (first run included; ${lots} open lots) — target < 50 ms`,
    );
  }
  console.log(
    `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

main();
