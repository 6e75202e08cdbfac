/**
 * /financial-advisor (spec 001 "AI Financial Advisor"): the header's link, the form and its rules, 'Analyzing...'
 * while the request is pending, the five result tabs with the levels chart, the red alert with the server's
 * message or 'Failed to get financial advice', and a signed-in user's recent questions.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADVISOR_MESSAGES, advisorLimitMessage } from '../src/contracts/advisor';
import { NO_FUNDAMENTALS_SOURCE } from '../src/domain/advisor/words';
import {
  DESKTOP,
  MOBILE,
  WAIT,
  allowConsoleErrors,
  screenshot,
  seriousAccessibilityViolations,
  useBrowser,
  visible,
} from './support/browser';
import { signUp } from './support/users';

const h = useBrowser();

const submitButton = (page: Page) => page.getByRole('button', { name: /Get Advice|Analyzing\.\.\./ });

async function fillForm(page: Page, symbol: string, question: string) {
  await page.getByLabel('Stock symbol').fill(symbol);
  await page.getByLabel('Your question').fill(question);
}

/** Holds the next advice request until `release` is called, so the pending state can be seen. */
async function holdAdviceRequest(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const body = new Promise<unknown>((resolve) => {
    void page.route('**/api/financial-advice', async (route: Route) => {
      resolve(route.request().postDataJSON());
      await released;
      await route.continue();
    });
  });
  return { release, body };
}

describe('AI advisor in the browser', () => {
  it('from the header link: the form, Analyzing..., every tab (1440 px)', async () => {
    const page = await h.newPage({ viewport: DESKTOP });
    await page.goto('/app');
    await page.getByRole('banner').getByRole('link', { name: 'AI Advisor' }).click();
    await page.waitForURL('**/financial-advisor');
    await visible(page.getByRole('heading', { name: 'AI Financial Advisor', level: 1 }));
    expect(await page.title()).toBe('AI Financial Advisor — Foliowise');
    expect(await submitButton(page).isDisabled()).toBe(true);
    await screenshot(page, 'advisor-empty-1440');

    await page.getByLabel('Stock symbol').pressSequentially('aapl');
    expect(await page.getByLabel('Stock symbol').inputValue()).toBe('AAPL');
    expect(await submitButton(page).isDisabled()).toBe(true);
    await page.getByLabel('Your question').fill('   ');
    expect(await submitButton(page).isDisabled()).toBe(true);
    await page.getByLabel('Your question').fill('Is Apple a buy for a moderate investor?');
    expect(await submitButton(page).isDisabled()).toBe(false);

    const held = await holdAdviceRequest(page);
    await submitButton(page).click();
    await visible(page.getByRole('button', { name: 'Analyzing...' }));
    expect(await page.getByRole('button', { name: 'Analyzing...' }).isDisabled()).toBe(true);
    expect(await held.body).toEqual({
      symbol: 'AAPL',
      question: 'Is Apple a buy for a moderate investor?',
      userContext: { riskTolerance: 'moderate', timeHorizon: 'medium' },
    });
    await screenshot(page, 'advisor-analyzing-1440');
    held.release();

    await visible(page.getByRole('heading', { name: /Apple Inc\. \(AAPL\)/ }));
    await visible(page.getByText('Simulated prices'));
    expect(await page.getByTestId('words-source').textContent()).toContain('written from templates');
    await visible(page.getByRole('heading', { name: 'Reasoning' }));
    await visible(page.getByText(/AAPL trades at \$/));
    await screenshot(page, 'advisor-recommendation-1440');

    await page.getByRole('tab', { name: 'Fundamentals' }).click();
    await visible(page.getByText(NO_FUNDAMENTALS_SOURCE));
    await visible(page.getByRole('heading', { name: 'Analyst sentiment' }));
    await screenshot(page, 'advisor-fundamentals-1440');

    await page.getByRole('tab', { name: 'Technical' }).click();
    await visible(page.getByTestId('advice-chart').locator('canvas'));
    await visible(page.getByRole('heading', { name: 'Support levels' }));
    await visible(page.getByText('RSI 14', { exact: true }));
    await screenshot(page, 'advisor-technical-1440');

    await page.getByRole('tab', { name: 'Risk Analysis' }).click();
    await visible(page.getByText('Beta to SPY', { exact: true }));
    await screenshot(page, 'advisor-risk-1440');

    await page.getByRole('tab', { name: 'Outlook' }).click();
    await visible(page.getByRole('heading', { name: 'Short term (3-6 months)' }));
    await visible(page.getByText(/XLK \(Technology Select Sector SPDR Fund\)/));
    await screenshot(page, 'advisor-outlook-1440');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("the server's message, or 'Failed to get financial advice', in a red alert", async () => {
    const page = await h.newPage({ viewport: DESKTOP });
    allowConsoleErrors(page, /status of (429|500)/);
    await page.goto('/financial-advisor');
    await fillForm(page, 'MSFT', 'Hold or sell?');

    const limit = advisorLimitMessage(10);
    await page.route('**/api/financial-advice', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'ADVISOR_LIMIT_REACHED', message: limit } }),
      }),
    );
    await submitButton(page).click();
    const alert = page.getByRole('alert').filter({ hasText: limit });
    await visible(alert);
    await screenshot(page, 'advisor-error-1440');

    await page.unroute('**/api/financial-advice');
    await page.route('**/api/financial-advice', (route) => route.fulfill({ status: 500, body: '' }));
    await submitButton(page).click();
    await visible(page.getByRole('alert').filter({ hasText: ADVISOR_MESSAGES.failed }));
  });

  it('a signed-in user at 375 px: a long company name, every tab, the recent questions', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUp(page);
    await page.goto('/financial-advisor');
    await visible(page.getByText('Your questions will appear here.'));
    await screenshot(page, 'advisor-empty-375');

    await fillForm(page, 'wab', 'Should I keep my 40 shares?');
    await page.getByLabel('Current position (shares)').fill('40');
    await page.getByLabel('Portfolio value ($)').fill('25000');
    await page.getByLabel('Risk tolerance').click();
    await page.getByRole('option', { name: 'Conservative' }).click();
    const held = await holdAdviceRequest(page);
    await submitButton(page).click();
    await visible(page.getByRole('button', { name: 'Analyzing...' }));
    expect(await held.body).toEqual({
      symbol: 'WAB',
      question: 'Should I keep my 40 shares?',
      userContext: {
        riskTolerance: 'conservative',
        timeHorizon: 'medium',
        currentPosition: 40,
        portfolioValue: 25000,
      },
    });
    await screenshot(page, 'advisor-analyzing-375');
    held.release();

    await visible(
      page.getByRole('heading', { name: /Westinghouse Air Brake Technologies Corporation \(WAB\)/ }),
    );
    await screenshot(page, 'advisor-recommendation-375');
    for (const [tab, shot] of [
      ['Fundamentals', 'fundamentals'],
      ['Technical', 'technical'],
      ['Risk Analysis', 'risk'],
      ['Outlook', 'outlook'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect
        .poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected'), WAIT)
        .toBe('true');
      await screenshot(page, `advisor-${shot}-375`);
    }
    await visible(page.getByText(/of your portfolio/));

    const recent = page.getByRole('complementary');
    await visible(recent.getByText('Should I keep my 40 shares?'));
    await screenshot(page, 'advisor-recent-375');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
