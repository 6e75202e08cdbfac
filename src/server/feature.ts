/**
 * A module of the server that says what it has (issue 26 item 4): its tables, its context, its routes, its
 * scheduled jobs, what it starts and stops with the app, the plan feature it needs and what each of its tables
 * gives 'Download my data'. `src/server/feature-list.ts` lists them; the wiring only iterates that list:
 * `services.ts` builds each context once, `app.ts` registers the routes and the start and shutdown hooks,
 * `jobs/registry.ts` gathers the jobs, and the test overrides (`ServiceOverrides`) offer each one's options.
 * Adding a feature is its own folder and one line in the list.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { ZAccountExport, type AccountExport } from '../contracts/accounts';
import type { PlanFeatureId } from '../domain/plans';
import type { AppConfig } from './config';
import type { EmailDigest } from './crypto/email-digest';
import type { Database, DatabaseHandle } from './db/client';
import type { JobContext, JobDefinition } from './jobs/job';
import type { JobPeriod } from './jobs/periods';
import type { UserChangeSubscriber } from './lib/user-cache';
import type { Mailer } from './providers/mail';

/** A part of 'Download my data' (GET /api/account/export): a key of the contract's AccountExport. */
export type AccountDataSection = Exclude<keyof AccountExport, 'exportedAt'>;

/** The parts of 'Download my data' in the contract's order, which is the file's. */
export const ACCOUNT_DATA_SECTIONS = Object.keys(ZAccountExport.shape).filter(
  (key) => key !== 'exportedAt',
) as AccountDataSection[];

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a part of the export is read with. */
export interface AccountDataRead {
  /** The export's one repeatable-read, read-only transaction: the parts agree with each other. */
  tx: Transaction;
  userId: string;
  /** The session the export was asked for from (sessions say which is the current one). */
  sessionIdHash: string;
}

/** The readers of some parts of the export: each answers its part as the contract shapes it. */
export type AccountDataReaders<Section extends AccountDataSection> = {
  readonly [K in Section]: (read: AccountDataRead) => Promise<AccountExport[K]>;
};

/** A module's parts of the export (its `data-export.ts`), with the parts' names read from the object. */
export function defineAccountData<Section extends AccountDataSection>(
  readers: AccountDataReaders<Section>,
): AccountDataReaders<Section> {
  return readers;
}

/**
 * A table in the module's own schema file, and what the data export does with it: shown in one of the module's
 * own parts (`Section`), left out with the reason, or holding no account's rows. Every table of `db/schema.ts`
 * is declared by exactly one module (feature-list.test.ts), and every table with an account's rows is exported
 * or left out with its reason (account/account-data.test.ts holds it against the database's catalog).
 */
export type TableDeclaration<Section extends AccountDataSection = AccountDataSection> =
  /** It holds an account's rows, and the export shows them in this part, one of the module's own. */
  | { readonly table: PgTable; readonly exportedIn: Section }
  /** It holds an account's rows that the export leaves out on purpose, for this reason (the README lists them). */
  | { readonly table: PgTable; readonly leftOutOfExport: string }
  /** It holds no account's rows (a cache, a counter, a digest kept apart from any account): what it holds. */
  | { readonly table: PgTable; readonly holdsNoAccountRows: string };

/** Routes the app registers, in the order of the list, under `prefix` (none: at the root). */
export interface FeatureRoutes {
  readonly plugin: FastifyPluginAsync;
  readonly prefix?: string;
}

/** What a module's context is built from: the app's configuration and database, and the other modules. */
export interface FeatureDeps<Options> {
  readonly config: AppConfig;
  readonly database: DatabaseHandle;
  readonly db: Database;
  /** The process's logger. */
  readonly log: FastifyBaseLogger;
  /** Account mail (SMTP_URL's server, or the log) and the public URL its links start with. */
  readonly mail: { readonly mailer: Mailer; readonly publicUrl: string };
  /** The keyed one-way digest of an email address. */
  readonly emailDigest: EmailDigest;
  /** Every module's per-user caches, for the listener that drops them (complete once every context is built). */
  readonly userCaches: readonly UserChangeSubscriber[];
  /** Every part of 'Download my data', each read by the module that declares it. */
  readonly accountData: AccountDataReaders<AccountDataSection>;
  /** This module's entry of ServiceOverrides (tests, benches); undefined otherwise. */
  readonly options: Options | undefined;
  /** Another module's context, built once whatever the order of the list; modules that need each other throw. */
  readonly use: <C>(feature: { readonly name: string; context(deps: never): C }) => C;
}

export interface FeatureManifest<
  Name extends string,
  Context,
  Options = never,
  Section extends AccountDataSection = never,
> {
  /** Its key in `app.services` and in ServiceOverrides. */
  readonly name: Name;
  /** The tables of its schema file, each with what 'Download my data' does with it. */
  readonly tables: readonly TableDeclaration<NoInfer<Section>>[];
  /** Its parts of 'Download my data': the sections its tables are exported in. */
  readonly accountData?: AccountDataReaders<Section>;
  /** Builds what its routes, jobs and other modules use (`app.services[name]`), once per app. */
  context(deps: FeatureDeps<Options>): Context;
  /** Its HTTP routes; the list's order is the registration order. */
  readonly routes?: readonly FeatureRoutes[];
  /** Its scheduled jobs, run on the job runner (docs/decisions/016-job-runner.md). */
  readonly jobs?: readonly FeatureJob<Context>[];
  /** Runs when the app is ready (before it listens). */
  start?(context: Context): Promise<void>;
  /** Runs when the app closes, before main.ts closes the database. */
  shutdown?(context: Context): Promise<void>;
  /** Its caches of per-user data: the session listener drops a user's entries when the database says so. */
  userCaches?(context: Context): readonly UserChangeSubscriber[];
  /**
   * The plan features its routes need (their `requireFeature` guards, or the token check of /api/v1); absent for
   * what every plan and visitor has. http/every-plan-gate.test.ts holds each module's routes to it.
   */
  readonly planFeatures?: readonly PlanFeatureId[];
}

/** A scheduled job of a module: JobDefinition's run, with the module's context. */
export interface FeatureJob<Context> {
  /** The pg-boss queue name, also the `job` field of its log line. */
  readonly name: string;
  readonly period: JobPeriod;
  /**
   * For a job the operator turns on by configuration (the nightly backup): whether it is on. Where it says no, the
   * instance neither offers nor takes the job's runs; absent, the job is always on.
   */
  isOn?(context: Context): boolean;
  /** Does the work; returns how many rows it deleted (or fired, stored, tried) (logged). */
  run(job: JobContext, context: Context): Promise<number>;
}

/** Any manifest, whatever its types: what the wiring iterates (FeatureManifest's parts are invariant in them). */
export type AnyFeatureManifest<Context = unknown> = Omit<
  FeatureManifest<string, Context, never, never>,
  'tables' | 'accountData'
> & {
  readonly tables: readonly TableDeclaration[];
  readonly accountData?: Partial<AccountDataReaders<AccountDataSection>>;
};

/** A manifest, with its name, context, options and export parts read from what it says. */
export function defineFeature<
  const Name extends string,
  Context,
  Options = never,
  Section extends AccountDataSection = never,
>(
  manifest: FeatureManifest<Name, Context, Options, Section>,
): FeatureManifest<Name, Context, Options, Section> {
  return manifest;
}

/** A module's hooks with its context: what app.ts and the job registry run. */
export interface BoundFeature {
  readonly name: string;
  readonly jobs: readonly JobDefinition[];
  readonly start?: () => Promise<void>;
  readonly shutdown?: () => Promise<void>;
  readonly userCaches: readonly UserChangeSubscriber[];
}

export function bindFeature<Context>(feature: AnyFeatureManifest<Context>, context: Context): BoundFeature {
  return {
    name: feature.name,
    jobs: (feature.jobs ?? [])
      .filter((job) => job.isOn?.(context) ?? true)
      .map((job) => ({
        name: job.name,
        period: job.period,
        run: (run: JobContext) => job.run(run, context),
      })),
    start: feature.start && (async () => feature.start?.(context)),
    shutdown: feature.shutdown && (async () => feature.shutdown?.(context)),
    userCaches: feature.userCaches?.(context) ?? [],
  };
}
