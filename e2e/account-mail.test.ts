import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '../src/server/testing/smtp';
import { allowConsoleErrors, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { E2E_PASSWORD, signUp, submitSignupForm } from './support/users';

let smtp: TestSmtpServer;
let server: RunningServer;
const h = useBrowser(() => server.baseUrl);

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++counter}@example.com`;

/** The path and query of a mailed link (its origin is the address the server listens on, issue 25 item 16). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe('accounts by mail, against a local SMTP server', () => {
  it('signup -> check your email -> the mailed link verifies, signs in and opens /app', async () => {
    const page = await h.newPage();
    const email = uniqueEmail('journey');
    await submitSignupForm(page, email, 'cobol-compiler-1959');
    await expect.poll(() => page.getByRole('heading', { name: 'Check your email' }).isVisible()).toBe(true);
    expect(await page.getByText(email).isVisible()).toBe(true);
    // Mail goes through SMTP here, so the page does not point at the server log.
    expect(await page.getByText('written to the server log').count()).toBe(0);

    const mail = await smtp.nextMailTo(email);
    expect(mail.subject).toBe('Confirm your email for Foliowise');
    const link = linkIn(mail, `${server.baseUrl}/`);
    expect(pathOf(link)).toMatch(/^\/verify-email\?token=[A-Za-z0-9_-]{43}$/);

    await page.goto(pathOf(link));
    await page.waitForURL('**/app');
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me.user).toMatchObject({ email, emailVerified: true });
    expect(await page.getByRole('button', { name: 'Resend verification email' }).count()).toBe(0);

    // The link worked once: opened again it explains and offers a new one.
    const again = await h.newPage();
    allowConsoleErrors(again, /status of 400/);
    await again.goto(pathOf(link));
    await expect
      .poll(() =>
        again.getByText('This verification link is invalid, has expired or was already used').isVisible(),
      )
      .toBe(true);
    expect(await again.getByRole('button', { name: 'Send a new link' }).isVisible()).toBe(true);
  });

  it('forgot password -> mailed link -> new password signs in; the old one no longer works', async () => {
    const setup = await h.newPage();
    const { email } = await signUp(setup, { server });
    await smtp.nextMailTo(email, 'Confirm your email for Foliowise');

    const page = await h.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.getByText('If an account exists for that email, we sent a link').isVisible())
      .toBe(true);

    const mail = await smtp.nextMailTo(email, 'Reset your Foliowise password');
    await page.goto(pathOf(linkIn(mail, `${server.baseUrl}/`)));
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => page.getByText('Password must be at least 8 characters long').isVisible())
      .toBe(true);
    await page.getByLabel('New password', { exact: true }).fill('harbour-lights-2031');
    await page.getByLabel('Confirm new password').fill('harbour-lights-2031');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/app');

    // The sign-in made before the reset has ended.
    const before = await setup.request.get(`${server.baseUrl}/api/auth/me`);
    expect(await before.json()).toEqual({ user: null });
    const oldLogin = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: E2E_PASSWORD }),
    });
    expect(oldLogin.status).toBe(401);
  });

  it('/account: verification state, sign out other devices, change password, download data, delete', async () => {
    const page = await h.newPage();
    const { email } = await signUp(page, { server });
    const otherDevice = await h.newPage();
    const login = await otherDevice.request.post(`${server.baseUrl}/api/auth/login`, {
      data: { email, password: E2E_PASSWORD },
    });
    expect(login.status()).toBe(200);

    await page.goto('/app');
    await page.locator('header').getByTitle(`Account menu: ${email}`).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL('**/account');
    await expect.poll(() => page.getByText('Not verified').isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Profile' }).getByText(email).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Sign out of other devices' }).click();
    await expect.poll(() => page.getByText('Signed out of 1 other device.').first().isVisible()).toBe(true);
    expect(await (await otherDevice.request.get(`${server.baseUrl}/api/auth/me`)).json()).toEqual({
      user: null,
    });

    allowConsoleErrors(page, /status of 400/);
    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password', { exact: true }).fill('granite-owl-4412');
    await page.getByLabel('Confirm new password').fill('granite-owl-4412');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Current password is incorrect').isVisible()).toBe(true);
    await page.getByLabel('Current password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Password changed').first().isVisible()).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^foliowise-data-\d{4}-\d{2}-\d{2}\.json$/);

    await page.getByLabel('Password', { exact: true }).fill('granite-owl-4412');
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const gone = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'granite-owl-4412' }),
    });
    expect(gone.status).toBe(401);
  });
});
