import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  WAIT,
  allowConsoleErrors,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
} from './support/browser';
import { addActivity, signUp } from './support/users';

const h = useBrowser();

const card = (page: Page, id: string) => page.getByTestId(id);
const incomeOf = (page: Page) => page.getByRole('region', { name: /^Dividend income/ });
const realizedOf = (page: Page) => page.getByRole('region', { name: 'Realized gains by year', exact: true });
const gainsOf = (page: Page, year: RegExp) =>
  realizedOf(page).getByRole('row', { name: year }).getByRole('cell').allInnerTexts();

describe('the Performance view (/performance, issue 28 item 6)', () => {
  it('shows the empty state for a portfolio without a history, with links to the Activity view', async () => {
    const page = await h.newPage();
    await signUp(page);
    // The server answers 422 NO_HISTORY, which Chromium logs as a failed resource.
    allowConsoleErrors(page, /status of 422/);
    await page.goto('/performance?portfolio=me');
    await visible(page.getByText('Add your transactions or import a file to see returns', { exact: true }));
    await page.getByRole('link', { name: 'Add your transactions' }).click();
    await page.waitForURL('**/activity?portfolio=me', WAIT);
  });

  it('shows the returns of a small history, the breakdown that adds up, and follows the period and base currency', async () => {
    const page = await h.newPage();
    await signUp(page);
    // A deposit, a buy a week later, a dividend: closes from the server's market data (simulated on this machine).
    await addActivity(page, { type: 'deposit', date: '2025-01-02', amount: '10000', currency: 'USD' });
    await addActivity(page, {
      type: 'buy',
      date: '2025-01-09',
      symbol: 'AAPL',
      quantity: '10',
      price: '200',
    });
    await addActivity(page, {
      type: 'dividend',
      date: '2025-02-14',
      symbol: 'AAPL',
      amount: '2.5',
      currency: 'USD',
    });

    // Reached from the analyzer's link beside 'Activity and gains'.
    await page.goto('/app');
    await page.getByRole('link', { name: 'Returns' }).click();
    await page.waitForURL('**/performance?portfolio=me', WAIT);

    await visible(card(page, 'twr'));
    await expect
      .poll(() => card(page, 'twr').innerText(), WAIT)
      .toMatch(/Time-weighted return\s+[+-]?\d+\.\d\d%/);
    expect(await card(page, 'mwr').innerText()).toContain('Money-weighted: how your money did');
    expect(await card(page, 'benchmark-return').innerText()).toContain('Benchmark: SPY');
    // The simulator served the closes: the page says so.
    await visible(page.getByText('Simulated', { exact: true }));

    // The breakdown: start value + every part = end value, to the cent, as shown.
    const amounts = await page.getByTestId('breakdown').locator('tbody td').allInnerTexts();
    const cents = amounts.map((text) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100));
    const [start = 0, ...rest] = cents;
    const end = rest.pop() ?? 0;
    expect(start + rest.reduce((a, b) => a + b, 0)).toBe(end);

    // A period: YTD asks again and the button says it is chosen.
    await page.getByRole('button', { name: 'YTD' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'YTD' }).getAttribute('aria-pressed'), WAIT)
      .toBe('true');

    // The base currency is saved: after a reload the figures are in EUR.
    await page.getByLabel('Base currency').selectOption('EUR');
    await expect.poll(() => page.getByTestId('period').innerText(), WAIT).toContain('in EUR.');
    await page.reload();
    await expect.poll(() => page.getByTestId('period').innerText(), WAIT).toContain('in EUR.');

    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await screenshot(page, `performance-${viewport.width}`);
    }
  });
});

/** Dated in 2024 and 2025: far enough back that every test day's trailing 12 months holds none of the 2024 ones. */
const HISTORY: Record<string, string>[] = [
  { type: 'buy', symbol: 'AAPL', quantity: '10', price: '100', date: '2024-03-15' },
  { type: 'buy', symbol: 'AAPL', quantity: '10', price: '120', date: '2025-01-10' },
  { type: 'dividend', symbol: 'AAPL', amount: '2.40', date: '2024-05-15' },
  { type: 'sell', symbol: 'AAPL', quantity: '15', price: '130', date: '2025-03-17' },
];

describe('dividend income and realized gains by year on the Performance view (issue 28 items 3, 4 and 6)', () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    it(`shows them in the base currency, fits the width, and follows the currency and the method (${label})`, async () => {
      const page = await h.newPage({ viewport });
      await signUp(page, {
        name: { firstName: 'Maximiliana Alexandra', lastName: 'Featherstonehaugh-Cholmondeley' },
      });
      for (const activity of HISTORY) await addActivity(page, { currency: 'USD', ...activity });
      await page.goto('/performance?portfolio=me');
      await visible(incomeOf(page));
      // All time $2.40 (paid in 2024, before any trailing window of a test day in 2026 or later).
      const byYear = incomeOf(page).getByRole('region', { name: 'Dividends by year' });
      await visible(byYear.getByRole('row', { name: /2024/ }));
      expect(await byYear.getByRole('row', { name: /2024/ }).innerText()).toContain('$2.40');
      await visible(incomeOf(page).getByText('Estimate', { exact: true }));
      // Lot 1 (2024-03-15) sold 2025-03-17: long, 10 × 30; lot 2: short, 5 × 10.
      await visible(realizedOf(page).getByRole('row', { name: /^2025/ }));
      expect(await gainsOf(page, /^2025/)).toEqual(['+$50.00', '+$300.00', '+$350.00']);
      await visible(card(page, 'twr'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `performance-income-${label}`);

      // In euros at the simulator's flat 0.8695652174 €/$ (labelled): 50, 300 and 350 dollars of gain.
      await page.getByLabel('Base currency').selectOption('EUR');
      await expect.poll(() => gainsOf(page, /^2025/), WAIT).toEqual(['+€43.48', '+€260.87', '+€304.35']);
      await expect.poll(() => byYear.getByRole('row', { name: /2024/ }).innerText(), WAIT).toContain('€2.09');
      await visible(realizedOf(page).getByText('Simulated rates', { exact: true }));
      await visible(incomeOf(page).getByText('Simulated rates', { exact: true }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await screenshot(page, `performance-income-eur-${label}`);

      // Switched to average cost on the Activity page: the gains follow (pool 2,200 for 20; 1,650 taken).
      await page.goto('/activity?portfolio=me');
      const average = page.getByRole('button', { name: 'Average cost' });
      await average.click();
      await expect.poll(() => average.getAttribute('aria-pressed'), WAIT).toBe('true');
      await page.goto('/performance?portfolio=me');
      await expect.poll(() => gainsOf(page, /^2025/), WAIT).toEqual(['+€86.96', '+€173.91', '+€260.87']);
    });
  }
});
