import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, seriousAccessibilityViolations, useBrowser } from './support/browser';
import { signUp } from './support/users';

const h = useBrowser();

/** POST from the page (its cookie); answers the status. */
function post(page: Page, url: string, body?: unknown) {
  return page.evaluate(
    async ({ url, body }) => {
      const res = await fetch(url, {
        method: 'POST',
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return res.status;
    },
    { url, body },
  );
}

async function expectNoSeriousViolations(page: Page) {
  const violations = await seriousAccessibilityViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

describe('rewards in the browser', () => {
  it('asks visitors to sign in, with a Sign In link to /login', async () => {
    const page = await h.newPage();
    await page.goto('/gamification');
    await expect
      .poll(() => page.getByText('Sign in to earn points, unlock achievements').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await crumbs.innerText()).replace(/\s+/g, ' ').trim()).toBe('Home Gamification');
    await expectNoSeriousViolations(page);
    await page.locator('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('shows the first portfolio’s 100 points, level 1, its achievement, the history row and You', async () => {
    const page = await h.newPage();
    const { email } = await signUp(page);
    await page.goto('/'); // the POSTs below are fetches from the app's page
    expect(
      await post(page, '/api/paper-trading/portfolio', { name: 'My first', initialBalance: 10000 }),
    ).toBe(201);

    await page.goto('/gamification');
    const totalPoints = page.getByTestId('total-points');
    await expect.poll(() => totalPoints.textContent()).toBe('100');
    expect(await page.getByTestId('trading-level').textContent()).toBe('Level 1');
    expect(await page.getByText('900 points to next level').isVisible()).toBe(true);
    expect(await page.getByText('Lifetime: 100 points').isVisible()).toBe(true);
    expect(await page.getByText('Best streak: 1 day').isVisible()).toBe(true);

    // Overview: the first-portfolio achievement among the recent ones, with its points.
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    await expect.poll(() => overview.getByText('Getting Started').isVisible()).toBe(true);
    expect(await overview.getByText('+100').isVisible()).toBe(true);
    expect(await overview.getByText('Weekly Progress').isVisible()).toBe(true);
    await expectNoSeriousViolations(page);

    // Achievements: grouped, counted, the first one unlocked, the rest locked.
    await page.getByRole('tab', { name: 'Achievements' }).click();
    const achievements = page.getByRole('tabpanel', { name: 'Achievements' });
    await expect.poll(() => achievements.getByText('1 of', { exact: false }).first().isVisible()).toBe(true);
    for (const group of ['Trading', 'Learning', 'Social', 'Milestone']) {
      expect(await achievements.getByRole('heading', { name: group, exact: true }).isVisible()).toBe(true);
    }
    const unlocked = achievements.locator('li[data-state="unlocked"]');
    expect(await unlocked.count()).toBe(1);
    expect(await unlocked.getByText('Getting Started').isVisible()).toBe(true);
    expect(await unlocked.getByText(/^Unlocked /).isVisible()).toBe(true);
    expect(await achievements.locator('li[data-state="locked"]').count()).toBeGreaterThanOrEqual(23);
    await expectNoSeriousViolations(page);

    // History: 'first portfolio' (underscores as spaces), +100.
    await page.getByRole('tab', { name: 'History' }).click();
    const rows = page.getByTestId('point-transaction');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getByText('first portfolio', { exact: true }).isVisible()).toBe(true);
    expect(await rows.first().getByText('+100').isVisible()).toBe(true);
    await expectNoSeriousViolations(page);

    // Leaderboards: other e2e players may share this week; lessons lift this one into the top 10.
    for (const lesson of ['diversification', 'etfs', 'risk', 'dollar-cost-averaging']) {
      expect(await post(page, `/api/lessons/${lesson}/read`)).toBe(200);
    }
    await page.reload();
    // 100 + four lessons' 235; and 100 more when this week's standings already place the account in the top 10
    // with 250 points (weekly_top_10): that depends on who else played this week on the shared server and when the
    // standings were read, so both totals are right (CI's loaded run got 435 once).
    await expect.poll(() => page.getByTestId('total-points').textContent()).toMatch(/^(335|435)$/);
    await page.getByRole('tab', { name: 'Leaderboards' }).click();
    const board = page.getByRole('tabpanel', { name: 'Leaderboards' });
    const you = board.locator('tr[aria-current="true"]');
    await expect.poll(() => you.count()).toBe(1);
    expect(await you.getByText('You', { exact: true }).isVisible()).toBe(true);
    expect(await you.innerText()).toMatch(/\b(335|435)\b/);
    expect(await board.innerText()).not.toContain(email);
    for (const sub of ['Monthly', 'All Time']) {
      await board.getByRole('tab', { name: sub }).click();
      await expect
        .poll(() => board.getByRole('tabpanel', { name: sub }).locator('tr').count())
        .toBeGreaterThan(1);
    }
    await expectNoSeriousViolations(page);
  });

  it('a lesson opened by a signed-in user earns points once', async () => {
    const page = await h.newPage();
    await signUp(page);
    await page.goto('/app');
    const read = page.getByRole('button', { name: 'Read Lesson', exact: false }).first();
    await read.waitFor();
    const responses: number[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/lessons/')) responses.push(res.status());
    });
    await read.click();
    await expect.poll(() => responses).toEqual([200]);
    const points = await page.evaluate(async () => {
      const res = await fetch('/api/points');
      return ((await res.json()) as { points: { totalPoints: number } }).points.totalPoints;
    });
    expect(points).toBe(45); // +20 lesson, +25 Eager Learner
  });

  it('fits a 375 px screen', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUp(page);
    await page.goto('/gamification');
    await expect.poll(() => page.getByTestId('total-points').textContent()).toBe('0');
    expect(await page.getByText('No achievements unlocked yet', { exact: false }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect
      .poll(() =>
        page.getByText('No point transactions yet. Start trading to earn your first points!').isVisible(),
      )
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousViolations(page);
  });
});
