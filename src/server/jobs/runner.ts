import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { LONGEST_PERIOD_SECONDS, periodKey, runId } from './periods';
import type { JobDefinition } from './job';

/** pg-boss's tables live in this schema, apart from the app's (migrations and drift check never see them). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * How often each instance offers the current period's runs; a run starts within this after its period does.
 * Shorter than a minute, so that no minute-period run is skipped when the timer drifts across a minute.
 */
const TICK_INTERVAL_MS = 20_000;
/** Workers wake when their own instance queues a run; this poll picks up runs and retries queued elsewhere. */
const POLLING_INTERVAL_SECONDS = 60;
/** A stop waits this long for a running job before pg-boss marks it failed (it is retried after a restart). */
const STOP_TIMEOUT_MS = 10_000;

/**
 * pg-boss's statements, on the app's pool. Some are `BEGIN; ...; COMMIT` strings: one that fails midway
 * leaves its connection in an aborted transaction, which is rolled back before the pool hands it out again.
 */
async function executeOnPool(pool: pg.Pool, text: string, values?: unknown[]) {
  const client = await pool.connect();
  let isUsable = true;
  try {
    return await client.query(text, values);
  } catch (error) {
    // A connection that cannot even roll back is broken: the pool drops it instead of reusing it.
    isUsable = await client.query('rollback').then(
      () => true,
      () => false,
    );
    throw error;
  } finally {
    client.release(!isUsable);
  }
}

/** Advisory lock key of the runner's set-up (the migrations' is 727274, see db/client.ts). */
const SETUP_LOCK_KEY = 727275;

/**
 * Runs `setUp` while holding a session advisory lock: two instances creating the same queues at once
 * (each a CREATE TABLE and ATTACH PARTITION on pg-boss's job table) deadlock otherwise.
 */
async function withSetupLock(pool: pg.Pool, setUp: () => Promise<void>) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
    await setUp();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

export interface JobRunnerOptions {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** The jobs it offers and runs: the app's (registry.ts appJobs). */
  jobs: readonly JobDefinition[];
  /** The clock that picks the period of a run and is handed to the job (tests move it). */
  now?: () => Date;
}

export interface JobRunner {
  /** Installs pg-boss's schema when missing, starts the workers, offers the current runs, then every minute. */
  start(): Promise<void>;
  /** Offers each job's run for the current period; across all instances, one run per job and period is kept. */
  offerDueRuns(): Promise<void>;
  /** Stops offering and fetching, waits for a running job (up to STOP_TIMEOUT_MS). Safe before or during start. */
  stop(): Promise<void>;
}

/**
 * Scheduled jobs on pg-boss, on the app's own pool, safe with several instances: every instance offers
 * the run of each job for the current period under an id derived from job and period (periods.ts runId),
 * so the job table admits it once, and pg-boss's `FOR UPDATE SKIP LOCKED` fetch hands it to one worker.
 * pg-boss's own cron (`schedule`) is off: see docs/decisions/016-job-runner.md.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, log } = options;
  const { jobs } = options;
  const now = options.now ?? (() => new Date());
  const boss = new PgBoss({
    db: { executeSql: (text, values) => executeOnPool(database.pool, text, values) },
    schema: JOBS_SCHEMA,
    schedule: false,
    // A finished run must stay in the job table (where its id blocks a second one) until its period is over.
    archiveCompletedAfterSeconds: 2 * LONGEST_PERIOD_SECONDS,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job runner error'));
  const workerIds = new Map<string, string>();
  let ticker: NodeJS.Timeout | undefined;
  /** The latest timed offer, which a stop lets finish before the pool closes. */
  let offering: Promise<void> | undefined;
  let started: Promise<void> | undefined;
  let stopping = false;

  async function runJob(job: JobDefinition, period: string) {
    const startedAt = performance.now();
    try {
      const deleted = await job.run({ db: database.db, now: now() });
      const durationMs = Math.round(performance.now() - startedAt);
      log.info({ job: job.name, period, deleted, durationMs }, 'job ran');
    } catch (error) {
      log.error({ job: job.name, period, err: error }, 'job failed: pg-boss retries it');
      throw error;
    }
  }

  async function offerDueRuns() {
    for (const job of jobs) {
      const period = periodKey(job.period, now());
      const id = await boss.send(job.name, { period }, { id: runId(job.name, period) });
      const workerId = workerIds.get(job.name);
      // Queued here (null: another instance, or an earlier offer, already did): wake the local worker now.
      if (id !== null && workerId !== undefined) boss.notifyWorker(workerId);
    }
  }

  async function start() {
    await withSetupLock(database.pool, async () => {
      await boss.start();
      for (const job of jobs) {
        await boss.createQueue(job.name, {
          name: job.name,
          retryLimit: 2,
          retryDelay: 60,
          retryBackoff: true,
        });
      }
    });
    for (const job of jobs) {
      const workerId = await boss.work<{ period: string }>(
        job.name,
        { batchSize: 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
        async ([claimed]) => {
          if (claimed) await runJob(job, claimed.data.period);
        },
      );
      workerIds.set(job.name, workerId);
    }
    await offerDueRuns();
    ticker = setInterval(() => {
      offering = offerDueRuns().catch((error: unknown) =>
        log.error({ err: error }, 'job runner could not offer runs'),
      );
    }, TICK_INTERVAL_MS);
    ticker.unref();
  }

  return {
    start() {
      if (stopping) return Promise.resolve();
      started ??= start();
      return started;
    },
    offerDueRuns,
    async stop() {
      stopping = true;
      // A stop during start waits for it, so nothing it starts is left running.
      await started?.catch(() => undefined);
      clearInterval(ticker);
      await offering;
      if (!started) return;
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
      log.info('job runner stopped');
    },
  };
}
