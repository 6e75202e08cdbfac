import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, seriousAccessibilityViolations, useBrowser } from './support/browser';
import { sharedServer } from './support/server';
import { signUp } from './support/users';

const h = useBrowser();

async function expectUpgradeCard(page: Page) {
  const card = page.getByRole('region', { name: /Upgrade to unlock the Professional Trading Terminal/ });
  await expect.poll(() => card.isVisible()).toBe(true);
  expect(await card.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
  expect(await card.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscribe');
  expect(await page.getByRole('region', { name: 'Market dashboard' }).count()).toBe(0);
  return card;
}

describe('terminal in the browser', () => {
  it('shows a visitor the upgrade card, with a way to sign in', async () => {
    const page = await h.newPage();
    await page.goto('/terminal');
    const card = await expectUpgradeCard(page);
    expect(await card.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(await page.title()).toBe('Professional Trading Terminal — Foliowise');
    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    expect(await crumbs.getByText('Professional Trading Terminal').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  for (const [label, viewport] of [
    ['desktop', undefined],
    ['mobile', MOBILE],
  ] as const) {
    it(`shows a free plan the upgrade card with the server's Premium message (${label})`, async () => {
      const page = await h.newPage(viewport ? { viewport } : {});
      // The page knows the plan from the session: it does not ask for an overview that would answer 403.
      const overviewRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/terminal/overview')) overviewRequests.push(request.url());
      });
      await signUp(page);
      await page.goto('/terminal');
      const card = await expectUpgradeCard(page);
      await expect
        .poll(() => card.getByText(/requires a Premium or Professional plan/).isVisible())
        .toBe(true);
      expect(await card.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
      expect(await card.getByText('7-day money-back guarantee').isVisible()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      expect(overviewRequests).toEqual([]);

      await card.getByRole('link', { name: 'View Plans' }).click();
      await page.waitForURL('**/pricing');
    });
  }
});

/**
 * The premium terminal. No screen gives an account a paid plan yet (Stripe webhooks or the demo plan switcher),
 * so these tests set the plan in SQL, in the shared server's database.
 */
describe('premium terminal in the browser', () => {
  const DASHBOARD = ['SPY', 'QQQ', 'IWM', 'VIX', 'AAPL', 'GOOGL', 'MSFT', 'TSLA'];
  const server = sharedServer();

  /** A fresh account on the premium plan with a saved portfolio, signed in in the page's cookie jar. */
  async function signUpPremium(page: Page) {
    await signUp(page, { plan: 'premium', server });
    const saved = await page.request.put(`${server.baseUrl}/api/portfolio`, {
      data: { portfolio: { AAPL: 10, MSFT: 4, SPY: 2 } },
    });
    expect(saved.status()).toBe(200);
  }

  const region = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('region', { name });

  async function expectVisible(locator: Locator) {
    await expect.poll(() => locator.isVisible()).toBe(true);
  }

  async function expectPortfolio(page: Page) {
    const portfolio = region(page, 'Portfolio overview');
    await expectVisible(portfolio.getByText('Total value'));
    for (const symbol of ['AAPL', 'MSFT', 'SPY']) {
      expect(await portfolio.getByText(symbol, { exact: true }).isVisible()).toBe(true);
    }
    expect(await portfolio.getByText(/^3 positions/).isVisible()).toBe(true);
  }

  /** Eight rows, in order, each quote with its source: the simulator in tests. */
  async function expectDashboard(page: Page) {
    const dashboard = region(page, 'Market dashboard');
    await expectVisible(dashboard.getByRole('button', { name: 'Simulated prices' }));
    const rows = dashboard.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(8);
    expect(await rows.locator('th').allInnerTexts()).toEqual(DASHBOARD);
    expect((await rows.locator('td:last-child').allInnerTexts()).map((t) => t.trim())).toEqual(
      DASHBOARD.map(() => 'Simulated'),
    );
  }

  /** The candlestick canvas and its range buttons; a range and a dashboard symbol change what it shows. */
  async function expectChart(page: Page) {
    const chart = region(page, 'Chart · SPY');
    await expect.poll(() => chart.locator('canvas').count()).toBeGreaterThan(0);
    const ranges = chart.getByRole('group', { name: 'Chart range' });
    expect(await ranges.getByRole('button').allInnerTexts()).toEqual(['1M', '6M', '1Y', '5Y']);
    expect(await ranges.getByRole('button', { name: '6M' }).getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => chart.locator('figcaption').innerText())
      .toMatch(/^SPY daily candlesticks.*, 6M:/);
    await ranges.getByRole('button', { name: '1Y' }).click();
    expect(await ranges.getByRole('button', { name: '1Y' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => chart.locator('figcaption').innerText()).toMatch(/, 1Y: \d+ sessions/);
    expect(await chart.getByText('Simulated', { exact: true }).isVisible()).toBe(true);

    await region(page, 'Market dashboard')
      .getByRole('button', { name: /^AAPL, .*: show chart$/ })
      .click();
    const aapl = region(page, 'Chart · AAPL');
    await expect
      .poll(() => aapl.locator('figcaption').innerText())
      .toMatch(/^AAPL daily candlesticks.*, 1Y:/);
  }

  async function expectRisk(page: Page) {
    const risk = region(page, 'Risk analytics');
    const rows = risk.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(8);
    expect(await rows.locator('th').allInnerTexts()).toEqual(DASHBOARD);
    for (const header of ['Beta', 'Sharpe']) {
      expect(await risk.getByRole('columnheader', { name: header }).isVisible()).toBe(true);
    }
    // VIX is an index level: no Sharpe ratio, no drawdown.
    expect(await rows.nth(3).getByText('n/a').count()).toBe(2);
    expect(await risk.getByText(/History: Simulated\./).isVisible()).toBe(true);
  }

  /** With no vendor key on this server, both lists are the labelled sample. */
  async function expectSampleFeeds(page: Page) {
    for (const name of ['Economic calendar', 'News']) {
      const panel = region(page, name);
      await expectVisible(panel.getByText('Sample', { exact: true }));
      expect(await panel.getByText(/^Illustrative list, not market data/).isVisible()).toBe(true);
      const titles = await panel.locator('li p:first-child').allInnerTexts();
      expect(titles.length).toBeGreaterThan(0);
      for (const title of titles) expect(title).toMatch(/^Sample: /);
      expect(await panel.getByRole('link', { name: 'API settings' }).getAttribute('href')).toBe(
        '/api-settings',
      );
    }
  }

  it('shows a premium account the whole terminal on a desktop', async () => {
    const page = await h.newPage();
    await signUpPremium(page);
    await page.goto(`${server.baseUrl}/terminal`);
    await expectVisible(page.getByText('Simulated · Premium'));
    expect(await page.getByRole('region', { name: /Upgrade to unlock/ }).count()).toBe(0);

    const tiles = page.getByRole('list', { name: 'Terminal features' });
    expect(await tiles.getByRole('listitem').count()).toBe(4);
    for (const title of ['Live market dashboard', 'Price charts', 'Risk analytics', 'Calendar & news']) {
      expect(await tiles.getByText(title, { exact: true }).isVisible()).toBe(true);
    }
    await expectPortfolio(page);
    await expectDashboard(page);
    await expectRisk(page);
    await expectVisible(region(page, 'Correlation').getByRole('table'));
    await expectSampleFeeds(page);
    await expectChart(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A reload keeps the premium view (the plan is the server's, read on every request).
    await page.reload();
    await expectDashboard(page);
  });

  it('shows the four tabs overview, market, news and risk at 375 px', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUpPremium(page);
    await page.goto(`${server.baseUrl}/terminal`);
    const tabs = page.getByRole('tablist');
    await expectVisible(tabs);
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['Overview', 'Market', 'News', 'Risk']);
    expect(await tabs.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    await expectPortfolio(page);
    expect(await page.getByRole('list', { name: 'Terminal features' }).isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await tabs.getByRole('tab', { name: 'Market' }).click();
    await expectDashboard(page);
    await expect.poll(() => region(page, 'Chart · SPY').locator('canvas').count()).toBeGreaterThan(0);
    expect(await region(page, 'Portfolio overview').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await tabs.getByRole('tab', { name: 'News' }).click();
    await expectSampleFeeds(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await tabs.getByRole('tab', { name: 'Risk' }).click();
    await expectRisk(page);
    await expectVisible(region(page, 'Correlation').getByRole('table'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
