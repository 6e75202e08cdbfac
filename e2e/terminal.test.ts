import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, allowConsoleErrors, seriousAccessibilityViolations, useBrowser } from './support/browser';

const h = useBrowser();

/**
 * The premium terminal is covered by src/server/features/terminal/routes.test.ts (the API) only: there is no way
 * yet for a browser test to give an account a paid plan (no payments flow, no plan switch endpoint, and the e2e
 * server's embedded database is not reachable from here).
 */

/** Signs a fresh free account up through the API, in the page's own cookie jar. */
async function signUpFree(page: Page) {
  const res = await page.request.post('/api/auth/signup', {
    data: {
      firstName: 'Free',
      lastName: 'Trader',
      email: `terminal-${randomBytes(4).toString('hex')}@example.com`,
      password: 'candlestick-wick-42',
    },
  });
  expect(res.status()).toBe(201);
}

async function expectUpgradeCard(page: Page) {
  const card = page.getByRole('region', { name: /Upgrade to unlock the Professional Trading Terminal/ });
  await expect.poll(() => card.isVisible()).toBe(true);
  expect(await card.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
  expect(await card.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
  expect(await page.getByRole('region', { name: 'Market dashboard' }).count()).toBe(0);
  return card;
}

describe('terminal in the browser', () => {
  it('shows a visitor the upgrade card, with a way to sign in', async () => {
    const page = await h.newPage();
    allowConsoleErrors(page, /status of 401/);
    await page.goto('/terminal');
    const card = await expectUpgradeCard(page);
    expect(await card.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(await page.title()).toBe('Professional Trading Terminal — Foliowise');
    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    expect(await crumbs.getByText('Professional Trading Terminal').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  for (const [label, viewport] of [
    ['desktop', undefined],
    ['mobile', MOBILE],
  ] as const) {
    it(`shows a free plan the upgrade card with the server's Premium message (${label})`, async () => {
      const page = await h.newPage(viewport ? { viewport } : {});
      // The overview answers 403 SUBSCRIPTION_REQUIRED; Chromium logs that as a failed resource.
      allowConsoleErrors(page, /status of 403/);
      await signUpFree(page);
      await page.goto('/terminal');
      const card = await expectUpgradeCard(page);
      await expect
        .poll(() => card.getByText(/requires a Premium or Professional plan/).isVisible())
        .toBe(true);
      expect(await card.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
      expect(await card.getByText('7-day money-back guarantee').isVisible()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await card.getByRole('link', { name: 'View Plans' }).click();
      await page.waitForURL('**/pricing');
    });
  }
});
