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

const incomeOf = (page: Page) => page.getByRole('region', { name: /^Dividend income/ });
const realizedOf = (page: Page) => page.getByRole('region', { name: 'Realized gains by year', exact: true });

/** Dated in 2024 and 2025: far enough back that every test day's trailing 12 months holds none of the 2024 ones. */
const HISTORY = [
  { type: 'buy', symbol: 'AAPL', quantity: '10', price: '100', date: '2024-03-15' },
  { type: 'buy', symbol: 'AAPL', quantity: '10', price: '120', date: '2025-01-10' },
  { type: 'dividend', symbol: 'AAPL', amount: '2.40', date: '2024-05-15' },
  { type: 'sell', symbol: 'AAPL', quantity: '15', price: '130', date: '2025-03-17' },
];

describe('dividend income and realized gains by year on the Activity view (issue 28 items 4 and 6)', () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    it(`shows the income and the year's short and long term gains, and fits the width (${label})`, async () => {
      const page = await h.newPage({ viewport });
      await signUp(page, {
        name: { firstName: 'Maximiliana Alexandra', lastName: 'Featherstonehaugh-Cholmondeley' },
      });
      for (const activity of HISTORY) {
        const added = await page.request.post('/api/activities', {
          data: { portfolio: 'me', currency: 'USD', ...activity },
        });
        expect(added.status(), await added.text()).toBe(201);
      }
      await page.goto('/activity?portfolio=me');
      await visible(incomeOf(page));
      // All time $2.40 (paid in 2024, before any trailing window of a test day in 2026 or later).
      const byYear = incomeOf(page).getByRole('region', { name: 'Dividends by year' });
      await visible(byYear.getByRole('row', { name: /2024/ }));
      expect(await byYear.getByRole('row', { name: /2024/ }).innerText()).toContain('$2.40');
      await visible(incomeOf(page).getByText('Estimate', { exact: true }));
      // Lot 1 (2024-03-15) sold 2025-03-17: long, 10 × 30; lot 2: short, 5 × 10.
      const year = realizedOf(page).getByRole('row', { name: /^2025/ });
      await visible(year);
      expect(await year.getByRole('cell').allInnerTexts()).toEqual(['+$50.00', '+$300.00', '+$350.00']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `activity-income-${label}`);

      // Switched to average cost: the gains follow (pool 2,200 for 20; 1,650 taken).
      await page.getByRole('button', { name: 'Average cost' }).click();
      await expect
        .poll(
          () => realizedOf(page).getByRole('row', { name: /^2025/ }).getByRole('cell').allInnerTexts(),
          WAIT,
        )
        .toEqual(['+$100.00', '+$200.00', '+$300.00']);
    });
  }
});
