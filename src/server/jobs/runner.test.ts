import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/client';
import { createServices } from '../services';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { periodKey } from './periods';
import type { JobDefinition } from './job';
import { APP_JOB_NAMES, appJobs } from './registry';
import { createJobRunner, JOBS_SCHEMA, type JobRunner } from './runner';

interface LogLine {
  msg: string;
  job?: string;
  period?: string;
  deleted?: number;
  durationMs?: number;
}

/** A pino logger at info whose lines the test reads. */
function captureLog() {
  const lines: LogLine[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines, runs: () => lines.filter((line) => line.msg === 'job ran') };
}

const JOB_NAMES = APP_JOB_NAMES;

/** Every run pg-boss holds for the registry's queues: [queue, period, state]. */
async function queuedRuns(database: DatabaseHandle) {
  const { rows } = await database.pool.query<{ name: string; period: string; state: string }>(
    `select name, data->>'period' as period, state from ${JOBS_SCHEMA}.job where name = any($1) order by name, period`,
    [JOB_NAMES],
  );
  return rows;
}

/** Waits (polling the database, not the clock) until every queued run has finished. */
async function waitForRunsToFinish(database: DatabaseHandle, expected: number) {
  await expect
    .poll(
      async () => {
        const runs = await queuedRuns(database);
        return runs.length >= expected && runs.every((run) => run.state === 'completed');
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(true);
}

describe('two app instances on one database', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let clock = new Date('2026-11-23T10:15:00Z');
  const logA = captureLog();
  const logB = captureLog();
  let runners: JobRunner[];
  /** The app's jobs, with the services of the first instance. */
  let jobs: JobDefinition[];

  beforeAll(async () => {
    const database = await createTestDatabase();
    first = database;
    // The second instance has its own pool, as another process would.
    second = connectDatabase(database.url);
    const jobsOf = (database: DatabaseHandle) =>
      appJobs(createServices(testConfig(), database, pino({ level: 'silent' })));
    jobs = jobsOf(first);
    runners = [
      createJobRunner({ database: first, log: logA.log, jobs, now: () => clock }),
      createJobRunner({ database: second, log: logB.log, jobs: jobsOf(second), now: () => clock }),
    ];
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await second.close();
    await first.close();
  });

  const runsOf = (job: string) => [...logA.runs(), ...logB.runs()].filter((line) => line.job === job);

  it('run each job once per period however often both offer it', async () => {
    // Both start together (each offers the current runs), then both offer them again, concurrently.
    await Promise.all(runners.map((runner) => runner.start()));
    await Promise.all([...runners, ...runners].map((runner) => runner.offerDueRuns()));
    // Six offers of each job (two at start, four after), one run queued.
    expect(await queuedRuns(first)).toHaveLength(jobs.length);
    await waitForRunsToFinish(first, jobs.length);

    for (const job of jobs) {
      const runs = runsOf(job.name);
      expect(runs, job.name).toHaveLength(1);
      expect(runs[0]).toMatchObject({ period: periodKey(job.period, clock), deleted: 0 });
      expect(runs[0]?.durationMs).toEqual(expect.any(Number));
    }
  });

  it('run the minute and hourly jobs again in the next hour, and the daily ones not before the next day', async () => {
    clock = new Date('2026-11-23T11:00:05Z');
    await Promise.all([...runners, ...runners].map((runner) => runner.offerDueRuns()));
    const again = jobs.filter((job) => job.period !== 'daily');
    expect(again.map((job) => job.period)).toContain('hourly');
    expect(again.map((job) => job.period)).toContain('minute');
    expect(await queuedRuns(first)).toHaveLength(jobs.length + again.length);
    await waitForRunsToFinish(first, jobs.length + again.length);

    const expectedPeriods: Record<JobDefinition['period'], string[]> = {
      minute: ['2026-11-23T10:15', '2026-11-23T11:00'],
      hourly: ['2026-11-23T10', '2026-11-23T11'],
      daily: ['2026-11-23'],
    };
    for (const job of jobs) {
      const periods = runsOf(job.name)
        .map((line) => line.period)
        .sort();
      expect(periods, job.name).toEqual(expectedPeriods[job.period]);
    }
  });
});

describe('the app and its job runner', () => {
  it('does not start the runner in tests unless asked: no pg-boss schema, no runs', async () => {
    const t = await createTestApp();
    try {
      const { rows } = await t.deps.database.pool.query(
        'select 1 from information_schema.schemata where schema_name = $1',
        [JOBS_SCHEMA],
      );
      expect(rows).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('with JOBS on, runs every job of the app when it starts and stops the runner when it closes', async () => {
    const capture = captureLog();
    const t = await createTestApp({ env: { JOBS: 'on' }, loggerInstance: capture.log });
    let isClosed = false;
    try {
      await expect
        .poll(
          () =>
            capture
              .runs()
              .map((line) => line.job)
              .sort(),
          { timeout: 15_000, interval: 50 },
        )
        .toEqual(
          appJobs(t.services)
            .map((job) => job.name)
            .sort(),
        );
      await t.app.close();
      isClosed = true;
      const messages = capture.lines.map((line) => line.msg);
      expect(messages.filter((msg) => msg === 'job runner stopped')).toHaveLength(1);
      // Nothing of the runner is left using the pool: it ends at once.
      await t.deps.database.close();
    } finally {
      if (!isClosed) await t.close();
    }
  });
});
