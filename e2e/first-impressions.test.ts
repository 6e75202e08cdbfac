/** Issue 12 "First impressions": each fix at the width where it was found broken. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
} from './support/browser';
import { signUp } from './support/users';

const h = useBrowser();

const ETRADE_WITH_LOTS = readFileSync(
  new URL('../src/domain/broker-csv/fixtures/own__etrade_PortfolioDownload_lots.csv', import.meta.url),
);

/** Types holdings into the Manual editor, one row each. */
async function typeHoldings(page: Page, holdings: Record<string, number>) {
  const entries = Object.entries(holdings);
  for (const [index, [symbol, shares]] of entries.entries()) {
    await page.getByLabel(`Stock ${index + 1} symbol`).fill(symbol);
    await page.getByLabel(`Stock ${index + 1} shares`).fill(String(shares));
    if (index < entries.length - 1) await page.getByRole('button', { name: 'Add Another Stock' }).click();
  }
  await page.getByRole('tab', { name: `Stocks (${entries.length})` }).waitFor();
}

async function uploadEtradeCsv(page: Page) {
  await page.getByRole('button', { name: 'Upload a CSV from any broker' }).click();
  const panel = page.getByRole('tabpanel', { name: 'CSV import' });
  await panel.getByLabel('Exported from').click();
  await page.getByRole('option', { name: 'E*TRADE' }).click();
  await panel.getByLabel('Choose a positions CSV file').setInputFiles({
    name: 'PortfolioDownload.csv',
    mimeType: 'text/csv',
    buffer: ETRADE_WITH_LOTS,
  });
  return panel;
}

const symbolValues = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input[data-field="symbol"]')]
      .map((input) => input.value)
      .filter((value) => value !== ''),
  );

describe('first impressions (issue 12)', () => {
  it('with no model configured, Analyze shows the analysis of the portfolio itself, titled truthfully (375 px)', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/app');
    await page.getByRole('tab', { name: 'Manual' }).click();
    await typeHoldings(page, { AAPL: 10, MSFT: 5, VTI: 20, BND: 12 });

    // §3: the health check is there as soon as the portfolio is valued, before any analysis.
    const health = page.getByRole('region', { name: 'Portfolio Health Check' });
    await health.waitFor({ timeout: 15_000 });
    // The card follows the rows as they are typed: wait for the valuation of all four.
    await expect.poll(() => health.innerText(), { timeout: 15_000 }).toContain('2/4 checks passed');
    await page.getByText('Ready when you are', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Analyze Portfolio' }).click();
    await page.getByRole('heading', { name: 'Analysis Results', exact: true }).waitFor({ timeout: 30_000 });
    await page
      .getByText('Written by rules from the figures computed for your holdings.', { exact: true })
      .waitFor();
    // Advice for the operator (connect a model) is in the README and on /admin, not in a consumer's analysis.
    expect(await page.getByText(/language model/i).count()).toBe(0);
    for (const absent of [
      'AI Analysis Temporarily Unavailable',
      'Demo Analysis Results',
      'Demo Mode',
      'Ready when you are',
    ]) {
      expect(await page.getByText(absent, { exact: true }).count(), absent).toBe(0);
    }
    expect(await page.getByText('This portfolio of 4 holdings is worth', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Portfolio Health Check' }).count()).toBe(1);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('finds the CSV upload, asks before replacing typed holdings, reads E*TRADE lots as their position, undoes (1440 px)', async () => {
    const page = await h.newPage({ viewport: DESKTOP });
    await page.goto('/app');
    await page.getByRole('tab', { name: 'Manual' }).click();
    await typeHoldings(page, { AAPL: 10, MSFT: 5, VTI: 20, BND: 12 });

    // Cancel keeps the typed holdings.
    await uploadEtradeCsv(page);
    const dialog = page.getByRole('alertdialog', { name: 'Replace your portfolio?' });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.innerText()).toContain('The import has 3 holdings');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await symbolValues(page)).toEqual(['AAPL', 'MSFT', 'VTI', 'BND']);

    // Add to it: VTI is in both (20 + 55); the 6 lot rows are not holdings.
    await uploadEtradeCsv(page);
    await dialog.getByRole('button', { name: 'Add to it' }).click();
    await page.getByText('Displaying 3 imported holdings', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Manual' }).click();
    await page.getByRole('tab', { name: 'Stocks (5)' }).waitFor();
    expect((await symbolValues(page)).sort()).toEqual(['AAPL', 'BND', 'MSFT', 'VTI', 'VTTSX']);
    const vtiRow = (await symbolValues(page)).indexOf('VTI') + 1;
    expect(await page.getByLabel(`Stock ${vtiRow} shares`).inputValue()).toBe('75');

    // Undo puts the typed holdings back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('tab', { name: 'Stocks (4)' }).waitFor();
    expect(await symbolValues(page)).toEqual(['AAPL', 'MSFT', 'VTI', 'BND']);

    // Replace: exactly the three positions of the file.
    await uploadEtradeCsv(page);
    await dialog.getByRole('button', { name: 'Replace' }).click();
    await page.getByText('Imported 3 holdings from your E*TRADE export.').waitFor();
    await page.getByRole('tab', { name: 'Manual' }).click();
    await page.getByRole('tab', { name: 'Stocks (3)' }).waitFor();
    expect(await symbolValues(page)).toEqual(['VTTSX', 'VTI', 'BND']);
  });

  it('keeps "Hide values" across a reload (375 px)', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/app');
    await page.getByRole('tab', { name: 'Manual' }).click();
    await typeHoldings(page, { VTI: 3 });
    const total = page.getByTestId('valuation-total');
    await expect.poll(() => total.textContent(), { timeout: 15_000 }).toMatch(/^\$/);
    await page.getByRole('button', { name: 'Hide values' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Show values' }).waitFor();
    await expect.poll(() => total.textContent(), { timeout: 15_000 }).toContain('••••');
    await page.getByRole('button', { name: 'Show values' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Hide values' }).waitFor();
  });

  it('Tab from a symbol goes to its empty quantity, so AAPL, Tab, 10 keeps the 10; with a quantity, Tab in the last row adds a row (1440 px)', async () => {
    const page = await h.newPage({ viewport: DESKTOP });
    await page.goto('/app');
    await page.getByRole('tab', { name: 'Manual' }).click();
    const symbol1 = page.getByLabel('Stock 1 symbol');
    const shares1 = page.getByLabel('Stock 1 shares');
    const isFocused = (locator: typeof symbol1) => locator.evaluate((el) => el === document.activeElement);
    // Issue 25 item 4: typed as a person types it, the 10 lands in the quantity.
    await symbol1.pressSequentially('aapl');
    await symbol1.press('Tab');
    await expect.poll(() => isFocused(shares1)).toBe(true);
    await page.keyboard.type('10');
    expect(await shares1.inputValue()).toBe('10');
    expect(await symbol1.inputValue()).toBe('AAPL');
    expect(await page.getByLabel('Stock 2 symbol').count()).toBe(0);
    // The last row has a symbol and a quantity: Tab from its symbol adds a row and focuses it (spec 000 §2).
    await symbol1.focus();
    await symbol1.press('Tab');
    const symbol2 = page.getByLabel('Stock 2 symbol');
    await expect.poll(() => symbol2.evaluate((el) => el === document.activeElement)).toBe(true);
    // An empty last row: Tab leaves it for its quantity, no new row.
    await symbol2.press('Tab');
    expect(await page.getByLabel('Stock 3 symbol').count()).toBe(0);
    expect(await isFocused(page.getByLabel('Stock 2 shares'))).toBe(true);
    // Not the last row: Tab goes on to the row's quantity.
    await symbol1.focus();
    await symbol1.press('Tab');
    expect(await isFocused(shares1)).toBe(true);
  });

  it('takes real tickers for every plan, and says where a listing outside the US needs Professional (375 px)', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUp(page);
    await page.goto('/app');
    await page.getByRole('tab', { name: 'Manual' }).click();
    const symbol1 = page.getByLabel('Stock 1 symbol');
    await symbol1.pressSequentially('brk-b');
    expect(await symbol1.inputValue()).toBe('BRK-B');
    await page.getByLabel('Stock 1 shares').fill('2');
    await page.getByRole('button', { name: 'Add Another Stock' }).click();
    const symbol2 = page.getByLabel('Stock 2 symbol');
    await symbol2.pressSequentially('vod.l');
    expect(await symbol2.inputValue()).toBe('VOD.L');
    await visible(page.getByText('VOD.L is listed outside the US: holding it needs the Professional plan.'));
    await screenshot(page, 'editor-global-listing-free-375');
  });

  it('every import that replaces the rows says so: the Fidelity form and the loadSamplePortfolio event (375 px)', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/app');
    await page.getByRole('tab', { name: 'Fidelity' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Fidelity' });
    await panel.getByLabel('Fidelity holding 1 symbol').fill('FXAIX');
    await panel.getByLabel('Fidelity holding 1 shares').fill('4');
    await panel.getByRole('button', { name: 'Import Fidelity Portfolio' }).click();
    await page.getByText('Displaying 1 imported holdings', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByText('Portfolio Updated', { exact: true }).waitFor();

    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('loadSamplePortfolio', { detail: { MSFT: 2, VTI: 1 } })),
    );
    await page.getByText('Displaying 2 imported holdings', { exact: true }).waitFor();
  });
});
