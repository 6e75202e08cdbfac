import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const GA_ID = 'G-TEST12345';
let browser: Browser;
let withAnalytics: RunningServer;

beforeAll(async () => {
  [browser, withAnalytics] = await Promise.all([
    launchBrowser(),
    startServer({ env: { ANALYTICS_ID: GA_ID } }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await withAnalytics?.stop();
  await withAnalytics?.discard();
});

type DataLayerCall = unknown[];

async function openPage(baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const tagRequests: string[] = [];
  // No network here: the GA4 tag is answered locally; what matters is that it was asked for and fed.
  await context.route('https://www.googletagmanager.com/**', (route) => {
    tagRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
  });
  const dataLayer = () =>
    page.evaluate(() => (window.dataLayer ?? []).map((call) => Array.from(call as ArrayLike<unknown>)));
  return { page, context, tagRequests, dataLayer };
}

function pageViews(calls: DataLayerCall[]) {
  return calls
    .filter((c) => c[0] === 'event' && c[1] === 'page_view')
    .map((c) => (c[2] as { page_path: string }).page_path);
}

describe('analytics', () => {
  it('with ANALYTICS_ID, loads the GA4 tag and sends a page view on every route change and CTA events', async () => {
    const { page, context, tagRequests, dataLayer } = await openPage(withAnalytics.baseUrl);
    await page.goto('/');
    await expect.poll(async () => pageViews(await dataLayer())).toEqual(['/']);
    expect(tagRequests).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`]);
    expect((await dataLayer()).some((c) => c[0] === 'config' && c[1] === GA_ID)).toBe(true);

    await page.locator('header a[href="/login"], header a[href="/signup"]').first().click();
    await expect.poll(async () => pageViews(await dataLayer()).length).toBe(2);

    await page.goto('/');
    // The landing page is prerendered: a click before hydration is a plain link, with no event to send.
    await page.locator('[data-hydrated]').first().waitFor({ state: 'attached' });
    await page.getByRole('link', { name: 'Get Started Free' }).first().click();
    await expect
      .poll(async () =>
        (await dataLayer()).some(
          (c) =>
            c[0] === 'event' &&
            c[1] === 'cta_click' &&
            (c[2] as { event_label?: string }).event_label === 'get_started',
        ),
      )
      .toBe(true);
    await context.close();
  });

  it('without ANALYTICS_ID, nothing loads and nothing is sent', async () => {
    const { page, context, tagRequests, dataLayer } = await openPage(inject('baseUrl'));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    expect(tagRequests).toEqual([]);
    expect(await dataLayer()).toEqual([]);
    expect(await page.evaluate(() => typeof window.gtag)).toBe('undefined');
    await context.close();
  });
});
