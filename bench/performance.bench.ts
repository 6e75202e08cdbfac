// Returns (issue 28 item 9): all periods' returns, breakdown and series of a 10,000-activity history over 10
// years on 50 symbols (10 of them in euros), with SPY as the benchmark: target < 100 ms. Pure domain, prices in
// memory. Prints time, CPU, the memory a run leaves before collection (above a collected start when run with
// --expose-gc, as `npm run bench` does) and the load average (the machine may be shared); asserts nothing.
// `npm run bench -- performance`
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays } from '../src/domain/calendar';
import { computePerformance } from '../src/domain/performance/performance';
import { PERIOD_RANGES } from '../src/domain/performance/periods';
import { syntheticHistory, TEN_YEAR_HISTORY } from '../src/domain/performance/synthetic-history';
import { stats } from './support';

const SHAPE = TEN_YEAR_HISTORY;
const RUNS = 30;

/** The JavaScript heap and the typed arrays' buffers (outside the heap: the daily series are Float64Arrays). */
function memoryInUse(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function main() {
  const { input, benchmark } = syntheticHistory(SHAPE);
  const requests = PERIOD_RANGES.map((range) => ({ range }));
  console.log(
    `${input.activities.length} activities, ${SHAPE.symbols} symbols (${SHAPE.euroSymbols} in EUR), ${input.activities[0]?.date} to ${SHAPE.asOf}; periods ${PERIOD_RANGES.join(', ')} with SPY`,
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
  const editDate = addDays(SHAPE.asOf, -30);
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
