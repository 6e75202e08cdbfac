// /app arrives as a prerendered first view (issue 25 item 21): what is the same for everyone paints before the
// app's JavaScript has run, and the browser then renders the page over it.
import { describe, expect, it } from 'vitest';
import { MOBILE, useBrowser, withoutTheApp } from './support/browser';

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
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (!root) return;
        const state =
          root.childElementCount === 0
            ? '(empty)'
            : (root.querySelector('[role="status"]')?.textContent ?? '(page)');
        if (states.at(-1) !== state) states.push(state);
      }).observe(document, { childList: true, subtree: true });
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
