/**
 * Issue 12 "First impressions", item 10: 'Try the demo' opens an account that starts with a saved sample, a paper
 * portfolio with trades and Demo Settings in view. Demo accounts are limited per address and day
 * (DEMO_ACCOUNTS_PER_DAY), so each page comes from an address of its own.
 * Set E2E_SCREENSHOTS=<dir> to keep a screenshot of each screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PAPER_PORTFOLIO, DEMO_TRADES } from '../src/server/features/accounts/demo-content';
import { DESKTOP, MOBILE, screenshot, useBrowser, visible, WAIT } from './support/browser';
import { ownAddress } from './support/users';

const h = useBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('item 10: the demo starts full', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`'Try the demo' opens a sample portfolio, a paper portfolio with trades and Demo Settings at ${viewport.width} px`, async () => {
      const page = await h.newPage({ viewport });
      await page.setExtraHTTPHeaders(ownAddress());
      await page.goto('/login');
      await page.getByRole('button', { name: 'Try the demo' }).click();
      await expect.poll(() => pathOf(page), WAIT).toBe('/app');
      const demoSettings = page.getByRole('complementary', { name: 'Demo Settings' });
      const demoSettingsButton = demoSettings.getByRole('button', { name: 'Demo Settings' });
      await visible(demoSettingsButton);
      // Open on arrival where it leaves room for the page; on a phone it would cover the holdings editor.
      await expect
        .poll(() => demoSettingsButton.getAttribute('aria-expanded'), WAIT)
        .toBe(viewport === MOBILE ? 'false' : 'true');
      const symbols = () =>
        page
          .locator('main input')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      await expect.poll(async () => (await symbols()).includes('VXUS'), WAIT).toBe(true);
      await screenshot(page, `demo-arrival-${viewport.width}`);

      if (viewport === DESKTOP) {
        // A press elsewhere on the page closes it.
        await page.getByRole('heading', { name: 'AI Portfolio Analyzer' }).click();
        await expect.poll(() => demoSettingsButton.getAttribute('aria-expanded'), WAIT).toBe('false');
        await demoSettingsButton.click();
        await expect.poll(() => demoSettingsButton.getAttribute('aria-expanded'), WAIT).toBe('true');
      }

      // Once seen, the panel stays closed on the next page load.
      await page.reload();
      await expect.poll(() => demoSettingsButton.getAttribute('aria-expanded'), WAIT).toBe('false');

      await page.goto('/paper-trading');
      await visible(page.getByText(DEMO_PAPER_PORTFOLIO.name));
      for (const trade of DEMO_TRADES)
        await visible(page.locator('main').getByText(trade.symbol).locator('visible=true'));
      await screenshot(page, `demo-paper-trading-${viewport.width}`);
    });
  }
});
