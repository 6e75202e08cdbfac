import { defineFeature } from '../../feature';
import { apiTokensRoutes } from './routes';

/**
 * /api/api-tokens: a Professional user's personal API tokens (create, list, revoke). The `api_token` table is
 * auth's (src/server/auth/schema.ts), beside `user` and `session`.
 */
export const apiTokensFeature = defineFeature({
  name: 'apiTokens',
  tables: [],
  context: ({ db }) => ({ db }),
  routes: [{ plugin: apiTokensRoutes, prefix: '/api/api-tokens' }],
  planFeature: 'api-access',
});
