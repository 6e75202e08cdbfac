import { createHash } from 'node:crypto';

/** How often a job runs: once per UTC minute, hour or day. */
export type JobPeriod = 'minute' | 'hourly' | 'daily';

/** The longest period, in seconds: the runner keeps finished runs at least this long (see runId). */
export const LONGEST_PERIOD_SECONDS = 24 * 60 * 60;

/** The period `now` falls in, as its UTC start: `2026-11-23T14:05` (minute), `2026-11-23T14` (hourly), `2026-11-23` (daily). */
export function periodKey(period: JobPeriod, now: Date): string {
  const iso = now.toISOString();
  return iso.slice(0, period === 'minute' ? 16 : period === 'hourly' ? 13 : 10);
}

/**
 * The id of a job's run for one period, the same on every instance (a name-based UUID of job and period):
 * the job table's primary key then admits one run per job and period however many instances send it.
 */
export function runId(jobName: string, period: string): string {
  const hex = createHash('sha256').update(`${jobName}\n${period}`).digest('hex');
  // RFC 9562 layout: version 8 (custom), variant 10xx.
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
