import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZValuationResponse } from '../../../contracts/analysis';
import { ZHistoryResponse, ZMarketDataStatusResponse, ZQuotesResponse } from '../../../contracts/market-data';
import {
  ADVANCED_CORRELATION_HOLDINGS,
  TERMINAL_SYMBOLS,
  ZAdvancedAnalyticsResponse,
  ZTerminalOverviewResponse,
  type TerminalOverviewResponse,
} from '../../../contracts/terminal';
import {
  DEFAULT_RISK_FREE_RATE,
  STRESS_WINDOWS,
  annualizedVolatility,
  beta,
  computeAdvancedAnalytics,
  maxDrawdown,
  sampleCovariance,
  sampleStdDev,
  sharpeRatio,
  simpleReturns,
} from '../../../domain/analytics';
import { simulateDailyBars } from '../../../domain/market-simulator';
import { findSecurity } from '../../../domain/security-master';
import { createFeedAdapterFactory } from '../../providers/market-data/feeds';
import { VENDOR_QUOTAS } from '../../providers/market-data/rate-limiter';
import {
  jsonFixture,
  startFakeVendorServer,
  type FakeVendorServer,
} from '../../providers/market-data/testing/fake-vendor-server';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MARKET_DATA_PROVIDER: 'simulated' } });
});
afterAll(() => t.close());

let counter = 0;
const uniqueIp = () => `10.77.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`;

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who?: TestUser) {
  return injectAs(who, t.app, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    remoteAddress: uniqueIp(),
  });
}

async function overview(who: TestUser): Promise<TerminalOverviewResponse> {
  const res = await call('GET', '/api/terminal/overview', undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return ZTerminalOverviewResponse.parse(res.json());
}

describe('GET /api/terminal/overview: access', () => {
  it('answers 401 UNAUTHENTICATED to a visitor', async () => {
    expectError(await call('GET', '/api/terminal/overview'), 401, 'UNAUTHENTICATED');
  });

  it('answers 403 SUBSCRIPTION_REQUIRED, naming Premium, to the free plan', async () => {
    const error = expectError(
      await call('GET', '/api/terminal/overview', undefined, await signUpUser(t.app, { plan: 'free' })),
      403,
      'SUBSCRIPTION_REQUIRED',
    );
    expect(error.message).toContain('Premium');
  });

  it('answers 200 to the premium and the professional plans', async () => {
    for (const plan of ['premium', 'professional'] as const) {
      const res = await call('GET', '/api/terminal/overview', undefined, await signUpUser(t.app, { plan }));
      expect(res.statusCode, `${plan}: ${res.body}`).toBe(200);
    }
  });
});

describe('GET /api/terminal/overview: content', () => {
  let premium: TestUser;
  let body: TerminalOverviewResponse;
  beforeAll(async () => {
    premium = await signUpUser(t.app, { plan: 'premium' });
    body = await overview(premium);
  });

  it('quotes the eight dashboard symbols, in order, each with its source (the simulator here)', async () => {
    expect(body.dashboard.map((q) => q.symbol)).toEqual([...TERMINAL_SYMBOLS]);
    expect(body.dashboard).toHaveLength(8);
    const res = await call('POST', '/api/market-data/quotes', { symbols: [...TERMINAL_SYMBOLS] });
    const { quotes } = ZQuotesResponse.parse(res.json());
    for (const quote of body.dashboard) {
      expect(quote.source).toBe('simulated');
      expect(Number.isFinite(quote.currentPrice) && quote.currentPrice > 0).toBe(true);
      expect(Date.parse(quote.asOf)).not.toBeNaN();
      expect(quote.currentPrice).toBe(quotes[quote.symbol]?.currentPrice);
    }
    expect(body.dashboard.find((q) => q.symbol === '^VIX')?.name).toBe('Cboe Volatility Index');
  });

  it('computes the risk grid from one year of the simulator history with the domain functions', async () => {
    const histories = await Promise.all(
      TERMINAL_SYMBOLS.map(async (symbol) => {
        const res = await call('GET', `/api/market-data/${encodeURIComponent(symbol)}/history?range=1Y`);
        const history = ZHistoryResponse.parse(res.json());
        expect(history.source).toBe('simulated');
        // The simulator's own bars: the endpoint adds nothing.
        const first = history.history[0]?.date ?? '';
        const last = history.history.at(-1)?.date ?? '';
        const entry = findSecurity(symbol);
        if (!entry) throw new Error(`${symbol} not in the security master`);
        expect(history.history).toEqual(simulateDailyBars(entry, first, last));
        return history.history;
      }),
    );
    // Every simulated US series trades on the same days, so no alignment is needed here.
    const dates = histories[0]?.map((bar) => bar.date) ?? [];
    expect(dates.length).toBeGreaterThan(240);
    for (const history of histories) expect(history.map((bar) => bar.date)).toEqual(dates);

    const closes = histories.map((history) => history.map((bar) => bar.close));
    const returns = closes.map((c) => simpleReturns(c));
    const spy = returns[0] as Float64Array;

    expect(body.risk.asOf).toBe(dates.at(-1));
    expect(body.risk.from).toBe(dates[0]);
    expect(body.risk.observations).toBe(dates.length - 1);
    expect(body.risk.benchmark).toBe('SPY');
    expect(body.risk.riskFreeRate).toBe(DEFAULT_RISK_FREE_RATE);
    expect(body.risk.symbols.map((row) => row.symbol)).toEqual([...TERMINAL_SYMBOLS]);

    body.risk.symbols.forEach((row, i) => {
      const r = returns[i] as Float64Array;
      expect(row.source).toBe('simulated');
      expect(row.volatility).toBeCloseTo(annualizedVolatility(r) as number, 12);
      expect(row.beta).toBeCloseTo(beta(r, spy) as number, 12);
      for (const value of [row.volatility, row.beta]) expect(Number.isFinite(value)).toBe(true);
      if (row.symbol === '^VIX') {
        // An index level: no investable return, so no Sharpe ratio and no drawdown.
        expect(row.isIndexLevel).toBe(true);
        expect(row.sharpe).toBeNull();
        expect(row.maxDrawdown).toBeNull();
        return;
      }
      expect(row.isIndexLevel).toBe(false);
      expect(row.maxDrawdown).toBeCloseTo(maxDrawdown(closes[i] as number[])?.maxDrawdown as number, 12);
      expect(row.sharpe).toBeCloseTo(sharpeRatio(r) as number, 12);
      for (const value of [row.maxDrawdown, row.sharpe]) expect(Number.isFinite(value)).toBe(true);
    });
    expect(body.risk.symbols[0]?.beta).toBeCloseTo(1, 12);

    // Correlation: Pearson on the same returns, symmetric, 1 on the diagonal.
    const { symbols, matrix } = body.risk.correlation;
    expect(symbols).toEqual([...TERMINAL_SYMBOLS]);
    expect(matrix).toHaveLength(8);
    matrix.forEach((row, i) => {
      expect(row).toHaveLength(8);
      expect(row[i]).toBe(1);
      row.forEach((value, j) => {
        expect(value).toBe(matrix[j]?.[i]);
        const x = returns[i] as Float64Array;
        const y = returns[j] as Float64Array;
        const expected =
          (sampleCovariance(x, y) as number) / ((sampleStdDev(x) as number) * (sampleStdDev(y) as number));
        expect(value).toBeCloseTo(expected, 12);
        expect(Math.abs(value as number)).toBeLessThanOrEqual(1);
      });
    });
    // The simulator's common market factor: the equity ETFs move together, VIX against them.
    expect(matrix[0]?.[1]).toBeGreaterThan(0.5);
    expect(matrix[0]?.[3]).toBeLessThan(0);
  });

  it('serves the calendar and news as a labelled sample when no vendor supplies them', () => {
    expect(body.calendar.source).toBe('sample');
    expect(body.news.source).toBe('sample');
    expect(body.calendar.items.length).toBeGreaterThan(0);
    expect(body.news.items.length).toBeGreaterThan(0);
    for (const item of [...body.calendar.items, ...body.news.items]) expect(item.title).toMatch(/^Sample/);
    for (const item of body.calendar.items) {
      expect([item.date, item.actual, item.forecast, item.previous]).toEqual([null, null, null, null]);
    }
  });

  it('has no portfolio overview before a portfolio is saved', () => {
    expect(body.portfolio).toEqual({
      hasPortfolio: false,
      totalValue: 0,
      totalChange: 0,
      totalChangePercent: 0,
      positions: 0,
      holdings: [],
      sources: [],
    });
  });

  it('values the saved portfolio: totals as the valuation, top 10 holdings largest first', async () => {
    const portfolio: Record<string, number> = {
      AAPL: 15,
      GOOGL: 8,
      MSFT: 12,
      VTI: 50,
      VXUS: 30,
      BND: 40,
      QQQ: 20,
      SPY: 5,
      IWM: 7,
      TSLA: 3,
      NVDA: 4,
      'CRYPTO:BTC': 0.25,
    };
    const saved = await call('PUT', '/api/portfolio', { portfolio }, premium);
    expect(saved.statusCode, saved.body).toBe(200);
    const { portfolio: overviewPortfolio } = await overview(premium);

    const res = await call('POST', '/api/portfolio/valuation', { portfolio });
    const { valuation } = ZValuationResponse.parse(res.json());
    expect(overviewPortfolio.hasPortfolio).toBe(true);
    expect(overviewPortfolio.positions).toBe(12);
    expect(overviewPortfolio.totalValue).toBeCloseTo(valuation.totalCurrentValue, 6);
    expect(overviewPortfolio.totalChange).toBeCloseTo(valuation.totalChange, 6);
    expect(overviewPortfolio.totalChangePercent).toBeCloseTo(valuation.totalChangePercent, 6);
    expect(overviewPortfolio.sources).toEqual(['simulated']);
    expect(overviewPortfolio.holdings).toHaveLength(10);
    // The saved copy may list the symbols in another order (jsonb), so sums agree to rounding only.
    const expected = valuation.allocation.byHolding.slice(0, 10);
    expect(overviewPortfolio.holdings.map((h) => h.symbol)).toEqual(expected.map((h) => h.symbol));
    overviewPortfolio.holdings.forEach((holding, i) => {
      expect(holding.value).toBeCloseTo(expected[i]?.value as number, 9);
      expect(holding.weight).toBeCloseTo(expected[i]?.weight as number, 12);
    });
    const values = overviewPortfolio.holdings.map((h) => h.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    for (const holding of overviewPortfolio.holdings) {
      expect(holding.value).toBeCloseTo(holding.weight * overviewPortfolio.totalValue, 6);
    }
  });

  it('ignores another user’s portfolio', async () => {
    const other = await signUpUser(t.app, { plan: 'professional' });
    expect((await overview(other)).portfolio.hasPortfolio).toBe(false);
  });
});

describe('GET /api/terminal/advanced-analytics', () => {
  const URL = '/api/terminal/advanced-analytics';

  it('answers 401 UNAUTHENTICATED to a visitor', async () => {
    expectError(await call('GET', URL), 401, 'UNAUTHENTICATED');
  });

  it('answers 403 SUBSCRIPTION_REQUIRED, naming Professional, to the free and premium plans', async () => {
    for (const plan of ['free', 'premium'] as const) {
      const error = expectError(
        await call('GET', URL, undefined, await signUpUser(t.app, { plan })),
        403,
        'SUBSCRIPTION_REQUIRED',
      );
      expect(error.message).toBe(
        'This feature requires a Professional plan. Upgrade to Professional to continue.',
      );
    }
  });

  it('has no figures before a portfolio is saved', async () => {
    const res = await call('GET', URL, undefined, await signUpUser(t.app, { plan: 'professional' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = ZAdvancedAnalyticsResponse.parse(res.json());
    expect(body).toMatchObject({
      hasPortfolio: false,
      from: null,
      asOf: null,
      observations: 0,
      holdings: [],
      excluded: [],
      sources: [],
      correlation: { symbols: [], matrix: [] },
      rollingVolatility: [],
      rollingBeta: [],
      drawdown: [],
      maxDrawdown: null,
    });
    expect(body.stress.map((row) => row.portfolioReturn)).toEqual(STRESS_WINDOWS.map(() => null));
  });

  it('computes the saved portfolio’s figures from five years of the simulator’s closes with the domain', async () => {
    const professional = await signUpUser(t.app, { plan: 'professional' });
    const portfolio = { AAPL: 10, MSFT: 5, BND: 40, TSLA: 2 };
    const saved = await call('PUT', '/api/portfolio', { portfolio }, professional);
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call('GET', URL, undefined, professional);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZAdvancedAnalyticsResponse.parse(res.json());

    const seriesOf = async (symbol: string) => {
      const history = ZHistoryResponse.parse(
        (await call('GET', `/api/market-data/${symbol}/history?range=5Y`)).json(),
      );
      expect(history.source).toBe('simulated');
      return { symbol, source: history.source, bars: history.history };
    };
    const expectedInput = {
      quantities: portfolio,
      holdings: await Promise.all(Object.keys(portfolio).map(seriesOf)),
      benchmark: await seriesOf('SPY'),
      maxCorrelated: ADVANCED_CORRELATION_HOLDINGS,
    };
    const expected = computeAdvancedAnalytics({
      ...expectedInput,
      isSimulated: (source) => source === 'simulated',
    });

    expect(body.hasPortfolio).toBe(true);
    expect(body.sources).toEqual(['simulated']);
    expect(body.benchmark).toBe('SPY');
    expect(body.window).toBe(60);
    expect([body.from, body.asOf, body.observations]).toEqual([
      expected.from,
      expected.asOf,
      expected.observations,
    ]);
    // About five years of US sessions.
    expect(body.observations).toBeGreaterThan(1200);
    // The saved copy may list the holdings in another order (jsonb), so sums agree to rounding only.
    const expectClose = (actual: { date: string; value: number }[], wanted: typeof actual) => {
      expect(actual.map((p) => p.date)).toEqual(wanted.map((p) => p.date));
      actual.forEach((p, i) => expect(p.value).toBeCloseTo(wanted[i]?.value as number, 12));
    };
    expect(body.holdings.map((h) => h.symbol)).toEqual(expected.included.map((h) => h.symbol));
    body.holdings.forEach((h, i) => expect(h.weight).toBeCloseTo(expected.included[i]?.weight as number, 12));
    expect(body.correlation).toEqual(expected.correlation);
    expect(body.correlation.symbols).toHaveLength(4);
    expectClose(body.rollingVolatility, expected.rollingVolatility);
    expect(body.rollingVolatility).toHaveLength(body.observations - 59);
    expectClose(body.rollingBeta, expected.rollingBeta);
    expectClose(body.drawdown, expected.drawdown);
    expect(body.maxDrawdown).toBeCloseTo(expected.maxDrawdown as number, 12);
    // A named historical window shows real history only: the simulator's closes give no return under its name.
    expect(body.stress.map((row) => row.name)).toEqual(expected.stress.map((row) => row.name));
    expect(body.stress.every((row) => row.portfolioReturn === null && row.benchmarkReturn === null)).toBe(
      true,
    );
    // Five years back from today reach the 2022 and 2023 windows (withheld as simulated), not the 2020 and 2018 ones.
    const reached = STRESS_WINDOWS.filter((w) => w.from >= (body.from as string)).map((w) => w.name);
    const simulated = body.stress.filter((row) => row.portfolioSimulated).map((row) => row.name);
    expect(simulated).toEqual(reached);
    expect(body.stress.filter((row) => row.benchmarkSimulated).map((row) => row.name)).toEqual(reached);
    expect(simulated.length).toBeGreaterThan(0);
    expect(simulated.length).toBeLessThan(STRESS_WINDOWS.length);
    // The windows' figures as the domain computes them from the same closes had they been real.
    const asIfReal = computeAdvancedAnalytics({ ...expectedInput, isSimulated: () => false });
    expect(asIfReal.stress.filter((row) => row.portfolioReturn !== null).map((row) => row.name)).toEqual(
      reached,
    );
  });

  it('weighs a Tokyo listing in USD, as the valuation does, not its yen as dollars (issue 26 item 1)', async () => {
    const professional = await signUpUser(t.app, { plan: 'professional' });
    const portfolio = { AAPL: 10, '7203.T': 10 };
    const saved = await call('PUT', '/api/portfolio', { portfolio }, professional);
    expect(saved.statusCode, saved.body).toBe(200);
    const valued = await call('POST', '/api/portfolio/valuation', { portfolio }, professional);
    const { valuation } = ZValuationResponse.parse(valued.json());
    const toyota = valuation.holdings['7203.T'];
    expect(toyota?.local?.fx).toMatchObject({ currency: 'JPY', rate: 0.0064, source: 'simulated' });

    const res = await call('GET', URL, undefined, professional);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZAdvancedAnalyticsResponse.parse(res.json());
    const weightOf = (symbol: string) => body.holdings.find((h) => h.symbol === symbol)?.weight;
    // The valuation's weights (today's price) and the analytics' (the last close) differ by a day's move only.
    expect(weightOf('AAPL')).toBeCloseTo(valuation.holdings.AAPL?.weight as number, 1);
    expect(weightOf('7203.T')).toBeCloseTo(toyota?.weight as number, 1);
    expect(weightOf('AAPL')).toBeGreaterThan(0.8);

    // Exactly the domain's figures over the closes in USD: the yen closes at the day's (simulated) rate.
    const seriesOf = async (symbol: string, rate: number) => {
      const history = ZHistoryResponse.parse(
        (await call('GET', `/api/market-data/${symbol}/history?range=5Y`, undefined, professional)).json(),
      );
      const bars = history.history.map(({ date, close }) => ({ date, close: close * rate }));
      return { symbol, source: history.source, bars };
    };
    const expected = computeAdvancedAnalytics({
      quantities: portfolio,
      holdings: [await seriesOf('AAPL', 1), await seriesOf('7203.T', 0.0064)],
      benchmark: await seriesOf('SPY', 1),
      maxCorrelated: ADVANCED_CORRELATION_HOLDINGS,
      isSimulated: (source) => source === 'simulated',
    });
    for (const { symbol, weight } of expected.included) expect(weightOf(symbol)).toBeCloseTo(weight, 10);
    expect(body.maxDrawdown).toBeCloseTo(expected.maxDrawdown as number, 10);
  });
});

describe('GET /api/terminal/overview: calendar and news from a vendor', () => {
  const SERVER_FMP_KEY = 'SERVER-FMP-KEY-4242';
  let vendor: FakeVendorServer;
  let keyed: TestApp;

  beforeAll(async () => {
    vendor = await startFakeVendorServer();
    keyed = await createTestApp({
      // Prices stay simulated (no network); the feeds follow the keys.
      env: { MARKET_DATA_PROVIDER: 'simulated', FMP_API_KEY: SERVER_FMP_KEY },
      overrides: {
        terminal: {
          feedAdapters: createFeedAdapterFactory({
            baseUrls: { fmp: `${vendor.url}/stable`, polygon: vendor.url },
          }),
        },
      },
    });
  });
  afterAll(async () => {
    expect(vendor.unhandled).toEqual([]);
    await keyed?.close();
    await vendor?.close();
  });

  function send(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
    who?: TestUser,
  ) {
    return injectAs(who, keyed.app, {
      method,
      url,
      ...(payload ? { payload } : {}),
      remoteAddress: uniqueIp(),
    });
  }

  /** A premium account, with its own vendor keys saved through API settings. */
  async function premiumUser(ownKeys: Record<string, string> = {}): Promise<TestUser> {
    const user = await signUpUser(keyed.app, { plan: 'premium' });
    for (const [vendorName, apiKey] of Object.entries(ownKeys)) {
      const saved = await send('PUT', `/api/settings/api-keys/${vendorName}`, { apiKey }, user);
      expect(saved.statusCode, saved.body).toBe(200);
    }
    return user;
  }

  async function keyedOverview(who: TestUser) {
    const res = await send('GET', '/api/terminal/overview', undefined, who);
    expect(res.statusCode, res.body).toBe(200);
    return ZTerminalOverviewResponse.parse(res.json());
  }

  const calendarRoute = (key: string) => `GET /stable/economic-calendar?apikey=${key}`;
  const fmpNewsRoute = (key: string) => `GET /stable/news/general-latest?page=0&limit=20&apikey=${key}`;
  const POLYGON_NEWS = 'GET /v2/reference/news?limit=20&order=desc';

  it("serves the calendar and news of the server's FMP key, naming FMP as their source", async () => {
    vendor.on(calendarRoute(SERVER_FMP_KEY), jsonFixture('fmp/stable-economic-calendar-doc-sample.json'), {
      extraQuery: true,
    });
    vendor.on(fmpNewsRoute(SERVER_FMP_KEY), jsonFixture('fmp/stable-news-general-latest-doc-sample.json'));
    const body = await keyedOverview(await premiumUser());
    expect(body.calendar.source).toBe('fmp');
    expect(body.calendar.items).toEqual([
      expect.objectContaining({ title: 'Foreign Bond Investment (Apr/04)', actual: '-2462.4' }),
    ]);
    expect(body.news).toEqual({
      source: 'fmp',
      items: [
        {
          title: 'Asia tech stocks rise after Trump pauses tariffs on China and Mexico',
          publisher: 'CNBC',
          publishedAt: '2025-02-04T04:51:37.000Z',
          url: 'https://www.cnbc.com/2025/02/04/asia-tech-stocks-rise-after-trump-pauses-tariffs-on-china-and-mexico.html',
        },
      ],
    });
    // The dashboard is still the simulator's.
    expect(new Set(body.dashboard.map((q) => q.source))).toEqual(new Set(['simulated']));
    // Another user's refresh is served from the cache: FMP was asked once per feed.
    await keyedOverview(await premiumUser());
    expect(vendor.requests).toHaveLength(2);
    // Both calls count on the quota the server's FMP key has for quotes.
    const status = ZMarketDataStatusResponse.parse((await send('GET', '/api/market-data/status')).json());
    expect(status.vendors.find((v) => v.name === 'fmp')?.quotaLeft).toBe(VENDOR_QUOTAS.fmp.limit - 2);
  });

  it('asks no vendor with a key whose quota is spent, the quota quotes use, and serves the samples', async () => {
    const spentFmp = 'USER-FMP-KEY-SPENT';
    const { marketData } = keyed.services;
    let taken = 0;
    while (marketData.takeVendorCall('fmp', spentFmp)) taken += 1;
    expect(taken).toBe(VENDOR_QUOTAS.fmp.limit);
    const before = vendor.requests.length;
    const body = await keyedOverview(await premiumUser({ fmp: spentFmp }));
    expect(body.calendar.source).toBe('sample');
    expect(body.news.source).toBe('sample');
    expect(vendor.requests).toHaveLength(before);
  });

  it("uses the user's own keys before the server's: FMP's calendar, Polygon's news when FMP's plan lacks it", async () => {
    const ownFmp = 'USER-FMP-KEY-1111';
    const ownPolygon = 'USER-POLYGON-KEY-1111';
    vendor.on(calendarRoute(ownFmp), jsonFixture('fmp/stable-economic-calendar-doc-sample.json'), {
      extraQuery: true,
    });
    vendor.on(fmpNewsRoute(ownFmp), { status: 402, body: { 'Error Message': 'Restricted Endpoint' } });
    vendor.on(POLYGON_NEWS, (request) =>
      request.headers.authorization === `Bearer ${ownPolygon}`
        ? jsonFixture('polygon/reference-news-ticker-NFLX.json')
        : { status: 500, body: 'Internal Server Error' },
    );
    const body = await keyedOverview(await premiumUser({ fmp: ownFmp, polygon: ownPolygon }));
    expect(body.calendar.source).toBe('fmp');
    expect(body.news.source).toBe('polygon');
    expect(body.news.items[0]).toMatchObject({
      publisher: 'MarketWatch',
      url: expect.stringMatching(/^https:/),
    });
    expect(vendor.requestsTo('/v2/reference/news').map((r) => r.headers.authorization)).toEqual([
      `Bearer ${ownPolygon}`,
    ]);
  });

  it('answers 200 with the labelled samples when every vendor of the user fails', async () => {
    const badFmp = 'USER-FMP-KEY-BAD0';
    vendor.on(calendarRoute(badFmp), jsonFixture('fmp/error-invalid-api-key.json'), { extraQuery: true });
    vendor.on(fmpNewsRoute(badFmp), jsonFixture('fmp/error-invalid-api-key.json'));
    const body = await keyedOverview(await premiumUser({ fmp: badFmp, polygon: 'USER-POLYGON-KEY-BAD0' }));
    expect(body.calendar.source).toBe('sample');
    expect(body.news.source).toBe('sample');
    for (const item of [...body.calendar.items, ...body.news.items]) expect(item.title).toMatch(/^Sample: /);
  });
});
