import { activitiesAccountData } from './data-export';
import { defineFeature, type FeatureDeps } from '../../feature';
import { marketDataFeature } from '../market-data/manifest';
import { cleanUpImports } from './import-repository';
import { activityImportRoutes } from './import-routes';
import { moveInRoutes } from './move-in-routes';
import { activitiesRoutes } from './routes';
import { activity, activityImport, activityImportMapping, activityPortfolio } from './schema';
import { RecentHistories } from './recent-histories';
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
    {
      table: activityImport,
      leftOutOfExport:
        "staged previews of uploaded files (kept a day until confirmed) and the records of confirmed imports: the history's activities carry their import id, file name and line",
    },
    { table: activityImportMapping, exportedIn: 'activities' },
  ],
  accountData: activitiesAccountData,
  context: ({ db, options = {}, use }: FeatureDeps<ActivitiesOptions>): ActivitiesContext => ({
    db,
    marketData: use(marketDataFeature),
    now: options.now ?? (() => new Date()),
    histories: new RecentHistories(),
  }),
  routes: [
    { plugin: activitiesRoutes, prefix: '/api' },
    { plugin: activityImportRoutes, prefix: '/api' },
    // 'Move in from another Foliowise', beside 'Download my data' on the account page (decision 039).
    { plugin: moveInRoutes, prefix: '/api/account/move-in' },
  ],
  jobs: [
    {
      // Previews past their day expire; expired ones, and confirmed imports with no activity left, go after a week.
      name: 'clean-up-activity-imports',
      period: 'daily',
      run: ({ db, now }) => cleanUpImports(db, now),
    },
  ],
});
