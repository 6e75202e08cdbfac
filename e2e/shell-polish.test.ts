/**
 * Issue 12 "First impressions", items 12 (one signed-out state, signed-in users skip sign-in pages and see
 * signed-in calls to action), 13 (the account menu) and 11 (a one-line desktop header). Set E2E_SCREENSHOTS=<dir> to keep a screenshot of each screen.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  headerRows,
  MOBILE,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
  WAIT,
} from './support/browser';
import { E2E_PASSWORD, signUp } from './support/users';

const h = useBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;

const SIGNED_IN_PAGES = [
  {
    path: '/paper-trading',
    message: 'Please log in to access the paper trading platform',
    signIn: 'Log In to Trade',
  },
  {
    path: '/gamification',
    message: 'Sign in to earn points, unlock achievements and see where you stand on the leaderboards.',
    signIn: 'Sign in',
  },
  { path: '/api-settings', message: 'Please sign in to manage your API keys.', signIn: 'Sign in' },
];

describe('item 12: one signed-out state', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`paper trading, rewards and API settings show the same sign-in card at ${viewport.width} px`, async () => {
      const page = await h.newPage({ viewport });
      for (const target of SIGNED_IN_PAGES) {
        await page.goto(target.path);
        const main = page.locator('main');
        await visible(main.getByText(target.message));
        const signIn = main.getByRole('link', { name: target.signIn, exact: true });
        expect(await signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(target.path)}`);
        expect(
          await main.getByRole('link', { name: 'Create an account', exact: true }).getAttribute('href'),
        ).toBe('/signup');
        await screenshot(page, `signed-out${target.path.replace('/', '-')}-${viewport.width}`);
      }
    });
  }

  it('signing in from the card comes back to the page', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    const email = `e2e-${randomBytes(6).toString('hex')}@example.com`;
    const signup = await page.request.post('/api/auth/signup', {
      data: { firstName: 'Back', lastName: 'Again', email, password: E2E_PASSWORD },
    });
    expect(signup.status()).toBe(202);
    await page.goto('/api-settings');
    await page.locator('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => pathOf(page), WAIT).toBe('/api-settings');
  });
});

describe('item 12: a signed-in user', () => {
  it('opening /login or /signup goes to /app, or to a safe ?next= path', async () => {
    const page = await h.newPage();
    await signUp(page);
    await page.goto('/login');
    await expect.poll(() => pathOf(page), WAIT).toBe('/app');
    await page.goto('/signup');
    await expect.poll(() => pathOf(page), WAIT).toBe('/app');
    await page.goto('/login?next=/paper-trading');
    await expect.poll(() => pathOf(page), WAIT).toBe('/paper-trading');
    await page.goto('/login?next=//example.com/steal');
    await expect.poll(() => page.url(), WAIT).toBe(`${new URL(page.url()).origin}/app`);
  });

  it('is never sent to another site by ?next= (issue 24 item 4: TAB, newline, backslash, dot segments)', async () => {
    const page = await h.newPage();
    await signUp(page);
    await page.goto('/app');
    const origin = new URL(page.url()).origin;
    // Chromium drops the TAB of `/%09/evil.example/checkout` and would read `//evil.example/checkout`.
    for (const next of [
      '/\t/evil.example/checkout',
      '/\n/evil.example',
      '/\\evil.example',
      '/.//evil.example',
    ]) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await expect.poll(() => page.url(), WAIT).toBe(`${origin}/app`);
    }
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`sees 'Open the analyzer' on the landing page and no sign-in links in the footer at ${viewport.width} px`, async () => {
      const visitor = await h.newPage({ viewport });
      await visitor.goto('/');
      const visitorFooter = visitor.locator('footer');
      await visible(visitorFooter.getByRole('link', { name: 'Sign In', exact: true }));
      await visible(visitorFooter.getByRole('link', { name: 'Sign Up', exact: true }));
      expect(await visitor.locator('main').getByRole('link', { name: 'Get Started Free' }).count()).toBe(1);

      const page = await h.newPage({ viewport });
      await signUp(page);
      await page.goto('/');
      const main = page.locator('main');
      await expect.poll(() => main.getByRole('link', { name: 'Open the analyzer' }).count(), WAIT).toBe(2);
      expect(await main.getByRole('link', { name: 'Get Started Free' }).count()).toBe(0);
      expect(await main.getByRole('link', { name: 'Analyze My Portfolio' }).count()).toBe(0);
      const footer = page.locator('footer');
      await visible(footer.getByRole('link', { name: 'Privacy' }));
      expect(await footer.getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0);
      expect(await footer.getByRole('link', { name: 'Sign Up', exact: true }).count()).toBe(0);
      await screenshot(page, `landing-signed-in-${viewport.width}`);
    });
  }
});

const LONG_FIRST_NAME = 'Maximiliana-Josephine';
const LONG_LAST_NAME = 'Featherstonehaugh-Vandenberghe';

/** Signs up and in (as users.ts's signUp) with a long name, the kind that used to push the header to two lines. */
async function signUpWithLongName(page: Page): Promise<void> {
  const email = `e2e-${randomBytes(6).toString('hex')}@example.com`;
  const data = { firstName: LONG_FIRST_NAME, lastName: LONG_LAST_NAME, email, password: E2E_PASSWORD };
  expect((await page.request.post('/api/auth/signup', { data })).status()).toBe(202);
  expect(
    (await page.request.post('/api/auth/login', { data: { email, password: E2E_PASSWORD } })).status(),
  ).toBe(200);
}

describe('item 13: the account menu', () => {
  it('opens from the name with the keyboard and leads to API settings, billing and sign out', async () => {
    const page = await h.newPage();
    await signUpWithLongName(page);
    await page.goto('/app');
    const header = page.locator('header');
    const trigger = header.getByRole('button', { name: new RegExp(LONG_FIRST_NAME) });
    await visible(trigger);
    expect(await header.getByRole('link', { name: /account and billing/ }).count()).toBe(0);
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await visible(menu);
    const items = await menu.getByRole('menuitem').allInnerTexts();
    expect(items.map((text) => text.trim())).toEqual(['Account', 'Billing', 'API settings', 'Sign out']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'account-menu-1440');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    // Opened with Enter, the menu focuses its first item; arrows move between items.
    await expect.poll(focused, WAIT).toBe('Account');
    // Radix moves the focus in a timeout after each arrow: the next press waits for it, or both would start
    // from the same item on a loaded machine.
    for (const item of ['Billing', 'API settings']) {
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused, WAIT).toBe(item);
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page), WAIT).toBe('/api-settings');
    await visible(page.getByRole('tab', { name: /API/ }));

    await trigger.click();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await expect.poll(() => pathOf(page) + new URL(page.url()).hash, WAIT).toBe('/account#billing');

    await page.keyboard.press('Escape');
    await trigger.click();
    const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout') && r.status() === 204);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await signedOut;
    await visible(header.getByRole('link', { name: 'Sign In', exact: true }));
  });

  it('the mobile sheet keeps Account, Billing, API settings and Sign out', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUpWithLongName(page);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog');
    await visible(sheet.getByText(`${LONG_FIRST_NAME} ${LONG_LAST_NAME}`));
    for (const name of ['Account', 'Billing', 'API settings']) {
      await visible(sheet.getByRole('link', { name, exact: true }));
    }
    await visible(sheet.getByRole('button', { name: 'Sign out' }));
    await screenshot(page, 'mobile-sheet-signed-in-375');
    await sheet.getByRole('link', { name: 'API settings', exact: true }).click();
    await expect.poll(() => pathOf(page), WAIT).toBe('/api-settings');
  });
});

describe('item 11: the desktop header stays on one line', () => {
  for (const width of [1024, 1280, 1440, 1920]) {
    it(`signed in with a long name, on the app and landing headers at ${width} px`, async () => {
      const page = await h.newPage({ viewport: { width, height: 900 } });
      await signUpWithLongName(page);
      for (const target of ['/app', '/pricing', '/']) {
        await page.goto(target);
        await visible(page.locator('header').getByRole('button', { name: new RegExp(LONG_FIRST_NAME) }));
        const rows = await headerRows(page);
        expect(rows.sameRow, `${target} at ${width}`).toBe(true);
        expect(rows.height, `${target} at ${width}`).toBeCloseTo(rows.oneLine, 0);
        const nav = page.getByRole('navigation', { name: 'Main' });
        // Where the links do not fit beside the account menu they are in the sheet (the app header's below 1280 px).
        expect(await nav.isVisible()).toBe(width >= 1280 || (width >= 1024 && target !== '/app'));
        await screenshot(page, `header${target === '/' ? '-landing' : target.replace('/', '-')}-${width}`);
      }
    });
  }
});
