/**
 * Every module of the server, each described by its manifest (src/server/feature.ts). The wiring iterates this
 * list and nothing else: services.ts builds the contexts, app.ts registers the routes (in this order) and the
 * start and shutdown hooks, jobs/registry.ts gathers the jobs, ServiceOverrides offers each one's options.
 * A new feature is its own folder (with a manifest.ts) and one line here.
 */
import type { AccountDataSection, AnyFeatureManifest, FeatureManifest } from './feature';
import { sessionsModule } from './auth/manifest';
import { limitsModule } from './limits/manifest';
import { accountFeature } from './features/account/manifest';
import { activitiesFeature } from './features/activities/manifest';
import { adminFeature } from './features/admin/manifest';
import { advisorFeature } from './features/advisor/manifest';
import { alertsFeature } from './features/alerts/manifest';
import { analysisFeature } from './features/analysis/manifest';
import { apiSettingsFeature } from './features/api-settings/manifest';
import { apiTokensFeature } from './features/api-tokens/manifest';
import { apiV1Feature } from './features/api-v1/manifest';
import { backupsFeature } from './features/backups/manifest';
import { billingFeature } from './features/billing/manifest';
import { brokersFeature } from './features/brokers/manifest';
import { clientsFeature } from './features/clients/manifest';
import { contactFeature } from './features/contact/manifest';
import { demoFeature } from './features/demo/manifest';
import { importsFeature } from './features/imports/manifest';
import { marketDataFeature } from './features/market-data/manifest';
import { paperTradingFeature } from './features/paper-trading/manifest';
import { performanceFeature } from './features/performance/manifest';
import { portfolioFeature } from './features/portfolio/manifest';
import { portfolioAccountsFeature } from './features/portfolio-accounts/manifest';
import { reportsFeature } from './features/reports/manifest';
import { resourcesFeature } from './features/resources/manifest';
import { rewardsFeature } from './features/rewards/manifest';
import { signInFeature } from './features/sign-in/manifest';
import { systemFeature } from './features/system/manifest';
import { terminalFeature } from './features/terminal/manifest';
import { tradingSuggestionsFeature } from './features/trading-suggestions/manifest';

/**
 * In the order their routes are registered: the modules before `sessions` (whose route is the current-user
 * plugin) see no signed-in user; the order of contexts does not matter (each builds the ones it uses).
 */
const MODULES = [
  limitsModule,
  systemFeature,
  resourcesFeature,
  sessionsModule,
  signInFeature,
  accountFeature,
  adminFeature,
  marketDataFeature,
  paperTradingFeature,
  apiSettingsFeature,
  importsFeature,
  brokersFeature,
  analysisFeature,
  advisorFeature,
  portfolioFeature,
  portfolioAccountsFeature,
  clientsFeature,
  activitiesFeature,
  performanceFeature,
  rewardsFeature,
  terminalFeature,
  tradingSuggestionsFeature,
  billingFeature,
  contactFeature,
  demoFeature,
  alertsFeature,
  apiTokensFeature,
  reportsFeature,
  apiV1Feature,
  backupsFeature,
] as const;

/** The list as the wiring iterates it, whatever each module's types. */
export const FEATURES: readonly AnyFeatureManifest[] = MODULES;

type Feature = (typeof MODULES)[number];
type ContextOf<F> =
  F extends FeatureManifest<string, infer Context, infer _Options, infer _Section> ? Context : never;
type OptionsOf<F> =
  F extends FeatureManifest<string, infer _Context, infer Options, infer _Section> ? Options : never;
type SectionsOf<F> =
  F extends FeatureManifest<string, infer _Context, infer _Options, infer Section> ? Section : never;

/**
 * Every part of 'Download my data' is read by a module of the list: a part no module reads is a compile error
 * here, naming it (and a part read by two is a failing feature-list.test.ts).
 */
const _everyPartRead: Record<Exclude<AccountDataSection, SectionsOf<Feature>>, never> = {};

/** Each module's context under its name: `app.services.billing`, `app.services.marketData`, ... */
export type FeatureContexts = { [F in Feature as F['name']]: ContextOf<F> };

/** Each module's test options under its name, for the modules that take some. */
export type FeatureOverrides = {
  [F in Feature as [OptionsOf<F>] extends [never] ? never : F['name']]?: OptionsOf<F>;
};
