import { reportsAccountData } from './data-export';
import { defineFeature } from '../../feature';
import { analysisFeature } from '../analysis/manifest';
import { marketDataFeature } from '../market-data/manifest';
import { performanceFeature } from '../performance/manifest';
import { reportsRoutes } from './routes';
import { reportBranding } from './schema';
import type { ReportsContext } from './service';

/** White-label PDF reports (decision 033): the report branding and the saved portfolio's report. */
export const reportsFeature = defineFeature({
  name: 'reports',
  tables: [{ table: reportBranding, exportedIn: 'reportBranding' }],
  accountData: reportsAccountData,
  context: ({ db, use }): ReportsContext => ({
    db,
    marketData: use(marketDataFeature),
    analysis: use(analysisFeature),
    performance: use(performanceFeature),
  }),
  routes: [{ plugin: reportsRoutes, prefix: '/api' }],
  planFeatures: ['white-label-reports'],
});
