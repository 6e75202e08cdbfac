import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors, useBrowser } from './support/browser';
import { submitSignupForm } from './support/users';

const h = useBrowser();

function uniqueEmail(tag: string) {
  return `${tag}-${randomBytes(4).toString('hex')}@example.com`;
}

describe('accounts in the browser', () => {
  it('signs up (check your email), signs in unverified, signs out and signs back in', async () => {
    const page = await h.newPage();
    const email = uniqueEmail('flow');
    await submitSignupForm(page, email, 'cobol-compiler-1959');
    await expect.poll(() => page.getByRole('heading', { name: 'Check your email' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(email).first().isVisible()).toBe(true);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('cobol-compiler-1959');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/app');
    await expect
      .poll(() => page.getByRole('button', { name: 'Resend verification email' }).isVisible())
      .toBe(true);

    await page.goto('/');
    await expect.poll(() => page.getByText('Grace', { exact: false }).first().isVisible()).toBe(true);
    // The footer always has a 'Sign In' link: wait for the server's answer, not for a link.
    const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout') && r.status() === 204);
    await page.locator('header').getByRole('button', { name: /Grace/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await signedOut;
    await expect.poll(() => page.getByText('Grace', { exact: false }).count()).toBe(0);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('cobol-compiler-1959');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/app');
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me.user.email).toBe(email);
  });

  it('shows the spec messages for bad signup input', async () => {
    const page = await h.newPage();
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Please fill in all required fields').isVisible()).toBe(true);

    await page.getByLabel('First name').fill('A');
    await page.getByLabel('Last name').fill('B');
    await page.getByLabel('Email').fill(uniqueEmail('short'));
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect
      .poll(() => page.getByText('Password must be at least 8 characters long').isVisible())
      .toBe(true);

    await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
    await page.getByLabel('Confirm password').fill('different-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
  });

  it('rejects a wrong password, then slows the attempts down with a retry time', async () => {
    const email = uniqueEmail('limit');
    const signup = await fetch(`${h.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Rate', lastName: 'Limit', email, password: 'the-right-password' }),
    });
    expect(signup.status).toBe(202);

    const page = await h.newPage();
    allowConsoleErrors(page, /status of (401|429)/);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).isVisible())
      .toBe(true);

    // Five attempts are free, then each must wait 1 s, 2 s, 4 s ... after the one before: sooner or later a
    // click comes inside the wait, whatever the speed of the machine.
    const retryAlert = page.getByRole('alert').filter({ hasText: /Try again in \d+ seconds?/ });
    for (let i = 0; i < 20 && !(await retryAlert.isVisible()); i++) {
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForTimeout(50);
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor({ state: 'visible' });
    }
    await expect.poll(() => retryAlert.isVisible()).toBe(true);
  });

  it('opens a demo account from the login page', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL('**/app');
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me.user.email).toMatch(/^demo-/);
  });
});
