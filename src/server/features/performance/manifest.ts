import { defineFeature, type FeatureDeps } from '../../feature';
import { activitiesFeature } from '../activities/manifest';
import { marketDataFeature } from '../market-data/manifest';
import { performanceAccountData } from './data-export';
import { incomeRoutes } from './income-routes';
import { performanceRoutes } from './routes';
import { PriceCache, RecentRuns } from './price-cache';
import { performanceSetting } from './schema';
import type { PerformanceContext } from './service';
import { warmUpReturnsLogged } from './warm-up';

export interface PerformanceOptions {
  /** The clock ('today' of the returns). */
  now?: () => Date;
}

/**
 * A portfolio's returns over a period (issue 28, docs/performance.md), its dividend income and realised gains by
 * year, and the person's base currency.
 */
export const performanceFeature = defineFeature({
  name: 'performance',
  tables: [{ table: performanceSetting, exportedIn: 'performanceSettings' }],
  accountData: performanceAccountData,
  context: ({ config, db, log, options = {}, use }: FeatureDeps<PerformanceOptions>): PerformanceContext => {
    const activities = use(activitiesFeature);
    return {
      db,
      marketData: use(marketDataFeature),
      activities,
      now: options.now ?? activities.now,
      prices: new PriceCache(),
      runs: new RecentRuns(),
      warmUp: config.returnsWarmUp ? () => warmUpReturnsLogged(db, log) : null,
    };
  },
  // Before the app listens (RETURNS_WARM_UP): its first person's returns are then computed by compiled code.
  start: async (context) => {
    await context.warmUp?.();
  },
  routes: [
    { plugin: performanceRoutes, prefix: '/api' },
    // Dividend income and realised gains by year in the base currency (issue 28 items 3, 4 and 6), beside the
    // holdings they are read from.
    { plugin: incomeRoutes, prefix: '/api' },
  ],
});
