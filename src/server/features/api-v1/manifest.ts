import { defineFeature } from '../../feature';
import { createBatchedCounter, type BatchedCounter } from '../../limits/batched-counter';
import { limitsModule } from '../../limits/manifest';
import { ApiTokenCache } from '../../auth/api-tokens';
import { activitiesFeature } from '../activities/manifest';
import { analysisFeature } from '../analysis/manifest';
import { marketDataFeature } from '../market-data/manifest';
import { paperTradingFeature } from '../paper-trading/manifest';
import { performanceFeature } from '../performance/manifest';
import { apiV1Routes } from './routes';
import { SavedPortfolioCache, type ApiV1Context } from './service';

export interface ApiV1Services extends ApiV1Context {
  /** The tokens this instance authenticated (decision 030). */
  tokens: ApiTokenCache;
  /** The per-token request counts, batched per instance. */
  requestCounter: BatchedCounter;
}

/** /api/v1: the read API of personal API tokens (decision 030), and its OpenAPI document. */
export const apiV1Feature = defineFeature({
  name: 'apiV1',
  tables: [],
  context: ({ db, use }): ApiV1Services => ({
    db,
    portfolios: new SavedPortfolioCache(),
    marketData: use(marketDataFeature),
    analysis: use(analysisFeature),
    paperTrading: use(paperTradingFeature),
    activities: use(activitiesFeature),
    performance: use(performanceFeature),
    tokens: new ApiTokenCache(),
    requestCounter: createBatchedCounter(use(limitsModule)),
  }),
  // Token-authenticated only: the current-user plugin leaves /api/v1 alone (no session from a cookie there).
  routes: [{ plugin: apiV1Routes, prefix: '/api/v1' }],
  userCaches: ({ tokens, portfolios }) => [tokens, portfolios],
  planFeatures: ['api-access'],
});
