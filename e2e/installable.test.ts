/**
 * Issue 25 item 18 "Installable": the web app manifest, the service worker and the offline page, checked as
 * Lighthouse's installability audit checks them (Chromium's own list of installability errors through DevTools),
 * and the account menu's 'Install app'. One shared server; each browser test gets a fresh Chromium profile
 * (a persistent context: an incognito one is never offered installation). E2E_SCREENSHOTS=<dir> keeps screens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  CHROMIUM_FLAGS,
  DESKTOP,
  launchBrowser,
  MOBILE,
  screenshot,
  seriousAccessibilityViolations,
  visible,
  WAIT,
} from './support/browser';
import { signUp } from './support/users';

const baseUrl = inject('baseUrl');

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

const profiles: string[] = [];
const contexts: BrowserContext[] = [];
const problems: string[] = [];
/** Requests that fail while the test has the browser offline, as they should. */
const OFFLINE_ERROR = /net::ERR_INTERNET_DISCONNECTED/;

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  for (const profile of profiles.splice(0)) rmSync(profile, { recursive: true, force: true });
  expect(problems.splice(0), 'browser console errors').toEqual([]);
});

/** Chromium with a fresh profile of its own, as a person's browser: console errors and page errors fail the test. */
async function openBrowser(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'fw-e2e-profile-'));
  profiles.push(profile);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    headless: true,
    viewport,
    baseURL: baseUrl,
  });
  contexts.push(context);
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error' && !OFFLINE_ERROR.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page };
}

/** Waits until the service worker has installed (precached) and controls the page. */
async function waitForTheWorker(page: Page): Promise<{ scriptURL: string; scope: string }> {
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scriptURL: ready.active?.scriptURL ?? '', scope: ready.scope };
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), WAIT).toBe(true);
  return registration;
}

/** Width x height from a PNG's IHDR chunk, after its signature. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('item 18: the web app manifest', () => {
  it('names the app, opens /app standalone in scope, and lists 192 px, 512 px and maskable PNG icons that exist', async () => {
    const res = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Foliowise',
      short_name: 'Foliowise',
      start_url: '/app',
      scope: '/',
      display: 'standalone',
      theme_color: '#1e4d8c',
      background_color: '#ffffff',
    });
    const icons = await Promise.all(
      manifest.icons.map(async (icon) => {
        const file = await fetch(new URL(icon.src, baseUrl));
        expect(file.status, icon.src).toBe(200);
        expect(file.headers.get('content-type'), icon.src).toBe('image/png');
        return { ...icon, actual: pngSize(Buffer.from(await file.arrayBuffer())) };
      }),
    );
    for (const icon of icons) expect(icon.actual, icon.src).toBe(icon.sizes);
    const sizesFor = (purpose: string) =>
      icons.filter((icon) => icon.purpose.split(' ').includes(purpose)).map((icon) => icon.actual);
    expect(sizesFor('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizesFor('maskable')).toContain('512x512');
  });

  it('is linked from the shell and from the prerendered pages', async () => {
    for (const url of ['/', '/pricing', '/login', '/app', '/paper-trading']) {
      const html = await (await fetch(`${baseUrl}${url}`)).text();
      expect(html, url).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(html, url).toContain('<meta name="theme-color" content="#1e4d8c" />');
    }
  });

  it('serves the service worker always revalidated, and the CSP allows it and the manifest', async () => {
    const res = await fetch(`${baseUrl}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const page = await fetch(`${baseUrl}/app`);
    expect(page.headers.get('content-security-policy')).toContain("worker-src 'self';manifest-src 'self'");
  });
});

describe('item 18: the service worker', () => {
  it('controls the page, and Chromium reports nothing that keeps the app from being installed', async () => {
    const { context, page } = await openBrowser();
    await page.goto('/app');
    const registration = await waitForTheWorker(page);
    expect(registration).toEqual({ scriptURL: `${baseUrl}/sw.js`, scope: `${baseUrl}/` });
    // What Lighthouse's installability audit reads: the manifest's errors and Chromium's installability errors
    // (manifest fields, icons fetched and of the right size, a service worker with a fetch handler, scope).
    const devTools = await context.newCDPSession(page);
    const appManifest = await devTools.send('Page.getAppManifest');
    expect(appManifest.url).toBe(`${baseUrl}/manifest.webmanifest`);
    expect(appManifest.errors).toEqual([]);
    expect(await devTools.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
  });

  it('offline, opens /app from the shell and a page never visited as the offline page; no API answer is cached', async () => {
    const { context, page } = await openBrowser(MOBILE);
    await page.goto('/app');
    await waitForTheWorker(page);
    // Online the API answers; had the worker kept that answer, it would give it back offline.
    expect(await page.evaluate(() => fetch('/api/health').then((res) => res.status))).toBe(200);

    await context.setOffline(true);
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          (res) => `answered ${res.status}`,
          () => 'no answer',
        ),
      ),
    ).toBe('no answer');

    const shell = await page.reload();
    expect(shell?.status()).toBe(200);
    expect(shell?.fromServiceWorker()).toBe(true);
    await visible(page.getByRole('heading', { level: 1, name: 'AI Portfolio Analyzer' }));

    const offline = await page.goto('/paper-trading');
    expect(offline?.fromServiceWorker()).toBe(true);
    await visible(page.getByRole('heading', { level: 1, name: 'You are offline' }));
    expect(await page.title()).toBe('You are offline — Foliowise');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, `offline-page-${MOBILE.width}`);

    // The cache holds static build files only: the precached ones and hashed assets, nothing of the API.
    const cached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          paths.push(new URL(request.url).pathname);
      }
      return paths;
    });
    expect(cached).toContain('/index.html');
    expect(cached).toContain('/offline.html');
    const unexpected = cached.filter(
      (file) =>
        !/^\/assets\/[\w.-]+-[\w-]{8}\.\w+$/.test(file) &&
        ![
          '/index.html',
          '/offline.html',
          '/manifest.webmanifest',
          '/favicon.svg',
          '/install-offer.js',
        ].includes(file) &&
        !file.startsWith('/icons/'),
    );
    expect(unexpected).toEqual([]);

    // 'Try again' reloads the page that could not be loaded.
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect.poll(() => page.title(), WAIT).toMatch(/Paper Trading/);
    expect(new URL(page.url()).pathname).toBe('/paper-trading');
  });
});

/** Chromium's install dialog, answered 'dismissed' without showing it: counts the calls in window.__installPrompts. */
async function stubInstallDialog(context: BrowserContext) {
  await context.addInitScript(() => {
    const page = window as unknown as {
      BeforeInstallPromptEvent: { prototype: object };
      __installPrompts?: number;
      __installOffered?: boolean;
    };
    Object.defineProperty(page.BeforeInstallPromptEvent.prototype, 'prompt', {
      value: () => {
        page.__installPrompts = (page.__installPrompts ?? 0) + 1;
        return Promise.resolve();
      },
    });
    Object.defineProperty(page.BeforeInstallPromptEvent.prototype, 'userChoice', {
      get: () => Promise.resolve({ outcome: 'dismissed', platform: '' }),
    });
    window.addEventListener('beforeinstallprompt', () => (page.__installOffered = true));
  });
}

const installPrompts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __installPrompts?: number }).__installPrompts ?? 0);

describe("item 18: 'Install app' where the browser offers it", () => {
  it('is in the account menu once Chromium offers to install the app, and shows its dialog', async () => {
    const { context, page } = await openBrowser(DESKTOP);
    await stubInstallDialog(context);
    await signUp(page, { name: { firstName: 'Maximiliana-Josefina', lastName: 'Vandenberghe-Oosterhuis' } });
    await page.goto('/app');
    await waitForTheWorker(page);
    await expect
      .poll(() => page.evaluate(() => (window as { __installOffered?: boolean }).__installOffered), WAIT)
      .toBe(true);
    const accountMenu = page.locator('header button[title^="Account menu"]');
    const install = page.getByRole('menuitem', { name: 'Install app' });
    // On a loaded machine the first press can land while the page is still starting: open the menu until it shows.
    await expect
      .poll(async () => {
        if (await install.isVisible()) return true;
        await page.keyboard.press('Escape');
        await accountMenu.click();
        return install.isVisible();
      }, WAIT)
      .toBe(true);
    await screenshot(page, `install-account-menu-${DESKTOP.width}`);
    await install.click();
    await expect.poll(() => installPrompts(page), WAIT).toBe(1);
    // The browser's offer is used up: the entry goes until the browser offers again.
    await page.locator('header button[title^="Account menu"]').click();
    await visible(page.getByRole('menuitem', { name: 'Sign out' }));
    expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
  });

  it('is in the menu sheet at 375 px once Chromium offers it', async () => {
    const { context, page } = await openBrowser(MOBILE);
    await stubInstallDialog(context);
    await signUp(page);
    await page.goto('/app');
    await waitForTheWorker(page);
    await expect
      .poll(() => page.evaluate(() => (window as { __installOffered?: boolean }).__installOffered), WAIT)
      .toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const install = page.getByRole('dialog').getByRole('button', { name: 'Install app' });
    await visible(install);
    await screenshot(page, `install-menu-sheet-${MOBILE.width}`);
    await install.click();
    await expect.poll(() => installPrompts(page), WAIT).toBe(1);
  });

  it('is absent where the browser does not offer installation', async () => {
    // An incognito context: Chromium never offers to install from one.
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP })).newPage();
      await signUp(page);
      await page.goto('/app');
      await waitForTheWorker(page);
      await page.locator('header button[title^="Account menu"]').click();
      await visible(page.getByRole('menuitem', { name: 'Sign out' }));
      expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
