import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../http/logger';
import { linkIn, startTestSmtpServer, tokenOf, type TestSmtpServer } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, TEST_PASSWORD, type TestUser } from '../../testing/users';
import { EXISTING_ACCOUNT_SUBJECT, RESET_SUBJECT, VERIFICATION_SUBJECT } from './account-mail';
import { utcDateOf } from '../../../domain/calendar';

const PUBLIC_URL = 'https://app.foliowise.test';
const execFileAsync = promisify(execFile);

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      MAIL_FROM: 'Foliowise <hello@foliowise.test>',
      ADMIN_EMAILS: 'Chief@Example.com, Boss@Example.com, Operator.Pick@Example.com',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let counter = 0;
const uniqueEmail = (prefix = 'acct') => `${prefix}.${Date.now()}.${++counter}@example.com`;
let ipCounter = 0;
const uniqueIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function post(url: string, payload: unknown, options: { cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: options.cookie ? { cookie: `fw_session=${options.cookie}` } : {},
    remoteAddress: options.ip ?? uniqueIp(),
  });
}
/** The user the session probe sees for a session cookie: null once the session has ended. */
const sessionUser = async (cookie: string) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `fw_session=${cookie}` } })
  ).json().user;
const sql = <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  t.deps.database.pool.query<R>(text, values);

function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'fw_session');
  if (!cookie) throw new Error(`no fw_session cookie: ${res.body}`);
  return cookie.value;
}

const signupBody = (email: string, password = TEST_PASSWORD) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password,
});

async function signUpAndReadVerificationToken(email = uniqueEmail()) {
  const res = await post('/api/auth/signup', signupBody(email));
  expect(res.statusCode, res.body).toBe(202);
  const mail = await smtp.nextMailTo(email);
  expect(mail.subject).toBe(VERIFICATION_SUBJECT);
  return { email, token: tokenOf(linkIn(mail, `${PUBLIC_URL}/verify-email?token=`)) };
}

async function requestResetToken(email: string) {
  const res = await post('/api/auth/forgot-password', { email });
  expect(res.statusCode, res.body).toBe(202);
  const mail = await smtp.nextMailTo(email, RESET_SUBJECT);
  return tokenOf(linkIn(mail, `${PUBLIC_URL}/reset-password?token=`));
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

describe('signup mail', () => {
  it('mails a new account a verification link over SMTP (plain text and HTML, from MAIL_FROM)', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/signup', signupBody(email));
    expect(res.statusCode).toBe(202);
    const mail = await smtp.nextMailTo(email);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.to).toBe(email);
    expect(mail.from).toBe('Foliowise <hello@foliowise.test>');
    expect(mail.subject).toBe('Confirm your email for Foliowise');
    const link = linkIn(mail, `${PUBLIC_URL}/verify-email?token=`);
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${link}"`);
    // Only the SHA-256 of the token is stored.
    const { rows } = await sql<{ id_hash: string }>('select id_hash from account_token where id_hash = $1', [
      tokenOf(link),
    ]);
    expect(rows).toEqual([]);
  });

  it('tells the owner of an existing email, with links to sign in and reset, and creates nothing', async () => {
    const { email } = await signUpAndReadVerificationToken();
    const again = await post('/api/auth/signup', signupBody(email.toUpperCase(), 'Other-Passw0rd-9'));
    expect(again.statusCode).toBe(202);
    const mail = await smtp.nextMailTo(email);
    expect(mail.subject).toBe(EXISTING_ACCOUNT_SUBJECT);
    expect(mail.text).toContain(
      'Someone tried to create a Foliowise account with your email. If it was you, sign in or reset your password.',
    );
    expect(linkIn(mail, `${PUBLIC_URL}/login`)).toBe(`${PUBLIC_URL}/login`);
    expect(linkIn(mail, `${PUBLIC_URL}/forgot-password`)).toBe(`${PUBLIC_URL}/forgot-password`);
    expect(await tokenCount(email, 'verify_email')).toBe(1);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('verifies the email and signs in; the link works once', async () => {
    const { email, token } = await signUpAndReadVerificationToken();
    const res = await post('/api/auth/verify-email', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ email, emailVerified: true, role: 'user' });
    expect((await sessionUser(sessionCookieOf(res))).emailVerified).toBe(true);

    const again = await post('/api/auth/verify-email', { token });
    expectError(
      again,
      400,
      'BAD_REQUEST',
      'This verification link is invalid, has expired or was already used. Request a new one below.',
    );
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired link, an unknown one and a malformed one with 400', async () => {
    const { token } = await signUpAndReadVerificationToken();
    await sql(`update account_token set expires_at = now() - interval '1 second' where purpose = 'verify_email'
      and used_at is null and created_at > now() - interval '1 minute'`);
    expectError(await post('/api/auth/verify-email', { token }), 400, 'BAD_REQUEST');
    expectError(await post('/api/auth/verify-email', { token: 'A'.repeat(43) }), 400, 'BAD_REQUEST');
    expectError(
      await post('/api/auth/verify-email', { token: 'short' }),
      400,
      'VALIDATION_ERROR',
      'This link is invalid or has expired.',
    );
    expectError(await post('/api/auth/verify-email', {}), 400, 'VALIDATION_ERROR');
  });

  it('expires verification links after 24 hours', async () => {
    const { email } = await signUpAndReadVerificationToken();
    const { rows } = await sql<{ hours: number }>(
      `select round(extract(epoch from (t.expires_at - t.created_at)) / 3600) as hours
       from account_token t join "user" u on u.id = t.user_id where u.email = $1`,
      [email],
    );
    expect(Number(rows[0]?.hours)).toBe(24);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('mails a new link to an unverified account, and answers unknown and verified emails the same way', async () => {
    const { email, token } = await signUpAndReadVerificationToken();
    const res = await post('/api/auth/resend-verification', { email });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'verification_sent', email });
    const mail = await smtp.nextMailTo(email);
    const second = tokenOf(linkIn(mail, `${PUBLIC_URL}/verify-email?token=`));
    expect(second).not.toBe(token);

    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
    const verified = await post('/api/auth/resend-verification', { email });
    expect(verified.statusCode).toBe(202);
    expect(verified.json()).toEqual({ status: 'verification_sent', email });
    expect(await tokenCount(email, 'verify_email')).toBe(2);

    const unknown = uniqueEmail('nobody');
    const none = await post('/api/auth/resend-verification', { email: unknown });
    expect(none.statusCode).toBe(202);
    expect(none.json()).toEqual({ status: 'verification_sent', email: unknown });
  });

  it('refuses a malformed email with 400', async () => {
    expectError(
      await post('/api/auth/resend-verification', { email: 'not-an-email' }),
      400,
      'VALIDATION_ERROR',
      'Please enter a valid email address',
    );
  });
});

describe('password reset', () => {
  it('answers 202 the same way for an unknown email, and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await post('/api/auth/forgot-password', { email });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'reset_sent', email });
    expect(await tokenCount(email, 'reset_password')).toBe(0);
  });

  it('mails a link that sets a new password, ends every session, verifies the email and signs in', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app, { email: uniqueEmail('bystander') });
    const secondSession = sessionCookieOf(
      await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }),
    );
    const token = await requestResetToken(user.email);

    const res = await post('/api/auth/reset-password', { token, password: 'Fresh-Maple-Leaf-77' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ email: user.email, emailVerified: true });
    expect(await sessionUser(sessionCookieOf(res))).not.toBeNull();
    for (const old of [user.cookie, secondSession]) expect(await sessionUser(old)).toBeNull();
    expect(await sessionUser(other.cookie)).not.toBeNull();

    expect((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'Fresh-Maple-Leaf-77' })).statusCode,
    ).toBe(200);
    expectError(
      await post('/api/auth/reset-password', { token, password: 'Another-Maple-88' }),
      400,
      'BAD_REQUEST',
      'This password reset link is invalid, has expired or was already used. Request a new one.',
    );
  });

  it('keeps the signup password rules and does not spend the link on a refused password', async () => {
    const user = await signUpUser(t.app);
    const token = await requestResetToken(user.email);
    expectError(
      await post('/api/auth/reset-password', { token, password: 'short' }),
      400,
      'VALIDATION_ERROR',
      'Password must be at least 8 characters long',
    );
    expectError(
      await post('/api/auth/reset-password', { token, password: 'Password1' }),
      400,
      'VALIDATION_ERROR',
      'This password is too common. Please choose a less common password.',
    );
    expect((await post('/api/auth/reset-password', { token, password: 'Quiet-Harbor-31' })).statusCode).toBe(
      200,
    );
  });

  it('a new reset link makes the older one worthless; links expire after an hour', async () => {
    const user = await signUpUser(t.app);
    const first = await requestResetToken(user.email);
    const second = await requestResetToken(user.email);
    expectError(
      await post('/api/auth/reset-password', { token: first, password: 'Quiet-Harbor-31' }),
      400,
      'BAD_REQUEST',
    );
    const { rows } = await sql<{ minutes: number }>(
      `select round(extract(epoch from (t.expires_at - t.created_at)) / 60) as minutes
       from account_token t where t.user_id = $1 and t.purpose = 'reset_password' and t.used_at is null`,
      [user.id],
    );
    expect(rows.map((r) => Number(r.minutes))).toEqual([60]);
    await sql(`update account_token set expires_at = now() - interval '1 second' where user_id = $1`, [
      user.id,
    ]);
    expectError(
      await post('/api/auth/reset-password', { token: second, password: 'Quiet-Harbor-31' }),
      400,
      'BAD_REQUEST',
    );
  });
});

describe('role', () => {
  it('ADMIN_EMAILS counts only once verified with a password set by a reset link; the stored role grants and revokes', async () => {
    const { token } = await signUpAndReadVerificationToken('chief@example.com');
    const unverified = await post('/api/auth/login', { email: 'CHIEF@example.com', password: TEST_PASSWORD });
    expect(unverified.json().user).toMatchObject({ role: 'user', emailVerified: false });
    expectError(
      await injectAs({ id: '', email: '', cookie: sessionCookieOf(unverified) }, t.app, {
        method: 'GET',
        url: '/api/admin/me',
      }),
      403,
      'FORBIDDEN',
    );

    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.json().user).toMatchObject({ role: 'user', emailVerified: true });
    const reset = await post('/api/auth/reset-password', {
      token: await requestResetToken('chief@example.com'),
      password: 'Chief-Own-Pass-42',
    });
    expect(reset.json().user.role).toBe('admin');

    const plain = await signUpUser(t.app);
    expect((await sessionUser(plain.cookie)).role).toBe('user');
    await sql(`update "user" set role = 'admin' where id = $1`, [plain.id]);
    await t.services.sessions.listener.caughtUp(); // the cached session learns it from the notification
    expect((await sessionUser(plain.cookie)).role).toBe('admin');
    await sql(`update "user" set role = 'user' where id = $1`, [plain.id]);
    await t.services.sessions.listener.caughtUp(); // the cached session learns it from the notification
    expect((await sessionUser(plain.cookie)).role).toBe('user');
  });
});

describe('an ADMIN_EMAILS address signed up first by someone else (issue 24)', () => {
  const ATTACKER_PASSWORD = 'Attackers-Own-Pass-13';
  const adminMe = (cookie: string) =>
    injectAs({ id: '', email: '', cookie }, t.app, { method: 'GET', url: '/api/admin/me' });
  const logIn = (email: string, password: string) => post('/api/auth/login', { email, password });

  it("ends the attacker's session when the owner verifies, and admits neither it nor the attacker's password", async () => {
    const email = 'boss@example.com';
    // The attacker signs up the listed address with a password of their own and signs in (unverified may).
    expect((await post('/api/auth/signup', signupBody(email, ATTACKER_PASSWORD))).statusCode).toBe(202);
    const verification = tokenOf(
      linkIn(await smtp.nextMailTo(email, VERIFICATION_SUBJECT), `${PUBLIC_URL}/verify-email?token=`),
    );
    const attacker = sessionCookieOf(await logIn(email, ATTACKER_PASSWORD));
    expect(await sessionUser(attacker)).toMatchObject({ role: 'user', emailVerified: false }); // now cached

    // The owner clicks 'Confirm your email'.
    const owner = await post('/api/auth/verify-email', { token: verification });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().user).toMatchObject({ email, emailVerified: true, role: 'user' });
    // The session ended in the database, and every instance's cache hears of it from the notification.
    await t.services.sessions.listener.caughtUp();
    expect(await sessionUser(attacker)).toBeNull();
    expectError(await adminMe(attacker), 401, 'UNAUTHENTICATED');
    expectError(await adminMe(sessionCookieOf(owner)), 403, 'FORBIDDEN');

    // The attacker's password still signs in, but not as admin.
    const again = await logIn(email, ATTACKER_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(again.json().user.role).toBe('user');
    const attackerAgain = sessionCookieOf(again);
    expectError(await adminMe(attackerAgain), 403, 'FORBIDDEN');

    // The owner sets a password through the mailbox: admin now, and the attacker is out for good.
    const reset = await post('/api/auth/reset-password', {
      token: await requestResetToken(email),
      password: 'Owners-Real-Pass-77',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().user.role).toBe('admin');
    expect((await adminMe(sessionCookieOf(reset))).statusCode).toBe(200);
    await t.services.sessions.listener.caughtUp();
    expect(await sessionUser(attackerAgain)).toBeNull();
    expect((await logIn(email, ATTACKER_PASSWORD)).statusCode).toBe(401);

    // A password changed in settings is proven by nobody: admin through ADMIN_EMAILS stops until a reset.
    const ownerCookie = sessionCookieOf(reset);
    const changed = await injectAs({ id: '', email, cookie: ownerCookie }, t.app, {
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: 'Owners-Real-Pass-77', newPassword: 'Owners-Newer-Pass-78' },
      remoteAddress: uniqueIp(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await sessionUser(ownerCookie)).role).toBe('user');
    expect((await logIn(email, 'Owners-Newer-Pass-78')).json().user.role).toBe('user');
  });

  it('the operator command proves the password: granted accounts stay admin through ADMIN_EMAILS', async () => {
    const email = 'operator.pick@example.com';
    const { token } = await signUpAndReadVerificationToken(email);
    expect((await post('/api/auth/verify-email', { token })).json().user.role).toBe('user');

    const databaseUrl = String(t.deps.database.pool.options.connectionString);
    const admin = (action: string) =>
      execFileAsync(process.execPath, ['scripts/admin.mjs', action, email], {
        env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_EMAILS: email },
      });
    expect((await admin('grant')).stdout).toContain(`${email}: role user -> admin.`);
    await t.services.sessions.listener.caughtUp();
    expect((await logIn(email, TEST_PASSWORD)).json().user.role).toBe('admin');
    // Revoked, the stored role goes; the address is listed, verified and its password proven by the grant.
    expect((await admin('revoke')).stdout).toContain('stays admin while verified with a proven password');
    const { rows } = await sql<{ role: string; proven: boolean }>(
      'select role, password_proven_at is not null as proven from "user" where email = $1',
      [email],
    );
    expect(rows).toEqual([{ role: 'user', proven: true }]);
    expect((await logIn(email, TEST_PASSWORD)).json().user.role).toBe('admin');
  });
});

describe('old mailed links (issue 24)', () => {
  /** A verification link as one mailed before this fix could still be outstanding beside a newer one. */
  async function insertOutstandingLink(userId: string, purpose: 'verify_email' | 'reset_password') {
    const token = randomBytes(32).toString('base64url');
    await sql(
      `insert into account_token (id_hash, user_id, purpose, expires_at)
       values ($1, $2, $3, now() + interval '1 hour')`,
      [createHash('sha256').update(token).digest('hex'), userId, purpose],
    );
    return token;
  }
  const userIdOf = async (email: string) =>
    (await sql<{ id: string }>('select id from "user" where lower(email) = lower($1)', [email])).rows[0]
      ?.id ?? '';
  const expectVoid = async (token: string) => {
    const res = await post('/api/auth/verify-email', { token });
    expectError(
      res,
      400,
      'BAD_REQUEST',
      'This verification link is invalid, has expired or was already used. Request a new one below.',
    );
    expect(res.headers['set-cookie']).toBeUndefined();
  };

  it('a new verification link voids the older one', async () => {
    const { email, token: older } = await signUpAndReadVerificationToken();
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(202);
    const newer = tokenOf(
      linkIn(await smtp.nextMailTo(email, VERIFICATION_SUBJECT), `${PUBLIC_URL}/verify-email?token=`),
    );
    await expectVoid(older);
    expect((await post('/api/auth/verify-email', { token: newer })).statusCode).toBe(200);
  });

  it('using a verification link voids every other one of the account', async () => {
    const { email, token: used } = await signUpAndReadVerificationToken();
    const other = await insertOutstandingLink(await userIdOf(email), 'verify_email');
    expect((await post('/api/auth/verify-email', { token: used })).statusCode).toBe(200);
    await expectVoid(other);
  });

  it('a password change in settings voids outstanding verification and reset links', async () => {
    const { email, token } = await signUpAndReadVerificationToken();
    const cookie = sessionCookieOf(await post('/api/auth/login', { email, password: TEST_PASSWORD }));
    const resetToken = await requestResetToken(email);
    const changed = await injectAs({ id: '', email, cookie }, t.app, {
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Changed-Pass-Word-61' },
      remoteAddress: uniqueIp(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectVoid(token);
    expectError(
      await post('/api/auth/reset-password', { token: resetToken, password: 'Reset-After-Change-62' }),
      400,
      'BAD_REQUEST',
      'This password reset link is invalid, has expired or was already used. Request a new one.',
    );
  });

  it('a password reset voids outstanding verification links and the other reset links', async () => {
    const { email, token } = await signUpAndReadVerificationToken();
    const resetToken = await requestResetToken(email);
    const otherReset = await insertOutstandingLink(await userIdOf(email), 'reset_password');
    expect(
      (await post('/api/auth/reset-password', { token: resetToken, password: 'Reset-Pass-Word-63' }))
        .statusCode,
    ).toBe(200);
    await expectVoid(token);
    expectError(
      await post('/api/auth/reset-password', { token: otherReset, password: 'Reset-Again-Word-64' }),
      400,
      'BAD_REQUEST',
    );
  });

  it('a verification link for an address already verified opens no session', async () => {
    const user = await signUpUser(t.app, { verified: true });
    const token = await insertOutstandingLink(user.id, 'verify_email');
    const res = await post('/api/auth/verify-email', { token });
    expectError(res, 409, 'CONFLICT', 'This email address is already verified. Please sign in.');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionUser(user.cookie)).not.toBeNull(); // nothing else happened to the account
  });
});

describe('/api/account', () => {
  const asUser = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    injectAs(user, t.app, {
      method,
      url,
      remoteAddress: uniqueIp(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('answers 401 to a visitor on every endpoint', async () => {
    for (const [method, url] of [
      ['POST', '/api/account/password'],
      ['POST', '/api/account/sessions/sign-out-others'],
      ['GET', '/api/account/export'],
      ['POST', '/api/account/delete'],
    ] as const) {
      expectError(await t.app.inject({ method, url, payload: {} }), 401, 'UNAUTHENTICATED');
    }
  });

  it('changes the password after checking the current one; other sessions end, this one stays', async () => {
    const user = await signUpUser(t.app);
    const other = sessionCookieOf(
      await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }),
    );

    const wrong = await asUser(user, 'POST', '/api/account/password', {
      currentPassword: 'not-my-password',
      newPassword: 'Calm-River-Stone-5',
    });
    const error = expectError(wrong, 400, 'VALIDATION_ERROR', 'Current password is incorrect');
    expect(error.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    expectError(
      await asUser(user, 'POST', '/api/account/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'qwerty123',
      }),
      400,
      'VALIDATION_ERROR',
      'This password is too common. Please choose a less common password.',
    );
    expectError(
      await asUser(user, 'POST', '/api/account/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'abc',
      }),
      400,
      'VALIDATION_ERROR',
      'Password must be at least 8 characters long',
    );
    expect(await sessionUser(other)).not.toBeNull();

    const res = await asUser(user, 'POST', '/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Calm-River-Stone-5',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ signedOutSessions: 1 });
    expect(await sessionUser(user.cookie)).not.toBeNull();
    expect(await sessionUser(other)).toBeNull();
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'Calm-River-Stone-5' })).statusCode,
    ).toBe(200);
  });

  it("'Sign out of other devices' ends every other session and says how many", async () => {
    const user = await signUpUser(t.app);
    const others = [];
    for (let i = 0; i < 2; i++) {
      others.push(
        sessionCookieOf(await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })),
      );
    }
    const res = await asUser(user, 'POST', '/api/account/sessions/sign-out-others');
    expect(res.json()).toEqual({ signedOutSessions: 2 });
    for (const cookie of others) expect(await sessionUser(cookie)).toBeNull();
    expect(await sessionUser(user.cookie)).not.toBeNull();
    expect((await asUser(user, 'POST', '/api/account/sessions/sign-out-others')).json()).toEqual({
      signedOutSessions: 0,
    });
  });

  it('exports the data as a JSON attachment, API keys masked, without secrets or hashes', async () => {
    const user = await signUpUser(t.app);
    const created = await asUser(user, 'POST', '/api/paper-trading/portfolio', { name: 'Growth' });
    expect(created.statusCode, created.body).toBe(201);
    const portfolioId = created.json().portfolio.id as string;
    const trade = await asUser(user, 'POST', '/api/paper-trading/trade', {
      portfolioId,
      symbol: 'AAPL',
      side: 'buy',
      quantity: 3,
    });
    expect(trade.statusCode, trade.body).toBe(201);
    await sql(
      `insert into user_api_key (user_id, vendor, encrypted_key, last4) values ($1, 'polygon', 'CIPHERTEXT-SECRET', 'WXYZ')`,
      [user.id],
    );
    await sql(`insert into saved_portfolio (user_id, holdings) values ($1, '{"MSFT": 4}')`, [user.id]);

    const res = await asUser(user, 'GET', '/api/account/export');
    expect(res.statusCode, res.body).toBe(200);
    const today = utcDateOf(new Date());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="foliowise-data-${today}.json"`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const data = res.json();
    expect(data.profile).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'user',
      emailVerifiedAt: null,
    });
    expect(data.savedPortfolio.holdings).toEqual({ MSFT: 4 });
    expect(data.paperPortfolios).toHaveLength(1);
    expect(data.paperPortfolios[0]).toMatchObject({
      name: 'Growth',
      holdings: [{ symbol: 'AAPL', quantity: 3 }],
    });
    expect(data.trades).toHaveLength(1);
    expect(data.trades[0]).toMatchObject({ symbol: 'AAPL', side: 'buy', quantity: 3, portfolioId });
    expect(data.rewards.transactions.length).toBeGreaterThan(0);
    expect(data.apiKeys).toEqual([
      {
        vendor: 'polygon',
        maskedKey: '••••WXYZ',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(data.sessions).toEqual([expect.objectContaining({ isCurrent: true })]);
    expect(res.body).not.toContain('CIPHERTEXT-SECRET');
    expect(res.body).not.toContain('$argon2');
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('deletes the account and every row of it after the password and the confirm word', async () => {
    const user = await signUpUser(t.app);
    const keep = await signUpUser(t.app);
    for (const owner of [user, keep]) {
      const created = await asUser(owner, 'POST', '/api/paper-trading/portfolio', { name: 'Mine' });
      const portfolioId = created.json().portfolio.id as string;
      expect(
        (
          await asUser(owner, 'POST', '/api/paper-trading/trade', {
            portfolioId,
            symbol: 'MSFT',
            side: 'buy',
            quantity: 1,
          })
        ).statusCode,
      ).toBe(201);
    }
    await requestResetToken(user.email);
    await sql(
      `insert into analysis_usage (subject_kind, subject_key, month, count) values ('user', $1, '2026-11', 2)`,
      [user.id],
    );

    const wrongPassword = await asUser(user, 'POST', '/api/account/delete', {
      password: 'nope',
      confirm: 'DELETE',
    });
    expectError(wrongPassword, 400, 'VALIDATION_ERROR', 'Password is incorrect');
    const wrongWord = await asUser(user, 'POST', '/api/account/delete', {
      password: TEST_PASSWORD,
      confirm: 'delete it',
    });
    expectError(wrongWord, 400, 'VALIDATION_ERROR', 'Type DELETE to confirm');

    const res = await asUser(user, 'POST', '/api/account/delete', {
      password: TEST_PASSWORD,
      confirm: 'DELETE',
    });
    expect(res.statusCode, res.body).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'fw_session');
    expect(cleared?.value).toBe('');
    expect(await sessionUser(user.cookie)).toBeNull();

    // Every table with a user_id column, found in the catalog so a table added later is checked too.
    const { rows: tables } = await sql<{ table_name: string }>(
      `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'`,
    );
    expect(tables.length).toBeGreaterThan(8);
    for (const { table_name } of tables) {
      const { rows } = await sql<{ n: string }>(
        `select count(*) as n from "${table_name}" where user_id = $1`,
        [user.id],
      );
      expect(Number(rows[0]?.n), table_name).toBe(0);
    }
    const { rows: holdings } = await sql<{ n: string }>(
      `select count(*) as n from paper_holding h left join paper_portfolio p on p.id = h.portfolio_id where p.id is null`,
    );
    expect(Number(holdings[0]?.n)).toBe(0);
    const { rows: usage } = await sql(`select 1 from analysis_usage where subject_key = $1`, [user.id]);
    expect(usage).toEqual([]);
    expect((await sql(`select 1 from "user" where id = $1`, [user.id])).rows).toEqual([]);
    expect(await sessionUser(keep.cookie)).not.toBeNull();
    expect((await asUser(keep, 'GET', '/api/paper-trading/trades')).json()).toHaveLength(1);
  });
});

describe('mail without SMTP_URL', () => {
  function captureLogger() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    return {
      logger: createLogger('info', stream),
      lines: () => lines.map((l) => JSON.parse(l) as { level: number; msg: string; mail?: { to?: string } }),
    };
  }

  it('outside production writes the message, link included, to the log at info', async () => {
    const capture = captureLogger();
    const dev = await createTestApp({
      env: { NODE_ENV: 'development', PORT: '5123' },
      loggerInstance: capture.logger,
    });
    try {
      const email = uniqueEmail('logged');
      expect(
        (await dev.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) }))
          .statusCode,
      ).toBe(202);
      await expect.poll(() => capture.lines().find((l) => l.mail?.to === email)).toBeDefined();
      const line = capture.lines().find((l) => l.mail?.to === email);
      expect(line?.level).toBe(30);
      expect(line?.msg).toContain(VERIFICATION_SUBJECT);
      // Without PUBLIC_URL the link is the address the server listens on (HOST 127.0.0.1 by default).
      expect(line?.msg).toMatch(/http:\/\/127\.0\.0\.1:5123\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await dev.close();
    }
  });

  it('in production warns at start and for every message that cannot be sent, without its content', async () => {
    const capture = captureLogger();
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(32), PUBLIC_URL },
      loggerInstance: capture.logger,
    });
    try {
      const startWarning = capture.lines().find((l) => l.msg.includes('SMTP_URL is not set'));
      expect(startWarning?.level).toBe(40);
      const email = uniqueEmail('prod');
      expect(
        (await prod.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email) }))
          .statusCode,
      ).toBe(202);
      await expect
        .poll(() => capture.lines().filter((l) => l.msg.startsWith('mail not sent')).length)
        .toBe(1);
      expect(JSON.stringify(capture.lines())).not.toContain('verify-email?token=');
    } finally {
      await prod.close();
    }
  });
});
