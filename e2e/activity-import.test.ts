import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  WAIT,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
} from './support/browser';
import { signUp } from './support/users';

const h = useBrowser();

/** Our own file in the layout of Ghostfolio's activities CSV: 7 rows to save, line 8 a manual asset. */
const GHOSTFOLIO_CSV = path.resolve(
  import.meta.dirname,
  '../src/domain/activity-import/fixtures/own__ghostfolio_activities.csv',
);

const historyOf = (page: Page) => page.getByRole('region', { name: 'Activity', exact: true });
const holdingsOf = (page: Page) => page.getByRole('region', { name: 'Holdings', exact: true });
const wizardOf = (page: Page) => page.getByRole('dialog', { name: 'Import activities' });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

/** Opens the wizard, chooses the file and asks for its preview; resolves on the preview step. */
async function previewFile(page: Page, label: string, shot: string) {
  await historyOf(page).getByRole('button', { name: 'Import activities' }).click();
  const wizard = wizardOf(page);
  await visible(wizard.getByRole('heading', { name: 'Choose a file' }));
  await expect.poll(() => focusedText(page), WAIT).toBe('Choose a file');
  await visible(wizard.getByText('up to 10 MB and 100,000 rows', { exact: false }));
  await screenshot(page, `${shot}-choose-${label}`);
  await wizard.getByLabel('File').setInputFiles(GHOSTFOLIO_CSV);
  await wizard.getByRole('button', { name: 'Preview' }).click();
  await visible(wizard.getByRole('heading', { name: 'Check the rows' }));
  await expect.poll(() => focusedText(page), WAIT).toBe('Check the rows');
  await visible(wizard.getByText('Ghostfolio activities (CSV)'));
  return wizard;
}

describe('the import wizard (/activity, issue 27 items 5 and 8)', () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    it(`imports a Ghostfolio CSV, refuses it again as duplicates, and undoes it (${label})`, async () => {
      const page = await h.newPage({ viewport });
      await signUp(page);
      await page.goto('/activity?portfolio=me');
      await visible(historyOf(page).getByText('No activity yet.', { exact: false }));

      let wizard = await previewFile(page, label, 'import');
      const rows = wizard
        .getByRole('table', { name: 'The activities as they will be saved' })
        .getByRole('row');
      await expect.poll(() => rows.count(), WAIT).toBe(8);
      expect(await rows.nth(2).innerText()).toMatch(/^3\s+Mar 14, 2023\s+Buy\s+AAPL\s+12\s+\$171\.23/);
      const notUsed = wizard.getByRole('table', { name: 'The lines not used, with the reason' });
      expect(await notUsed.getByRole('row').nth(1).innerText()).toMatch(
        /^8\s+a manual asset \(Holiday Cottage\)/,
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      if (label === '1440') {
        // On a wide screen every column fits: the table does not scroll sideways.
        const table = wizard.getByRole('table', { name: 'The activities as they will be saved' });
        const overflow = await table.evaluate((el) => {
          const box = el.parentElement as HTMLElement;
          return box.scrollWidth - box.clientWidth;
        });
        expect(overflow).toBe(0);
      }
      await screenshot(page, `import-preview-${label}`);

      await wizard.getByRole('button', { name: 'Import 7 activities' }).click();
      await visible(wizard.getByRole('heading', { name: 'Imported' }));
      await expect.poll(() => focusedText(page), WAIT).toBe('Imported');
      await visible(
        wizard.getByText('7 activities imported from own__ghostfolio_activities.csv', { exact: false }),
      );
      await screenshot(page, `import-done-${label}`);
      await wizard.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => wizard.isVisible(), WAIT).toBe(false);
      // Focus is back on the button that opened the wizard.
      await expect.poll(() => focusedText(page), WAIT).toBe('Import activities');

      // The holdings the history adds up to: 12 AAPL bought, 4.5 sold.
      const aapl = holdingsOf(page)
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'AAPL' }) });
      await expect.poll(() => aapl.getByRole('cell').first().innerText(), WAIT).toBe('7.5');
      await visible(holdingsOf(page).getByRole('rowheader', { name: 'NOVN.SW' }));
      const notice = historyOf(page).getByRole('status').filter({ hasText: 'imported from' });
      await visible(notice);
      await screenshot(page, `import-holdings-${label}`);

      // The same file again: every row is already saved, nothing to import.
      wizard = await previewFile(page, label, 'reimport');
      await visible(wizard.getByRole('heading', { name: '7 duplicates skipped (already saved)' }));
      await visible(
        wizard.getByText('Nothing to import: every row of this file is already saved', { exact: false }),
      );
      expect(await wizard.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
      await screenshot(page, `import-duplicates-${label}`);
      await wizard.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => wizard.isVisible(), WAIT).toBe(false);

      // The undo, offered under the Activity heading: the history is empty again.
      await historyOf(page).getByRole('button', { name: 'Undo import' }).click();
      await visible(historyOf(page).getByText('Import undone: 7 activities removed.'));
      await visible(historyOf(page).getByText('No activity yet.', { exact: false }));
      await visible(holdingsOf(page).getByText('No holdings yet.', { exact: false }));
      await screenshot(page, `import-undone-${label}`);
    });
  }
});
