import { defineFeature } from '../../feature';
import { importRoutes } from './routes';

/** /api/import: CSV and brokerage file imports into the analyzer (pure, nothing stored). */
export const importsFeature = defineFeature({
  name: 'imports',
  tables: [],
  context: () => ({}),
  routes: [{ plugin: importRoutes, prefix: '/api/import' }],
});
