/**
 * Issue 16 item 4, global market coverage: a Professional account values a portfolio of US, London, Tokyo
 * and crypto holdings in USD with each listing's local price and the (simulated, labelled) FX rate; a Free
 * account is refused the same portfolio with a message naming Professional. Shared server (simulated prices).
 */
import { describe, expect, it } from 'vitest';
import { MOBILE, useBrowser } from './support/browser';
import { signUp } from './support/users';

const h = useBrowser();

const MIXED = { AAPL: 10, 'TSCO.L': 600, '8306.T': 400, 'CRYPTO:BTC': 0.05 };

describe('global market coverage', () => {
  it('values a mixed portfolio in USD for Professional, local prices and the simulated rate beside', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUp(page, { plan: 'professional' });
    const saved = await page.request.put('/api/portfolio', { data: { portfolio: MIXED } });
    expect(saved.status()).toBe(200);

    await page.goto('/app');
    const rates = page.getByTestId('fx-rates');
    await rates.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await rates.innerText()).toMatch(
      /^Converted to USD at Simulated rates of \d{4}-\d{2}-\d{2}: 1 GBP = 1\.310 USD; 1 JPY = 0\.006400 USD$/,
    );
    const holdings = page.getByRole('list', { name: 'Holdings' });
    const mufg = holdings.getByRole('listitem').filter({ hasText: '8306.T' });
    expect(await mufg.innerText()).toContain('Mitsubishi UFJ Financial Group, Inc.');
    expect(await mufg.innerText()).toMatch(/¥[\d,]+(\.\d+)? JPY/);
    expect(await holdings.getByRole('listitem').filter({ hasText: 'TSCO.L' }).innerText()).toMatch(
      /[\d.]+p GBX/,
    );
  });

  it('refuses listings outside the US to a Free account, naming Professional', async () => {
    const page = await h.newPage();
    await signUp(page);
    const res = await page.request.post('/api/portfolio/valuation', { data: { portfolio: MIXED } });
    expect(res.status()).toBe(403);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({
      code: 'SUBSCRIPTION_REQUIRED',
      message:
        'TSCO.L, 8306.T are listed outside the US: global market coverage is part of Professional. This feature requires a Professional plan. Upgrade to Professional to continue.',
    });
  });
});
