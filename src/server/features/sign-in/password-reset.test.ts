import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import {
  accountRequests,
  MAIL_PUBLIC_URL as PUBLIC_URL,
  mailedLinks,
  mailingEnv,
  sessionCookieOf,
} from '../../testing/accounts';
import { linkIn, startTestSmtpServer, tokenOf, type TestSmtpServer } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, TEST_PASSWORD } from '../../testing/users';
import { VERIFICATION_SUBJECT } from './account-mail';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: mailingEnv(smtp) });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const requests = accountRequests(() => t, { ipPrefix: '10.78', emailPrefix: 'acct' });
const { post, sql, sessionUser, uniqueEmail, uniqueIp } = requests;
const { signUpAndReadVerificationToken, requestResetToken, tokenCount } = mailedLinks(requests, () => smtp);

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
