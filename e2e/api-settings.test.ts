import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, seriousAccessibilityViolations, useBrowser } from './support/browser';
import { signUp } from './support/users';

const h = useBrowser();

const card = (page: Page, vendor: string) => page.getByRole('group', { name: vendor });

async function noHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('API settings in the browser', () => {
  it('asks visitors to sign in, with a Sign In link to /login', async () => {
    const page = await h.newPage();
    await page.goto('/api-settings');
    await expect.poll(() => page.getByText('Please sign in to manage your API keys.').isVisible()).toBe(true);
    expect(await page.title()).toBe('API Settings — Foliowise');
    await page.locator('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('saves a key, shows only its last four and a 3-second message, keeps it out of the page, removes it', async () => {
    const page = await h.newPage();
    await signUp(page);
    const key = `e2e_${randomBytes(10).toString('hex')}-WXYZ`;
    await page.goto('/api-settings');

    const polygon = card(page, 'Polygon');
    await expect.poll(() => polygon.getByText('5 requests per minute').isVisible()).toBe(true);
    await expect
      .poll(() => card(page, 'Alpha Vantage').getByText('25 requests per day').isVisible())
      .toBe(true);
    await expect
      .poll(() => card(page, 'Financial Modeling Prep').getByText('250 requests per day').isVisible())
      .toBe(true);

    const input = page.getByLabel('Polygon API key', { exact: true });
    const save = polygon.getByRole('button', { name: 'Save' });
    expect(await input.getAttribute('type')).toBe('password');
    expect(await save.isDisabled()).toBe(true);

    await input.fill(key);
    expect(await save.isEnabled()).toBe(true);
    await polygon.getByRole('button', { name: 'Show API key' }).click();
    expect(await input.getAttribute('type')).toBe('text');
    await polygon.getByRole('button', { name: 'Hide API key' }).click();
    expect(await input.getAttribute('type')).toBe('password');

    await save.click();
    const saved = polygon.getByRole('status').filter({ hasText: 'API key saved' });
    await expect.poll(() => saved.isVisible(), { timeout: 2000, interval: 50 }).toBe(true);
    const shownAt = Date.now();
    await expect.poll(() => polygon.getByText('••••WXYZ').isVisible()).toBe(true);
    expect(await input.inputValue()).toBe('');
    await expect.poll(() => saved.count(), { timeout: 6000, interval: 100 }).toBe(0);
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(2500);
    expect(shownFor).toBeLessThan(4500);

    await page.reload();
    await expect.poll(() => card(page, 'Polygon').getByText('••••WXYZ').isVisible()).toBe(true);
    expect(await page.content()).not.toContain(key);
    const listed = await page.evaluate(async () => (await fetch('/api/settings/api-keys')).text());
    expect(listed).not.toContain(key);
    expect(listed).toContain('••••WXYZ');

    await card(page, 'Polygon').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => card(page, 'Polygon').getByText('••••WXYZ').count()).toBe(0);
    await expect.poll(() => card(page, 'Polygon').getByText('Not set').isVisible()).toBe(true);
    const after = await page.evaluate(async () => {
      const res = await fetch('/api/settings/api-keys');
      return (await res.json()) as { vendors: { configured: boolean }[] };
    });
    expect(after.vendors.every((v) => !v.configured)).toBe(true);
  });

  it('shows every vendor under Data Sources, with the provider mode and an honest note', async () => {
    const page = await h.newPage();
    await page.goto('/api-settings');
    await page.getByRole('tab', { name: 'Data Sources' }).click();
    const table = page.getByRole('table');
    await expect.poll(() => table.isVisible()).toBe(true);
    for (const name of [
      'Yahoo Finance',
      'CoinGecko',
      'Alpha Vantage',
      'Polygon',
      'Financial Modeling Prep',
    ]) {
      expect(await table.getByRole('rowheader', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByText('Provider mode:').isVisible()).toBe(true);
    expect(await page.getByText(/falls back to simulated prices/).isVisible()).toBe(true);
  });

  it.each([
    ['375 px', MOBILE],
    ['1440 px', DESKTOP],
  ])('has no serious accessibility problems and fits at %s', async (_label, viewport) => {
    const page = await h.newPage({ viewport });
    await signUp(page);
    await page.goto('/api-settings');
    await expect.poll(() => page.getByLabel('Alpha Vantage API key', { exact: true }).isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await noHorizontalOverflow(page)).toBe(true);

    await page.getByRole('tab', { name: 'Data Sources' }).click();
    await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await noHorizontalOverflow(page)).toBe(true);
  });
});
