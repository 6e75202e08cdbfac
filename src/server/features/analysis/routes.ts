import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ZAnalyzeRequest, type AnalyzeResponse } from '../../../contracts/analysis';
import { assertGlobalMarketCoverage, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { analyzePortfolioDemo, analyzePortfolioWithAi, type ReturnsOf } from './service';

/** The visitor's browser id for the free allowance: random, HttpOnly, SameSite=Lax, set on first analyze. */
export const VISITOR_COOKIE = 'fw_visitor';
const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const VISITOR_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** Public, limited per IP (/64, shared by the instances): each analysis reads a year of closes per holding. */
const analyzeLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const demoLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** /api/analyze and /api/analyze-demo (spec 000 §7). */
export const analysisRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.deps;
  const { analysis: context } = app.services;

  /** The visitor's id from the cookie, or a new one set on the reply; undefined for a signed-in user. */
  const visitorIdOf = (request: FastifyRequest, reply: FastifyReply): string | undefined => {
    if (request.user) return undefined;
    const current = request.cookies[VISITOR_COOKIE];
    if (current && VISITOR_ID_PATTERN.test(current)) return current;
    const created = randomBytes(16).toString('base64url');
    reply.setCookie(VISITOR_COOKIE, created, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: config.cookieSecure || request.protocol === 'https',
      maxAge: VISITOR_COOKIE_MAX_AGE_S,
    });
    return created;
  };

  /** The request's analysis with its saved portfolio's returns: a `portfolioKey` needs a session (401 without). */
  const parseRequest = (request: FastifyRequest) => {
    const { portfolio, portfolioKey } = parseWith(ZAnalyzeRequest, request.body);
    assertGlobalMarketCoverage(request.user, Object.keys(portfolio));
    const returnsOf: ReturnsOf | undefined =
      portfolioKey === undefined ? undefined : { user: signedInUser(request), portfolioKey };
    return { portfolio, returnsOf };
  };

  /** Rewards for a signed-in user's analysis; a failure there is logged, never the user's problem. */
  const notifyCompleted = async (request: FastifyRequest, mode: 'ai' | 'demo') => {
    if (!request.user) return;
    await context.onCompleted({ userId: request.user.id, mode }).catch((error: unknown) => {
      request.log.warn({ err: error }, 'analysis rewards failed');
    });
  };

  app.post('/analyze', { config: analyzeLimit }, async (request, reply) => {
    const { portfolio, returnsOf } = parseRequest(request);
    const visitorId = visitorIdOf(request, reply);
    const body: AnalyzeResponse = await analyzePortfolioWithAi({
      ...context,
      onLlmFailure: (error) =>
        request.log.warn({ reason: error.reason, detail: error.message }, 'AI analysis unavailable'),
      portfolio,
      returnsOf,
      requester: { user: request.user, visitorId, ip: request.ip },
    });
    // Rewards count an AI analysis only when a model wrote it; the rules' words are the sample's.
    await notifyCompleted(request, body.wordsSource === 'model' ? 'ai' : 'demo');
    return body;
  });

  app.post('/analyze-demo', { config: demoLimit }, async (request) => {
    const { portfolio, returnsOf } = parseRequest(request);
    const body: AnalyzeResponse = await analyzePortfolioDemo({
      ...context,
      portfolio,
      returnsOf,
      userId: request.user?.id,
    });
    await notifyCompleted(request, 'demo');
    return body;
  });
};
