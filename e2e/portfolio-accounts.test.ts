import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  MOBILE,
  allowConsoleErrors,
  WAIT,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
} from './support/browser';
import { sharedServer } from './support/server';
import { signUp } from './support/users';

/** A premium plan is set in SQL, in the shared server's database. */
const server = sharedServer();

const h = useBrowser(() => server.baseUrl);

const panelOf = (page: Page) => page.getByRole('region', { name: 'Portfolio Accounts' });

const LONG_NAME = 'Vanguard Individual Brokerage Account held jointly with my spouse since 2009';
const MANY_HOLDINGS = {
  VOO: 12,
  SCHD: 40,
  AAPL: 3,
  MSFT: 2,
  AMZN: 5,
  NVDA: 4,
  TSLA: 1,
  JPM: 6,
  'CRYPTO:ETH': 0.75,
};

describe('Portfolio Accounts on /app', () => {
  it('shows a visitor the upsell card, and sends no request for accounts', async () => {
    const page = await h.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/portfolio-accounts')) requests.push(request.url());
    });
    await page.goto('/app');
    const panel = panelOf(page);
    await visible(panel.getByRole('link', { name: 'Upgrade to Premium' }));
    expect(await panel.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(requests).toEqual([]);
  });

  it('shows the free plan the upsell card, which leads to /pricing', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUp(page, { server });
    await page.goto('/app');
    const panel = panelOf(page);
    await visible(panel.getByText('Multi-Account Aggregation is a Premium feature'));
    expect(await panel.getByRole('button', { name: 'Create Demo Accounts' }).count()).toBe(0);
    await screenshot(page, 'portfolio-accounts-free-375');
    await panel.getByRole('link', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL('**/pricing', WAIT);
  });

  for (const [label, viewport] of [
    ['1440', undefined],
    ['375', MOBILE],
  ] as const) {
    it(`lets a premium user create demo accounts, add, delete and sync (${label})`, async () => {
      const page = await h.newPage(viewport ? { viewport } : {});
      // The negative quantity below is refused with a 400, which Chromium logs as a failed resource.
      allowConsoleErrors(page, /status of 400/);
      await signUp(page, { plan: 'premium', server });
      await page.goto('/app');
      const panel = panelOf(page);
      await visible(panel.getByText('No accounts yet.', { exact: false }));
      await screenshot(page, `portfolio-accounts-empty-${label}`);

      await panel.getByRole('button', { name: 'Create Demo Accounts' }).click();
      const cards = panel.getByRole('list', { name: 'Accounts' }).locator(':scope > li');
      await expect.poll(() => cards.count(), WAIT).toBe(3);
      const brokerage = cards.filter({ hasText: 'Demo Brokerage Account' });
      expect(await brokerage.getByText('+2 more').isVisible()).toBe(true);
      // Demo accounts stand for linked ones: no delete.
      expect(await panel.getByRole('button', { name: /^Delete / }).count()).toBe(0);
      expect(await panel.getByText('Simulated prices').isVisible()).toBe(true);
      await visible(panel.getByText('Top 10 of 13 holdings across your accounts'));
      const combined = panel.getByRole('list', { name: 'Combined holdings' }).locator('li');
      expect(await combined.count()).toBe(10);
      // Whole dollars on cards and panels (spec 000 §9).
      expect(await brokerage.getByText(/^\$[\d,]+$/).count()).toBe(1);
      // The analyzer's 'Hide values' masks the accounts' amounts too.
      await page.getByRole('button', { name: 'Load Sample' }).click();
      await page.getByRole('button', { name: 'Hide values' }).click();
      await expect.poll(() => brokerage.getByText(/^\$[\d,]+$/).count(), WAIT).toBe(0);
      await page.getByRole('button', { name: 'Show values' }).click();
      await expect.poll(() => brokerage.getByText(/^\$[\d,]+$/).count(), WAIT).toBe(1);

      // The name is required; text that is not JSON is refused before anything is sent.
      const add = panel.getByRole('button', { name: 'Add Account' });
      expect(await add.isDisabled()).toBe(true);
      await panel.getByLabel('Account Name').fill(LONG_NAME);
      await panel.getByLabel('Holdings (JSON)').fill('{"AAPL": 10');
      await add.click();
      await visible(page.getByText('Invalid Holdings Format'));
      await visible(page.getByText('Please enter valid JSON format for holdings'));

      await panel.getByLabel('Holdings (JSON)').fill(JSON.stringify(MANY_HOLDINGS));
      await add.click();
      await visible(page.getByText('Account Added'));
      await expect.poll(() => cards.count(), WAIT).toBe(4);
      const mine = cards.filter({ hasText: LONG_NAME });
      expect(await mine.getByText('+3 more').isVisible()).toBe(true);
      expect(await mine.getByText('Manual').isVisible()).toBe(true);
      await visible(panel.getByText('Top 10 of 16 holdings across your accounts'));
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, `portfolio-accounts-full-${label}`);

      // A server refusal keeps the spec's title with the server's message.
      await panel.getByLabel('Account Name').fill('Bad');
      await panel.getByLabel('Holdings (JSON)').fill('{"AAPL": -1}');
      await add.click();
      await visible(page.getByText('Failed to Add Account'));
      await visible(page.getByText('Invalid value for AAPL. All values must be positive numbers.'));

      await panel.getByRole('button', { name: 'Sync All' }).click();
      await visible(page.getByText('Accounts Synced'));
      expect(await cards.count()).toBe(4);

      await panel.getByRole('button', { name: `Delete ${LONG_NAME}` }).click();
      await visible(page.getByText('Account Deleted'));
      await expect.poll(() => cards.count(), WAIT).toBe(3);
    });
  }

  it('saves an imported Fidelity CSV as an account', async () => {
    const page = await h.newPage();
    await signUp(page, { plan: 'premium', server });
    await page.goto('/app');
    await page.getByRole('tab', { name: 'Fidelity' }).click();
    await page
      .getByRole('tabpanel', { name: 'Fidelity' })
      .getByLabel('Choose a positions CSV file')
      .setInputFiles({
        name: 'Portfolio_Positions.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          [
            'Account Number,Account Name,Symbol,Description,Quantity,Last Price,Current Value,Type',
            'X11111111,INDIVIDUAL,AAPL,APPLE INC,25,$170.33,$4258.25,Cash',
            'X11111111,INDIVIDUAL,VTI,VANGUARD TOTAL STOCK MARKET ETF,10,$330.00,$3300.00,Cash',
          ].join('\n'),
        ),
      });
    const panel = panelOf(page);
    await visible(panel.getByText('Your imported portfolio (2 holdings) can be kept as an account.'));
    await panel.getByRole('button', { name: 'Save as account' }).click();
    expect(await panel.getByLabel('Account Name').inputValue()).toBe('Imported portfolio');
    await panel.getByLabel('Account Name').fill('Fidelity Individual');
    await panel.getByRole('button', { name: 'Add Account' }).click();
    await visible(page.getByText('Account Added'));
    const card = panel.getByRole('list', { name: 'Accounts' }).locator(':scope > li');
    await visible(card.filter({ hasText: 'Fidelity Individual' }).getByText('VTI'));
  });
});
