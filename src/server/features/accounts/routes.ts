import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ZLoginRequest,
  ZSignupRequest,
  type AuthUserResponse,
  type SessionResponse,
} from '../../../contracts/accounts';
import { clearSessionCookie, setSessionCookie } from '../../auth/sessions';
import { parseWith } from '../../http/errors';
import {
  getCurrentUser,
  logIn,
  LoginRateLimitedError,
  logOut,
  openDemoAccount,
  signUp,
  type SignedIn,
} from './service';

/** Accounts created per IP address and minute (per instance, @fastify/rate-limit). */
const ACCOUNT_CREATION_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** /api/auth: signup, login, logout, me, demo. */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  const { accounts } = app.services;
  const context = (request: FastifyRequest) => ({
    ...accounts,
    replacedSessionIdHash: request.sessionIdHash,
  });
  const reply201 = (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) => {
    setSessionCookie(request, reply, signedIn.session);
    const body: AuthUserResponse = { user: signedIn.user };
    return reply.status(201).send(body);
  };

  app.post('/signup', { config: ACCOUNT_CREATION_LIMIT }, async (request, reply) => {
    const input = parseWith(ZSignupRequest, request.body);
    return reply201(request, reply, await signUp({ ...context(request), input }));
  });

  app.post('/login', async (request, reply) => {
    const input = parseWith(ZLoginRequest, request.body);
    let signedIn: SignedIn;
    try {
      signedIn = await logIn({ ...context(request), input, ip: request.ip });
    } catch (error) {
      if (error instanceof LoginRateLimitedError) {
        reply.header('Retry-After', String(error.retryAfterSeconds));
      }
      throw error;
    }
    setSessionCookie(request, reply, signedIn.session);
    const body: AuthUserResponse = { user: signedIn.user };
    return reply.status(200).send(body);
  });

  app.post('/logout', async (request, reply) => {
    await logOut({ ...accounts, sessionIdHash: request.sessionIdHash });
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  app.get('/me', { compress: false }, async (request) => {
    const body: SessionResponse = getCurrentUser({ user: request.user });
    return body;
  });

  app.post('/demo', { config: ACCOUNT_CREATION_LIMIT }, async (request, reply) => {
    const signedIn = await openDemoAccount(context(request));
    return reply201(request, reply, signedIn);
  });
};
