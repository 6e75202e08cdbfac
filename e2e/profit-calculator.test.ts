import { describe, expect, it } from 'vitest';
import { MOBILE, seriousAccessibilityViolations, useBrowser } from './support/browser';

const h = useBrowser();
const result = (key: string) => `[data-testid="result-${key}"]`;

describe('profit calculator', () => {
  it('shows the page defaults with every fee counted once', async () => {
    const page = await h.newPage();
    await page.goto('/profit-calculator');
    await expect.poll(() => page.locator(result('profit')).textContent()).toBe('$2,762.80');
    // AAPL 100 @ 215 -> 250, 0.1 % a side, 20 % tax: cost basis 21,521.5, break-even 21,521.5 / 99.9;
    // money with 2 decimals, percentages with 2 (DESIGN.md deviation 11).
    expect(await page.locator(result('costBasis')).textContent()).toBe('$21,521.50');
    expect(await page.locator(result('netProceedsPreTax')).textContent()).toBe('$24,975.00');
    expect(await page.locator(result('tax')).textContent()).toBe('$690.70');
    expect(await page.locator(result('breakEven')).textContent()).toBe('$215.43');
    expect(await page.locator(result('roi')).textContent()).toBe('12.84%');
    expect(await page.title()).toContain('Investment Profit Calculator');
    expect(await page.getByText('Educational tool • Not financial advice').count()).toBeGreaterThan(0);
    expect(await page.getByRole('columnheader', { name: 'Profit/Loss' }).count()).toBe(1);
  });

  it('recomputes on input, applies presets and restores inputs from local storage', async () => {
    const page = await h.newPage();
    await page.goto('/profit-calculator');
    await page.getByLabel('Quantity').fill('10');
    await page.getByLabel('Tax on profit (%)').fill('0');
    await page.getByRole('button', { name: '$100', exact: true }).click();
    // 10 @ 215 -> 100: buy 2,150 + 2.15 fee; sell 1,000 - 1 fee: profit = 1,000 - 2,150 - 3.15
    await expect.poll(() => page.locator(result('profit')).textContent()).toBe('-$1,153.15');
    expect(await page.evaluate(() => localStorage.getItem('pc_target'))).toBe('100');
    await page.reload();
    await expect.poll(() => page.getByLabel('Quantity').inputValue()).toBe('10');
    expect(await page.locator(result('profit')).textContent()).toBe('-$1,153.15');
  });

  it('adds scenarios relative to the buy price under the fixed presets, at 375 px', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/profit-calculator');
    const table = page.getByRole('table');
    await table.getByRole('rowheader', { name: '$100.00', exact: true }).waitFor();
    await table.getByText('Relative to your buy price', { exact: true }).waitFor();
    // +10 % of 215 = 236.50: profit 1,683.88 (src/domain/calculator.test.ts), ROI 7.82 %.
    const row = table.getByRole('row', { name: /\+10% · \$236\.50/ });
    expect(await row.innerText()).toMatch(/\$23,205\.38\s+\$1,683\.88\s+7\.82%/);
    for (const label of ['+25% · $268.75', '+50% · $322.50', '+100% · $430.00']) {
      await table.getByRole('rowheader', { name: label, exact: true }).waitFor();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('flags a negative quantity and a fee of 100 % or more instead of computing them, at 375 px', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/profit-calculator');
    await page.locator(result('profit')).waitFor();
    const quantity = page.getByLabel('Quantity');
    await quantity.fill('-5');
    await page.getByText('Quantity cannot be negative.').waitFor();
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Correct the highlighted fields to see your results.').waitFor();
    expect(await page.locator(result('profit')).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Quick Target Scenarios' }).count()).toBe(0);

    await quantity.fill('5');
    await page.getByLabel('Fee per side (%)').fill('100');
    await page.getByText('The fee must be below 100% per side.').waitFor();
    expect(await page.locator(result('profit')).count()).toBe(0);
    await page.getByLabel('Fee per side (%)').fill('0.1');
    await page.locator(result('profit')).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('moves the target with the buy price when the asset changes', async () => {
    const page = await h.newPage();
    await page.goto('/profit-calculator');
    await page.locator(result('profit')).waitFor();
    await page.getByLabel('Asset').click();
    await page.getByRole('option', { name: 'BTC • Bitcoin' }).click();
    await expect.poll(() => page.getByLabel('Buy Price ($)').inputValue()).toBe('60000');
    // $250 over $215 is +16.28 %: the same gain over $60,000, not a $250 bitcoin.
    expect(await page.getByLabel('Target Price ($)').inputValue()).toBe('69767.44');
    expect(await page.locator(result('roi')).textContent()).toBe('12.84%');
  });

  it('Live Price sets the buy price to the market-data quote', async () => {
    const page = await h.newPage();
    await page.goto('/profit-calculator');
    await page.getByRole('button', { name: 'Live Price' }).click();
    const quote = await page.evaluate(
      async () => (await (await fetch('/api/market-data/AAPL')).json()).currentPrice,
    );
    await expect
      .poll(async () => Number(await page.getByLabel('Buy Price ($)').inputValue()))
      .toBeCloseTo(quote, 1);
    // The e2e server has no market data provider: the filled price says it is simulated.
    expect(await page.getByText('Simulated price', { exact: true }).isVisible()).toBe(true);
  });

  it('has no serious accessibility violation and fits 375 px', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/profit-calculator');
    await page.locator(result('profit')).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
