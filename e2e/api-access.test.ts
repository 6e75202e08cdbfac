import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_PATTERN } from '../src/contracts/api-tokens';
import {
  MOBILE,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
  WAIT,
} from './support/browser';
import { sharedServer } from './support/server';
import { signUp } from './support/users';

/**
 * API access (#16 item 3, decision 030). A paid plan is set in SQL, in the shared server's database.
 */
const server = sharedServer();
const h = useBrowser(() => server.baseUrl);

const apiSection = (page: Page) => page.getByRole('region', { name: 'Foliowise API' });

/** GET with a Bearer token from outside the page (a script), with the page's cookies too. */
async function readWithToken(page: Page, token: string | undefined) {
  const res = await page.request.get(`${server.baseUrl}/api/v1/portfolio`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status(), body: (await res.json()) as unknown };
}

describe('API access in the browser', () => {
  for (const [label, viewport] of [
    ['1440', undefined],
    ['375', MOBILE],
  ] as const) {
    it(`a Professional user creates a token, sees it once, uses it and revokes it (${label})`, async () => {
      const page = await h.newPage(viewport ? { viewport } : {});
      await signUp(page, { plan: 'professional', server });
      const saved = await page.request.put(`${server.baseUrl}/api/portfolio`, {
        data: { portfolio: { AAPL: 10, MSFT: 4 } },
      });
      expect(saved.status()).toBe(200);

      await page.goto('/api-settings');
      const section = apiSection(page);
      await visible(section.getByText('No API tokens yet.'));
      await screenshot(page, `api-settings-tokens-empty-${label}`);

      await section.getByLabel('Token name').fill('Spreadsheet');
      await section.getByRole('checkbox', { name: /read:analysis/ }).click();
      await section.getByRole('button', { name: 'Create token' }).click();
      const shown = section.getByTestId('new-api-token');
      await visible(shown);
      const token = (await shown.innerText()).trim();
      expect(token).toMatch(API_TOKEN_PATTERN);
      await visible(section.getByRole('listitem').filter({ hasText: 'Spreadsheet' }).getByText('Never used'));
      const row = section.getByRole('listitem').filter({ hasText: 'Spreadsheet' });
      expect(await row.getByText('read:portfolio').isVisible()).toBe(true);
      expect(await row.getByText('read:analysis').isVisible()).toBe(true);
      expect(await row.getByText(`fw_…${token.slice(-4)}`).isVisible()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `api-settings-token-created-${label}`);

      // The token works from a script; the page's own session cookie does not on /api/v1.
      const used = await readWithToken(page, token);
      expect(used).toEqual({
        status: 200,
        body: { portfolio: { AAPL: 10, MSFT: 4 }, updatedAt: expect.any(String) },
      });
      expect((await readWithToken(page, undefined)).status).toBe(401);

      // Shown once: gone after 'Done' and after a reload, which now shows the last use.
      await section.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => shown.count(), WAIT).toBe(0);
      await page.reload();
      await visible(apiSection(page).getByText(/Last used/));
      expect(await page.content()).not.toContain(token);
      await screenshot(page, `api-settings-token-used-${label}`);

      await apiSection(page).getByRole('button', { name: 'Revoke token Spreadsheet' }).click();
      await visible(apiSection(page).getByText('No API tokens yet.'));
      expect((await readWithToken(page, token)).status).toBe(401);
    });
  }

  it('shows a Free user the upsell naming Professional, and asks the server for no tokens', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    const tokenRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/api-tokens')) tokenRequests.push(request.url());
    });
    await signUp(page, { server });
    await page.goto('/api-settings');
    const section = apiSection(page);
    await visible(section.getByText('API access is part of the Professional plan'));
    expect(await section.getByRole('link', { name: 'Upgrade to Professional' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(tokenRequests).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'api-settings-upsell-375');
  });

  for (const [label, viewport] of [
    ['1440', undefined],
    ['375', MOBILE],
  ] as const) {
    it(`renders the API reference from the OpenAPI document for a visitor (${label})`, async () => {
      const page = await h.newPage(viewport ? { viewport } : {});
      await page.goto('/api-docs');
      await visible(page.getByRole('heading', { name: 'Endpoints' }));
      for (const path of [
        '/api/v1/portfolio',
        '/api/v1/valuation',
        '/api/v1/analysis',
        '/api/v1/paper-portfolios',
      ]) {
        expect(await page.getByText(path, { exact: true }).isVisible()).toBe(true);
      }
      expect(await page.getByText(/curl -H "Authorization: Bearer/).isVisible()).toBe(true);
      await page.getByText('Valuation', { exact: true }).last().click();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport?.width ?? 1440);
      await screenshot(page, `api-docs-${label}`);
    });
  }
});
