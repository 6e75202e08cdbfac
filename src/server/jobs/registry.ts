import { deleteExpiredSessions } from '../auth/sessions';
import { deleteExpiredAccountTokens } from '../features/accounts/account-repository';
import type { Database } from '../db/client';
import { evaluateAlerts, snapshotAllPortfolios, type AlertsContext } from '../features/alerts/service';
import { deleteOldStripeEvents } from '../features/billing/repository';
import { reviewDuePlans } from '../features/billing/service';
import { deleteAbandonedDemoAccounts } from './abandoned-demo-accounts';
import type { JobPeriod } from './periods';
import { deleteExpiredLimitCounters } from '../limits/postgres-store';

export interface JobContext {
  db: Database;
  /** The time of this run (tests move it). */
  now: Date;
}

export interface JobDefinition {
  /** The pg-boss queue name, also the `job` field of its log line. */
  name: string;
  /** Runs once per UTC minute, hour or day, on whichever instance claims it first (docs/decisions/016-job-runner.md). */
  period: JobPeriod;
  /** Does the work; returns how many rows it deleted (or, for the alert jobs, fired or stored) (logged). */
  run(context: JobContext): Promise<number>;
}

/** Every scheduled job of the app: a new one is one entry here. */
export const JOBS: readonly JobDefinition[] = [
  {
    name: 'delete-expired-sessions',
    period: 'hourly',
    run: ({ db, now }) => deleteExpiredSessions(db, now),
  },
  {
    name: 'delete-expired-limit-counters',
    period: 'hourly',
    run: ({ db }) => deleteExpiredLimitCounters(db),
  },
  {
    name: 'delete-expired-account-tokens',
    period: 'hourly',
    run: ({ db, now }) => deleteExpiredAccountTokens(db, now),
  },
  {
    // A past_due grace, a canceled period or a one-month purchase ends without a Stripe event.
    name: 'review-billing-plans',
    period: 'hourly',
    run: ({ db, now }) => reviewDuePlans(db, now),
  },
  {
    name: 'delete-old-stripe-events',
    period: 'daily',
    run: ({ db, now }) => deleteOldStripeEvents(db, now),
  },
  {
    name: 'delete-abandoned-demo-accounts',
    period: 'daily',
    run: ({ db, now }) => deleteAbandonedDemoAccounts(db, now),
  },
];

/**
 * The registry's jobs and those that need the app's services: the alert evaluation (every minute; it skips
 * stocks outside US hours itself) and the daily snapshots (00:00 UTC, after every US close). Decision 027.
 */
export function appJobs(services: { alerts: AlertsContext }): JobDefinition[] {
  const { alerts } = services;
  return [
    ...JOBS,
    {
      name: 'evaluate-alerts',
      period: 'minute',
      run: async ({ now }) => (await evaluateAlerts(alerts, now)).fired,
    },
    {
      name: 'snapshot-portfolios',
      period: 'daily',
      run: ({ now }) => snapshotAllPortfolios(alerts, now),
    },
  ];
}
