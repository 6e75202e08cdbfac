/**
 * The shared setup of the sign-in and account tests (src/server/features/sign-in, src/server/features/account):
 * requests from addresses of their own, a signup followed by a sign-in, the session probe, the session's row,
 * and the mailed links read from the test SMTP server. Each test file builds its own app (createTestApp) and
 * hands it in.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SessionResponse } from '../../contracts/accounts';
import { hashSessionToken } from '../auth/sessions';
import { RESET_SUBJECT, VERIFICATION_SUBJECT } from '../features/sign-in/account-mail';
import { linkIn, tokenOf, type TestSmtpServer } from './smtp';
import type { TestApp } from './test-app';
import { TEST_PASSWORD } from './users';

/** The public URL of the apps that mail links (their links start with it). */
export const MAIL_PUBLIC_URL = 'https://app.foliowise.test';

/** The environment of an app that mails through the test SMTP server. */
export function mailingEnv(smtp: TestSmtpServer, env: Record<string, string> = {}): Record<string, string> {
  return {
    SMTP_URL: smtp.url,
    PUBLIC_URL: MAIL_PUBLIC_URL,
    MAIL_FROM: 'Foliowise <hello@foliowise.test>',
    ...env,
  };
}

export interface CallOptions {
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
  /** Another app than the file's own. */
  app?: TestApp;
}

/** The fw_session cookie an answer sets; throws without one. */
export function sessionCookie(res: LightMyRequestResponse) {
  const cookie = res.cookies.find((c) => c.name === 'fw_session');
  if (!cookie)
    throw new Error(`no fw_session cookie in ${JSON.stringify(res.headers['set-cookie'])}: ${res.body}`);
  return cookie;
}

/** The fw_session cookie's value. */
export const sessionCookieOf = (res: LightMyRequestResponse): string => sessionCookie(res).value;

/** The Set-Cookie header of fw_session, as sent. */
export function rawSetCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : [String(header)];
  const found = all.find((c) => c.startsWith('fw_session='));
  if (!found) throw new Error('no fw_session Set-Cookie');
  return found;
}

/** The session probe's answer to a valid session: its user. */
export function expectSignedIn(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(typeof res.json<{ user: { id?: unknown } | null }>().user?.id).toBe('string');
}

/** The session probe's answer to a request without a valid session: a visitor, not an error. */
export function expectVisitor(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ user: null });
}

export const signupBody = (email: string, password = TEST_PASSWORD) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password,
});

/**
 * Requests to the file's app (`app()`), each from an address of its own unless told (`ipPrefix.x.y`), every
 * answer kept in `seen` for the file's closing check that none carried a secret.
 */
export function accountRequests(app: () => TestApp, options: { ipPrefix: string; emailPrefix?: string }) {
  const seen: { status: number; body: string }[] = [];
  let counter = 0;
  let ipCounter = 0;
  const uniqueEmail = (prefix = options.emailPrefix ?? 'user') =>
    `${prefix}.${Date.now()}.${++counter}@example.com`;
  /** Each request from its own address, so the per-IP limit of one test never touches another. */
  const uniqueIp = () => `${options.ipPrefix}.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  async function call(method: 'GET' | 'POST', url: string, body?: unknown, callOptions: CallOptions = {}) {
    const res = await (callOptions.app ?? app()).app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: {
        ...(callOptions.cookie ? { cookie: `fw_session=${callOptions.cookie}` } : {}),
        ...callOptions.headers,
      },
      remoteAddress: callOptions.ip ?? '127.0.0.1',
    });
    seen.push({ status: res.statusCode, body: res.body });
    return res;
  }

  /** A POST from an address of its own (unless `ip` is given). */
  const post = (url: string, payload: unknown, callOptions: CallOptions = {}) =>
    call('POST', url, payload, { ip: uniqueIp(), ...callOptions });

  const logIn = (body: Record<string, unknown>, callOptions: CallOptions = {}) =>
    call('POST', '/api/auth/login', body, callOptions);

  /**
   * Signup (202, no session) and then a sign-in with the same password, from one address; `res` is the sign-in's
   * answer.
   */
  async function postSignup(
    overrides: Record<string, unknown> = {},
    callOptions: CallOptions = {},
  ): Promise<{ res: LightMyRequestResponse; email: string; token: string }> {
    const email = (overrides.email as string | undefined) ?? uniqueEmail();
    const password = (overrides.password as string | undefined) ?? TEST_PASSWORD;
    const from = { ip: uniqueIp(), ...callOptions };
    const signup = await call(
      'POST',
      '/api/auth/signup',
      { ...signupBody(email, password), ...overrides },
      from,
    );
    expect(signup.statusCode, signup.body).toBe(202);
    const res = await logIn({ email, password }, from);
    expect(res.statusCode, res.body).toBe(200);
    return { res, email, token: sessionCookie(res).value };
  }

  const me = (cookie?: string, other?: TestApp) =>
    call('GET', '/api/auth/me', undefined, { cookie, app: other });
  /** The user the session probe sees for a session cookie: null once the session has ended. */
  const sessionUser = async (cookie: string) => (await me(cookie)).json<SessionResponse>().user;

  const sql = <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    app().deps.database.pool.query<R>(text, values);

  async function sessionRow(token: string) {
    const { rows } = await sql<{
      id_hash: string;
      last_seen_at: Date;
      idle_expires_at: Date;
      absolute_expires_at: Date;
      is_persistent: boolean;
    }>('select * from session where id_hash = $1', [hashSessionToken(token)]);
    return rows[0];
  }

  /** No answer of the file carried a password, a password hash or a session id hash. */
  function expectNoSecretsSeen() {
    expect(seen.length).toBeGreaterThan(10);
    for (const { status, body } of seen) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toContain(TEST_PASSWORD);
      expect(body).not.toMatch(/passwordHash|password_hash|id_hash|idHash/i);
      // Error bodies name the password field in `fields`; success bodies have no password key at all.
      if (status < 400 && body)
        expect(keysOf(JSON.parse(body)).filter((k) => /password/i.test(k))).toEqual([]);
    }
  }

  return {
    seen,
    uniqueEmail,
    uniqueIp,
    call,
    post,
    logIn,
    postSignup,
    me,
    sessionUser,
    sql,
    sessionRow,
    expectNoSecretsSeen,
  };
}

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  }
  return [];
}

/** The mailed links of an app that mails through `smtp()` (mailingEnv): signup's verification, reset. */
export function mailedLinks(requests: ReturnType<typeof accountRequests>, smtp: () => TestSmtpServer) {
  const { post, sql, uniqueEmail } = requests;

  async function signUpAndReadVerificationToken(email = uniqueEmail()) {
    const res = await post('/api/auth/signup', signupBody(email));
    expect(res.statusCode, res.body).toBe(202);
    const mail = await smtp().nextMailTo(email);
    expect(mail.subject).toBe(VERIFICATION_SUBJECT);
    return { email, token: tokenOf(linkIn(mail, `${MAIL_PUBLIC_URL}/verify-email?token=`)) };
  }

  async function requestResetToken(email: string) {
    const res = await post('/api/auth/forgot-password', { email });
    expect(res.statusCode, res.body).toBe(202);
    const mail = await smtp().nextMailTo(email, RESET_SUBJECT);
    return tokenOf(linkIn(mail, `${MAIL_PUBLIC_URL}/reset-password?token=`));
  }

  const tokenCount = async (email: string, purpose: string) =>
    Number(
      (
        await sql<{ n: string }>(
          `select count(*) as n from account_token t join "user" u on u.id = t.user_id
           where lower(u.email) = lower($1) and t.purpose = $2`,
          [email, purpose],
        )
      ).rows[0]?.n,
    );

  return { signUpAndReadVerificationToken, requestResetToken, tokenCount };
}
