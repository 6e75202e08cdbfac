import { defineFeature } from '../../feature';
import { demoRoutes } from './routes';

/** PUT /api/demo/plan: the Demo Settings plan switcher (demo features on, demo accounts only). */
export const demoFeature = defineFeature({
  name: 'demo',
  tables: [],
  context: ({ config, db }) => ({
    db,
    adminEmails: config.adminEmails,
    demoFeatures: config.demoFeatures,
  }),
  routes: [{ plugin: demoRoutes, prefix: '/api/demo' }],
});
