import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZResendVerificationRequest,
  ZResetPasswordRequest,
  ZSignupRequest,
  ZVerifyEmailRequest,
  type AuthUserResponse,
  type EmailSentResponse,
  type SessionResponse,
} from '../../../contracts/accounts';
import { clearSessionCookie, setSessionCookie } from '../../auth/sessions';
import { parseWith } from '../../http/errors';
import { readKnownDevice, rememberKnownDevice } from './known-device';
import { LoginRateLimitedError } from './login-throttle';
import {
  getCurrentUser,
  logIn,
  logOut,
  openDemoAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signUp,
  verifyEmail,
  type SignedIn,
} from './service';

/** Accounts created per IP address (/64) and minute (@fastify/rate-limit on the shared limit store). */
const ACCOUNT_CREATION_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };
/** Demo accounts opened per IP address (/64) and day: each brings its own free AI analyses. */
export const DEMO_ACCOUNTS_PER_DAY = 5;
const DEMO_ACCOUNT_LIMIT = { rateLimit: { max: DEMO_ACCOUNTS_PER_DAY, timeWindow: 24 * 60 * 60_000 } };

/** Mails asked for per IP address and minute (verification resend, password reset). */
const MAIL_REQUEST_LIMIT = { rateLimit: { max: 5, timeWindow: '1 minute' } };
/** Mailed-link tokens tried per IP address and minute. */
const LINK_TOKEN_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** /api/auth: signup, login, logout, me, demo, email verification, password reset. */
export const signInRoutes: FastifyPluginAsync = async (app) => {
  const { signIn } = app.services;
  const context = (request: FastifyRequest) => ({
    ...signIn,
    replacedSessionIdHash: request.sessionIdHash,
  });
  const reply201 = (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) => {
    setSessionCookie(request, reply, signedIn.session);
    const body: AuthUserResponse = { user: signedIn.user };
    return reply.status(201).send(body);
  };

  const reply200 = (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) => {
    setSessionCookie(request, reply, signedIn.session);
    const body: AuthUserResponse = { user: signedIn.user };
    return reply.status(200).send(body);
  };
  const reply202 = (reply: FastifyReply, body: EmailSentResponse) => reply.status(202).send(body);

  // 202 and the same body whether or not the email has an account; no session until the email is verified.
  app.post('/signup', { config: ACCOUNT_CREATION_LIMIT }, async (request, reply) => {
    const input = parseWith(ZSignupRequest, request.body);
    return reply202(reply, await signUp({ ...context(request), input }));
  });

  app.post('/verify-email', { config: LINK_TOKEN_LIMIT }, async (request, reply) => {
    const { token } = parseWith(ZVerifyEmailRequest, request.body);
    return reply200(request, reply, await verifyEmail({ ...context(request), token }));
  });

  app.post('/resend-verification', { config: MAIL_REQUEST_LIMIT }, async (request, reply) => {
    const { email } = parseWith(ZResendVerificationRequest, request.body);
    return reply202(reply, await resendVerification({ ...context(request), email }));
  });

  app.post('/forgot-password', { config: MAIL_REQUEST_LIMIT }, async (request, reply) => {
    const { email } = parseWith(ZForgotPasswordRequest, request.body);
    return reply202(reply, await requestPasswordReset({ ...context(request), email }));
  });

  app.post('/reset-password', { config: LINK_TOKEN_LIMIT }, async (request, reply) => {
    const input = parseWith(ZResetPasswordRequest, request.body);
    return reply200(request, reply, await resetPassword({ ...context(request), input }));
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
    rememberKnownDevice(request, reply, device, signIn.loginThrottle.accountTag(input.email.toLowerCase()));
    return reply200(request, reply, signedIn);
  });

  app.post('/logout', async (request, reply) => {
    await logOut({ ...signIn, sessionIdHash: request.sessionIdHash });
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
