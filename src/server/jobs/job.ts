import type { Database } from '../db/client';
import type { JobPeriod } from './periods';

export interface JobContext {
  db: Database;
  /** The time of this run (tests move it). */
  now: Date;
}

/** A scheduled job: each module of the server lists its own in its manifest (src/server/feature.ts). */
export interface JobDefinition {
  /** The pg-boss queue name, also the `job` field of its log line. */
  name: string;
  /** Runs once per UTC minute, hour or day, on whichever instance claims it first (docs/decisions/016-job-runner.md). */
  period: JobPeriod;
  /** Does the work; returns how many rows it deleted (or, for the alert jobs, fired or stored) (logged). */
  run(context: JobContext): Promise<number>;
}
