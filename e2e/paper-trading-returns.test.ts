// The paper-trading dashboard's return against SPY (issue 28 item 7): the portfolio's time-weighted return beside
// SPY's and the money-weighted one, over 1M, YTD, 1Y or Max, with its chart and the way to the Performance view.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, utcDateOf } from '../src/domain/calendar';
import {
  DESKTOP,
  MOBILE,
  WAIT,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
} from './support/browser';
import { runSql, sharedServer } from './support/server';
import { signUp } from './support/users';

// A history of two months is written into the shared server's database (paper fills are made today).
const server = sharedServer();
const h = useBrowser(() => server.baseUrl);

const LONG_NAME = 'Practice Fund for long-term dividend growth, index funds and a few technology stocks';

async function createPortfolio(page: Page, name: string): Promise<string> {
  const created = await page.request.post('/api/paper-trading/portfolio', {
    data: { name, initialBalance: 10000 },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { portfolio: { id: string } }).portfolio.id;
}

async function buy(page: Page, portfolioId: string, symbol: string, quantity: number) {
  const traded = await page.request.post('/api/paper-trading/trade', {
    data: { portfolioId, symbol, side: 'buy', quantity },
  });
  expect(traded.status(), await traded.text()).toBe(201);
}

/**
 * Moves a symbol's fills of a portfolio back to the last session on or before `daysAgo`, at that session's close
 * (the server's own simulated bars), as if bought then.
 */
async function backdateFills(page: Page, portfolioId: string, symbol: string, daysAgo: number) {
  const history = await page.request.get(`/api/market-data/${symbol}/history?range=1Y`);
  expect(history.status()).toBe(200);
  const { history: bars } = (await history.json()) as { history: { date: string; close: number }[] };
  const day = addDays(utcDateOf(Date.now()), -daysAgo);
  const bar = bars.filter((b) => b.date <= day).at(-1);
  if (!bar) throw new Error(`no ${symbol} close on or before ${day}`);
  const updated = await runSql(
    server.dataDir,
    `update paper_trade set executed_at = ($2 || 'T15:00:00Z')::timestamptz, price = $3
     where portfolio_id = $1 and symbol = $4`,
    [portfolioId, bar.date, bar.close.toFixed(2), symbol],
  );
  expect(updated.rowCount).toBe(1);
}

const card = (page: Page) => page.getByRole('region', { name: 'Return against SPY' });

/** Each figure's label and what it shows, as read. */
async function figures(page: Page): Promise<string[]> {
  return card(page)
    .locator('dl > div')
    .evaluateAll((figures) => figures.map((figure) => figure.textContent ?? ''));
}

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe("the paper dashboard's return against SPY", () => {
  it('a new portfolio without trades: no return yet beside SPY, labelled simulated, at 375 and 1440 px', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUp(page);
    await createPortfolio(page, LONG_NAME);
    await page.goto('/paper-trading');
    await expect.poll(() => figures(page), WAIT).toHaveLength(3);
    const [portfolio = '', spy = '', money = ''] = await figures(page);
    // Only cash since it opened today: 0 % time-weighted; SPY's figure over the same day.
    expect(portfolio).toBe('This portfoliotime-weighted0.00%');
    expect(spy).toMatch(/^SPYthe same days[+-]?\d+\.\d\d%$/);
    expect(money).toContain('No money-weighted return');
    await visible(card(page).getByText('Simulated prices'));
    // The day before it opened and its first day: no line yet.
    await visible(card(page).getByText(/^The chart starts tomorrow/));
    expect(await card(page).getByRole('button', { name: 'Max' }).getAttribute('aria-pressed')).toBe('true');

    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect(await hasNoHorizontalScroll(page), `${viewport.width} px`).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `paper-returns-new-${viewport.width}`);
    }
  });

  it('a portfolio with two months of trades: figures, chart, periods, hidden balances and the way to Performance', async () => {
    const page = await h.newPage({ viewport: DESKTOP });
    const user = await signUp(page);
    const id = await createPortfolio(page, LONG_NAME);
    await buy(page, id, 'AAPL', 10);
    await buy(page, id, 'MSFT', 5);
    // Opened 60 days ago; AAPL bought 45 days ago and MSFT 20, each at that day's close.
    await runSql(
      server.dataDir,
      `update paper_portfolio set created_at = now() - interval '60 days' where id = $1 and user_id = $2`,
      [id, user.id],
    );
    await backdateFills(page, id, 'AAPL', 45);
    await backdateFills(page, id, 'MSFT', 20);

    await page.goto('/paper-trading');
    await expect.poll(() => figures(page), WAIT).toHaveLength(3);
    const [portfolio = '', spy = '', money = ''] = await figures(page);
    expect(portfolio).toMatch(/^This portfoliotime-weighted[+-]?\d+\.\d\d%$/);
    expect(spy).toMatch(/^SPYthe same days[+-]?\d+\.\d\d%$/);
    // No money in or out after the start: the money-weighted return is the time-weighted one.
    expect(money.replace('Your moneymoney-weighted', '')).toBe(
      portfolio.replace('This portfoliotime-weighted', ''),
    );
    // The chart: its two lines, drawn (Recharts, loaded when the card shows).
    await expect.poll(() => card(page).locator('svg path.recharts-curve').count(), WAIT).toBe(2);
    expect(await card(page).getByRole('list', { name: 'Chart legend' }).innerText()).toMatch(
      /This portfolio\s+SPY/,
    );
    const period = card(page).getByTestId('period');
    expect(await period.innerText()).toMatch(/^From the close of \w{3} \d{1,2}, \d{4} to the close of/);

    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      expect(await hasNoHorizontalScroll(page), `${viewport.width} px`).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `paper-returns-trades-${viewport.width}`);
    }

    // 1M: the card asks again and says which period it shows.
    const before = await period.innerText();
    await card(page).getByRole('button', { name: '1M' }).click();
    await expect.poll(() => period.innerText(), WAIT).not.toBe(before);
    expect(await card(page).getByRole('button', { name: '1M' }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'paper-returns-1m-375');

    // Hide Balances masks the portfolio's figures and its chart, not SPY's.
    await page.getByRole('button', { name: 'Hide Balances' }).click();
    await expect
      .poll(async () => (await figures(page))[0], WAIT)
      .toBe('This portfoliotime-weighted••••••Hidden');
    expect((await figures(page))[1]).toMatch(/^SPYthe same days[+-]?\d+\.\d\d%$/);
    await visible(card(page).getByText('The chart is hidden with the balances.'));
    await screenshot(page, 'paper-returns-hidden-375');
    await page.getByRole('button', { name: 'Show Balances' }).click();

    await card(page)
      .getByRole('link', { name: `All returns, the breakdown and sources of ${LONG_NAME}` })
      .click();
    await page.waitForURL(`**/performance?portfolio=paper%3A${id}`, WAIT);
    await visible(page.getByTestId('twr'));
  });
});
