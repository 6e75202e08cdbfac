import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { API_TOKEN_MESSAGES, missingScopeMessage, type ApiTokenScope } from '../../contracts/api-tokens';
import { AppError } from '../../contracts/errors';
import type { Database } from '../db/client';
import type { BatchedCounter } from '../limits/batched-counter';
import {
  authenticateApiToken,
  cachedApiToken,
  countApiTokenRequest,
  countApiTokenRequestReserved,
  type ApiTokenCache,
  type AuthenticatedToken,
  type TokenRateCount,
} from './api-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token of an /api/v1 request, once its hook accepted it; undefined anywhere else. */
    apiToken: AuthenticatedToken | undefined;
  }
}

const BEARER_PATTERN = /^Bearer +(\S+) *$/i;

export interface ApiTokenGuardOptions {
  db: Database;
  /** The tokens this instance authenticated. */
  tokens: ApiTokenCache;
  /** The per-token request counts, in the limit store every instance shares. */
  requestCounter: BatchedCounter;
  /** Requests per token and minute (API_REQUESTS_PER_MINUTE). */
  requestsPerMinute: number;
  /** Refuses a token whose owner's plan does not include the routes (throws), before the request is counted. */
  checkPlan: (token: AuthenticatedToken) => void;
}

export interface ApiTokenGuard {
  /** The `onRequest` hook of a route that needs a token with `scope`. */
  requireToken: (scope: ApiTokenScope) => onRequestHookHandler;
  /** The token the route's hook accepted (a 401 where none did). */
  tokenOf: (request: FastifyRequest) => AuthenticatedToken;
}

/**
 * The guard of routes authenticated by personal API tokens (`Authorization: Bearer <token>`, decision 030), as
 * guards.ts is the session's: it decorates `request.apiToken` in `app` (the routes' own plugin), and each route's
 * hook authenticates the token (auth/api-tokens.ts), checks its owner's plan, counts the request against the
 * token's per-minute limit with RateLimit-* headers, then checks the scope. A session cookie counts for nothing.
 */
export function createApiTokenGuard(app: FastifyInstance, options: ApiTokenGuardOptions): ApiTokenGuard {
  const { db, tokens, requestCounter, requestsPerMinute: limit, checkPlan } = options;
  // A decoration, not a WeakMap keyed by request: no weak entry per request for the collector to trace.
  app.decorateRequest('apiToken', undefined);

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
      cached ?? (await authenticateApiToken({ db, cache: tokens, token: bearer, now: new Date() }));
    if (!token) throw new AppError('UNAUTHENTICATED', API_TOKEN_MESSAGES.invalidToken);
    checkPlan(token);
    const count = await countApiTokenRequest({ counter: requestCounter, token, limit });
    admit(request, reply, token, count, scope);
  };

  return {
    /**
     * One hook per route, so no request looks its route's options up. A callback hook, not an async one: a busy
     * token's request (token cached, a count reserved ahead) is admitted without awaiting anything.
     */
    requireToken: (scope) => (request, reply, done) => {
      const header = request.headers.authorization;
      if (!header) throw new AppError('UNAUTHENTICATED', API_TOKEN_MESSAGES.tokenRequired);
      const bearer = BEARER_PATTERN.exec(header)?.[1];
      if (bearer === undefined) throw new AppError('UNAUTHENTICATED', API_TOKEN_MESSAGES.invalidToken);
      const cached = cachedApiToken(tokens, bearer, Date.now());
      if (cached) {
        checkPlan(cached);
        const count = countApiTokenRequestReserved({ counter: requestCounter, token: cached, limit });
        if (count) {
          admit(request, reply, cached, count, scope);
          done();
          return;
        }
      }
      authenticateAndCount(request, reply, bearer, cached, scope).then(() => done(), done);
    },
    tokenOf: (request) => {
      const token = request.apiToken;
      if (!token) throw new AppError('UNAUTHENTICATED', API_TOKEN_MESSAGES.tokenRequired);
      return token;
    },
  };
}
