import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { subscriptionRequiredMessage } from '../../../contracts/accounts';
import { API_TOKEN_MESSAGES, missingScopeMessage, type ApiTokenScope } from '../../../contracts/api-tokens';
import { buildOpenApiDocument } from '../../../contracts/api-v1';
import { AppError } from '../../../contracts/errors';
import {
  authenticateApiToken,
  cachedApiToken,
  countApiTokenRequest,
  countApiTokenRequestReserved,
  type AuthenticatedToken,
  type TokenRateCount,
} from '../api-tokens/service';
import {
  cachedPortfolioAnswer,
  readAnalysis,
  readPaperPortfolios,
  readPortfolioAnswer,
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

    const requireProfessional = (token: AuthenticatedToken) => {
      if (token.plan !== 'professional') {
        throw new AppError('SUBSCRIPTION_REQUIRED', subscriptionRequiredMessage(['professional']));
      }
    };
    /** Answers the count's RateLimit headers; refuses beyond the limit, then without the scope. */
    const admit = (
      request: FastifyRequest,
      reply: FastifyReply,
      token: AuthenticatedToken,
      count: TokenRateCount,
      scope: ApiTokenScope,
    ) => {
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
    /** The way through the database and the limit store: a token not cached, a last use to write, a count to wait for. */
    const authenticateAndCount = async (
      request: FastifyRequest,
      reply: FastifyReply,
      bearer: string,
      cached: AuthenticatedToken | undefined,
      scope: ApiTokenScope,
    ) => {
      const token =
        cached ??
        (await authenticateApiToken({ db: database.db, cache: tokenCache, token: bearer, now: new Date() }));
      if (!token) throw new AppError('UNAUTHENTICATED', API_TOKEN_MESSAGES.invalidToken);
      requireProfessional(token);
      const count = await countApiTokenRequest({ counter: requestCounter, token, limit });
      admit(request, reply, token, count, scope);
    };

    /**
     * The hook of a route that needs `scope`: one per route, so no request looks its route's options up. A
     * callback hook, not an async one: a busy token's request (token cached, a count reserved ahead) is
     * admitted without awaiting anything.
     */
    const tokenWith =
      (scope: ApiTokenScope): onRequestHookHandler =>
      (request, reply, done) => {
        const header = request.headers.authorization;
        if (!header) throw new AppError('UNAUTHENTICATED', API_TOKEN_MESSAGES.tokenRequired);
        const bearer = BEARER_PATTERN.exec(header)?.[1];
        if (bearer === undefined) throw new AppError('UNAUTHENTICATED', API_TOKEN_MESSAGES.invalidToken);
        const cached = cachedApiToken(tokenCache, bearer, Date.now());
        if (cached) {
          requireProfessional(cached);
          const count = countApiTokenRequestReserved({
            counter: requestCounter,
            token: cached,
            limit,
          });
          if (count) {
            admit(request, reply, cached, count, scope);
            done();
            return;
          }
        }
        authenticateAndCount(request, reply, bearer, cached, scope).then(() => done(), done);
      };

    const readPortfolioScope = { onRequest: tokenWith('read:portfolio') };
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
    tokenRoutes.get('/analysis', { onRequest: tokenWith('read:analysis') }, (request) =>
      readAnalysis({ context, userId: tokenOf(request).userId }),
    );
  });
};
