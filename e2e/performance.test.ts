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
import { signUp } from './support/users';

const h = useBrowser();

async function addActivity(page: Page, data: Record<string, string>) {
  const added = await page.request.post('/api/activities', { data: { portfolio: 'me', ...data } });
  expect(added.status(), await added.text()).toBe(201);
}

const card = (page: Page, id: string) => page.getByTestId(id);

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
