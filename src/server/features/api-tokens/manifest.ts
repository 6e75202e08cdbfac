import { defineFeature } from '../../feature';
import { apiTokensRoutes } from './routes';

/**
 * /api/api-tokens: a Professional user's personal API tokens (create, list, revoke). The `api_token` table and
 * the tokens' authentication on /api/v1 are auth's (auth/schema.ts, auth/api-tokens.ts, auth/api-token-guard.ts),
 * beside the session's.
 */
export const apiTokensFeature = defineFeature({
  name: 'apiTokens',
  tables: [],
  context: ({ db }) => ({ db }),
  routes: [{ plugin: apiTokensRoutes, prefix: '/api/api-tokens' }],
  planFeatures: ['api-access'],
});
