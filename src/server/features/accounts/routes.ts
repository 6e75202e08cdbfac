import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ZLoginRequest,
  ZSignupRequest,
  type AuthUserResponse,
  type SessionResponse,
} from '../../../contracts/accounts';
import { clearSessionCookie, setSessionCookie } from '../../auth/sessions';
import { parseWith } from '../../http/errors';
import { readKnownDevice, rememberKnownDevice } from './known-device';
import { LoginRateLimitedError } from './login-throttle';
import { getCurrentUser, logIn, logOut, openDemoAccount, signUp, type SignedIn } from './service';

/** Accounts created per IP address (/64) and minute (@fastify/rate-limit on the shared limit store). */
const ACCOUNT_CREATION_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };
/** Demo accounts opened per IP address (/64) and day: each brings its own free AI analyses. */
export const DEMO_ACCOUNTS_PER_DAY = 5;
const DEMO_ACCOUNT_LIMIT = { rateLimit: { max: DEMO_ACCOUNTS_PER_DAY, timeWindow: 24 * 60 * 60_000 } };

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
    const device = readKnownDevice(request);
    let signedIn: SignedIn;
    try {
      signedIn = await logIn({ ...context(request), input, client: { ip: request.ip, device } });
    } catch (error) {
      if (error instanceof LoginRateLimitedError) {
        reply.header('Retry-After', String(error.retryAfterSeconds));
      }
      throw error;
    }
    setSessionCookie(request, reply, signedIn.session);
    rememberKnownDevice(request, reply, device, accounts.loginThrottle.accountTag(input.email.toLowerCase()));
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

  app.post('/demo', { config: DEMO_ACCOUNT_LIMIT }, async (request, reply) => {
    const signedIn = await openDemoAccount(context(request));
    return reply201(request, reply, signedIn);
  });
};
