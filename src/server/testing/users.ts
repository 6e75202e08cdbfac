/**
 * Users for integration tests: sign one up through the API, call the app as that user, and check the
 * error body every endpoint answers with.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Plan, User } from '../../contracts/accounts';
import { ZErrorBody, type ErrorBody } from '../../contracts/errors';

export const TEST_PASSWORD = 'Sturdy-Larch-42';

export interface TestUser {
  id: string;
  email: string;
  /** The value of the `fw_session` cookie. */
  cookie: string;
}

export interface SignUpOptions {
  /** Set in the database after signup; a new account is on the free plan. */
  plan?: Plan;
  /**
   * An admin signs up with the first of the app's ADMIN_EMAILS, verified and with its password proven (as a reset
   * link leaves it): the role follows the email.
   */
  role?: User['role'];
  email?: string;
  /** Marks the email verified, as following the mailed link does (an admin's always is). */
  verified?: boolean;
}

let signups = 0;

/** Each signup from its own address, so the per-IP signup limit never counts a test's earlier users. */
function nextSignupAddress() {
  signups++;
  return `10.200.${Math.floor(signups / 250) % 250}.${(signups % 250) + 1}`;
}

function adminEmailOf(app: FastifyInstance): string {
  const email = app.deps.config.adminEmails[0];
  if (!email) throw new Error('signUpUser({ role: "admin" }) needs ADMIN_EMAILS in the test app');
  return email;
}

/**
 * Signs up a fresh account (a unique email unless given) through the API, which answers 202 and opens no session,
 * then signs in with its password, and returns it with its session cookie.
 */
export async function signUpUser(app: FastifyInstance, options: SignUpOptions = {}): Promise<TestUser> {
  const role = options.role ?? 'user';
  const email =
    options.email ??
    (role === 'admin' ? adminEmailOf(app) : `user.${randomBytes(6).toString('hex')}@example.com`);
  const remoteAddress = nextSignupAddress();
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { firstName: 'Test', lastName: 'User', email, password: TEST_PASSWORD },
    remoteAddress,
  });
  expect(signup.statusCode, signup.body).toBe(202);
  const { pool } = app.deps.database;
  if (options.verified || role === 'admin') {
    await pool.query('update "user" set email_verified_at = now() where lower(email) = lower($1)', [email]);
  }
  if (role === 'admin') {
    await pool.query('update "user" set password_proven_at = now() where lower(email) = lower($1)', [email]);
  }
  // Plans change through Stripe webhooks (billing tests go that way); other tests set it where the app reads it.
  if (options.plan && options.plan !== 'free') {
    await pool.query('update "user" set plan = $1 where lower(email) = lower($2)', [options.plan, email]);
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { user } = res.json<{ user: User }>();
  expect(user.role, `role of ${email}`).toBe(role);
  const cookie = res.cookies.find((c) => c.name === 'fw_session');
  if (!cookie) throw new Error('no session cookie');
  return { id: user.id, email, cookie: cookie.value };
}

/** `app.inject` with the user's session cookie (before any cookie the request carries); without a user, as a visitor. */
export function injectAs(
  user: TestUser | undefined,
  app: FastifyInstance,
  request: InjectOptions,
): Promise<LightMyRequestResponse> {
  if (!user) return app.inject(request);
  const session = `fw_session=${user.cookie}`;
  const given = request.headers?.cookie;
  const cookie = given === undefined ? session : `${session}; ${String(given)}`;
  return app.inject({ ...request, headers: { ...request.headers, cookie } });
}

/** Asserts the status and the error body `{ error: { code, message } }` (and the message, when given). */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  message?: string,
): ErrorBody['error'] {
  expect(res.statusCode, res.body).toBe(status);
  const body: unknown = res.json();
  expect(Object.keys(body as object)).toEqual(['error']);
  const { error } = ZErrorBody.parse(body);
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
  return error;
}
