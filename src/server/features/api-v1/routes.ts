import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { subscriptionRequiredMessage } from '../../../contracts/accounts';
import { API_TOKEN_MESSAGES, missingScopeMessage, type ApiTokenScope } from '../../../contracts/api-tokens';
import { buildOpenApiDocument } from '../../../contracts/api-v1';
import { AppError } from '../../../contracts/errors';
import { authenticateApiToken, countApiTokenRequest, type AuthenticatedToken } from '../api-tokens/service';
import {
  readAnalysis,
  readPaperPortfolios,
  readPortfolio,
  readValuation,
  type ApiV1Context,
} from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token of an /api/v1 request, once its hook accepted it; undefined anywhere else. */
    apiToken: AuthenticatedToken | undefined;
  }
}

const BEARER_PATTERN = /^Bearer +(\S+) *$/i;

/**
 * /api/v1: the read API of personal API tokens (decision 030). Every route but the OpenAPI document needs
 * `Authorization: Bearer <token>`; a session cookie counts for nothing here (the current-user plugin skips
 * /api/v1). Each request is counted against its token's per-minute limit and answered with RateLimit-* headers.
 */
export const apiV1Routes: FastifyPluginAsync = async (app) => {
  const { config, database, version } = app.deps;
  const { services } = app;
  const { tokens: tokenCache, portfolios, requestCounter } = services.apiV1;
  const context: ApiV1Context = {
    db: database.db,
    portfolios,
    marketData: services.marketData,
    analysis: services.analysis,
    paperTrading: services.paperTrading,
    userVendorKeys: (userId) => services.userVendorKeys(userId),
  };
  const limit = config.apiRequestsPerMinute;
  const document = JSON.stringify(buildOpenApiDocument({ version, requestsPerMinute: limit }));

  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(document),
  );

  await app.register(async (tokenRoutes) => {
    // A decoration, not a WeakMap keyed by request: no weak entry per request for the collector to trace.
    tokenRoutes.decorateRequest('apiToken', undefined);
    const tokenOf = (request: FastifyRequest): AuthenticatedToken => {
      const token = request.apiToken;
      if (!token) throw new AppError('UNAUTHENTICATED', API_TOKEN_MESSAGES.tokenRequired);
      return token;
    };

    /** The hook of a route that needs `scope`: one per route, so no request looks its route's options up. */
    const tokenWith =
      (scope: ApiTokenScope): onRequestHookHandler =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const header = request.headers.authorization;
        if (!header) throw new AppError('UNAUTHENTICATED', API_TOKEN_MESSAGES.tokenRequired);
        const bearer = BEARER_PATTERN.exec(header)?.[1];
        const token =
          bearer === undefined
            ? undefined
            : await authenticateApiToken({
                db: database.db,
                cache: tokenCache,
                token: bearer,
                now: new Date(),
              });
        if (!token) throw new AppError('UNAUTHENTICATED', API_TOKEN_MESSAGES.invalidToken);
        if (token.plan !== 'professional') {
          throw new AppError('SUBSCRIPTION_REQUIRED', subscriptionRequiredMessage(['professional']));
        }
        const count = await countApiTokenRequest({ counter: requestCounter, tokenId: token.tokenId, limit });
        reply.headers({
          'RateLimit-Limit': count.limit,
          'RateLimit-Remaining': count.remaining,
          'RateLimit-Reset': count.resetSeconds,
        });
        if (count.isExceeded) {
          reply.header('Retry-After', count.resetSeconds);
          throw new AppError(
            'RATE_LIMITED',
            `Too many requests for this API token. Try again in ${count.resetSeconds} seconds.`,
          );
        }
        if (!token.scopes.includes(scope)) throw new AppError('FORBIDDEN', missingScopeMessage(scope));
        request.apiToken = token;
      };

    const readPortfolioScope = { onRequest: tokenWith('read:portfolio') };
    tokenRoutes.get('/portfolio', readPortfolioScope, (request) =>
      readPortfolio({ context, userId: tokenOf(request).userId }),
    );
    tokenRoutes.get('/valuation', readPortfolioScope, (request) =>
      readValuation({ context, userId: tokenOf(request).userId }),
    );
    tokenRoutes.get('/paper-portfolios', readPortfolioScope, (request) =>
      readPaperPortfolios({ context, userId: tokenOf(request).userId }),
    );
    tokenRoutes.get('/analysis', { onRequest: tokenWith('read:analysis') }, (request) =>
      readAnalysis({ context, userId: tokenOf(request).userId }),
    );
  });
};
