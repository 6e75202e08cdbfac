import { describe, expect, it } from 'vitest';
import { MOBILE, seriousAccessibilityViolations, useBrowser } from './support/browser';

const h = useBrowser();
const result = (key: string) => `[data-testid="result-${key}"]`;

describe('profit calculator', () => {
  it('shows the page defaults with every fee counted once', async () => {
    const page = await h.newPage();
    await page.goto('/profit-calculator');
    await expect.poll(() => page.locator(result('profit')).textContent()).toBe('$2,762.8');
    // AAPL 100 @ 215 -> 250, 0.1 % a side, 20 % tax: cost basis 21,521.5, break-even 21,521.5 / 99.9
    expect(await page.locator(result('costBasis')).textContent()).toBe('$21,521.5');
    expect(await page.locator(result('netProceedsPreTax')).textContent()).toBe('$24,975');
    expect(await page.locator(result('tax')).textContent()).toBe('$690.7');
    expect(await page.locator(result('breakEven')).textContent()).toBe('$215.43043043');
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
  });

  it('has no serious accessibility violation and fits 375 px', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/profit-calculator');
    await page.locator(result('profit')).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
