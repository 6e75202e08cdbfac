import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  MOBILE,
  WAIT,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
} from './support/browser';
import { sharedServer } from './support/server';
import { signUp } from './support/users';

const h = useBrowser();

/** Twelve holdings: a correlation matrix longer than the screen is wide. */
const PORTFOLIO = {
  AAPL: 15,
  MSFT: 12,
  GOOGL: 8,
  NVDA: 4,
  TSLA: 3,
  VTI: 50,
  VXUS: 30,
  BND: 40,
  QQQ: 20,
  SPY: 5,
  IWM: 7,
  'CRYPTO:BTC': 0.25,
};

/**
 * The Professional plan's advanced analytics and the Premium plan's upsell. No screen gives an account a paid
 * plan yet in tests, so these set the plan in SQL, in the shared server's database (as e2e/terminal.test.ts
 * does).
 */
describe('advanced terminal analytics in the browser', () => {
  const server = sharedServer();

  const region = (scope: Page | Locator, name: string | RegExp) =>
    scope.getByRole('region', { name, exact: true });

  async function signUpWith(
    page: Page,
    plan: 'premium' | 'professional',
    portfolio?: Record<string, number>,
  ) {
    await signUp(page, { plan, server });
    if (portfolio) {
      const saved = await page.request.put(`${server.baseUrl}/api/portfolio`, { data: { portfolio } });
      expect(saved.status()).toBe(200);
    }
  }

  async function expectAdvancedAnalytics(page: Page) {
    const section = region(page, 'Advanced analytics');
    await visible(section.getByRole('button', { name: 'Simulated prices' }));

    const matrix = region(section, 'Holdings correlation');
    await visible(matrix.getByRole('table'));
    const rows = matrix.locator('tbody tr');
    expect(await rows.count()).toBe(12);
    // Largest holding first; 1 on the diagonal.
    expect(await rows.locator('th').allInnerTexts()).toContain('VTI');
    expect(await matrix.getByRole('columnheader').count()).toBe(12);
    expect((await rows.nth(0).locator('td').nth(0).innerText()).trim()).toBe('1.00');
    // The caption: shown above the scrolling table, and the table's own (for screen readers).
    expect(
      await matrix.getByText(/^Correlation of daily returns, .* of every holding, largest first\./).count(),
    ).toBe(2);
    expect(await matrix.getByRole('table', { name: /^Correlation of daily returns, / }).isVisible()).toBe(
      true,
    );

    for (const name of ['Rolling 60-day volatility', 'Rolling 60-day beta to SPY', 'Drawdown']) {
      const panel = region(section, name);
      await expect.poll(() => panel.locator('canvas').count(), WAIT).toBeGreaterThan(0);
      expect(await panel.locator('figcaption').innerText()).toMatch(/trading days from .*: latest /);
    }
    expect(
      await region(section, 'Drawdown')
        .getByText(/Largest fall: −\d+\.\d\d%/)
        .isVisible(),
    ).toBe(true);

    const stress = region(section, 'Stress test');
    const stressRows = stress.locator('tbody tr');
    expect(await stressRows.count()).toBe(4);
    // Five years of closes reach the 2023 and 2022 windows, but simulated closes are no history: no return is
    // shown under the event's name. The 2020 and 2018 windows are listed as no data.
    for (const row of [0, 1]) {
      expect(await stressRows.nth(row).getByText('Simulated', { exact: true }).count()).toBe(2);
      expect(await stressRows.nth(row).innerText()).not.toMatch(/\d+\.\d\d%/);
    }
    expect(await stressRows.nth(1).innerText()).toContain('2022 rate-hike bear market');
    expect(await stressRows.nth(2).getByText('No data').count()).toBe(2);
    expect(await stressRows.nth(3).getByText('No data').count()).toBe(2);
    expect(await section.getByText(/History: Simulated\./).isVisible()).toBe(true);
    return section;
  }

  it('shows a Professional account its portfolio’s correlation, rolling charts, drawdown and stress test (1440 px)', async () => {
    const page = await h.newPage();
    await signUpWith(page, 'professional', PORTFOLIO);
    await page.goto(`${server.baseUrl}/terminal`);
    await visible(page.getByText('Simulated · Professional'));
    await expectAdvancedAnalytics(page);
    expect(await region(page, 'Advanced analytics with Professional').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'terminal-advanced-1440');
  });

  it('puts the advanced analytics on the Risk tab at 375 px', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUpWith(page, 'professional', PORTFOLIO);
    await page.goto(`${server.baseUrl}/terminal`);
    const tabs = page.getByRole('tablist');
    await visible(tabs);
    await tabs.getByRole('tab', { name: 'Risk' }).click();
    await expectAdvancedAnalytics(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'terminal-advanced-375');
  });

  it('tells a Professional account without a saved portfolio where to save one', async () => {
    for (const [label, viewport] of [
      ['1440', undefined],
      ['375', MOBILE],
    ] as const) {
      const page = await h.newPage(viewport ? { viewport } : {});
      await signUpWith(page, 'professional');
      await page.goto(`${server.baseUrl}/terminal`);
      if (viewport) {
        await visible(page.getByRole('tablist'));
        await page.getByRole('tab', { name: 'Risk' }).click();
      }
      const section = region(page, 'Advanced analytics');
      await visible(section.getByText(/^No saved portfolio yet\./));
      expect(
        await section.getByRole('link', { name: 'Open the Portfolio Analyzer' }).getAttribute('href'),
      ).toBe('/app');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `terminal-advanced-empty-${label}`);
    }
  });

  it('shows a Premium account the upsell naming Professional, and asks for nothing that would answer 403', async () => {
    const page = await h.newPage();
    const advancedRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/terminal/advanced-analytics')) advancedRequests.push(request.url());
    });
    await signUpWith(page, 'premium', PORTFOLIO);
    await page.goto(`${server.baseUrl}/terminal`);
    const upsell = region(page, 'Advanced analytics with Professional');
    await visible(upsell);
    expect(await upsell.getByRole('link', { name: 'See the Professional plan' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(await region(page, 'Advanced analytics').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'terminal-advanced-upsell-1440');
    expect(advancedRequests).toEqual([]);
  });
});
