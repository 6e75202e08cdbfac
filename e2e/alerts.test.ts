import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  allowConsoleErrors,
  MOBILE,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
  WAIT,
} from './support/browser';
import { runSql, sharedServer } from './support/server';
import { signUp } from './support/users';

// The full state (fired alerts, past snapshots) is written into the shared server's database.
const server = sharedServer();

const h = useBrowser(() => server.baseUrl);

async function openAlertsTab(page: Page) {
  await page.goto('/app');
  await page.getByRole('tab', { name: 'Daily Snapshots & Alerts' }).click();
}

async function expectNoSeriousViolations(page: Page) {
  const violations = await seriousAccessibilityViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

describe('Daily Snapshots & Alerts', () => {
  it('asks visitors to sign in; Analysis stays the default tab', async () => {
    const page = await h.newPage();
    await page.goto('/app');
    // The result views load after the analyzer's first screen: wait for them before reading their tabs.
    const tabs = page.getByRole('tablist', { name: 'Result views' }).getByRole('tab');
    await expect.poll(() => tabs.count(), WAIT).toBe(3);
    expect(await tabs.allInnerTexts()).toEqual(['AI Suggestions', 'Analysis', 'Daily Snapshots & Alerts']);
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Daily Snapshots & Alerts' }).click();
    await visible(page.getByText('Sign in to get alerts on prices and on your portfolio'));
    await screenshot(page, 'alerts-visitor-1440');
  });

  it('saves conditions, generates a snapshot and shows alerts by severity', async () => {
    for (const viewport of [MOBILE, undefined]) {
      const page = await h.newPage(viewport ? { viewport } : {});
      const width = viewport ? 375 : 1440;
      const user = await signUp(page, { server });
      const saved = await page.request.put(`${server.baseUrl}/api/portfolio`, {
        data: { portfolio: { AAPL: 10, MSFT: 4, 'CRYPTO:BTC': 0.5 } },
      });
      expect(saved.status()).toBe(200);
      await openAlertsTab(page);
      const panel = page.getByTestId('alerts-panel');
      await visible(page.getByTestId('no-snapshot'));
      await visible(page.getByTestId('no-alert-conditions'));
      await visible(page.getByTestId('no-active-alerts'));
      await screenshot(page, `alerts-empty-${width}`);

      // Threshold 0 (the default) is refused with the spec's toast.
      await panel.getByLabel('Symbol', { exact: true }).fill('aapl');
      await panel.getByRole('button', { name: 'Add Alert' }).click();
      await visible(page.getByText('Invalid Threshold'));
      await visible(page.getByText('Please enter a valid threshold value'));

      await panel.getByLabel('Threshold ($)').fill('250');
      await panel.getByRole('button', { name: 'Add Alert' }).click();
      await visible(page.getByText('Alert Saved'));
      await visible(panel.getByText('AAPL at or above $250.00'));

      // A percent type: its threshold reads as a percent; portfolio types have no symbol field.
      await panel.getByLabel('Alert type').click();
      await page.getByRole('option', { name: 'Daily change (%)' }).click();
      // 'BTC' as a stock or fund cannot be found: the form says to choose Crypto (issue 25 item 3). The
      // refusal is a 400, which Chromium logs.
      allowConsoleErrors(page, /status of 400 \(Bad Request\)/);
      await panel.getByLabel('Symbol', { exact: true }).fill('btc');
      await panel.getByLabel('Threshold (%)').fill('5');
      await panel.getByRole('button', { name: 'Add Alert' }).click();
      await visible(
        panel
          .getByTestId('alert-symbol-error')
          .getByText('We could not find BTC as a stock or fund. BTC is a crypto: choose Crypto.'),
      );
      await screenshot(page, `alerts-symbol-not-found-${width}`);
      await panel.getByLabel('Crypto', { exact: true }).check();
      await panel.getByRole('button', { name: 'Add Alert' }).click();
      await visible(panel.getByText('BTC (crypto) moves 5.00% or more in a day'));
      expect(await panel.innerText()).not.toContain('CRYPTO:');
      await panel.getByLabel('Alert type').click();
      await page.getByRole('option', { name: 'Gain or loss since last snapshot' }).click();
      expect(await panel.getByLabel('Symbol', { exact: true }).count()).toBe(0);
      await panel.getByLabel('Threshold ($)').fill('1000');
      await panel.getByRole('button', { name: 'Add Alert' }).click();
      await visible(panel.getByText('Portfolio up or down $1,000.00 since the last snapshot'));

      // Disabling one saves the whole list; a reload shows it as saved.
      await panel.getByRole('checkbox').first().click();
      await expect
        .poll(async () => {
          const res = await page.request.get(`${server.baseUrl}/api/alerts/conditions/${user.id}`);
          return ((await res.json()) as { conditions: { enabled: boolean }[] }).conditions.map(
            (c) => c.enabled,
          );
        }, WAIT)
        .toEqual([false, true, true]);

      await page.getByRole('button', { name: 'Generate Snapshot' }).click();
      await visible(page.getByText('Snapshot Generated'));
      await visible(page.getByTestId('snapshot-figures'));
      expect(await page.getByTestId('snapshot-figures').innerText()).toMatch(/\$[\d,]+\.\d{2}/);

      // Full state: earlier snapshots for the chart and fired alerts of each severity. They end the day before
      // the snapshot just generated, whose date is the app's (not the database's current_date, a day apart
      // for some hours of each day).
      await runSql(
        server.dataDir,
        `insert into portfolio_snapshot (user_id, date, total_value, total_gain_loss, total_gain_loss_percent, is_simulated)
         select $1, d::date, 44000 + 60 * n, 60, 0.14, true
         from generate_series(1, 20) n,
           lateral (select (select min(date) from portfolio_snapshot where user_id = $1) - (21 - n) as d) x`,
        [user.id],
      );
      await runSql(
        server.dataDir,
        `insert into triggered_alert (user_id, severity, message, is_simulated) values
         ($1, 'info', 'AAPL is at $251.20, at or above your $250.00 alert.', true),
         ($1, 'critical', 'Your portfolio is down $2,150.00 since the last snapshot (your alert: $1,000.00).', true),
         ($1, 'warning', 'BTC moved -6.10% today (your alert: 5.00%).', true)`,
        [user.id],
      );
      await page.reload();
      await page.getByRole('tab', { name: 'Daily Snapshots & Alerts' }).click();
      const banners = page.getByRole('list', { name: 'Active alerts' }).getByRole('listitem');
      await expect.poll(() => banners.count(), WAIT).toBe(3);
      expect((await banners.allInnerTexts()).map((text) => text.split('\n')[0])).toEqual([
        'Critical',
        'Warning',
        'Info',
      ]);
      await visible(page.getByTestId('snapshot-history-chart'));
      expect(await page.getByTestId('alerts-panel').innerText()).not.toContain('CRYPTO:');
      await expectNoSeriousViolations(page);
      await screenshot(page, `alerts-full-${width}`);

      await banners.first().getByRole('button', { name: 'Acknowledge' }).click();
      await expect.poll(() => banners.count(), WAIT).toBe(2);
    }
  });
});
