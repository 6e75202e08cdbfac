import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

const moveInOf = (page: Page) => page.getByRole('region', { name: 'Move in from another Foliowise' });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

/** An account name at its longest in one unbroken word, to see the section hold it at 375 px. */
const LONG_NAME = 'Joint brokerage of Wolfeschlegelsteinhausenbergerdorff';

/** A Professional person's saved portfolio, a brokerage account and a client, each with a history. */
async function personWithHistories(page: Page): Promise<void> {
  await signUp(page, { plan: 'professional' });
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as Record<string, { id: string }>;
  };
  const put = await page.request.put('/api/portfolio', { data: { portfolio: { MSFT: 3 } } });
  expect(put.status()).toBe(200);
  const account = await post('/api/portfolio-accounts/manual', {
    accountType: 'brokerage',
    accountName: LONG_NAME,
    holdings: {},
  });
  const client = await post('/api/clients', { name: 'Ada Lovelace', holdings: {} });
  const buy = { type: 'buy', date: '2025-01-03', symbol: 'AAPL', quantity: 10, price: 150, currency: 'USD' };
  await post('/api/activities', { ...buy, portfolio: 'me' });
  await post('/api/activities', { ...buy, portfolio: `account:${account.account?.id}` });
  await post('/api/activities', { ...buy, portfolio: `client:${client.client?.id}`, symbol: 'NVDA' });
}

describe("'Move in from another Foliowise' on /account (issue 27 item 11)", () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    it(`moves the file of 'Download my data' into another account, once (${label})`, async () => {
      const from = await h.newPage({ viewport });
      await personWithHistories(from);
      await from.goto('/account');
      const [download] = await Promise.all([
        from.waitForEvent('download'),
        from.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'move-in-')), download.suggestedFilename());
      await download.saveAs(file);

      const page = await h.newPage({ viewport });
      await signUp(page, { plan: 'professional' });
      await page.goto('/account');
      const section = moveInOf(page);
      await visible(section.getByLabel('Data file'));
      await screenshot(page, `move-in-choose-${label}`);
      await section.getByLabel('Data file').setInputFiles(file);
      await section.getByRole('button', { name: 'Preview' }).click();
      await visible(section.getByRole('heading', { name: 'Check what moves in' }));
      await expect.poll(() => focusedText(page), WAIT).toBe('Check what moves in');
      await visible(section.getByText('Creates 1 account and 1 client; adds 4 activities.'));
      const lines = section.getByRole('list', { name: 'The portfolios of the file' }).locator(':scope > li');
      await expect.poll(() => lines.count(), WAIT).toBe(3);
      expect(await lines.nth(1).innerText()).toMatch(/Joint brokerage of \w+\s*Brokerage account\s*New/);
      // The longest name wraps inside the section: nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(section, `move-in-preview-${label}`);

      await section.getByRole('button', { name: 'Move in', exact: true }).click();
      await visible(section.getByRole('heading', { name: 'Moved in' }));
      await expect.poll(() => focusedText(page), WAIT).toBe('Moved in');
      await visible(section.getByText('Created 1 account and 1 client; added 4 activities.'));
      await screenshot(section, `move-in-done-${label}`);

      const accounts = await page.request.get('/api/portfolio-accounts');
      const body = (await accounts.json()) as { accounts: { accountName: string; holdings: object }[] };
      expect(body.accounts.map((a) => [a.accountName, a.holdings])).toEqual([[LONG_NAME, { AAPL: 10 }]]);

      // The same file again: everything is already here, and there is nothing to confirm.
      await section.getByRole('button', { name: 'Move in another file' }).click();
      await section.getByLabel('Data file').setInputFiles(file);
      await section.getByRole('button', { name: 'Preview' }).click();
      await visible(
        section.getByText('Nothing to move: everything in this file is already in your account.'),
      );
      expect(await section.getByRole('button', { name: 'Move in', exact: true }).count()).toBe(0);
      await screenshot(section, `move-in-again-${label}`);
    });
  }
});
