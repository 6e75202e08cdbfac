import { defineFeature } from '../../feature';
import { analysisFeature } from '../analysis/manifest';
import { systemRoutes } from './routes';

/** GET /api/health and /api/config. */
export const systemFeature = defineFeature({
  name: 'system',
  tables: [],
  context: ({ use }) => ({
    /** Whether analyses, suggestions and advice are worded by a language model (the pricing copy depends on it). */
    hasLanguageModel: use(analysisFeature).writer.isConfigured,
  }),
  routes: [{ plugin: systemRoutes, prefix: '/api' }],
});
