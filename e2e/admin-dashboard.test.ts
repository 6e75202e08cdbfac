import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
} from './support/browser';
import { runSql, startServer, type RunningServer } from './support/server';
import { signUp } from './support/users';

let server: RunningServer;
const h = useBrowser(() => server.baseUrl);

beforeAll(async () => {
  server = await startServer();
  // Many users, some with long emails and names, one of them a demo account (no email collected).
  await runSql(
    server.dataDir,
    `insert into "user" (email, first_name, last_name, password_hash, plan, is_demo, created_at)
     select case when g % 7 = 0
                 then 'a.very.long.mailbox.name.for.testing.wrapping.number' || g || '@subdomain.example-company.co.uk'
                 else 'member' || g || '@example.com' end,
            case when g % 5 = 0 then 'Maximiliana-Alexandrina' else 'Member' end, 'N' || g, 'x',
            (array['free', 'free', 'free', 'premium', 'professional'])[1 + g % 5],
            g = 3, now() - make_interval(hours => g * 5)
       from generate_series(1, 60) g`,
  );
});
afterAll(async () => {
  await server?.discard();
});

async function signUpAdmin(page: Page) {
  const admin = await signUp(page, { server });
  await runSql(server.dataDir, `update "user" set role = 'admin' where id = $1`, [admin.id]);
  return admin;
}

async function noHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('/admin', () => {
  it('shows an admin the cards and tabs; a search finds a user, a granted plan shows in the list and the audit log', async () => {
    const page = await h.newPage();
    const admin = await signUpAdmin(page);
    await page.goto('/admin');
    for (const title of ['Total Users', 'With Email', 'Free', 'Premium', 'Professional']) {
      await visible(
        page.getByRole('region', { name: 'User totals' }).getByRole('heading', { name: title, exact: true }),
      );
    }
    for (const tab of ['All Users', 'Recent Signups', 'Analytics', 'Messages', 'Audit Log']) {
      await visible(page.getByRole('tab', { name: tab }));
    }
    await visible(page.getByText('No email'));
    const download = page.getByRole('link', { name: 'Export Data' });
    expect(await download.getAttribute('href')).toBe('/api/admin/users/export');

    // Two characters are too few to search by (the list stays as it is, and nothing is asked that answers 400).
    await page.getByLabel('Search users').fill('me');
    await visible(page.getByText('Type at least 3 characters to search.'));
    await page.getByLabel('Search users').fill('member17@');
    const users = page.getByRole('list', { name: 'Users' });
    await expect.poll(() => users.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    await visible(users.getByText('member17@example.com'));

    await page.getByLabel('Plan of member17@example.com').selectOption('professional');
    await visible(users.getByText('Complimentary', { exact: true }));
    await visible(users.getByText('Professional', { exact: true }));

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    const log = page.getByRole('list', { name: 'Audit log' });
    await visible(log.getByText('Granted a complimentary plan'));
    await visible(log.getByText('member17@example.com'));
    await visible(log.getByText(`by ${admin.email}`, { exact: false }));

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await visible(page.getByText('Free to Premium'));
    await visible(page.getByText('MRR (Stripe subscriptions)'));
    // The demo account (user 3, on Premium) is shown apart and left out of the money: of the 60 users, 11 others
    // are on Premium and 13 on Professional (12, and member17's grant), so MRR is 11 × $29 + 13 × $99.
    const figure = (label: string) => page.getByText(label, { exact: true }).locator('..');
    await visible(figure('Demo accounts').getByText('Not counted in conversion or revenue (1 on Premium)'));
    await visible(figure('MRR (by plan)').getByText('$1,606', { exact: true }));
    await page.getByRole('tab', { name: 'Recent Signups' }).click();
    await visible(page.getByText('Signups per day'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('fits 375 and 1440 px with many users and long emails (screenshots)', async () => {
    for (const [name, viewport] of [
      ['mobile', MOBILE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await h.newPage({ viewport });
      await signUpAdmin(page);
      await page.goto('/admin');
      await visible(page.getByRole('list', { name: 'Users' }).getByRole('listitem'));
      expect(await noHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `admin-users-${name}`);
      await page.getByRole('tab', { name: 'Recent Signups' }).click();
      await visible(page.getByText('Signups per day'));
      await screenshot(page, `admin-signups-${name}`);
      await page.getByRole('tab', { name: 'Analytics' }).click();
      await visible(page.getByText('Trials started'));
      expect(await noHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `admin-analytics-${name}`);
    }
  });

  it("shows a signed-in user 'Not allowed' and no data", async () => {
    const page = await h.newPage();
    await signUp(page, { server });
    await page.goto('/admin');
    await visible(page.getByRole('heading', { name: 'Not allowed' }));
    await visible(page.getByText('Administrator access required.', { exact: false }));
    expect(await page.getByText('Total Users').count()).toBe(0);
    await screenshot(page, 'admin-not-allowed');
  });

  it('asks a visitor to sign in, without asking the admin API', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    const adminRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/')) adminRequests.push(request.url());
    });
    await page.goto('/admin');
    await visible(
      page.getByText('Please sign in with an administrator account to open the admin dashboard.'),
    );
    expect(adminRequests).toEqual([]);
    await screenshot(page, 'admin-visitor-mobile');
  });
});
