/**
 * Issue 12 "First impressions", item 10: 'Try the demo' opens an account that starts with a saved sample, a paper
 * portfolio with trades and Demo Settings in view. Demo accounts are limited per address and day
 * (DEMO_ACCOUNTS_PER_DAY), so each page comes from an address of its own. Issue 25 item 6: Demo Settings covers
 * nothing, on arrival or later, at 1440, 1280 and 375 px.
 * Set E2E_SCREENSHOTS=<dir> to keep a screenshot of each screen.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PAPER_PORTFOLIO, DEMO_TRADES } from '../src/server/features/sign-in/demo-content';
import { DESKTOP, MOBILE, screenshot, useBrowser, visible, WAIT } from './support/browser';
import { ownAddress } from './support/users';

const h = useBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Whether two boxes share any area. */
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
type Box = { x: number; y: number; width: number; height: number };

/** An element as a failure names it: a field by its value, anything else by its text. */
const nameOf = (element: Locator) =>
  element.evaluate((node) => (node instanceof HTMLInputElement ? `field ${node.value}` : node.textContent));

/**
 * Issue 25 item 6: Demo Settings, open or closed, covers none of `content`, with the page at the top and with each
 * element scrolled to the bottom edge of the window (where a floating corner button sat on it).
 */
async function expectUncovered(page: Page, demoSettings: Locator, content: Locator) {
  const elements = await content.all();
  expect(elements.length).toBeGreaterThan(0);
  for (const scroll of ['top', 'bottom edge'] as const) {
    for (const element of elements) {
      if (scroll === 'top') await page.evaluate(() => window.scrollTo(0, 0));
      else await element.evaluate((node) => node.scrollIntoView({ block: 'end' }));
      const [settings, box] = [await demoSettings.boundingBox(), await element.boundingBox()];
      expect(settings).not.toBeNull();
      expect(box).not.toBeNull();
      expect(overlaps(settings!, box!), `Demo Settings over ${await nameOf(element)} (${scroll})`).toBe(
        false,
      );
    }
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('item 10: the demo starts full', () => {
  for (const viewport of [DESKTOP, { width: 1280, height: 800 }, MOBILE]) {
    it(`'Try the demo' opens a sample portfolio, a paper portfolio with trades and Demo Settings at ${viewport.width} px, covering nothing`, async () => {
      const page = await h.newPage({ viewport });
      await page.setExtraHTTPHeaders(ownAddress());
      await page.goto('/login');
      await page.getByRole('button', { name: 'Try the demo' }).click();
      await expect.poll(() => pathOf(page), WAIT).toBe('/app');
      const demoSettings = page.getByRole('complementary', { name: 'Demo Settings' });
      const demoSettingsButton = demoSettings.getByRole('button', { name: 'Demo Settings' });
      const hint = demoSettings.getByText(/^Switch this demo account between Free, Premium and Professional/);
      await visible(demoSettingsButton);
      // On arrival: open where it takes one row under the header; on a phone closed, with a hint once.
      const isPhone = viewport === MOBILE;
      await expect
        .poll(() => demoSettingsButton.getAttribute('aria-expanded'), WAIT)
        .toBe(isPhone ? 'false' : 'true');
      expect(await hint.isVisible()).toBe(isPhone);
      const symbols = () =>
        page
          .locator('main input')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      await expect.poll(async () => (await symbols()).includes('VXUS'), WAIT).toBe(true);
      await screenshot(page, `demo-arrival-${viewport.width}`);

      // The holdings editor: its heading, tabs, buttons and every field.
      const holdings = page.getByRole('heading', { name: 'Your Holdings' });
      const editor = page.locator('main input:visible').or(holdings);
      await expectUncovered(page, demoSettings, editor);
      // Open, it is part of the page too: the editor moves down instead of going under it.
      if (isPhone) {
        await demoSettingsButton.click();
        await expect.poll(() => demoSettingsButton.getAttribute('aria-expanded'), WAIT).toBe('true');
        expect(await hint.isVisible()).toBe(false);
      }
      await expectUncovered(page, demoSettings, editor);
      // The plan switcher: the terminal with a saved portfolio needs Premium.
      await demoSettings.getByRole('radio', { name: 'Premium' }).click();
      await expect
        .poll(() => demoSettings.getByRole('radio', { name: 'Premium' }).isChecked(), WAIT)
        .toBe(true);

      await page.goto('/terminal');
      const firstHolding = page
        .getByRole('region', { name: 'Portfolio overview' })
        .getByRole('listitem')
        .first();
      await visible(firstHolding);
      // Closed on every page after the first, without the hint.
      expect(await demoSettingsButton.getAttribute('aria-expanded')).toBe('false');
      expect(await hint.count()).toBe(0);
      const firstQuote = page.getByRole('region', { name: 'Market dashboard' }).getByRole('row').nth(1);
      await expectUncovered(page, demoSettings, firstHolding.or(firstQuote));
      await screenshot(page, `demo-terminal-${viewport.width}`);

      // Once seen, the panel stays closed on the next page load.
      await page.reload();
      await visible(demoSettingsButton);
      expect(await demoSettingsButton.getAttribute('aria-expanded')).toBe('false');

      await page.goto('/paper-trading');
      await visible(page.getByText(DEMO_PAPER_PORTFOLIO.name));
      for (const trade of DEMO_TRADES)
        await visible(page.locator('main').getByText(trade.symbol).locator('visible=true'));
      await screenshot(page, `demo-paper-trading-${viewport.width}`);
    });
  }
});
