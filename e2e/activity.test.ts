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

/** A coin, typed as people write it with the market Crypto chosen (its key is CRYPTO:AVERY…). */
const LONG_SYMBOL = 'AVERYLONGTOKENNAMETHATWRAPSSOMEWHERE';
const LONG_NOTE =
  'Bought after the quarterly results, in the taxable brokerage account, with the cash left from the house sale — keep until retirement.';

/** Today in the browser's calendar, as the form's date field writes it. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const holdingsOf = (page: Page) => page.getByRole('region', { name: 'Holdings', exact: true });
const historyOf = (page: Page) => page.getByRole('region', { name: 'Activity', exact: true });
const holdingRow = (page: Page, symbol: string) =>
  holdingsOf(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: symbol }) });

/** The text of each cell of a holdings row, from Quantity on. */
async function holdingCells(page: Page, symbol: string): Promise<string[]> {
  return holdingRow(page, symbol).getByRole('cell').allInnerTexts();
}

async function openForm(page: Page) {
  await historyOf(page).getByRole('button', { name: 'Add activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add activity' });
  await visible(dialog);
  return dialog;
}

async function fillActivity(
  page: Page,
  fields: {
    type?: string;
    date?: string;
    market?: 'Crypto';
    symbol?: string;
    quantity?: string;
    price?: string;
    note?: string;
  },
) {
  const dialog = page.getByRole('dialog');
  if (fields.type) await dialog.getByLabel('Type').selectOption(fields.type);
  if (fields.market) await dialog.getByLabel(fields.market).check();
  if (fields.date) await dialog.getByLabel('Date').fill(fields.date);
  if (fields.symbol !== undefined) await dialog.getByLabel('Symbol').fill(fields.symbol);
  if (fields.quantity !== undefined) await dialog.getByLabel('Quantity').fill(fields.quantity);
  if (fields.price !== undefined) await dialog.getByLabel(/^Price/).fill(fields.price);
  if (fields.note !== undefined) await dialog.getByLabel('Note (optional)').fill(fields.note);
}

describe('the Activity view (/activity, issue 27 item 8)', () => {
  it('tells a visitor that the history needs a free account', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/activity');
    await visible(page.getByText("A portfolio's history needs an account.", { exact: false }));
    expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(1);
  });

  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    it(`adds a buy and a sell, shows the gains, edits, deletes and bulk deletes (${label})`, async () => {
      const page = await h.newPage({ viewport });
      // The refusals below (a missing symbol, a sale of more than is held) answer 400 and 422.
      allowConsoleErrors(page, /status of (400|422)/);
      await signUp(page);

      // Reached from the analyzer's holdings card.
      await page.goto('/app');
      await page.getByRole('link', { name: 'Activity and gains' }).click();
      await page.waitForURL('**/activity?portfolio=me', WAIT);
      await visible(historyOf(page).getByText('No activity yet.', { exact: false }));
      await visible(holdingsOf(page).getByText('No holdings yet.', { exact: false }));
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `activity-empty-${label}`);

      // The server's own message, under the field it names.
      let dialog = await openForm(page);
      await fillActivity(page, { quantity: '10', price: '100' });
      await dialog.getByRole('button', { name: 'Add activity' }).click();
      await visible(dialog.getByText('Symbol is required for buy'));
      const symbol = dialog.getByLabel('Symbol');
      await expect.poll(() => symbol.getAttribute('aria-invalid'), WAIT).toBe('true');
      await expect.poll(() => symbol.evaluate((el) => el === document.activeElement), WAIT).toBe(true);

      await fillActivity(page, { date: '2025-06-02', symbol: 'aapl', note: LONG_NOTE });
      await dialog.getByRole('button', { name: 'Add activity' }).click();
      await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
      // Focus is back on the button that opened the form.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()), WAIT)
        .toBe('Add activity');

      dialog = await openForm(page);
      await fillActivity(page, { type: 'sell', date: today(), symbol: 'AAPL', quantity: '4', price: '150' });
      await dialog.getByRole('button', { name: 'Add activity' }).click();
      await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);

      // FIFO: 6 left at $100, 4 sold at $150 this year.
      await expect
        .poll(() => holdingCells(page, 'AAPL'), WAIT)
        .toEqual(expect.arrayContaining(['6', '$600.00', '$100.00', '+$200.00']));
      const [, , , unrealized] = await holdingCells(page, 'AAPL');
      expect(unrealized).toMatch(/^[+-]?\$[\d,]+\.\d\d$/);

      // A sale of more than is held is refused with the server's reason.
      dialog = await openForm(page);
      await fillActivity(page, {
        type: 'sell',
        date: today(),
        symbol: 'AAPL',
        quantity: '100',
        price: '150',
      });
      await dialog.getByRole('button', { name: 'Add activity' }).click();
      await visible(dialog.getByRole('alert').getByText('Cannot sell 100 AAPL', { exact: false }));
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // Edit the buy's price: the cost basis and the realized gain follow.
      await historyOf(page).getByRole('button', { name: 'Edit Buy AAPL on Jun 2, 2025' }).click();
      dialog = page.getByRole('dialog', { name: 'Edit activity' });
      await visible(dialog);
      expect(await dialog.getByLabel(/^Price/).inputValue()).toBe('100');
      await fillActivity(page, { price: '90' });
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
      await expect
        .poll(() => holdingCells(page, 'AAPL'), WAIT)
        .toEqual(expect.arrayContaining(['6', '$540.00', '$90.00', '+$240.00']));

      // A transfer in without a price: an unknown cost, shown as '—' with the reason, never $0.
      dialog = await openForm(page);
      await fillActivity(page, {
        type: 'transfer_in',
        date: '2025-07-01',
        market: 'Crypto',
        symbol: LONG_SYMBOL,
        quantity: '2',
      });
      await screenshot(page, `activity-form-coin-${label}`);
      await dialog.getByRole('button', { name: 'Add activity' }).click();
      await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
      await expect
        .poll(
          async () => (await holdingCells(page, LONG_SYMBOL)).map((cell) => cell.replace(/\s+/g, ' ')),
          WAIT,
        )
        .toEqual([
          '2',
          '— unknown cost',
          '— unknown cost',
          expect.any(String),
          expect.any(String),
          expect.any(String),
        ]);
      await visible(holdingsOf(page).getByText('Unknown cost:', { exact: false }));
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `activity-full-${label}`);

      // Filters: by type.
      await historyOf(page).getByLabel('Type').selectOption('sell');
      const rows = historyOf(page).getByRole('row');
      await expect.poll(() => rows.count(), WAIT).toBe(2);
      await historyOf(page).getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => rows.count(), WAIT).toBe(4);

      // Delete one, after a confirmation; focus goes to the list's heading.
      await historyOf(page)
        .getByRole('button', { name: `Delete Transfer in ${LONG_SYMBOL} on Jul 1, 2025` })
        .click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this activity?' });
      await visible(confirm);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => rows.count(), WAIT).toBe(3);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent), WAIT)
        .toBe('Activity');

      // Select every row and delete them together.
      await historyOf(page).getByRole('checkbox', { name: 'Select every activity shown' }).click();
      await visible(historyOf(page).getByText('2 activities selected'));
      await historyOf(page).getByRole('button', { name: 'Delete selected' }).click();
      const bulk = page.getByRole('alertdialog', { name: 'Delete 2 activities?' });
      await bulk.getByRole('button', { name: 'Delete' }).click();
      await visible(historyOf(page).getByText('No activity yet.', { exact: false }));
      await visible(holdingsOf(page).getByText('No holdings yet.', { exact: false }));
    });
  }

  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    it(`opens without the analyzer's 'Portfolio Updated' toast, which covered its filters (${label})`, async () => {
      const page = await h.newPage({ viewport });
      await signUp(page);
      // A history to filter: the Activity view shows its filters only then.
      const added = await page.request.post('/api/activities', {
        data: {
          portfolio: 'me',
          type: 'buy',
          date: '2025-06-02',
          symbol: 'AAPL',
          quantity: '10',
          price: '100',
        },
      });
      expect(added.status()).toBe(201);
      await page.goto('/app');
      await page.evaluate(() =>
        window.dispatchEvent(new CustomEvent('loadSamplePortfolio', { detail: { MSFT: 2, VTI: 1 } })),
      );
      const updated = page.getByText('Portfolio Updated', { exact: true });
      await visible(updated);

      // Right away: the toast would otherwise stay for its 5 seconds, over the To date at 1440 px.
      await page.getByRole('link', { name: 'Activity and gains' }).click();
      await page.waitForURL('**/activity?portfolio=me', WAIT);
      await visible(historyOf(page).getByLabel('To'));
      expect(await updated.count()).toBe(0);
      await screenshot(page, `activity-from-analyzer-${label}`);
    });
  }
});
