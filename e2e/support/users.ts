import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { Plan } from '../../src/contracts/accounts';
import { runSql } from './server';

export const E2E_PASSWORD = 'brass-lantern-2024';

export interface E2eUser {
  id: string;
  email: string;
}

function newAccount(
  email = `e2e-${randomBytes(6).toString('hex')}@example.com`,
  name: { firstName: string; lastName: string } = { firstName: 'Test', lastName: 'User' },
) {
  return { ...name, email, password: E2E_PASSWORD };
}

/**
 * A person's own address (X-Forwarded-For, which the e2e servers trust from loopback): the per-address limits
 * (signups, demo accounts) count each person, not the whole suite. From the benchmarking range 198.18.0.0/15.
 */
export function ownAddress(): { 'x-forwarded-for': string } {
  const [a = 0, b = 0] = randomBytes(2);
  return { 'x-forwarded-for': `198.18.${a}.${b}` };
}

/**
 * Signs a fresh account up through the API (202, no session until the email is verified) and signs it in with its
 * password, in the page's cookie jar: the page's next navigation is signed in (as an unverified account, unless
 * `verified`: then the email is marked verified in SQL first, as following the mailed link does).
 * `server`: one the test started itself (default: the shared server, the page's base URL). A paid `plan` is granted
 * in SQL, in the database of that server, as an administrator grants it (a complimentary plan): the plan holds
 * where the server derives it again from what grants it (GET /api/billing on /account).
 */
export async function signUp(
  page: Page,
  options: {
    plan?: Plan;
    server?: { baseUrl: string; dataDir: string };
    name?: { firstName: string; lastName: string };
    verified?: boolean;
  } = {},
): Promise<E2eUser> {
  const account = newAccount(undefined, options.name);
  const base = options.server?.baseUrl ?? '';
  const headers = ownAddress();
  const signup = await page.request.post(`${base}/api/auth/signup`, { data: account, headers });
  expect(signup.status()).toBe(202);
  if (options.verified) {
    // As following the mailed link does, before the sign-in so that the session sees it.
    const dataDir = options.server?.dataDir ?? inject('dataDir');
    const verified = await runSql(
      dataDir,
      'update "user" set email_verified_at = now() where lower(email) = lower($1)',
      [account.email],
    );
    expect(verified.rowCount).toBe(1);
  }
  const res = await page.request.post(`${base}/api/auth/login`, {
    data: { email: account.email, password: account.password },
    headers,
  });
  expect(res.status()).toBe(200);
  const { user } = (await res.json()) as { user: { id: string } };
  if (options.plan && options.plan !== 'free') {
    const dataDir = options.server?.dataDir ?? inject('dataDir');
    const updated = await runSql(
      dataDir,
      `update "user" set plan = $1,
         complimentary_plan = case when $1 in ('premium', 'professional') then $1 end
       where id = $2`,
      [options.plan, user.id],
    );
    expect(updated.rowCount).toBe(1);
  }
  return { id: user.id, email: account.email };
}

/**
 * Signs an account up with a plain HTTP request (202: created unverified, no session), for tests without a
 * browser (servers they start and kill); it signs in with E2E_PASSWORD.
 */
export async function signUpWithoutBrowser(baseUrl: string, email: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newAccount(email)),
  });
  expect(res.status).toBe(202);
}

/** Fills /signup as a person does (Grace Hopper, the password twice, the terms) and presses 'Create Account'. */
export async function submitSignupForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** An activity added to the signed-in person's saved portfolio (`me`) through the API: 201 or the test fails. */
export async function addActivity(page: Page, data: Record<string, string>): Promise<void> {
  const added = await page.request.post('/api/activities', { data: { portfolio: 'me', ...data } });
  expect(added.status(), await added.text()).toBe(201);
}
