import { describe, expect, it } from 'vitest';
import { allowConsoleErrors, MOBILE, seriousAccessibilityViolations, useBrowser } from './support/browser';

const h = useBrowser();

describe('the shell', () => {
  it('gives every page a distinct title', async () => {
    const page = await h.newPage();
    // The unknown path answers 404, which Chromium logs as a failed resource.
    allowConsoleErrors(page, /status of 404/);
    const titles = new Map<string, string>();
    for (const path of ['/', '/login', '/signup', '/no-such-page']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      titles.set(path, await page.title());
    }
    expect(new Set(titles.values()).size).toBe(titles.size);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBeTruthy();
  });

  it('shows the 404 page for unknown routes', async () => {
    const page = await h.newPage();
    allowConsoleErrors(page, /status of 404/);
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404); // the shell, which renders the not-found page, with status 404
    await expect.poll(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
  });

  it('renders breadcrumbs: hidden on /, Home > Login on /login with the last crumb not a link', async () => {
    const page = await h.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).count()).toBe(0);
    await page.goto('/login');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.waitFor();
    expect(await crumbs.getByRole('link', { name: 'Home' }).count()).toBe(1);
    expect(await crumbs.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await crumbs.getByText('Login').getAttribute('aria-current')).toBe('page');
  });

  it('collapses the header into a side sheet at 375 px with the compliance link', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    expect(await sheet.getByRole('link', { name: 'Investment Disclosures & Compliance' }).count()).toBe(1);
    expect(await sheet.getByRole('link', { name: 'Pricing' }).count()).toBe(1);
    expect(await sheet.getByText('AI-Powered Financial Intelligence').isVisible()).toBe(true);
    // The sheet loads on the first tap (its own chunk); closing it gives focus back to the menu button.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Open menu');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sheet.waitFor();
    await sheet.getByRole('link', { name: 'Sign In' }).first().click();
    await page.waitForURL('**/login');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });

  it('landing calls to action lead to /app and the privacy note is truthful', async () => {
    const page = await h.newPage();
    await page.goto('/');
    expect(await page.getByRole('link', { name: 'Get Started Free' }).first().getAttribute('href')).toBe(
      '/app',
    );
    expect(await page.locator('a[href^="mailto:"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/compliance"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/pricing"]').count()).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page
          .getByText(/saved to your account/)
          .first()
          .isVisible(),
      )
      .toBe(true);
  });

  it.each(['/', '/login', '/signup'])('axe finds no serious violation on %s', async (path) => {
    const page = await h.newPage();
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('scrolls to the top on route change', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('footer a[href="/login"]').first().click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
