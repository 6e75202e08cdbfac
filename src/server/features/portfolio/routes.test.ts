import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PORTFOLIO_MESSAGES,
  ZAnalyzeResponse,
  ZSavedPortfolioResponse,
  ZValuationResponse,
  ZValueHistoryResponse,
} from '../../../contracts/analysis';
import { ZHistoryResponse, ZQuotesResponse } from '../../../contracts/market-data';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MARKET_DATA_PROVIDER: 'simulated' } });
});
afterAll(() => t.close());

let ipCounter = 0;
const uniqueIp = () => `10.55.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who?: TestUser) {
  return injectAs(who, t.app, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    remoteAddress: uniqueIp(),
  });
}

describe('POST /api/portfolio/valuation', () => {
  it('values a portfolio from the quotes: totals are Σ quantity × price', async () => {
    const portfolio = { aapl: 15, ' MSFT ': 12, VTI: 50, BND: 40, 'crypto:btc': 0.25, 'CRYPTO:ETH': 1.5 };
    const res = await call('POST', '/api/portfolio/valuation', { portfolio });
    expect(res.statusCode, res.body).toBe(200);
    const { success, valuation } = ZValuationResponse.parse(res.json());
    expect(success).toBe(true);

    const symbols = ['AAPL', 'MSFT', 'VTI', 'BND', 'CRYPTO:BTC', 'CRYPTO:ETH'];
    expect(Object.keys(valuation.holdings)).toEqual(symbols);
    const quotesRes = await call('POST', '/api/market-data/quotes', { symbols });
    const { quotes } = ZQuotesResponse.parse(quotesRes.json());
    const quantities: Record<string, number> = {
      AAPL: 15,
      MSFT: 12,
      VTI: 50,
      BND: 40,
      'CRYPTO:BTC': 0.25,
      'CRYPTO:ETH': 1.5,
    };

    let total = 0;
    let change = 0;
    for (const symbol of symbols) {
      const quote = quotes[symbol]!;
      const holding = valuation.holdings[symbol]!;
      expect(holding.quantity).toBe(quantities[symbol]);
      expect(holding.price).toBe(quote.currentPrice);
      expect(holding.currentValue).toBeCloseTo(quantities[symbol]! * quote.currentPrice, 9);
      expect(holding.changePercent).toBeCloseTo(quote.changePercent, 3);
      expect(holding.source).toBe('simulated');
      expect(holding.asOf).toBe(quote.asOf);
      total += quantities[symbol]! * quote.currentPrice;
      change += quantities[symbol]! * quote.change;
    }
    expect(valuation.totalCurrentValue).toBeCloseTo(total, 6);
    expect(valuation.totalChange).toBeCloseTo(change, 6);
    expect(valuation.totalChangePercent).toBeCloseTo((change / (total - change)) * 100, 6);
    expect(valuation.sources).toEqual(['simulated']);
    expect(valuation.isSimulated).toBe(true);

    expect(valuation.holdings.AAPL).toMatchObject({ name: 'Apple Inc.', assetClass: 'stock', region: 'US' });
    expect(valuation.holdings['CRYPTO:BTC']).toMatchObject({ assetClass: 'crypto' });
    const weights = Object.values(valuation.holdings).reduce((sum, h) => sum + h.weight, 0);
    expect(weights).toBeCloseTo(1, 9);
    expect(valuation.allocation.byHolding).toHaveLength(6);
    expect(valuation.allocation.byHolding[0]!.value).toBeGreaterThanOrEqual(
      valuation.allocation.byHolding[1]!.value,
    );
    for (const buckets of [
      valuation.allocation.byAssetClass,
      valuation.allocation.bySector,
      valuation.allocation.byRegion,
    ]) {
      expect(buckets.reduce((sum, b) => sum + b.value, 0)).toBeCloseTo(total, 6);
    }

    // The health check comes with the valuation (shown before any analysis), the same as the analysis's.
    expect(valuation.healthCheck).toMatchObject({ passed: 3, total: 4, badge: 'green' });
    const analysis = await call('POST', '/api/analyze-demo', { portfolio });
    expect(ZAnalyzeResponse.parse(analysis.json()).analysis.metrics.healthCheck).toEqual(
      valuation.healthCheck,
    );
  });

  it('leaves a symbol nobody can quote out of every figure and names it in unknownSymbols (issue 25 item 3)', async () => {
    // Four real holdings rate 'Fair'; a typo must not make them five and 'Good'.
    const known = { AAPL: 1, MSFT: 2, BND: 3, VTI: 4 };
    const res = await call('POST', '/api/portfolio/valuation', { portfolio: { ...known, ZZZZQ: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    const { valuation } = ZValuationResponse.parse(res.json());
    expect(valuation.unknownSymbols).toEqual(['ZZZZQ']);
    expect(valuation.unpricedSymbols).toEqual(['ZZZZQ']);
    expect(Object.keys(valuation.holdings)).toEqual(['AAPL', 'MSFT', 'BND', 'VTI']);
    expect(valuation.healthCheck.diversificationRating).toBe('Fair');
    expect(valuation.healthCheck.checks[0]?.detail).toMatch(/^4 holdings: Fair/);
    expect(valuation.allocation.byAssetClass.map((b) => b.name)).not.toContain('Unknown');

    const clean = ZValuationResponse.parse(
      (await call('POST', '/api/portfolio/valuation', { portfolio: known })).json(),
    ).valuation;
    expect(clean.unknownSymbols).toEqual([]);
    // Same figures with and without the typo (asOf of a quote may differ by the call's instant).
    const figures = (v: typeof valuation) => ({
      total: v.totalCurrentValue,
      weights: Object.fromEntries(Object.entries(v.holdings).map(([s, h]) => [s, h.weight])),
      allocation: v.allocation,
      healthCheck: v.healthCheck,
    });
    expect(figures(valuation)).toEqual(figures(clean));
  });

  it('validates like Analyze (spec 000 §5)', async () => {
    expectError(
      await call('POST', '/api/portfolio/valuation', { portfolio: {} }),
      400,
      'VALIDATION_ERROR',
      PORTFOLIO_MESSAGES.empty,
    );
    expectError(
      await call('POST', '/api/portfolio/valuation', {}),
      400,
      'VALIDATION_ERROR',
      PORTFOLIO_MESSAGES.empty,
    );
    expectError(
      await call('POST', '/api/portfolio/valuation', { portfolio: { tsla: -3 } }),
      400,
      'VALIDATION_ERROR',
      'Invalid value for tsla. All values must be positive numbers.',
    );
    expectError(
      await call('POST', '/api/portfolio/valuation', { portfolio: { TSLA: 'ten' } }),
      400,
      'VALIDATION_ERROR',
      'Invalid value for TSLA. All values must be positive numbers.',
    );
  });
});

describe('POST /api/portfolio/value-history', () => {
  it("is today's quantities at each stored close of the past year, labelled simulated", async () => {
    const res = await call('POST', '/api/portfolio/value-history', {
      portfolio: { aapl: 3, 'CRYPTO:BTC': 0.5, ZZZQ: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { history } = ZValueHistoryResponse.parse(res.json());
    expect(history.isSimulated).toBe(true);
    expect(history.excluded).toEqual(['ZZZQ']);
    // About a year of calendar days (crypto trades every day), oldest first.
    expect(history.points.length).toBeGreaterThan(300);
    const dates = history.points.map((p) => p.date);
    expect([...dates].sort()).toEqual(dates);

    // Each point is Σ quantity × that day's close, as the history endpoint gives the closes.
    const last = history.points.at(-1)!;
    const closeOn = async (symbol: string) => {
      const res = await call('GET', `/api/market-data/${encodeURIComponent(symbol)}/history?range=1Y`);
      const body = ZHistoryResponse.parse(res.json());
      const onOrBefore = body.history.filter((bar) => bar.date <= last.date);
      return onOrBefore.at(-1)!.close;
    };
    const expected =
      Math.round(3 * (await closeOn('AAPL')) * 100) + Math.round(0.5 * (await closeOn('CRYPTO:BTC')) * 100);
    expect(last.value).toBe(expected / 100);
  });

  it('validates like the valuation', async () => {
    const res = await call('POST', '/api/portfolio/value-history', { portfolio: {} });
    expect(res.statusCode).toBe(400);
  });
});

describe('saved portfolio: GET and PUT /api/portfolio', () => {
  it('401 for a visitor', async () => {
    expectError(await call('GET', '/api/portfolio'), 401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    expectError(
      await call('PUT', '/api/portfolio', { portfolio: { AAPL: 1 } }),
      401,
      'UNAUTHENTICATED',
      'Please sign in to continue.',
    );
  });

  it('round trip: nothing saved, saved (normalised), replaced, cleared; per account', async () => {
    const [alice, bob] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    expect(
      ZSavedPortfolioResponse.parse((await call('GET', '/api/portfolio', undefined, alice)).json()),
    ).toEqual({
      portfolio: {},
      updatedAt: null,
    });

    const saved = await call('PUT', '/api/portfolio', { portfolio: { aapl: 15, 'crypto:btc': 0.25 } }, alice);
    expect(saved.statusCode, saved.body).toBe(200);
    const body = ZSavedPortfolioResponse.parse(saved.json());
    expect(body.portfolio).toEqual({ AAPL: 15, 'CRYPTO:BTC': 0.25 });
    expect(Date.parse(body.updatedAt ?? '')).not.toBeNaN();
    expect((await call('GET', '/api/portfolio', undefined, alice)).json()).toEqual(body);
    expect((await call('GET', '/api/portfolio', undefined, bob)).json()).toEqual({
      portfolio: {},
      updatedAt: null,
    });

    await call('PUT', '/api/portfolio', { portfolio: { VTI: 50 } }, alice);
    expect((await call('GET', '/api/portfolio', undefined, alice)).json().portfolio).toEqual({ VTI: 50 });

    const cleared = await call('PUT', '/api/portfolio', { portfolio: {} }, alice);
    expect(cleared.statusCode).toBe(200);
    expect((await call('GET', '/api/portfolio', undefined, alice)).json().portfolio).toEqual({});
  });

  it('refuses an invalid portfolio with the spec message', async () => {
    const user = await signUpUser(t.app);
    expectError(
      await call('PUT', '/api/portfolio', { portfolio: { AAPL: 0 } }, user),
      400,
      'VALIDATION_ERROR',
      'Invalid value for AAPL. All values must be positive numbers.',
    );
  });
});
