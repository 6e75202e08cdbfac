import { describe, expect, it } from 'vitest';
import {
  MOBILE,
  WAIT,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
} from './support/browser';

const h = useBrowser();

// Four real holdings and a typo: the typo must not count as a fifth holding (issue 25 item 3).
const PORTFOLIO = { AAPL: 10, MSFT: 5, BND: 20, VTI: 8, ZZZZQ: 5 };

describe('an unknown symbol in the analyzer (issue 25 item 3)', () => {
  it('is marked at its row, left out of every count and check, and named in the results', async () => {
    for (const viewport of [MOBILE, undefined]) {
      const width = viewport ? 375 : 1440;
      const page = await h.newPage(viewport ? { viewport } : {});
      // Stored before the app's first script runs: written after the page loads, a signed-out session resolving
      // later would store the empty editor over it.
      await page.addInitScript((p) => {
        if (sessionStorage.getItem('fw_seeded')) return;
        localStorage.setItem('fw_portfolio', JSON.stringify(p));
        sessionStorage.setItem('fw_seeded', '1');
      }, PORTFOLIO);
      await page.goto('/app');

      const mark = page.getByTestId('unknown-symbol');
      await visible(mark);
      expect(await mark.innerText()).toMatch(/^We could not find ZZZZQ\b/);
      expect(await mark.count()).toBe(1);
      expect(await page.getByLabel('Stock 5 symbol').getAttribute('aria-invalid')).toBe('true');
      await visible(page.getByText('4 stocks and 0 crypto holdings ready for analysis.'));

      const summary = page.getByRole('region', { name: 'Portfolio Ready' });
      await visible(summary.getByText('4 holdings: 4 stocks and funds, 0 crypto.'));
      await visible(summary.getByText('Left out: ZZZZQ (not found)'));
      const value = page.getByRole('region', { name: 'Portfolio Value' });
      await visible(value.getByText('Left out: ZZZZQ (not found)'));
      expect(await value.innerText()).not.toContain('Unknown');
      // The health check counts four holdings: 'Fair', as without the typo.
      await visible(page.getByText('4 holdings: Fair', { exact: false }));
      // The value history calls it not found too, not short of a price history.
      const history = page.getByRole('region', { name: 'Value over the past year' });
      await visible(history.getByText('ZZZZQ: not found.'));
      expect(await history.innerText()).not.toContain('lack of a price history');
      await screenshot(page, `unknown-symbol-editor-${width}`);

      await page.getByRole('button', { name: 'Analyze Portfolio' }).click();
      const results = page.getByTestId('left-out').filter({ hasText: 'No figure below includes it.' });
      await visible(results);
      expect(await results.innerText()).toBe('Left out: ZZZZQ (not found). No figure below includes it.');
      await expect
        .poll(() => page.getByText('This portfolio of 4 holdings', { exact: false }).count(), WAIT)
        .toBeGreaterThan(0);
      await results.scrollIntoViewIfNeeded();
      await screenshot(page, `unknown-symbol-results-${width}`);

      const violations = await seriousAccessibilityViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      await page.close();
    }
  });
});
