/**
 * Issue 25 "Second impressions", item 1: the desktop header is one line for every plan and role at 1024 px and
 * wider, with a long name; the links that do not fit are in 'More', never on a second row. Set
 * E2E_SCREENSHOTS=<dir> to keep a screenshot of each.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../src/contracts/accounts';
import { NAV_LINKS } from '../src/web/components/layout/nav-links';
import { headerRows, screenshot, useBrowser, visible, WAIT } from './support/browser';
import { runSql, sharedServer } from './support/server';
import { ownAddress, signUp } from './support/users';

const h = useBrowser();

const LONG_NAME = { firstName: 'Maximiliana-Josephine', lastName: 'Vandenberghe-Oyelaran' };

type Role = 'visitor' | Plan | 'admin' | 'demo';
const ROLES: readonly Role[] = ['visitor', 'free', 'premium', 'professional', 'admin', 'demo'];

async function becomeRole(page: Page, role: Role): Promise<void> {
  if (role === 'visitor') return;
  if (role === 'demo') {
    const demo = await page.request.post('/api/auth/demo', { headers: ownAddress() });
    expect(demo.status()).toBe(201);
    return;
  }
  const plan = role === 'admin' ? 'free' : role;
  const user = await signUp(page, { plan, name: LONG_NAME });
  if (role === 'admin') {
    await runSql(sharedServer().dataDir, `update "user" set role = 'admin' where id = $1`, [user.id]);
  }
}

/** The header's links, inline or under 'More', in order: every one of the header's links is there once. */
async function linksOfHeader(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const inline = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const more = nav.getByRole('button', { name: 'More' });
  if (!(await more.isVisible())) return inline as string[];
  await more.click();
  const menu = page.getByRole('menu');
  await visible(menu);
  const hidden = await menu
    .getByRole('menuitem')
    .evaluateAll((items) => items.map((a) => a.getAttribute('href')));
  await page.keyboard.press('Escape');
  await expect.poll(() => menu.count(), WAIT).toBe(0);
  return [...inline, ...hidden] as string[];
}

describe('item 1: one header line for every plan and role', () => {
  for (const role of ROLES) {
    it(`${role}, at 1024, 1280 and 1440 px`, async () => {
      const page = await h.newPage({ viewport: { width: 1440, height: 900 } });
      await becomeRole(page, role);
      for (const width of [1440, 1280, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        for (const target of ['/app', '/']) {
          await page.goto(target);
          const header = page.locator('header').first();
          if (role === 'visitor') await visible(header.getByRole('link', { name: 'Sign In' }));
          else await visible(header.locator('button[title^="Account menu"]'));
          const variant = target === '/' ? 'landing' : 'app';
          const navShown = width >= 1280 || variant === 'landing';
          const nav = page.getByRole('navigation', { name: 'Main' });
          expect(await nav.isVisible(), `${target} at ${width}`).toBe(navShown);
          // Measured after the links settle (the More menu's code loads on demand).
          await expect
            .poll(async () => {
              const rows = await headerRows(page);
              return rows.sameRow && Math.abs(rows.height - rows.oneLine) < 1;
            }, WAIT)
            .toBe(true);
          if (navShown) {
            const expected = NAV_LINKS.filter((link) => link.variants.includes(variant)).map((l) => l.href);
            expect(await linksOfHeader(page), `${role} ${target} at ${width}`).toEqual(expected);
          }
          await screenshot(
            page,
            `header-${role}${target === '/' ? '-landing' : target.replace('/', '-')}-${width}`,
          );
        }
      }
    });
  }
});

describe('item 11: an admin reaches /admin from the account menu', () => {
  it('Admin is in the account menu and the mobile sheet of an admin, and of nobody else (1440 and 375 px)', async () => {
    const page = await h.newPage({ viewport: { width: 1440, height: 900 } });
    await becomeRole(page, 'admin');
    await page.goto('/app');
    const menuButton = page.locator('header button[title^="Account menu"]');
    await visible(menuButton);
    await menuButton.click();
    const admin = page.getByRole('menu').getByRole('menuitem', { name: 'Admin' });
    await visible(admin);
    await admin.click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/admin');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await visible(page.getByRole('dialog').getByRole('link', { name: 'Admin', exact: true }));
    await screenshot(page, 'mobile-sheet-admin-375');

    const free = await h.newPage({ viewport: { width: 1440, height: 900 } });
    await becomeRole(free, 'free');
    await free.goto('/app');
    await free.locator('header button[title^="Account menu"]').click();
    await visible(free.getByRole('menu').getByRole('menuitem', { name: 'Account' }));
    expect(await free.getByRole('menu').getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
  });
});
