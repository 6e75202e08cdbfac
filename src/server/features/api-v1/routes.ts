import type { FastifyPluginAsync } from 'fastify';
import {
  buildOpenApiDocument,
  ZApiV1ActivitiesQuery,
  ZApiV1HoldingsQuery,
  ZApiV1PerformanceQuery,
  type ApiV1ActivitiesResponse,
  type ApiV1HoldingsResponse,
  type ApiV1PerformanceResponse,
} from '../../../contracts/api-v1';
import { assertFeature } from '../../auth/guards';
import { createApiTokenGuard } from '../../auth/api-token-guard';
import { parseWith } from '../../http/errors';
import {
  cachedPortfolioAnswer,
  readActivities,
  readAnalysis,
  readHoldings,
  readPaperPortfolios,
  readPerformance,
  readPortfolioAnswer,
  readValuation,
} from './service';

/**
 * /api/v1: the read API of personal API tokens (decision 030). Every route but the OpenAPI document needs
 * `Authorization: Bearer <token>`; a session cookie counts for nothing here (the current-user plugin skips
 * /api/v1). Each request is counted against its token's per-minute limit and answered with RateLimit-* headers.
 */
export const apiV1Routes: FastifyPluginAsync = async (app) => {
  const { config, version } = app.deps;
  const context = app.services.apiV1;
  const limit = config.apiRequestsPerMinute;
  const document = JSON.stringify(
    buildOpenApiDocument({ version, requestsPerMinute: limit, serverUrl: config.publicUrl }),
  );

  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(document),
  );

  await app.register(async (tokenRoutes) => {
    // The token's authentication, plan, per-minute count and scope: auth/api-token-guard.ts.
    const { requireToken, tokenOf } = createApiTokenGuard(tokenRoutes, {
      db: context.db,
      tokens: context.tokens,
      requestCounter: context.requestCounter,
      requestsPerMinute: limit,
      // The owner's plan must still include API access (the entitlement table, auth/guards).
      checkPlan: (token) => assertFeature(token.plan, 'api-access'),
    });

    const readPortfolioScope = { onRequest: requireToken('read:portfolio') };
    // Sent as serialized (and compressed) once per cached portfolio, without the compression plugin's hooks,
    // and without a promise when cached.
    tokenRoutes.get('/portfolio', { ...readPortfolioScope, compress: false }, (request, reply) => {
      const read = { context, userId: tokenOf(request).userId };
      const cached = cachedPortfolioAnswer(read);
      if (cached) {
        cached.send(request, reply);
        return;
      }
      return readPortfolioAnswer(read).then((answer) => answer.send(request, reply));
    });
    tokenRoutes.get('/valuation', readPortfolioScope, (request) =>
      readValuation({ context, userId: tokenOf(request).userId }),
    );
    tokenRoutes.get('/paper-portfolios', readPortfolioScope, (request) =>
      readPaperPortfolios({ context, userId: tokenOf(request).userId }),
    );
    tokenRoutes.get('/activities', readPortfolioScope, async (request) => {
      const { portfolio, cursor, ...filter } = parseWith(ZApiV1ActivitiesQuery, request.query);
      const token = tokenOf(request);
      const body: ApiV1ActivitiesResponse = await readActivities({
        context,
        token,
        portfolio,
        filter,
        cursor,
      });
      return body;
    });
    tokenRoutes.get('/holdings', readPortfolioScope, async (request) => {
      const { portfolio } = parseWith(ZApiV1HoldingsQuery, request.query);
      const body: ApiV1HoldingsResponse = await readHoldings({ context, token: tokenOf(request), portfolio });
      return body;
    });
    tokenRoutes.get('/performance', readPortfolioScope, async (request) => {
      const query = parseWith(ZApiV1PerformanceQuery, request.query);
      const body: ApiV1PerformanceResponse = await readPerformance({
        context,
        token: tokenOf(request),
        query,
      });
      return body;
    });
    tokenRoutes.get('/analysis', { onRequest: requireToken('read:analysis') }, (request) =>
      readAnalysis({ context, token: tokenOf(request) }),
    );
  });
};
