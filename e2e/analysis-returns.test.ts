/**
 * The analysis states the returns of the portfolio's recorded history (issue 28 item 7, decision 043): the rules'
 * overview cites them and a Returns card lists them; a portfolio without a history gets neither. At 1440 and 375 px.
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
import { addActivity, signUp } from './support/users';

const h = useBrowser();

/** The saved portfolio on the analyzer, analyzed (no model in e2e: the rules write the words). */
async function analyzeSaved(page: Page, firstSymbol: string) {
  await page.goto('/app');
  await expect.poll(() => page.getByLabel('Stock 1 symbol').inputValue(), WAIT).toBe(firstSymbol);
  await page.getByRole('button', { name: 'Analyze Portfolio' }).click();
  await page.getByRole('heading', { name: 'Analysis Results', exact: true }).waitFor({ timeout: 30_000 });
}

async function fitsAndPasses(page: Page, width: number) {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('the analysis of a saved portfolio and its returns', () => {
  it('with a history: the overview cites the last year, and the Returns card lists each period', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await h.newPage({ viewport });
      await signUp(page);
      // Bought well over a year before today (closes from the server's market data, simulated here).
      await addActivity(page, {
        type: 'buy',
        date: '2025-02-03',
        symbol: 'VTI',
        quantity: '20',
        price: '250',
      });
      await addActivity(page, {
        type: 'buy',
        date: '2025-09-02',
        symbol: 'AAPL',
        quantity: '5',
        price: '220',
      });
      await analyzeSaved(page, 'VTI');

      const card = page.getByRole('region', { name: 'Returns' });
      await visible(card);
      expect(await card.innerText()).toContain(
        'From your recorded activity, in USD, beside SPY over the same days.',
      );
      for (const period of ['The past year', 'Year to date', 'Since the first activity']) {
        const figures = await card.getByRole('region', { name: period }).innerText();
        expect(figures, period).toMatch(/Time-weighted\s+[+-]?\d+\.\d\d%/);
        expect(figures, period).toMatch(/SPY\s+[+-]?\d+\.\d\d%/);
      }
      const overview = page.getByRole('region', { name: 'Overview' });
      expect(await overview.innerText()).toMatch(
        /Over the last year \(\d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\) the portfolio returned -?\d+\.\d\d%, leaving aside the money added or taken out \(the time-weighted return\), against -?\d+\.\d\d% for SPY\./,
      );

      await fitsAndPasses(page, viewport.width);
      // Each below the sticky header, so that it hides nothing of them.
      for (const [region, name] of [
        [card, 'analysis-returns'],
        [overview, 'analysis-overview-returns'],
      ] as const) {
        await region.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await screenshot(region, `${name}-${viewport.width}`);
      }
      await screenshot(page, `analysis-with-history-${viewport.width}`);
      await page.close();
    }
  });

  it('without a history: no Returns card and no returns in the overview', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await h.newPage({ viewport });
      await signUp(page);
      const saved = await page.request.put('/api/portfolio', { data: { portfolio: { VTI: 10, BND: 20 } } });
      expect(saved.status(), await saved.text()).toBe(200);
      await analyzeSaved(page, 'BND');

      await page.getByRole('region', { name: 'Risk & Allocation' }).waitFor();
      expect(await page.getByRole('region', { name: 'Returns' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Overview' }).innerText()).not.toMatch(
        /returned|time-weighted/,
      );
      await fitsAndPasses(page, viewport.width);
      await screenshot(page, `analysis-no-history-${viewport.width}`);
      await page.close();
    }
  });
});
