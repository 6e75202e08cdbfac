import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredSessions, hashSessionToken } from '../../auth/sessions';
import {
  accountRequests,
  expectSignedIn,
  expectVisitor,
  rawSetCookie,
  sessionCookie,
} from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, signUpUser, TEST_PASSWORD } from '../../testing/users';

const DAY_S = 24 * 60 * 60;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'Someone@Else.org, Boss@Example.COM' } });
});
afterAll(() => t.close());

const { call, logIn, postSignup, me, sql, sessionRow, uniqueEmail, uniqueIp, expectNoSecretsSeen } =
  accountRequests(() => t, { ipPrefix: '10.1' });

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
    const { rows } = await sql<{ id_hash: string }>('select id_hash from session where id_hash = any($1)', [
      [idle, absolute, live],
    ]);
    expect(rows.map((r) => r.id_hash)).toEqual([live]);
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

describe('answers never leak secrets', () => {
  it('no answer of this file carried a password, a password hash or a session id hash', () => {
    expectNoSecretsSeen();
  });
});
