import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 375, height: 800 };

/** Debian's `chromium-headless-shell`: the same Chromium engine without the desktop browser around it. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The browser of useBrowser's tests: CHROMIUM_PATH when set, else the headless shell when installed (.ci/run
 * installs it; it is what Playwright itself runs headless), which spends about a third less CPU per page than the
 * full browser on CI's loaded 2-core machine; else /usr/bin/chromium. The benchmarks and the installability
 * checks keep the full browser (launchBrowser's default).
 */
function testBrowserPath(): string {
  return process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
}

export function launchBrowser(
  executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
}

export interface BrowserHarness {
  baseUrl: string;
  /** A fresh context (own cookies) and page; console errors and CSP violations fail the test. */
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
}

/**
 * Sets up one browser per test file. Every page records console errors, page errors and failed
 * same-origin requests; a test with any of them fails (epic-stack's rule), unless it calls
 * `allowConsoleErrors(page, pattern)` for an error it provokes on purpose. `serverUrl`: for a file that starts its
 * own server (read when a page opens); default, the shared one.
 */
export function useBrowser(serverUrl?: () => string): BrowserHarness {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser(testBrowserPath());
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    const found = problems.splice(0);
    expect(found, 'browser console errors').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseUrl,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: serverUrl?.() ?? baseUrl,
        viewport: options.viewport ?? DESKTOP,
        acceptDownloads: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      waitForTheAppOnNavigation(page);
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const allowed = allowedPatterns.get(page) ?? [];
        if (!allowed.some((p) => p.test(message.text()))) problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      return page;
    },
  };
}

const allowedPatterns = new WeakMap<Page, RegExp[]>();
const pagesWithoutTheApp = new WeakSet<Page>();

/** For a test that blocks the app's scripts on purpose: its navigations do not wait for hydration. */
export function withoutTheApp(page: Page) {
  pagesWithoutTheApp.add(page);
}

/**
 * `page.goto` and `page.reload` resolve once the page is the app's (PageLayout's `data-hydrated`): a
 * prerendered page is visible before its scripts run, and a test acts on the app, not on the plain HTML.
 */
function waitForTheAppOnNavigation(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const hydrated = async <T>(response: T): Promise<T> => {
    if (!pagesWithoutTheApp.has(page)) {
      await page.locator('[data-hydrated]').first().waitFor({ state: 'attached' });
    }
    return response;
  };
  page.goto = async (url, options) => hydrated(await goto(url, options));
  page.reload = async (options) => hydrated(await reload(options));
}

/** For a test that provokes an expected failed request (e.g. a 401 the browser logs as a resource error). */
export function allowConsoleErrors(page: Page, pattern: RegExp) {
  allowedPatterns.set(page, [...(allowedPatterns.get(page) ?? []), pattern]);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (through DevTools, so the page's CSP stays intact) with the WCAG 2.2 AA rules and the
 * best practices, and returns the serious and critical violations.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Colours read mid-transition (a tab just activated) fail the contrast check: let finite transitions and
  // animations end first (endless ones, such as a spinner, are left running).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Read at the top of the page: where the last click left the scroll, a button can sit half under the sticky
  // header, which axe counts as a target too small (a place the person scrolled to, not a fault of the page; CI
  // saw it on the analyzer's rows at 375 px, depending on when its sections arrived).
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            options: { runOnly: { type: 'tag'; values: string[] } },
          ) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    // WCAG 2.0, 2.1 and 2.2 A and AA (2.2's target size is off unless asked for), and axe's best practices.
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target,
        why: (n as { failureSummary?: string }).failureSummary,
      })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** How long a step of an end-to-end test waits for what it expects to appear. */
export const WAIT = { timeout: 15_000 };

/** Waits until the first element of `locator` is visible. */
export const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), WAIT).toBe(true);

/**
 * A screenshot into E2E_SCREENSHOTS, when that folder is set (for looking at the screens): the full page, or
 * one element.
 */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: true });
  else await target.screenshot({ path: file });
}

/**
 * The header is one line when its height is that of its tallest item plus the row's padding and border, and
 * every visible item starts on that row.
 */
export async function headerRows(page: Page) {
  // The site header is the page's first <header> (pages have their own inside <main>).
  return page
    .locator('header')
    .first()
    .evaluate((header: HTMLElement) => {
      const row = header.firstElementChild as HTMLElement;
      // The row's own items and each of the main navigation's links: a nav whose links wrap is two rows.
      const navLinks = [...header.querySelectorAll('nav[aria-label="Main"] > ul > li')];
      const items = [...row.children, ...navLinks].filter(
        (item) => (item as HTMLElement).offsetParent !== null,
      ) as HTMLElement[];
      const style = getComputedStyle(row);
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      const tallest = Math.max(...items.map((item) => item.getBoundingClientRect().height));
      const tops = items.map((item) => item.getBoundingClientRect().top);
      return {
        height: header.getBoundingClientRect().height,
        oneLine: tallest + padding + (header.offsetHeight - header.clientHeight),
        sameRow: Math.max(...tops) - Math.min(...tops) < tallest,
      };
    });
}
