// /app arrives as a prerendered first view (issue 25 item 21): what is the same for everyone paints before the
// app's JavaScript has run, and the browser then renders the page over it.
import { describe, expect, it } from 'vitest';
import { MOBILE, useBrowser, withoutTheApp } from './support/browser';
import { signUp } from './support/users';

const h = useBrowser();

declare global {
  interface Window {
    /** What #root showed while the page loaded, in order (a loading status's text, or '(empty)'). */
    __rootStates?: string[];
  }
}

describe('/app first view', () => {
  it('before any script runs: the frame, the title, the introduction and a loading status', async () => {
    const bare = await h.newPage({ viewport: MOBILE });
    withoutTheApp(bare);
    await bare.route('**/*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await bare.goto('/app');
    expect(await bare.locator('#root').getAttribute('data-first-view')).toBe('');
    expect(await bare.title()).toBe('Portfolio Analyzer — Foliowise');
    expect(await bare.locator('main h1').textContent()).toBe('AI Portfolio Analyzer');
    expect(await bare.getByText(/^Bring your portfolio from a brokerage/).isVisible()).toBe(true);
    expect(await bare.locator('main').getByRole('status').textContent()).toBe('Loading the analyzer');
    expect(await bare.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    // Nothing of a person's portfolio: the build cannot know it.
    expect(await bare.getByText('Your Holdings').count()).toBe(0);
  });

  it("gives way to the page with this browser's portfolio, never to an empty page or the loading fallback", async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.addInitScript(() => {
      localStorage.setItem('fw_portfolio', JSON.stringify({ MSFT: 3 }));
      const states: string[] = [];
      window.__rootStates = states;
      // While the document is parsed, #root holds part of the first view (a loaded machine's parser yields
      // mid-way): what counts is what the page shows from the end of parsing on, when the app's scripts run.
      const record = () => {
        const root = document.getElementById('root');
        if (!root || document.readyState === 'loading') return;
        const state =
          root.childElementCount === 0
            ? '(empty)'
            : (root.querySelector('[role="status"]')?.textContent ?? '(page)');
        if (states.at(-1) !== state) states.push(state);
      };
      document.addEventListener('readystatechange', record);
      new MutationObserver(record).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/app');
    await expect.poll(() => page.getByLabel('Stock 1 symbol').inputValue()).toBe('MSFT');
    expect(await page.getByLabel('Stock 1 shares').inputValue()).toBe('3');
    const states = (await page.evaluate(() => window.__rootStates)) ?? [];
    expect(states[0]).toBe('Loading the analyzer');
    expect(states).not.toContain('(empty)');
    expect(states).not.toContain('Loading page');
    expect(states.at(-1)).not.toBe('Loading the analyzer');
  });
});

declare global {
  interface Window {
    /** The layout shifts of the page's load, as Lighthouse counts them (not those right after an input). */
    __layoutShifts?: { value: number; sources: string[] }[];
  }
}

/** The page's layout shifts from its first paint on (sources named by tag and aria-label or id). */
async function layoutShiftsOf(page: import('playwright-core').Page, path: string) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    window.__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map((source) => {
          const node = source.node as Element | null | undefined;
          return `${node?.nodeName ?? '?'} ${node?.getAttribute?.('aria-labelledby') ?? node?.id ?? ''}`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return (await page.evaluate(() => window.__layoutShifts)) ?? [];
}

// Pages rendered in the browser wait for the session (asked beside their code) and the page's main is a screen
// high: a sign-in prompt, a session spinner or a page's data never moves what is on screen
// (issue 25 item 21: /api-settings shifted by 0.41, /subscribe-demo's footer by 0.40).
describe('pages rendered in the browser', () => {
  it('render without a session spinner: the session is read before the first render', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/api-settings');
    await expect.poll(() => page.getByText('Please sign in to manage your API keys.').isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Checking your session').count()).toBe(0);
  });

  it.each(['/api-settings', '/subscribe-demo', '/success', '/account', '/activity'])(
    '%s at 375 px, as a visitor: nothing moves, the footer starts below the first screen',
    async (path) => {
      const page = await h.newPage({ viewport: MOBILE });
      expect(await layoutShiftsOf(page, path)).toEqual([]);
      const footerTop = await page
        .locator('footer')
        .last()
        .evaluate((node) => node.getBoundingClientRect().top);
      expect(footerTop).toBeGreaterThanOrEqual(MOBILE.height);
    },
  );

  it('/api-settings at 375 px, signed in with a verified email: the keys and tokens arrive without a shift', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUp(page, { verified: true, plan: 'professional' });
    expect(await layoutShiftsOf(page, '/api-settings')).toEqual([]);
    await expect.poll(() => page.getByRole('region', { name: 'Foliowise API' }).isVisible()).toBe(true);
  });
});
