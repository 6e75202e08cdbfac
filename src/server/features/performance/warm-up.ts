/**
 * The returns engine warmed before the app listens (issue 28 item 9, decision 048). A fresh process runs its first
 * valuation and parses its first long history in V8's interpreter: the first request of a 10,000-activity history
 * took 356-388 ms where a compiled process takes under 100. So when RETURNS_WARM_UP is on (production's default) the
 * app builds a made-up ten-year history, reads its activities back through the driver as a history's rows, and
 * values them three times over every period, before it listens: no person's data is read, nothing is kept, and the
 * cost (about 0.6 s of CPU) is paid at start-up, before the process takes requests, instead of by its first person.
 */
import type { FastifyBaseLogger } from 'fastify';
import { roundMoneyToCents } from '../../../domain/performance/breakdown-in-cents';
import { computePerformance } from '../../../domain/performance/performance';
import { PERIOD_RANGES } from '../../../domain/performance/periods';
import { syntheticHistory, TEN_YEAR_HISTORY } from '../../../domain/performance/synthetic-history';
import type { Executor } from '../../db/client';
import { readBackAsLedgerRows } from '../activities/service';

/**
 * Valuations of the made-up history: on the 2-core machine one left the first real request as slow as none (V8 had
 * not optimized yet); three brought its median from 356-388 ms to 250-303 ms, five did no better (decision 048).
 */
export const WARM_UP_RUNS = 3;

/** Warms the history's read and the valuation; answers how many rows were read and activities valued (the log's). */
export async function warmUpReturns(db: Executor): Promise<{ rowsRead: number; activitiesValued: number }> {
  const { input, benchmark } = syntheticHistory(TEN_YEAR_HISTORY);
  const activities = await readBackAsLedgerRows(db, input.activities);
  const rowsRead = activities.length;
  const requests = PERIOD_RANGES.map((range) => ({ range }));
  let activitiesValued = 0;
  for (let run = 0; run < WARM_UP_RUNS; run++) {
    // New arrays each time: the valuation keeps its days and laid prices per array, and would skip that work.
    const outcome = computePerformance(
      {
        ...input,
        activities: [...activities],
        closes: new Map([...input.closes].map(([symbol, series]) => [symbol, { ...series }])),
      },
      requests,
      { ...benchmark, closes: { ...benchmark.closes } },
    );
    if (!outcome.ok) throw new Error(`The warm-up history was refused: ${outcome.message}`);
    for (const period of outcome.periods) if (period.ok) roundMoneyToCents(period.performance);
    activitiesValued += activities.length;
  }
  return { rowsRead, activitiesValued };
}

/**
 * The start hook's warm-up: logs what it did and how long it took. It only makes the first request faster, so a
 * failure (the database gone at start, a bug) is logged and the app starts anyway.
 */
export async function warmUpReturnsLogged(db: Executor, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  try {
    const warmed = await warmUpReturns(db);
    log.info({ ...warmed, ms: Math.round(performance.now() - started) }, 'returns engine warmed up');
  } catch (error) {
    log.warn({ err: error }, 'returns warm-up failed: the first returns of this process are computed cold');
  }
}
