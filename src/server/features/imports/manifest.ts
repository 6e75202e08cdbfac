import { defineFeature } from '../../feature';
import { activitiesFeature } from '../activities/manifest';
import { importRoutes } from './routes';
import type { ImportsContext } from './service';

/** /api/import: CSV and brokerage file imports into the analyzer (pure; recorded in a history only when asked). */
export const importsFeature = defineFeature({
  name: 'imports',
  tables: [],
  context: ({ use }): ImportsContext => ({ activities: use(activitiesFeature) }),
  routes: [{ plugin: importRoutes, prefix: '/api/import' }],
});
