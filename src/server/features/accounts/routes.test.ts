import Decimal from 'decimal.js';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredSessions, hashSessionToken } from '../../auth/sessions';
import { session } from '../../auth/schema';
import { findSamplePortfolio } from '../../../domain/sample-portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEMO_PAPER_PORTFOLIO, DEMO_SAMPLE_PORTFOLIO_ID, DEMO_TRADES } from './demo-content';
import { expectError, signUpUser, TEST_PASSWORD } from '../../testing/users';

const DAY_S = 24 * 60 * 60;

let t: TestApp;
let off: TestApp;
/** Every answer of this file, checked at the end for passwords and hashes. */
const seen: { status: number; body: string }[] = [];

beforeAll(async () => {
  [t, off] = await Promise.all([
    createTestApp({ env: { ADMIN_EMAILS: 'Someone@Else.org, Boss@Example.COM', DEMO_FEATURES: 'true' } }),
    createTestApp({ env: { DEMO_FEATURES: 'false', COOKIE_SECURE: 'true' } }),
  ]);
});
afterAll(() => Promise.all([t.close(), off.close()]));

let counter = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${++counter}@example.com`;
let ipCounter = 0;
/** Each test signs in from its own address so the per-IP limit of one test never touches another. */
const uniqueIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

interface CallOptions {
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
  app?: TestApp;
}

async function call(method: 'GET' | 'POST', url: string, body?: unknown, options: CallOptions = {}) {
  const res = await (options.app ?? t).app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    headers: { ...(options.cookie ? { cookie: `fw_session=${options.cookie}` } : {}), ...options.headers },
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  seen.push({ status: res.statusCode, body: res.body });
  return res;
}

function sessionCookie(res: LightMyRequestResponse) {
  const cookie = res.cookies.find((c) => c.name === 'fw_session');
  if (!cookie) throw new Error(`no fw_session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookie;
}

function rawSetCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : [String(header)];
  const found = all.find((c) => c.startsWith('fw_session='));
  if (!found) throw new Error('no fw_session Set-Cookie');
  return found;
}

const logIn = (body: Record<string, unknown>, options: CallOptions = {}) =>
  call('POST', '/api/auth/login', body, options);

/**
 * Signup (202, no session) and then a sign-in with the same password, from one address; `res` is the sign-in's
 * answer. Both answers join `seen` like every other.
 */
async function postSignup(
  overrides: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<{ res: LightMyRequestResponse; email: string; token: string }> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const password = (overrides.password as string | undefined) ?? TEST_PASSWORD;
  const from = { ip: uniqueIp(), ...options };
  const signup = await call(
    'POST',
    '/api/auth/signup',
    { firstName: 'Ada', lastName: 'Lovelace', email, password, ...overrides },
    from,
  );
  expect(signup.statusCode, signup.body).toBe(202);
  const res = await logIn({ email, password }, from);
  expect(res.statusCode, res.body).toBe(200);
  return { res, email, token: sessionCookie(res).value };
}

const me = (cookie?: string, app?: TestApp) => call('GET', '/api/auth/me', undefined, { cookie, app });
/** The session probe's answer to a valid session: its user. */
const expectSignedIn = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(200);
  expect(res.json<{ user: unknown }>().user).toMatchObject({ id: expect.any(String) });
};
/** The session probe's answer to a request without a valid session: a visitor, not an error. */
const expectVisitor = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ user: null });
};

async function sessionRow(token: string) {
  const { rows } = await t.deps.database.pool.query<{
    id_hash: string;
    last_seen_at: Date;
    idle_expires_at: Date;
    absolute_expires_at: Date;
    is_persistent: boolean;
  }>('select * from session where id_hash = $1', [hashSessionToken(token)]);
  return rows[0];
}

const sql = (text: string, values: unknown[] = []) => t.deps.database.pool.query(text, values);

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
    const { rows } = await sql('select email, password_hash from "user" where id = $1', [res.json().user.id]);
    expect(rows[0].email).toBe(typed);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
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

describe('GET /api/auth/me', () => {
  it('answers the signed-in user', async () => {
    const { res, token } = await postSignup();
    const answer = await me(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(res.json());
  });

  it('answers 200 with no user to a visitor, to a made-up cookie and to a malformed one', async () => {
    expectVisitor(await me());
    expectVisitor(await me('A'.repeat(43)));
    expectVisitor(await me('not a token; x=y'));
  });

  it('leaves the 401 to the routes that need a user', async () => {
    expectError(await call('GET', '/api/portfolio'), 401, 'UNAUTHENTICATED', 'Please sign in to continue.');
  });

  it('shows the plan from the database', async () => {
    const { res, token } = await postSignup();
    await sql(`update "user" set plan = 'premium', subscription_status = 'active' where id = $1`, [
      res.json().user.id,
    ]);
    // Its session may be cached: the change reaches the cache through the database's notification.
    await t.services.sessions.listener.caughtUp();
    expect((await me(token)).json().user).toMatchObject({ plan: 'premium', subscriptionStatus: 'active' });
  });
});

describe('POST /api/auth/login', () => {
  it("answers 'Email and password are required' when either is missing or empty", async () => {
    for (const body of [
      {},
      { email: 'a@b.co' },
      { password: 'x' },
      { email: '', password: 'x' },
      { email: 'a@b.co', password: '' },
    ]) {
      const res = await logIn(body, { ip: uniqueIp() });
      expectError(res, 400, 'VALIDATION_ERROR', 'Email and password are required');
    }
  });

  it('signs in with the email in any case and answers 200 {user} with a new session cookie', async () => {
    const { email, res: created } = await postSignup();
    const res = await logIn(
      { email: ` ${email.toUpperCase()} `, password: TEST_PASSWORD },
      { ip: uniqueIp() },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(created.json());
    expect(sessionCookie(res).httpOnly).toBe(true);
    expect(rawSetCookie(res)).not.toMatch(/Max-Age/i);
  });

  it("answers 401 'Invalid email or password' for a wrong password and, identically, for an unknown email", async () => {
    const { email } = await signUpUser(t.app);
    const wrong = await logIn({ email, password: 'Wrong-Password-1' }, { ip: uniqueIp() });
    expectError(wrong, 401, 'INVALID_CREDENTIALS', 'Invalid email or password');
    const unknown = await logIn(
      { email: uniqueEmail('nobody'), password: TEST_PASSWORD },
      { ip: uniqueIp() },
    );
    expectError(unknown, 401, 'INVALID_CREDENTIALS', 'Invalid email or password');
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('opens a new session at every sign-in; logout ends only its own session', async () => {
    const { email, cookie: first } = await signUpUser(t.app);
    const ip = uniqueIp();
    const second = sessionCookie(await logIn({ email, password: TEST_PASSWORD }, { ip })).value;
    const third = sessionCookie(await logIn({ email, password: TEST_PASSWORD }, { ip })).value;
    expect(new Set([first, second, third]).size).toBe(3);
    for (const token of [first, second, third]) expectSignedIn(await me(token));

    const out = await call('POST', '/api/auth/logout', undefined, { cookie: second });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const cleared = rawSetCookie(out);
    expect(cleared).toMatch(/^fw_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect(await sessionRow(second)).toBeUndefined();

    expectVisitor(await me(second));
    expectSignedIn(await me(first));
    expectSignedIn(await me(third));
  });

  it('replaces the session the browser came with', async () => {
    const { email, cookie: before } = await signUpUser(t.app);
    const res = await logIn({ email, password: TEST_PASSWORD }, { ip: uniqueIp(), cookie: before });
    const after = sessionCookie(res).value;
    expect(after).not.toBe(before);
    expect(await sessionRow(before)).toBeUndefined();
    expectVisitor(await me(before));
    expectSignedIn(await me(after));
  });

  it('logout without a session still answers 204', async () => {
    expect((await call('POST', '/api/auth/logout')).statusCode).toBe(204);
  });

  it('remember me: a persistent cookie for 90 days, 30 days idle', async () => {
    const { email } = await signUpUser(t.app);
    const res = await logIn({ email, password: TEST_PASSWORD, rememberMe: true }, { ip: uniqueIp() });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie.maxAge).toBe(90 * DAY_S);
    expect(rawSetCookie(res)).toContain(`Max-Age=${90 * DAY_S}`);
    const row = (await sessionRow(cookie.value))!;
    const now = Date.now();
    expect(row.is_persistent).toBe(true);
    expect(row.absolute_expires_at.getTime() - now).toBeGreaterThan(90 * DAY_S * 1000 - 60_000);
    expect(row.absolute_expires_at.getTime() - now).toBeLessThanOrEqual(90 * DAY_S * 1000);
    expect(row.idle_expires_at.getTime() - now).toBeGreaterThan(30 * DAY_S * 1000 - 60_000);
    expect(row.idle_expires_at.getTime() - now).toBeLessThanOrEqual(30 * DAY_S * 1000);
  });

  it('without remember me: a browser-session cookie, 30 days absolute, 7 days idle', async () => {
    const { cookie: token } = await signUpUser(t.app);
    const row = (await sessionRow(token))!;
    const now = Date.now();
    expect(row.is_persistent).toBe(false);
    expect(row.absolute_expires_at.getTime() - now).toBeGreaterThan(30 * DAY_S * 1000 - 60_000);
    expect(row.absolute_expires_at.getTime() - now).toBeLessThanOrEqual(30 * DAY_S * 1000);
    expect(row.idle_expires_at.getTime() - now).toBeGreaterThan(7 * DAY_S * 1000 - 60_000);
    expect(row.idle_expires_at.getTime() - now).toBeLessThanOrEqual(7 * DAY_S * 1000);
  });
});

describe('session expiry', () => {
  it('an idle-expired session is a visitor: it is deleted and its cookie cleared', async () => {
    const { cookie: token } = await signUpUser(t.app);
    await sql(`update session set idle_expires_at = now() - interval '1 second' where id_hash = $1`, [
      hashSessionToken(token),
    ]);
    const res = await me(token);
    expectVisitor(res);
    expect(rawSetCookie(res)).toMatch(/^fw_session=;/);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('an absolutely expired session is a visitor even while active', async () => {
    const { cookie: token } = await signUpUser(t.app);
    await sql(
      `update session set absolute_expires_at = now() - interval '1 second', last_seen_at = now() where id_hash = $1`,
      [hashSessionToken(token)],
    );
    expectVisitor(await me(token));
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('slides the idle expiry on use, at most once a minute', async () => {
    const { cookie: token } = await signUpUser(t.app);
    const idHash = hashSessionToken(token);
    await sql(
      `update session set last_seen_at = now() - interval '2 minutes', idle_expires_at = now() + interval '1 hour' where id_hash = $1`,
      [idHash],
    );
    expectSignedIn(await me(token));
    const slid = (await sessionRow(token))!;
    expect(slid.idle_expires_at.getTime() - Date.now()).toBeGreaterThan(7 * DAY_S * 1000 - 60_000);
    expect(Date.now() - slid.last_seen_at.getTime()).toBeLessThan(60_000);

    // Seen less than a minute ago: no write.
    await sql(`update session set idle_expires_at = now() + interval '1 hour' where id_hash = $1`, [idHash]);
    const before = (await sessionRow(token))!;
    expectSignedIn(await me(token));
    const after = (await sessionRow(token))!;
    expect(after.idle_expires_at.getTime()).toBe(before.idle_expires_at.getTime());
    expect(after.last_seen_at.getTime()).toBe(before.last_seen_at.getTime());
  });

  it('never slides past the absolute expiry', async () => {
    const { cookie: token } = await signUpUser(t.app);
    await sql(
      `update session set last_seen_at = now() - interval '2 minutes', absolute_expires_at = now() + interval '1 hour' where id_hash = $1`,
      [hashSessionToken(token)],
    );
    expectSignedIn(await me(token));
    const row = (await sessionRow(token))!;
    expect(row.idle_expires_at.getTime()).toBe(row.absolute_expires_at.getTime());
  });

  it('deleteExpiredSessions removes exactly the expired sessions', async () => {
    const tokens = await Promise.all([signUpUser(t.app), signUpUser(t.app), signUpUser(t.app)]).then((r) =>
      r.map((s) => s.cookie),
    );
    const [idle, absolute, live] = tokens.map((tk) => hashSessionToken(tk));
    await sql(`update session set idle_expires_at = now() - interval '1 minute' where id_hash = $1`, [idle]);
    await sql(`update session set absolute_expires_at = now() - interval '1 minute' where id_hash = $1`, [
      absolute,
    ]);
    const deleted = await deleteExpiredSessions(t.deps.database.db);
    expect(deleted).toBeGreaterThanOrEqual(2);
    const { rows } = await sql('select id_hash from session where id_hash = any($1)', [
      [idle, absolute, live],
    ]);
    expect(rows.map((r: { id_hash: string }) => r.id_hash)).toEqual([live]);
  });
});

describe('/api/admin', () => {
  it('answers 401 to visitors, 403 to users and 200 to admins (ADMIN_EMAILS without regard to case)', async () => {
    const { cookie: userToken } = await signUpUser(t.app);
    const boss = await signUpUser(t.app, { email: 'boss@example.com', role: 'admin' });
    const bossToken = boss.cookie;
    const bossRes = await me(bossToken);
    expect(bossRes.json().user.role).toBe('admin');

    expectError(await call('GET', '/api/admin/me'), 401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    expectError(
      await call('GET', '/api/admin/me', undefined, { cookie: userToken }),
      403,
      'FORBIDDEN',
      'Administrator access required.',
    );
    const ok = await call('GET', '/api/admin/me', undefined, { cookie: bossToken });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(bossRes.json());
  });

  it('guards unknown admin paths too, before routing', async () => {
    const { cookie: userToken } = await signUpUser(t.app);
    const { cookie: adminToken } = await signUpUser(t.app, { email: `SOMEONE@else.org`, role: 'admin' });
    for (const [method, url] of [
      ['GET', '/api/admin/anything-unknown'],
      ['POST', '/api/admin/users/1/delete'],
      ['GET', '/api/admin/no-such-report?range=7d'],
    ] as const) {
      expectError(await call(method, url), 401, 'UNAUTHENTICATED');
      expectError(await call(method, url, undefined, { cookie: userToken }), 403, 'FORBIDDEN');
      expectError(await call(method, url, undefined, { cookie: adminToken }), 404, 'NOT_FOUND');
    }
  });
});

describe('POST /api/auth/demo', () => {
  it('opens a fresh demo account and signs it in when demo features are on', async () => {
    const res = await call('POST', '/api/auth/demo', undefined, { ip: uniqueIp() });
    expect(res.statusCode, res.body).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ firstName: 'Demo', lastName: 'Investor', role: 'user', plan: 'free' });
    expect(user.email).toMatch(/^demo-[0-9a-f]+@demo\.foliowise\.app$/);
    const token = sessionCookie(res).value;
    expect((await me(token)).json()).toEqual({ user });
    const { rows } = await sql('select is_demo from "user" where id = $1', [user.id]);
    expect(rows[0].is_demo).toBe(true);

    const again = await call('POST', '/api/auth/demo', undefined, { ip: uniqueIp() });
    expect(again.json().user.id).not.toBe(user.id);
    expect(again.json().user.email).not.toBe(user.email);
  });

  it('starts the demo with the sample portfolio saved and a paper portfolio with trades at real fills', async () => {
    const res = await call('POST', '/api/auth/demo', undefined, { ip: uniqueIp() });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = sessionCookie(res).value;

    const saved = await call('GET', '/api/portfolio', undefined, { cookie });
    expect(saved.json().portfolio).toEqual(findSamplePortfolio(DEMO_SAMPLE_PORTFOLIO_ID)?.holdings);

    const portfolios = (await call('GET', '/api/paper-trading/portfolio', undefined, { cookie })).json();
    expect(portfolios).toHaveLength(1);
    const [portfolio] = portfolios;
    expect(portfolio).toMatchObject({ name: DEMO_PAPER_PORTFOLIO.name, initialBalance: '10000.00' });

    const trades = (await call('GET', '/api/paper-trading/trades', undefined, { cookie })).json();
    expect(
      trades
        .map((trade: { symbol: string; quantity: number; side: string }) => [
          trade.symbol,
          trade.quantity,
          trade.side,
        ])
        .sort(),
    ).toEqual(DEMO_TRADES.map((trade) => [trade.symbol, trade.quantity, 'buy']).sort());
    // Each fill is the trade service's: cash is the starting balance less every fill's total.
    const spent = trades.reduce(
      (sum: Decimal, trade: { totalValue: string }) => sum.plus(trade.totalValue),
      new Decimal(0),
    );
    expect(new Decimal(portfolio.currentBalance).toFixed(2)).toBe(
      new Decimal(10_000).minus(spent).toFixed(2),
    );
    for (const trade of trades) expect(Number(trade.price)).toBeGreaterThan(0);
  });

  it('answers 404 NOT_FOUND with demo features off', async () => {
    const res = await call('POST', '/api/auth/demo', undefined, { app: off });
    expectError(res, 404, 'NOT_FOUND');
    expect(res.headers['set-cookie']).toBeUndefined();
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

describe('cross-site requests', () => {
  const body = () => ({ email: uniqueEmail('x'), password: TEST_PASSWORD });

  it('refuses a POST that the browser marks cross-site', async () => {
    const res = await logIn(body(), { headers: { 'sec-fetch-site': 'cross-site' } });
    expectError(res, 403, 'CROSS_SITE_REQUEST');
    const signup = await call(
      'POST',
      '/api/auth/signup',
      { firstName: 'A', lastName: 'B', ...body() },
      { headers: { 'sec-fetch-site': 'same-site' } },
    );
    expectError(signup, 403, 'CROSS_SITE_REQUEST');
  });

  it('refuses a POST from a foreign Origin when Sec-Fetch-Site is absent', async () => {
    const res = await logIn(body(), { headers: { origin: 'https://evil.example', host: 'app.example' } });
    expectError(res, 403, 'CROSS_SITE_REQUEST');
    const logout = await call('POST', '/api/auth/logout', undefined, {
      headers: { origin: 'https://evil.example', host: 'app.example' },
    });
    expectError(logout, 403, 'CROSS_SITE_REQUEST');
  });

  it('refuses a foreign Origin whatever the encoding of the path, and opens no session', async () => {
    const foreign = { origin: 'https://evil.example', host: 'app.example' };
    const sessionsBefore = await t.deps.database.db.$count(session);
    const res = await call('POST', '/%61pi/auth/demo', undefined, { ip: uniqueIp(), headers: foreign });
    expectError(res, 403, 'CROSS_SITE_REQUEST');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.deps.database.db.$count(session)).toBe(sessionsBefore);
    // The same encoded path from this origin reaches the route, so the refusal above is the check's.
    const sameOrigin = await call('POST', '/%61pi/auth/demo', undefined, {
      ip: uniqueIp(),
      headers: { origin: 'https://app.example', host: 'app.example' },
    });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('allows same-origin requests', async () => {
    const { email } = await signUpUser(t.app);
    const viaFetchSite = await logIn(
      { email, password: TEST_PASSWORD },
      { ip: uniqueIp(), headers: { 'sec-fetch-site': 'same-origin' } },
    );
    expect(viaFetchSite.statusCode).toBe(200);
    const viaOrigin = await logIn(
      { email, password: TEST_PASSWORD },
      { ip: uniqueIp(), headers: { origin: 'https://app.example', host: 'app.example' } },
    );
    expect(viaOrigin.statusCode).toBe(200);
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
  function keysOf(value: unknown): string[] {
    if (Array.isArray(value)) return value.flatMap(keysOf);
    if (value && typeof value === 'object') {
      return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
    }
    return [];
  }

  it('no answer of this file carried a password, a password hash or a session id hash', () => {
    expect(seen.length).toBeGreaterThan(100);
    for (const { status, body } of seen) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toContain(TEST_PASSWORD);
      expect(body).not.toMatch(/passwordHash|password_hash|id_hash|idHash/i);
      // Error bodies name the password field in `fields`; success bodies have no password key at all.
      if (status < 400 && body)
        expect(keysOf(JSON.parse(body)).filter((k) => /password/i.test(k))).toEqual([]);
    }
  });
});
