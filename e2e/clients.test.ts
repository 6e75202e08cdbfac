import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, ZClientListResponse } from '../src/contracts/clients';
import { inspectPdf, normalizedPdfText } from '../src/server/testing/pdf-inspect';
import {
  DESKTOP,
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

const LONG_NAME = 'The Bartholomew-Featherstonehaugh Family Trust for Charitable Purposes';

/** Client portfolios (issue #16 item 1, decision 032): the overview, the analyzer switch, and the upsell. */
describe('client portfolios in the browser', () => {
  const server = sharedServer();

  async function clientIdOf(page: Page, name: string): Promise<string> {
    const res = await page.request.get(`${server.baseUrl}/api/clients`);
    const client = ZClientListResponse.parse(await res.json()).clients.find((c) => c.name === name);
    if (!client) throw new Error(`no client named ${name}`);
    return client.id;
  }

  async function withinTheScreen(page: Page, width: number) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }

  it('Professional at 1440: create, search, sort, rename, review, archive, and open a client in the analyzer', async () => {
    const page = await h.newPage({ viewport: DESKTOP });
    await signUp(page, { plan: 'professional', server });
    await page.goto('/clients');
    await visible(page.getByText('No clients yet'));

    const newClient = page.getByLabel('New client');
    for (const name of [LONG_NAME, 'Ada Lovelace', 'Grace Hopper']) {
      await newClient.fill(name);
      await newClient.press('Enter');
      await visible(page.getByRole('link', { name: new RegExp(`^${name}`) }));
    }
    // Holdings for two clients, and the user's own saved portfolio, through the API the page uses.
    const adaId = await clientIdOf(page, 'Ada Lovelace');
    expect(
      (
        await page.request.patch(`${server.baseUrl}/api/clients/${adaId}`, {
          data: { holdings: { BND: 30 } },
        })
      ).status(),
    ).toBe(200);
    const longId = await clientIdOf(page, LONG_NAME);
    await page.request.patch(`${server.baseUrl}/api/clients/${longId}`, { data: { holdings: { VTI: 100 } } });
    await page.request.put(`${server.baseUrl}/api/portfolio`, { data: { portfolio: { MSFT: 5 } } });
    await page.reload();

    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), WAIT).toBe(3);
    // Sorted by value, largest first: the trust (100 VTI), Ada (30 BND), Grace (nothing).
    await page.getByRole('button', { name: 'Value', exact: true }).click();
    await expect
      .poll(
        async () =>
          (
            await rows
              .locator('td:first-child a:not([href^="/activity"]):not([href^="/performance"])')
              .allInnerTexts()
          ).map((text) => text.split('\n')[0]?.trim()),
        WAIT,
      )
      .toEqual([LONG_NAME, 'Ada Lovelace', 'Grace Hopper']);
    expect(await page.getByRole('columnheader', { name: 'Value' }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    await page.getByLabel('Search clients').fill('  grace ');
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    await page.getByRole('button', { name: 'Rename Grace Hopper' }).click();
    const rename = page.getByRole('textbox', { name: 'New name for Grace Hopper' });
    // An empty name is refused with the contract's message, named by the field.
    await rename.fill('   ');
    await rename.press('Enter');
    await visible(page.getByRole('alert').filter({ hasText: CLIENT_MESSAGES.nameRequired }));
    expect(await rename.getAttribute('aria-invalid')).toBe('true');
    await rename.fill('Grace B. Hopper');
    await rename.press('Enter');
    await page.getByLabel('Search clients').fill('');
    await visible(page.getByRole('link', { name: /^Grace B\. Hopper/ }));
    await page.getByRole('button', { name: 'Mark reviewed: Ada Lovelace' }).click();
    await expect
      .poll(() => rows.filter({ hasText: 'Ada Lovelace' }).innerText(), WAIT)
      .not.toContain('Never');
    await screenshot(page, 'clients-overview-1440');
    await withinTheScreen(page, DESKTOP.width);

    // Archive: gone from the list, back with 'Show archived'.
    await page.getByRole('button', { name: 'Archive Grace B. Hopper' }).click();
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    await page.getByLabel('Show archived (1)').check();
    await visible(page.getByRole('button', { name: 'Unarchive Grace B. Hopper' }));

    // The analyzer opens Ada's holdings; switching to My portfolio shows the user's own, and back again.
    await page.getByRole('link', { name: /^Ada Lovelace/ }).click();
    await expect.poll(() => new URL(page.url()).search, WAIT).toBe(`?client=${adaId}`);
    const picker = page.getByLabel('Portfolio', { exact: true });
    await expect.poll(() => picker.inputValue(), WAIT).toBe(adaId);
    const firstSymbol = page.getByLabel('Stock 1 symbol');
    await expect.poll(() => firstSymbol.inputValue(), WAIT).toBe('BND');
    await picker.selectOption({ label: 'My portfolio' });
    await expect.poll(() => firstSymbol.inputValue(), WAIT).toBe('MSFT');
    expect(new URL(page.url()).search).toBe('');
    await picker.selectOption({ label: 'Ada Lovelace' });
    await expect.poll(() => firstSymbol.inputValue(), WAIT).toBe('BND');
    // An edit is saved to the client, and the user's own portfolio stays as it was.
    await page.getByLabel('Stock 1 shares').fill('31');
    const holdingsOf = async (url: string, key: 'holdings' | 'portfolio') =>
      ((await (await page.request.get(`${server.baseUrl}${url}`)).json()) as Record<string, unknown>)[key];
    await expect.poll(() => holdingsOf(`/api/clients/${adaId}`, 'holdings'), WAIT).toEqual({ BND: 31 });
    expect(await holdingsOf('/api/portfolio', 'portfolio')).toEqual({ MSFT: 5 });

    // The white-label report of the client open in the analyzer is the client's, under the client's name.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF report' }).click(),
    ]);
    const text = normalizedPdfText(inspectPdf(await readFile(await file.path()))).replace(/\s+/g, '');
    expect(text).toContain('Portfolioreport:AdaLovelace');
    expect(text).toContain('BND');
    expect(text).not.toContain('MSFT');

    // Alerts and daily snapshots are the client's own: set here, absent from My portfolio.
    const alertsTab = page.getByRole('tab', { name: 'Daily Snapshots & Alerts' });
    await alertsTab.click();
    const panel = page.getByTestId('alerts-panel');
    await visible(panel.getByText(/The value of Ada Lovelace's portfolio after each US market close/));
    await panel.getByRole('button', { name: 'Generate Snapshot' }).click();
    await visible(page.getByText("The client's daily portfolio snapshot is up to date."));
    await visible(panel.getByTestId('snapshot-figures'));
    await panel.getByLabel('Symbol', { exact: true }).fill('bnd');
    await panel.getByLabel('Threshold ($)').fill('90');
    await panel.getByRole('button', { name: 'Add Alert' }).click();
    await visible(panel.getByText('BND at or above $90.00'));
    await screenshot(page, 'client-alerts-1440');
    await withinTheScreen(page, DESKTOP.width);
    await picker.selectOption({ label: 'My portfolio' });
    await alertsTab.click();
    await visible(panel.getByTestId('no-snapshot'));
    await visible(panel.getByTestId('no-alert-conditions'));
    await visible(panel.getByText(/Your saved portfolio's value after each US market close/));

    // An archived client's alerts rest, and its tab says so.
    await page.goto(`/app?client=${await clientIdOf(page, 'Grace B. Hopper')}`);
    await alertsTab.click();
    await visible(panel.getByTestId('archived-client-alerts'));
    expect(await panel.getByTestId('archived-client-alerts').innerText()).toContain(
      'Grace B. Hopper is archived: its alerts are not checked',
    );
    await screenshot(page, 'client-alerts-archived-1440');
  });

  it('Professional at 375: a long name in a card, within the screen', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUp(page, { plan: 'professional', server });
    await page.goto('/clients');
    const newClient = page.getByLabel('New client');
    await page.getByRole('button', { name: 'Add client' }).click();
    await visible(page.getByRole('alert').filter({ hasText: CLIENT_MESSAGES.nameRequired }));
    expect(await newClient.getAttribute('aria-invalid')).toBe('true');
    await newClient.fill(LONG_NAME);
    await page.getByRole('button', { name: 'Add client' }).click();
    await visible(page.getByRole('link', { name: new RegExp(`^${LONG_NAME}`) }));
    await screenshot(page, 'clients-overview-375');
    await withinTheScreen(page, MOBILE.width);

    // The client's alerts tab names it in full, within the screen.
    await page.getByRole('link', { name: new RegExp(`^${LONG_NAME}`) }).click();
    await page.getByRole('tab', { name: 'Daily Snapshots & Alerts' }).click();
    await visible(
      page
        .getByTestId('alerts-panel')
        .getByText(`No snapshot yet. One is taken of ${LONG_NAME}' portfolio`, { exact: false }),
    );
    await screenshot(page, 'client-alerts-375');
    await withinTheScreen(page, MOBILE.width);
  });

  it('Premium sees the upsell naming Professional and asks nothing of /api/clients', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await h.newPage({ viewport });
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/clients')) asked.push(request.url());
      });
      await signUp(page, { plan: 'premium', server });
      await page.goto('/clients');
      await visible(page.getByText('Client portfolios are a Professional feature'));
      await visible(page.getByRole('link', { name: 'Upgrade to Professional' }));
      await withinTheScreen(page, viewport.width);
      // The analyzer keeps its own behaviour: no portfolio picker, the parameter ignored.
      await page.goto('/app?client=00000000-0000-4000-8000-000000000000');
      await visible(page.getByRole('heading', { name: 'Your Holdings' }));
      expect(await page.getByLabel('Portfolio', { exact: true }).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      expect(asked).toEqual([]);
    }
  });
});
