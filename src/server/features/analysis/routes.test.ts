import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AI_UNAVAILABLE_MESSAGE,
  ANALYSIS_LIMIT_MESSAGE,
  PORTFOLIO_MESSAGES,
  ZAnalyzeResponse,
} from '../../../contracts/analysis';
import { formatMoney } from '../../../domain/analytics';
import { createGroundingIndex } from '../../providers/llm';
import {
  FAKE_OPENAI_KEY,
  FAKE_OPENAI_MODEL,
  factsOf,
  startFakeOpenAiServer,
  type ChatRequestBody,
  type FakeOpenAiServer,
  MODEL_TIMEOUT_MS,
} from '../../providers/llm/testing/fake-openai-server';
import { buildApp } from '../../app';
import { createMarketDataService } from '../market-data/service';
import { createFakeAdapter } from '../../providers/market-data/testing/fake-adapter';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

/** The spec's sample stocks and crypto (spec 000 §3). */
const SAMPLE = {
  AAPL: 15,
  GOOGL: 8,
  MSFT: 12,
  VTI: 50,
  VXUS: 30,
  BND: 40,
  QQQ: 20,
  'CRYPTO:BTC': 0.25,
  'CRYPTO:ETH': 1.5,
};

let fake: FakeOpenAiServer;
let t: TestApp;
let noKey: TestApp;
/** The month the quota counts in, moved by the month-boundary test. */
let clock = new Date('2026-01-15T12:00:00Z');

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  [t, noKey] = await Promise.all([
    createTestApp({
      env: {
        OPENAI_API_KEY: FAKE_OPENAI_KEY,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_MODEL: FAKE_OPENAI_MODEL,
      },
      overrides: { analysis: { llmTimeoutMs: MODEL_TIMEOUT_MS, now: () => clock } },
    }),
    createTestApp({ env: { OPENAI_BASE_URL: fake.baseUrl } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), noKey.close()]);
  await fake.close();
});
afterEach(() => {
  expect(fake.unhandled).toEqual([]);
  expect(fake.pending).toBe(0);
});

let ipCounter = 0;
const uniqueIp = () => `10.44.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

interface CallOptions {
  ip?: string;
  user?: TestUser;
  visitor?: string;
  app?: TestApp;
}

function post(url: string, payload: unknown, options: CallOptions = {}) {
  return injectAs(options.user, (options.app ?? t).app, {
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: options.visitor ? { cookie: `fw_visitor=${options.visitor}` } : {},
    remoteAddress: options.ip ?? uniqueIp(),
  });
}

const analyze = (portfolio: unknown, options?: CallOptions) => post('/api/analyze', { portfolio }, options);
const analyzeDemo = (portfolio: unknown, options?: CallOptions) =>
  post('/api/analyze-demo', { portfolio }, options);

/** Words that use only numbers of the facts the adapter sent. */
function groundedWords(request: ChatRequestBody) {
  const facts = factsOf(request) as { holdingCount: number; valuation: { totalValue: number } };
  return {
    overviewText: `This portfolio of ${facts.holdingCount} holdings is worth ${formatMoney(facts.valuation.totalValue)}.`,
    diversificationGaps: ['Nothing major is missing.'],
    recommendations: [
      { title: 'Rebalance yearly', description: 'Bring the weights back to your plan once a year.' },
    ],
    insights: ['Bonds cushion the falls of stocks.'],
  };
}

describe('validation (spec 000 §5)', () => {
  it.each(['/api/analyze', '/api/analyze-demo'])('%s: an empty or missing portfolio', async (url) => {
    for (const body of [{ portfolio: {} }, {}, { portfolio: null }]) {
      expectError(await post(url, body), 400, 'VALIDATION_ERROR', PORTFOLIO_MESSAGES.empty);
    }
  });

  it.each(['/api/analyze', '/api/analyze-demo'])('%s: a value that is not a positive number', async (url) => {
    for (const [symbol, value] of [
      ['msft', -1],
      [' aapl ', 0],
      ['GOOGL', 'abc'],
      ['crypto:btc', null],
      ['VTI', '5'],
    ] as const) {
      const res = await post(url, { portfolio: { BND: 10, [symbol]: value } });
      expectError(
        res,
        400,
        'VALIDATION_ERROR',
        `Invalid value for ${symbol}. All values must be positive numbers.`,
      );
    }
  });

  it('at most 1,000 holdings', async () => {
    const portfolio = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`S${i}`, 1]));
    expectError(await analyzeDemo(portfolio), 400, 'VALIDATION_ERROR', PORTFOLIO_MESSAGES.tooMany);
  });

  it('does not call the model for an invalid request', async () => {
    const before = fake.requests.length;
    await analyze({});
    expect(fake.requests.length).toBe(before);
  });
});

describe('POST /api/analyze-demo', () => {
  it('answers the deterministic analysis, Demo Mode, with the domain metrics', async () => {
    const res = await analyzeDemo(SAMPLE);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZAnalyzeResponse.parse(res.json());
    expect(body.isDemoMode).toBe(true);
    expect(body.usage).toBeUndefined();
    expect(body.portfolioSummary).toMatchObject({
      holdingCount: 9,
      isSimulated: true,
      sources: ['simulated'],
    });
    expect(body.portfolioSummary.totalValue).toBeGreaterThan(0);
    expect(['low', 'medium', 'high']).toContain(body.analysis.riskLevel);
    expect(body.analysis.overviewText).toContain('This portfolio of 9 holdings is worth');
    expect(body.analysis.recommendations.length).toBeGreaterThan(0);
    const m = body.analysis.metrics;
    expect(m.volatility).toBeGreaterThan(0);
    expect(m.beta).not.toBeNull();
    expect(m.sharpe).not.toBeNull();
    expect(m.valueAtRisk?.confidence).toBe(0.95);
    expect(m.history.benchmarkSymbol).toBe('SPY');
    expect(m.history.tradingDays).toBeGreaterThan(200);
    expect(m.healthCheck.passed).toBe(4);
    expect(res.cookies.find((c) => c.name === 'fw_visitor')).toBeUndefined();
    expect(fake.requests.length).toBe(0);
  });

  it('leaves a symbol nobody can quote out of every figure: count, weights, checks (issue 25 item 3)', async () => {
    const known = { AAPL: 10, MSFT: 2, BND: 3, VTI: 4 };
    const res = await analyzeDemo({ ...known, ZZZZQ: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZAnalyzeResponse.parse(res.json());
    expect(body.portfolioSummary.unknownSymbols).toEqual(['ZZZZQ']);
    expect(body.portfolioSummary.unpricedSymbols).toEqual(['ZZZZQ']);
    expect(body.portfolioSummary.holdingCount).toBe(4);
    const m = body.analysis.metrics;
    expect(m.healthCheck.diversificationRating).toBe('Fair');
    expect(m.history.withoutHistory).toEqual([]);
    expect(m.history.coverageWeight).toBeCloseTo(1, 9);
    expect(m.exposure.assetClass.map((b) => b.name)).not.toContain('Unknown');
    expect(body.analysis.overviewText).toContain('This portfolio of 4 holdings');

    const clean = ZAnalyzeResponse.parse((await analyzeDemo(known)).json());
    expect(clean.portfolioSummary.unknownSymbols).toEqual([]);
    expect(m.healthCheck).toEqual(clean.analysis.metrics.healthCheck);
    expect(m.concentration).toEqual(clean.analysis.metrics.concentration);
    expect(body.analysis.riskLevel).toBe(clean.analysis.riskLevel);
  });

  it('reads the stored closes of every holding and of the benchmark in one query', async () => {
    const database = await createTestDatabase();
    const config = testConfig({ MARKET_DATA_PROVIDER: 'auto' });
    const yahoo = createFakeAdapter('yahoo', { supports: () => true, batch: true });
    const marketData = createMarketDataService({
      config,
      db: database.db,
      adapters: [yahoo],
      now: () => new Date('2026-11-20T22:00:00Z'),
      // No cache of closes: every analysis reads them from the store (daily_close_year).
      closesCacheMs: 0,
    });
    const app = await buildApp({ config, database, version: 'test', overrides: { marketData } });
    try {
      const demo = () =>
        app.inject({
          method: 'POST',
          url: '/api/analyze-demo',
          payload: { portfolio: SAMPLE },
          remoteAddress: uniqueIp(),
        });
      const first = await demo();
      expect(first.statusCode, first.body).toBe(200);
      // Nine holdings and SPY, each asked of the vendor once and stored.
      expect(yahoo.callsOf('history')).toHaveLength(10);

      const spy = vi.spyOn(database.pool, 'query');
      const second = await demo();
      const statements = spy.mock.calls.map(([query]: unknown[]) =>
        typeof query === 'string' ? query : (query as { text: string }).text,
      );
      spy.mockRestore();
      expect(second.statusCode, second.body).toBe(200);
      expect(statements.filter((sql) => sql.includes('"daily_close_year"'))).toHaveLength(1);
      expect(yahoo.callsOf('history')).toHaveLength(10);
      const body = ZAnalyzeResponse.parse(second.json());
      expect(body.portfolioSummary.sources).toEqual(['yahoo']);
      expect(body.analysis.metrics.history.withoutHistory).toEqual([]);
      expect(body.analysis.metrics.history.tradingDays).toBeGreaterThan(200);
      expect(body.analysis.metrics).toEqual(ZAnalyzeResponse.parse(first.json()).analysis.metrics);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('POST /api/analyze', () => {
  it('words from the model, numbers from the domain', async () => {
    fake.replyJson(groundedWords);
    const ip = uniqueIp();
    const res = await analyze(SAMPLE, { ip });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZAnalyzeResponse.parse(res.json());
    const demo = ZAnalyzeResponse.parse((await analyzeDemo(SAMPLE, { ip })).json());

    expect([body.isDemoMode, body.wordsSource]).toEqual([false, 'model']);
    expect(body.analysis.overviewText).toBe(
      `This portfolio of 9 holdings is worth ${formatMoney(body.portfolioSummary.totalValue)}.`,
    );
    expect(body.analysis.diversificationGaps).toEqual(['Nothing major is missing.']);
    expect(body.analysis.recommendations).toEqual([
      { title: 'Rebalance yearly', description: 'Bring the weights back to your plan once a year.' },
    ]);
    expect(body.analysis.insights).toEqual(['Bonds cushion the falls of stocks.']);
    expect(body.analysis.riskLevel).toBe(demo.analysis.riskLevel);
    expect(body.analysis.metrics).toEqual(demo.analysis.metrics);
    expect(body.portfolioSummary).toEqual(demo.portfolioSummary);
    expect(body.usage).toEqual({ used: 1, limit: 3, remaining: 2 });

    const cookie = res.cookies.find((c) => c.name === 'fw_visitor');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');

    const request = fake.requests.at(-1)!.body!;
    expect(request.model).toBe(FAKE_OPENAI_MODEL);
    expect(request.response_format?.type).toBe('json_schema');
  });

  const failures: [string, (f: FakeOpenAiServer) => void][] = [
    ['an answer that is not JSON', (f) => f.replyContent('{"overviewText": "cut off')],
    [
      'JSON that breaks the schema',
      (f) => f.replyJson({ overviewText: 42, diversificationGaps: [], recommendations: [], insights: [] }),
    ],
    [
      'a number that is not in the facts',
      (f) =>
        f.replyJson((request: ChatRequestBody) => {
          const index = createGroundingIndex(factsOf(request));
          const invented = ['42.7', '987.61', '31415.9'].find((n) => index.ungrounded(`${n} %`).length > 0);
          return { ...groundedWords(request), insights: [`Your volatility is ${invented} %.`] };
        }),
    ],
    ['a 429', (f) => f.replyError(429, 'Rate limit reached', 'requests', 'rate_limit_exceeded')],
    ['a 500', (f) => f.replyError(500, 'The server had an error', 'server_error')],
    [
      'a 401',
      (f) => f.replyError(401, 'Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
    ],
    ['no answer before the timeout', (f) => f.replyNever()],
  ];

  it.each(failures)('503 AI_UNAVAILABLE on %s, and the use is not counted', async (_name, script) => {
    const ip = uniqueIp();
    script(fake);
    const before = fake.requests.length;
    const started = Date.now();
    const res = await analyze(SAMPLE, { ip });
    expectError(res, 503, 'AI_UNAVAILABLE', AI_UNAVAILABLE_MESSAGE);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fake.requests.length).toBe(before + 1);

    const visitor = res.cookies.find((c) => c.name === 'fw_visitor')?.value;
    fake.replyJson(groundedWords);
    const next = await analyze(SAMPLE, { ip, visitor });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().usage).toEqual({ used: 1, limit: 3, remaining: 2 });
  });

  it('no model configured: the rules analysis of the portfolio itself, not counted, no request', async () => {
    const before = fake.requests.length;
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const res = await analyze(SAMPLE, { app: noKey, ip });
      expect(res.statusCode, res.body).toBe(200);
      const body = ZAnalyzeResponse.parse(res.json());
      expect(body.wordsSource).toBe('rules');
      expect(body.isDemoMode).toBe(false);
      expect(body.usage).toBeUndefined();
      expect(body.portfolioSummary.holdingCount).toBe(9);
      expect(body.analysis.overviewText).toContain('This portfolio of 9 holdings is worth');
    }
    expect(fake.requests.length).toBe(before);
    // The sample analysis says it is one.
    const demo = ZAnalyzeResponse.parse((await analyzeDemo(SAMPLE, { app: noKey, ip })).json());
    expect([demo.wordsSource, demo.isDemoMode]).toEqual(['demo', true]);
  });
});

describe('free allowance: 3 AI analyses per calendar month', () => {
  it('a free account: 3 successes, a failure in between not counted, then 403', async () => {
    const user = await signUpUser(t.app);
    const ip = uniqueIp();
    const ok = async (used: number) => {
      fake.replyJson(groundedWords);
      const res = await analyze(SAMPLE, { user, ip });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().usage).toEqual({ used, limit: 3, remaining: 3 - used });
      expect(res.cookies.find((c) => c.name === 'fw_visitor')).toBeUndefined();
    };
    await ok(1);
    fake.replyError(500, 'The server had an error', 'server_error');
    expectError(await analyze(SAMPLE, { user, ip }), 503, 'AI_UNAVAILABLE', AI_UNAVAILABLE_MESSAGE);
    await ok(2);
    await ok(3);

    const before = fake.requests.length;
    const fourth = await analyze(SAMPLE, { user, ip: uniqueIp() });
    expectError(fourth, 403, 'ANALYSIS_LIMIT_REACHED', ANALYSIS_LIMIT_MESSAGE);
    expect(ANALYSIS_LIMIT_MESSAGE).toBe(
      'You have used your 3 free AI analyses this month. Upgrade to Premium for unlimited analyses at /pricing.',
    );
    expect(fake.requests.length).toBe(before);
    // The demo analysis is never counted.
    expect((await analyzeDemo(SAMPLE, { user, ip })).statusCode).toBe(200);
  });

  it('a fresh free or demo account from the same IP (or /64) brings no new allowance', async () => {
    const ip = '2001:db8:44:7::1';
    for (let used = 1; used <= 3; used++) {
      fake.replyJson(groundedWords);
      const res = await analyze(SAMPLE, { user: await signUpUser(t.app), ip });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().usage).toEqual({ used, limit: 3, remaining: 3 - used });
    }
    const before = fake.requests.length;
    const neighbour = '2001:db8:44:7:ffff::2';
    expectError(
      await analyze(SAMPLE, { user: await signUpUser(t.app), ip: neighbour }),
      403,
      'ANALYSIS_LIMIT_REACHED',
      ANALYSIS_LIMIT_MESSAGE,
    );
    const demo = await t.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: neighbour });
    expect(demo.statusCode, demo.body).toBe(201);
    const demoUser = {
      id: '',
      email: '',
      cookie: demo.cookies.find((c) => c.name === 'fw_session')?.value ?? '',
    };
    expectError(
      await analyze(SAMPLE, { user: demoUser, ip: neighbour }),
      403,
      'ANALYSIS_LIMIT_REACHED',
      ANALYSIS_LIMIT_MESSAGE,
    );
    expect(fake.requests.length).toBe(before);
    // The next /64 is another subscriber.
    fake.replyJson(groundedWords);
    const other = await analyze(SAMPLE, { user: await signUpUser(t.app), ip: '2001:db8:44:8::1' });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('premium and professional accounts are unlimited', async () => {
    const ids: string[] = [];
    for (const plan of ['premium', 'professional'] as const) {
      const user = await signUpUser(t.app, { plan });
      ids.push(user.id);
      const ip = uniqueIp();
      for (let i = 0; i < 4; i++) {
        fake.replyJson(groundedWords);
        const res = await analyze(SAMPLE, { user, ip });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().usage).toBeUndefined();
      }
    }
    const { rows } = await t.deps.database.pool.query(
      'select 1 from analysis_usage where subject_key = any($1::text[])',
      [ids],
    );
    expect(rows).toEqual([]);
  });

  it('a visitor is counted per browser cookie and per IP; both must be under the limit', async () => {
    const ip = uniqueIp();
    let visitor: string | undefined;
    for (let used = 1; used <= 3; used++) {
      fake.replyJson(groundedWords);
      const res = await analyze(SAMPLE, { ip, visitor });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().usage).toEqual({ used, limit: 3, remaining: 3 - used });
      visitor ??= res.cookies.find((c) => c.name === 'fw_visitor')?.value;
      if (used > 1) expect(res.cookies.find((c) => c.name === 'fw_visitor')).toBeUndefined();
    }
    expect(visitor).toBeDefined();
    const before = fake.requests.length;
    // Same browser, same IP.
    expectError(
      await analyze(SAMPLE, { ip, visitor }),
      403,
      'ANALYSIS_LIMIT_REACHED',
      ANALYSIS_LIMIT_MESSAGE,
    );
    // A new browser (cookies cleared) on the same IP.
    expectError(await analyze(SAMPLE, { ip }), 403, 'ANALYSIS_LIMIT_REACHED', ANALYSIS_LIMIT_MESSAGE);
    // The same browser from another IP.
    expectError(
      await analyze(SAMPLE, { ip: uniqueIp(), visitor }),
      403,
      'ANALYSIS_LIMIT_REACHED',
      ANALYSIS_LIMIT_MESSAGE,
    );
    expect(fake.requests.length).toBe(before);
    // Someone else entirely.
    fake.replyJson(groundedWords);
    expect((await analyze(SAMPLE, { ip: uniqueIp() })).statusCode).toBe(200);

    // The raw IP and cookie are never stored, only keyed hashes.
    const { rows } = await t.deps.database.pool.query<{ subject_key: string }>(
      'select subject_key from analysis_usage',
    );
    expect(rows.some((r) => r.subject_key === ip || r.subject_key === visitor)).toBe(false);
  });

  it('the demo analysis is not counted', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const res = await analyzeDemo(SAMPLE, { ip });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().isDemoMode).toBe(true);
    }
    fake.replyJson(groundedWords);
    const res = await analyze(SAMPLE, { ip });
    expect(res.cookies.find((c) => c.name === 'fw_visitor')).toBeDefined();
    expect(res.json().usage).toEqual({ used: 1, limit: 3, remaining: 2 });
  });

  it('a new calendar month (UTC) starts a new allowance', async () => {
    const user = await signUpUser(t.app);
    clock = new Date('2026-03-31T23:59:00Z');
    try {
      for (let i = 0; i < 3; i++) {
        fake.replyJson(groundedWords);
        expect((await analyze(SAMPLE, { user })).statusCode).toBe(200);
      }
      expect((await analyze(SAMPLE, { user })).statusCode).toBe(403);
      clock = new Date('2026-04-01T00:00:00Z');
      fake.replyJson(groundedWords);
      const res = await analyze(SAMPLE, { user });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().usage).toEqual({ used: 1, limit: 3, remaining: 2 });
    } finally {
      clock = new Date('2026-01-15T12:00:00Z');
    }
  });

  it('parallel requests cannot go past the limit', async () => {
    const user = await signUpUser(t.app);
    for (let i = 0; i < 6; i++) fake.replyJson(groundedWords);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => analyze(SAMPLE, { user, ip: uniqueIp() })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 403, 403, 403]);
    // Three answers were queued for calls that were refused before reaching the model.
    expect(fake.pending).toBe(3);
    for (let i = 0; i < 3; i++) {
      await analyze(SAMPLE, { ip: uniqueIp() });
    }
  });
});
