import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { expectError } from '../../testing/users';
import { EXISTING_ACCOUNT_SUBJECT } from './account-mail';

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

const requests = accountRequests(() => t, { ipPrefix: '10.77', emailPrefix: 'acct' });
const { post, sql, sessionUser, uniqueEmail } = requests;
const { signUpAndReadVerificationToken, tokenCount } = mailedLinks(requests, () => smtp);

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
    expect((await sessionUser(sessionCookieOf(res)))?.emailVerified).toBe(true);

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
