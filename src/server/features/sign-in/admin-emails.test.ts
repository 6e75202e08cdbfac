import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  accountRequests,
  MAIL_PUBLIC_URL as PUBLIC_URL,
  mailedLinks,
  mailingEnv,
  sessionCookieOf,
  signupBody,
} from '../../testing/accounts';
import { linkIn, startTestSmtpServer, tokenOf, type TestSmtpServer } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, TEST_PASSWORD } from '../../testing/users';
import { VERIFICATION_SUBJECT } from './account-mail';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    env: mailingEnv(smtp, {
      ADMIN_EMAILS: 'Chief@Example.com, Boss@Example.com, Operator.Pick@Example.com',
    }),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const requests = accountRequests(() => t, { ipPrefix: '10.79', emailPrefix: 'acct' });
const { post, sql, sessionUser, uniqueIp } = requests;
const { signUpAndReadVerificationToken, requestResetToken } = mailedLinks(requests, () => smtp);
const execFileAsync = promisify(execFile);

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
    expect((await sessionUser(plain.cookie))?.role).toBe('user');
    await sql(`update "user" set role = 'admin' where id = $1`, [plain.id]);
    await t.services.sessions.listener.caughtUp(); // the cached session learns it from the notification
    expect((await sessionUser(plain.cookie))?.role).toBe('admin');
    await sql(`update "user" set role = 'user' where id = $1`, [plain.id]);
    await t.services.sessions.listener.caughtUp(); // the cached session learns it from the notification
    expect((await sessionUser(plain.cookie))?.role).toBe('user');
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
    expect((await sessionUser(ownerCookie))?.role).toBe('user');
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
