import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  MOBILE,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
  WAIT,
} from './support/browser';
import { sharedServer } from './support/server';
import { signUp } from './support/users';

const h = useBrowser();

/** Every request the page makes to the suggestions API. */
function suggestionRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/trading-suggestions')) seen.push(request.url());
  });
  return seen;
}

async function openSuggestionsTab(page: Page) {
  const tabs = page.getByRole('tablist', { name: 'Result views' });
  await visible(tabs);
  expect(await tabs.getByRole('tab').allInnerTexts()).toEqual([
    'AI Suggestions',
    'Analysis',
    'Daily Snapshots & Alerts',
  ]);
  // Analysis stays the tab selected at first.
  expect(await tabs.getByRole('tab', { name: 'Analysis' }).getAttribute('aria-selected')).toBe('true');
  await tabs.getByRole('tab', { name: 'AI Suggestions' }).click();
  return page.getByRole('tabpanel', { name: 'AI Suggestions' });
}

describe('AI trading suggestions: free plan and visitor', () => {
  for (const [who, viewport] of [
    ['a free plan', undefined],
    ['a visitor', MOBILE],
  ] as const) {
    it(`shows ${who} the upsell card and asks the server nothing`, async () => {
      const page = await h.newPage(viewport ? { viewport } : {});
      const requests = suggestionRequests(page);
      if (who === 'a free plan') await signUp(page);
      await page.goto('/app');
      const panel = await openSuggestionsTab(page);
      const upgrade = panel.getByRole('link', { name: 'Upgrade to Premium' });
      await visible(upgrade);
      expect(await upgrade.getAttribute('href')).toBe('/pricing');
      expect(await panel.getByRole('button', { name: 'Generate Suggestions' }).count()).toBe(0);
      expect(requests).toEqual([]);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `suggestions-upsell-${viewport ? 375 : 1440}`);
    });
  }
});

/** Premium is a plan set in SQL, in the shared server's database. */
describe('AI trading suggestions: premium', () => {
  const server = sharedServer();

  for (const [label, viewport] of [
    ['1440', undefined],
    ['375', MOBILE],
  ] as const) {
    it(`generates, shows New, dismisses and executes (${label} px)`, async () => {
      const page = await h.newPage(viewport ? { viewport } : {});
      await signUp(page, { plan: 'premium', server });

      // An empty portfolio: nothing to generate for.
      await page.goto(`${server.baseUrl}/app`);
      let panel = await openSuggestionsTab(page);
      const generate = panel.getByRole('button', { name: 'Generate Suggestions' });
      await visible(generate);
      expect(await generate.isDisabled()).toBe(true);
      await visible(panel.getByText('No suggestions yet.'));
      await screenshot(page, `suggestions-empty-${label}`);

      const saved = await page.request.put(`${server.baseUrl}/api/portfolio`, {
        data: { portfolio: { AAPL: 300, MSFT: 20, BND: 10, 'CRYPTO:BTC': 0.5 } },
      });
      expect(saved.status()).toBe(200);
      await page.reload();
      panel = await openSuggestionsTab(page);
      await expect.poll(() => generate.isDisabled(), WAIT).toBe(false);
      await generate.click();
      // No language model on the e2e server: the toast names what ran, not the spec's 'AI Analysis Complete'.
      await visible(page.getByText('Analysis complete', { exact: true }));
      expect(await page.getByText('AI Analysis Complete').count()).toBe(0);
      const items = panel.getByRole('list', { name: 'Trading suggestions' }).getByRole('listitem');
      await expect.poll(() => items.count(), WAIT).toBeGreaterThanOrEqual(3);
      const count = await items.count();
      await visible(page.getByText(`Generated ${count} trading suggestions`));
      expect(await items.first().getByText('New', { exact: true }).isVisible()).toBe(true);
      await visible(panel.getByText(/^Sell \d+ shares of AAPL \(about \$[\d,]+\.\d\d\)$/));
      await visible(panel.getByText('Simulated price').first());
      await screenshot(page, `suggestions-full-${label}`);

      // Hiding values hides the dollar amounts of the actions too.
      const action = items.filter({ hasText: /AAPL/ }).first().locator('p').first();
      await page.getByRole('button', { name: 'Hide values' }).click();
      await expect
        .poll(async () => {
          const text = (await action.textContent()) ?? '';
          return text.includes('(about ••••••') && !text.includes('$');
        }, WAIT)
        .toBe(true);
      await page.getByRole('button', { name: 'Show values' }).click();
      await visible(panel.getByText(/^Sell \d+ shares of AAPL \(about \$[\d,]+\.\d\d\)$/));

      const first = await items.first().getAttribute('aria-label');
      await items.first().getByRole('button', { name: 'Dismiss' }).click();
      await expect.poll(() => items.count(), WAIT).toBe(count - 1);
      expect(await panel.getByRole('listitem', { name: first ?? '' }).count()).toBe(0);

      await items.first().getByRole('button', { name: 'Mark as Executed' }).click();
      await visible(page.getByText('Suggestion Marked as Executed'));
      await visible(items.first().getByText('Executed', { exact: true }));
      expect(await items.first().getByRole('button', { name: 'Mark as Executed' }).count()).toBe(0);

      // Seen once: no longer New after a reload.
      await page.reload();
      panel = await openSuggestionsTab(page);
      await expect.poll(() => items.count(), WAIT).toBe(count - 1);
      expect(await panel.getByText('New', { exact: true }).count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  }
});
