/**
 * Issue 25 "Second impressions", items 7 and 8 ("Honest labels"), on the e2e server: no market data provider (every
 * price simulated) and no language model. Each at 375 and 1440 px; E2E_SCREENSHOTS=<dir> keeps a screenshot of each.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  WAIT,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
} from './support/browser';
import { signUp } from './support/users';

const h = useBrowser();

const VIEWPORTS = [
  ['375', MOBILE],
  ['1440', DESKTOP],
] as const;

async function fitsWidth(page: Page) {
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(inner);
}

describe('item 7: a simulated figure says Simulated', () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`the terminal's status and the calculator's Live Price (${label} px)`, async () => {
      const page = await h.newPage({ viewport });
      await signUp(page, { plan: 'premium' });
      await page.goto('/terminal');
      await visible(page.getByText('Simulated · Premium', { exact: true }));
      expect(await page.getByText(/^Live · /).count()).toBe(0);
      await fitsWidth(page);
      await screenshot(page, `honest-terminal-${label}`);

      await page.goto('/profit-calculator');
      await page.getByRole('button', { name: 'Live Price' }).click();
      const hint = page.getByText(
        "No market data provider answered: this price is from Foliowise's simulator, not a quote.",
      );
      await visible(hint);
      expect(await page.getByText('Simulated price', { exact: true }).isVisible()).toBe(true);
      await fitsWidth(page);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `honest-calculator-${label}`);
      // Typing another price takes the label away: it is no longer the simulator's.
      await page.getByLabel('Buy Price ($)').fill('200');
      await expect.poll(() => hint.count(), WAIT).toBe(0);
    });
  }
});

describe('item 8: no language model', () => {
  for (const [label, viewport] of VIEWPORTS) {
    it(`pricing sells no AI analyses, and the advisor answers the question's topic (${label} px)`, async () => {
      const page = await h.newPage({ viewport });
      await page.goto('/pricing');
      const free = page.getByRole('region', { name: 'Free' });
      await visible(free.getByText('Portfolio analyses: Unlimited'));
      expect(await page.getByText(/AI analyses/).count()).toBe(0);
      await fitsWidth(page);
      await screenshot(page, `honest-pricing-${label}`);

      await page.goto('/financial-advisor');
      await page.getByLabel('Stock symbol').fill('MSFT');
      await page.getByLabel('Your question').fill('How risky is it for me?');
      await page.getByRole('button', { name: 'Get Advice' }).click();
      await visible(
        page.getByText(/^On risk: MSFT's overall risk is (low|medium|high) for a moderate investor/),
      );
      await fitsWidth(page);
      await screenshot(page, `honest-advisor-${label}`);
    });
  }
});
