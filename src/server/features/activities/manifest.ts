import { activitiesAccountData } from './data-export';
import { defineFeature, type FeatureDeps } from '../../feature';
import { marketDataFeature } from '../market-data/manifest';
import { activitiesRoutes } from './routes';
import { activity, activityPortfolio } from './schema';
import type { ActivitiesContext } from './service';

export interface ActivitiesOptions {
  /** The clock (tests of the future-date rule and of 'this year'). */
  now?: () => Date;
}

/** The activity ledger (issue 27, decision 036): every portfolio's history, its holdings, its map kept in step. */
export const activitiesFeature = defineFeature({
  name: 'activities',
  tables: [
    { table: activityPortfolio, exportedIn: 'activities' },
    { table: activity, exportedIn: 'activities' },
  ],
  accountData: activitiesAccountData,
  context: ({ db, options = {}, use }: FeatureDeps<ActivitiesOptions>): ActivitiesContext => ({
    db,
    marketData: use(marketDataFeature),
    now: options.now ?? (() => new Date()),
  }),
  routes: [{ plugin: activitiesRoutes, prefix: '/api' }],
});
