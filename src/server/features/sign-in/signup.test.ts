import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRequests, rawSetCookie, sessionCookie } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, TEST_PASSWORD } from '../../testing/users';

let t: TestApp;
/** Demo features off and cookies marked Secure. */
let off: TestApp;

beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { DEMO_FEATURES: 'false', COOKIE_SECURE: 'true' } }),
  ]);
});
afterAll(() => Promise.all([t.close(), off.close()]));

const { call, logIn, postSignup, me, sql, sessionRow, uniqueEmail, uniqueIp, expectNoSecretsSeen } =
  accountRequests(() => t, { ipPrefix: '10.0' });
let counter = 0;

describe('POST /api/auth/signup', () => {
  it('answers 202 {status, email} without a session; the account then signs in unverified', async () => {
    const email = uniqueEmail();
    const signup = await call(
      'POST',
      '/api/auth/signup',
      { firstName: 'Grace', lastName: 'Hopper', email, password: TEST_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(signup.statusCode, signup.body).toBe(202);
    expect(signup.json()).toEqual({ status: 'verification_sent', email });
    expect(signup.headers['set-cookie']).toBeUndefined();
  });

  it('signs the new account in with an HttpOnly, SameSite=Lax session cookie', async () => {
    const { res, email, token } = await postSignup({ firstName: 'Grace', lastName: 'Hopper' });
    const body = res.json();
    expect(body).toEqual({
      user: {
        id: expect.any(String),
        email,
        name: email.split('@')[0],
        firstName: 'Grace',
        lastName: 'Hopper',
        role: 'user',
        plan: 'free',
        subscriptionStatus: 'none',
        emailVerified: false,
        isDemo: false,
      },
    });
    const cookie = sessionCookie(res);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeUndefined();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const raw = rawSetCookie(res);
    expect(raw).not.toMatch(/Max-Age/i);
    expect(raw).not.toMatch(/Expires/i);
    expect(raw).not.toMatch(/Secure/i);
  });

  it('stores only the SHA-256 of the cookie token', async () => {
    const { token } = await postSignup();
    const row = await sessionRow(token);
    expect(row).toBeDefined();
    const { rowCount } = await sql('select 1 from session where id_hash = $1', [token]);
    expect(rowCount).toBe(0);
  });

  it('hashes the password with argon2id and keeps the email as typed, trimmed', async () => {
    const typed = `Mixed.Case.${++counter}@Example.COM`;
    const { res } = await postSignup({ email: `  ${typed}  ` });
    expect(res.json().user.email).toBe(typed);
    const { rows } = await sql<{ email: string; password_hash: string }>(
      'select email, password_hash from "user" where id = $1',
      [res.json().user.id],
    );
    expect(rows[0]?.email).toBe(typed);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers an email already taken (in another case) as it answers a new one, and changes nothing', async () => {
    const { email, res: created } = await postSignup();
    const res = await call(
      'POST',
      '/api/auth/signup',
      { firstName: 'Eve', lastName: 'Again', email: email.toUpperCase(), password: 'another-Passw0rd!' },
      { ip: uniqueIp() },
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ status: 'verification_sent', email: email.toUpperCase() });
    expect(res.headers['set-cookie']).toBeUndefined();
    const { rows } = await sql('select id, first_name from "user" where lower(email) = lower($1)', [email]);
    expect(rows).toEqual([{ id: created.json().user.id, first_name: 'Ada' }]);
    expect((await logIn({ email, password: 'another-Passw0rd!' }, { ip: uniqueIp() })).statusCode).toBe(401);
  });

  it.each(['firstName', 'lastName', 'email', 'password'])(
    "answers 'Please fill in all required fields' when %s is empty or missing",
    async (field) => {
      const valid = { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: TEST_PASSWORD };
      for (const body of [
        { ...valid, [field]: '' },
        { ...valid, [field]: '   ' },
        Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field)),
      ]) {
        if (field === 'password' && body.password === '   ') continue; // spaces are a (too short) password
        const res = await call('POST', '/api/auth/signup', body, { ip: uniqueIp() });
        const error = expectError(res, 400, 'VALIDATION_ERROR', 'Please fill in all required fields');
        expect(error.fields?.[field]).toBe('Please fill in all required fields');
      }
    },
  );

  it("answers 'Password must be at least 8 characters long'", async () => {
    const res = await call(
      'POST',
      '/api/auth/signup',
      { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: 'Ab3$xyz' },
      { ip: uniqueIp() },
    );
    const error = expectError(res, 400, 'VALIDATION_ERROR', 'Password must be at least 8 characters long');
    expect(error.fields).toEqual({ password: 'Password must be at least 8 characters long' });
  });

  it.each(['password', 'Password1', '12345678', 'QWERTYUIOP'])(
    'refuses the too-common password %s',
    async (pw) => {
      const res = await call(
        'POST',
        '/api/auth/signup',
        { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: pw },
        { ip: uniqueIp() },
      );
      const message = 'This password is too common. Please choose a less common password.';
      const error = expectError(res, 400, 'VALIDATION_ERROR', message);
      expect(error.fields).toEqual({ password: message });
    },
  );

  it('accepts 128 characters and refuses 129', async () => {
    await postSignup({ password: 'k'.repeat(127) + '!' });
    const res = await call(
      'POST',
      '/api/auth/signup',
      { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: 'k'.repeat(129) },
      { ip: uniqueIp() },
    );
    const error = expectError(res, 400, 'VALIDATION_ERROR');
    expect(error.fields?.password).toBeDefined();
  });

  it('refuses fields the server owns (plan, role) instead of taking them', async () => {
    for (const extra of [{ plan: 'professional' }, { role: 'admin' }, { subscriptionStatus: 'premium' }]) {
      const res = await call(
        'POST',
        '/api/auth/signup',
        { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: TEST_PASSWORD, ...extra },
        { ip: uniqueIp() },
      );
      expectError(res, 400, 'VALIDATION_ERROR');
    }
  });

  it('limits signups to 20 a minute per IP address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      const res = await call('POST', '/api/auth/signup', {}, { ip });
      expect(res.statusCode).toBe(400);
    }
    const res = await call('POST', '/api/auth/signup', {}, { ip });
    const error = expectError(res, 429, 'RATE_LIMITED');
    expect(error.message).toMatch(/Try again in \d+ seconds/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is unaffected.
    expect((await call('POST', '/api/auth/signup', {}, { ip: uniqueIp() })).statusCode).toBe(400);
  });
});

describe('secure cookies', () => {
  it('marks the cookie Secure with COOKIE_SECURE=true', async () => {
    const { res } = await postSignup({}, { app: off });
    expect(sessionCookie(res).secure).toBe(true);
    expect(rawSetCookie(res)).toMatch(/; Secure/);
    expect((await me(sessionCookie(res).value, off)).statusCode).toBe(200);
  });

  it('marks the cookie Secure by default in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(32) } });
    try {
      const { res } = await postSignup({}, { app: production });
      expect(rawSetCookie(res)).toMatch(/; Secure/);
    } finally {
      await production.close();
    }
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  it('counts the per-IP signup limit on the address the proxy saw, not a forged X-Forwarded-For', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const signUpFrom = (forgedAddress: string, realAddress = '203.0.113.7') =>
        call(
          'POST',
          '/api/auth/signup',
          {},
          {
            app: proxied,
            ip: '10.9.0.1',
            headers: { 'x-forwarded-for': `${forgedAddress}, ${realAddress}` },
          },
        );
      // Invalid bodies (400) are enough: the limit counts every request.
      for (let i = 1; i <= 20; i++) expect((await signUpFrom(`198.51.100.${i}`)).statusCode).toBe(400);
      expectError(await signUpFrom('198.51.100.21'), 429, 'RATE_LIMITED');
      expect((await signUpFrom('198.51.100.22', '203.0.113.8')).statusCode).toBe(400);
    } finally {
      await proxied.close();
    }
  });
});

describe('answers never leak secrets', () => {
  it('no answer of this file carried a password, a password hash or a session id hash', () => {
    expectNoSecretsSeen();
  });
});
