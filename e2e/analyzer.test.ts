import { findSamplePortfolio } from '../src/domain/sample-portfolios';
import { DEMO_SAMPLE_PORTFOLIO_ID } from '../src/server/features/sign-in/demo-content';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  MOBILE,
  allowConsoleErrors,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
} from './support/browser';
import { signUp } from './support/users';

const h = useBrowser();

const FIDELITY_CSV = [
  'Account Number,Account Name,Symbol,Description,Quantity,Last Price,Current Value,Type',
  'X11111111,INDIVIDUAL,SPAXX**,HELD IN MONEY MARKET,,,$2514.37,Cash',
  'X11111111,INDIVIDUAL,AAPL,APPLE INC,25,$170.33,$4258.25,Cash',
  'X11111111,INDIVIDUAL,VTI,VANGUARD TOTAL STOCK MARKET ETF,10,$330.00,$3300.00,Cash',
  'X11111111,INDIVIDUAL,BND,VANGUARD TOTAL BOND MARKET ETF,12.5,$74.00,$925.00,Cash',
].join('\n');

/** The same layout with Fidelity's cost columns: AAPL with its cost, VTI with none ('--'). */
const FIDELITY_CSV_WITH_COST = [
  'Account Number,Account Name,Symbol,Description,Quantity,Last Price,Current Value,Cost Basis,Cost Basis Per Share,Type',
  'X11111111,INDIVIDUAL,AAPL,APPLE INC,25,$170.33,$4258.25,$3500.00,$140.00,Cash',
  'X11111111,INDIVIDUAL,VTI,VANGUARD TOTAL STOCK MARKET ETF,10,$330.00,$3300.00,--,--,Cash',
].join('\n');

/** Loads the 'Diversified' sample from the Sample tab and waits for its ~2 s progress to finish. */
async function loadDiversifiedSample(page: Page) {
  await page.getByRole('tab', { name: 'Sample' }).click();
  await page.getByRole('button', { name: 'Try This: Diversified' }).click();
  const progress = page.getByRole('progressbar');
  await progress.waitFor({ state: 'visible' });
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
  await page.getByText('loaded', { exact: false }).first().waitFor({ state: 'visible', timeout: 10_000 });
  await page.getByRole('button', { name: 'Clear Sample' }).waitFor({ state: 'visible' });
}

async function waitForTotal(page: Page) {
  const total = page.getByTestId('valuation-total');
  await expect
    .poll(async () => (await total.count()) > 0 && (await total.textContent()), { timeout: 15_000 })
    .toMatch(/^\$[\d,]+\.\d{2}$/);
  return total;
}

describe('the portfolio analyzer', () => {
  it('applies the editor rules: symbols, Enter for a new row, remove, copy', async () => {
    const page = await h.newPage();
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Import Your Portfolio' }).waitFor();

    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    expect(await copy.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^Remove stock/ }).count()).toBe(0);

    const symbol1 = page.getByLabel('Stock 1 symbol');
    // Tickers as the master and the vendors write them (README deviation 22): letters, digits, '.', '-', max 10.
    await symbol1.fill('brk-b$');
    expect(await symbol1.inputValue()).toBe('BRK-B');
    await symbol1.fill('aapl');
    await symbol1.pressSequentially('xyz.l12345');
    expect(await symbol1.inputValue()).toBe('AAPLXYZ.L1');

    await symbol1.fill('aapl');
    await symbol1.press('Enter');
    const symbol2 = page.getByLabel('Stock 2 symbol');
    await symbol2.waitFor();
    await expect.poll(() => symbol2.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: /^Remove stock/ }).count()).toBe(2);

    // Enter on an empty last row adds nothing.
    await symbol2.press('Enter');
    expect(await page.getByLabel('Stock 3 symbol').count()).toBe(0);

    await page.getByLabel('Stock 1 shares').fill('15');
    await expect.poll(() => copy.isDisabled()).toBe(false);
    await page.getByRole('tab', { name: 'Stocks (1)' }).waitFor();
    await page.getByText('Portfolio Ready', { exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Remove stock 2' }).click();
    expect(await page.getByRole('button', { name: /^Remove stock/ }).count()).toBe(0);

    // Kept in this browser for a signed-out visitor.
    const stored = await page.evaluate(() => localStorage.getItem('fw_portfolio'));
    expect(JSON.parse(stored ?? '{}')).toEqual({ AAPL: 15 });

    // Another page can hand over a portfolio with the 'loadSamplePortfolio' window event.
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('loadSamplePortfolio', { detail: { MSFT: 2, 'CRYPTO:ETH': 1.5 } }),
      ),
    );
    await page.getByRole('tab', { name: 'Crypto (1)' }).waitFor();
    expect(await page.getByLabel('Stock 1 symbol').inputValue()).toBe('MSFT');

    await page.getByRole('button', { name: 'Advanced Options' }).click();
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect.poll(() => copy.isDisabled()).toBe(true);
    expect(await page.getByLabel('Stock 1 symbol').inputValue()).toBe('');
  });

  it('loads a sample, values it with simulated prices, hides values, and analyzes it without a model', async () => {
    const page = await h.newPage();
    await page.goto('/app');
    await loadDiversifiedSample(page);

    const total = await waitForTotal(page);
    await page.getByText('Simulated prices').first().waitFor();

    await page.getByRole('button', { name: 'Hide values' }).click();
    await page.getByRole('button', { name: 'Show values' }).waitFor();
    expect(await total.textContent()).toContain('••••');
    expect(await total.textContent()).not.toMatch(/\$\d/);
    await page.getByRole('button', { name: 'Show values' }).click();
    await expect.poll(() => total.textContent()).toMatch(/^\$/);

    await page.getByRole('button', { name: 'Show holdings' }).click();
    await page.getByText('20 shares').first().waitFor();
    await page.getByRole('button', { name: 'Hide holdings' }).click();

    // No language model in e2e: the analysis of the portfolio itself, written by rules (DESIGN.md deviation 10).
    await page.getByRole('button', { name: 'Analyze Portfolio' }).click();
    await page.getByRole('heading', { name: 'Analysis Results', exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Demo Mode', { exact: true }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Portfolio Insights', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Portfolio Health Check' }).waitFor();
    // The Diversified sample holds BND, VXUS and VTI with 5 holdings: every check passes.
    await page.getByText('4/4 checks passed', { exact: false }).waitFor();
    await page.getByText(/Risk level: (Low|Medium|High)/).waitFor();

    // Hiding values masks every amount, in the generated text too.
    const results = page.getByRole('region', { name: 'Analysis results' });
    expect(await results.innerText()).toMatch(/\$\d/);
    await page.getByRole('button', { name: 'Hide values' }).click();
    expect(await results.innerText()).not.toMatch(/\$\d/);
    expect(await page.getByRole('region', { name: 'Portfolio Value' }).innerText()).not.toMatch(/\$\d/);
    expect(await page.getByRole('region', { name: 'Portfolio Ready' }).innerText()).not.toMatch(/\$\d/);

    const violations = await seriousAccessibilityViolations(page);
    expect(violations).toEqual([]);
  });

  it('imports a Fidelity positions CSV and lists the skipped rows', async () => {
    const page = await h.newPage();
    await page.goto('/app');
    await page.getByRole('tab', { name: 'Fidelity' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Fidelity' });
    await panel.getByLabel('Choose a positions CSV file').setInputFiles({
      name: 'Portfolio_Positions.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(FIDELITY_CSV),
    });
    await panel.getByText('Imported 3 holdings from your Fidelity export.').waitFor({ timeout: 15_000 });
    await panel.getByText('cash and money market are not holdings').waitFor();
    await page.getByText('Displaying 3 imported holdings', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Undo' }).waitFor();

    await page.getByRole('tab', { name: 'Manual' }).click();
    await page.getByRole('tab', { name: 'Stocks (3)' }).waitFor();
    expect(await page.getByLabel('Stock 1 symbol').inputValue()).toBe('AAPL');
    await waitForTotal(page);
  });

  it("signed in, keeps a positions file's cost as opening lots: the Activity view shows its cost basis (issue 27 item 7)", async () => {
    for (const viewport of [MOBILE, undefined]) {
      const page = await h.newPage(viewport ? { viewport } : {});
      await signUp(page);
      await page.goto('/app');
      await page.getByRole('tab', { name: 'Fidelity' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Fidelity' });
      await panel.getByLabel('Choose a positions CSV file').setInputFiles({
        name: 'Portfolio_Positions.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(FIDELITY_CSV_WITH_COST),
      });
      await visible(panel.getByText('Recorded 2 opening lots in your history, 1 with its cost.'));
      await screenshot(page, `positions-cost-import-${viewport ? 375 : 1440}`);

      await page.getByRole('link', { name: 'Activity and gains' }).click();
      const holdings = page.getByRole('table').first();
      const aapl = holdings.getByRole('row').filter({ hasText: 'AAPL' });
      await visible(aapl.getByText('$3,500.00'));
      await visible(aapl.getByText('$140.00'));
      // VTI's cost is '--' in the file: unknown ('—'), never $0.
      expect(await holdings.getByRole('row').filter({ hasText: 'VTI' }).innerText()).toMatch(/^VTI\s+10\s+—/);
      await screenshot(page, `positions-cost-activity-${viewport ? 375 : 1440}`);
      await page.close();
    }
  });

  it('asks a visitor to sign in before the Robinhood import, with a link to the sign-in page', async () => {
    const page = await h.newPage();
    await page.goto('/app');
    await page.getByRole('tab', { name: 'Robinhood' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Robinhood' });
    await panel.getByText('Sign in to import from Robinhood').waitFor();
    expect(await panel.getByRole('button', { name: 'Import Real Portfolio' }).count()).toBe(0);
    await panel.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
  });

  it('falls back to the marked demo portfolio when Robinhood cannot be reached, says so, then closes', async () => {
    const page = await h.newPage();
    // Any failure of the connector (here: none deployed, or a refusal) is the fallback path.
    allowConsoleErrors(page, /status of (4|5)\d\d/);
    await signUp(page);
    await page.goto('/app');
    await page.getByRole('tab', { name: 'Robinhood' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Robinhood' });
    expect(await panel.getByLabel('Password').count()).toBe(0);
    await panel.getByRole('button', { name: 'Import Real Portfolio' }).click();
    const submit = panel.getByRole('button', { name: 'Import Portfolio', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await panel.getByLabel('Username or email').fill('someone@example.com');
    expect(await submit.isDisabled()).toBe(true);
    await panel.getByLabel('Password').fill('not-a-real-password');
    await submit.click();

    await page.getByText('Using Demo Portfolio', { exact: true }).waitFor({ timeout: 15_000 });
    await panel.getByText('Demo data — not your real holdings').waitFor();
    await page.getByText('Demo data — not your real holdings').nth(1).waitFor();
    // One true thing, said the same way in the toast and on screen: nothing was connected.
    expect(await page.getByText('Connected with your previously verified portfolio data').count()).toBe(0);
    await panel.getByText('Not connected to Robinhood').waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.getByRole('button', { name: 'Import Real Portfolio' }).waitFor();
  });

  it('saves a signed-in user’s portfolio to the account, not the browser', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL('**/app');
    await page.getByText('Your portfolio is saved to your account.').waitFor();
    // The demo account starts with a saved sample; its first row becomes MSFT.
    await expect.poll(() => page.getByLabel('Stock 1 symbol').inputValue(), { timeout: 10_000 }).not.toBe('');
    const replaced = await page.getByLabel('Stock 1 symbol').inputValue();
    const sample = findSamplePortfolio(DEMO_SAMPLE_PORTFOLIO_ID)?.holdings ?? {};
    const kept = Object.fromEntries(Object.entries(sample).filter(([symbol]) => symbol !== replaced));
    await page.getByLabel('Stock 1 symbol').fill('msft');
    await page.getByLabel('Stock 1 shares').fill('3');
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const body = (await (await fetch('/api/portfolio')).json()) as {
              portfolio: Record<string, number>;
            };
            return body.portfolio;
          }),
        { timeout: 10_000 },
      )
      .toEqual({ ...kept, MSFT: 3 });
    expect(await page.evaluate(() => localStorage.getItem('fw_portfolio'))).toBeNull();
    await page.reload();
    const symbols = () =>
      page
        .getByLabel(/^Stock \d+ symbol$/)
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await expect.poll(symbols).toContain('MSFT');
  });

  it('has no serious accessibility violations and no horizontal scroll at 375 px', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Import Your Portfolio' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await loadDiversifiedSample(page);
    await waitForTotal(page);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Fidelity' }).click();
    const afterTab = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(afterTab).toBeLessThanOrEqual(375);
  });
});
