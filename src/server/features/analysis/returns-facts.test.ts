/**
 * POST /api/analyze with `portfolioKey` (issue 28 item 7, decision 043): the saved portfolio's returns by its recorded
 * history join the facts (GET /api/performance's figures for 1Y, YTD and Max), the rules' overview cites them, the
 * model is given them and the grounding check holds it to them; a portfolio without a history, or holdings that are
 * not the history's, get none.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AI_UNAVAILABLE_MESSAGE, ZAnalyzeResponse, type AnalyzeResponse } from '../../../contracts/analysis';
import { ZCreatedApiTokenResponse } from '../../../contracts/api-tokens';
import { ZPerformanceResponse } from '../../../contracts/performance';
import {
  FAKE_OPENAI_KEY,
  FAKE_OPENAI_MODEL,
  factsOf,
  MODEL_TIMEOUT_MS,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../../providers/llm/testing/fake-openai-server';
import { createTestAppWithVendors, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';
import { createScriptedVendor, SCRIPTED_NOW } from '../performance/testing/scripted-vendor';

/** The app on the scripted vendor, with a language model when `env` configures one. */
function start(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestAppWithVendors({
    adapters: [createScriptedVendor()],
    now: () => SCRIPTED_NOW,
    env,
    overrides: { analysis: { llmTimeoutMs: MODEL_TIMEOUT_MS, now: () => SCRIPTED_NOW } },
  });
}

let fake: FakeOpenAiServer;
let rules: TestApp;
let model: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  [rules, model] = await Promise.all([
    start(),
    start({
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: FAKE_OPENAI_MODEL,
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([rules?.close(), model?.close()]);
  await fake?.close();
});
afterEach(() => {
  expect(fake.unhandled).toEqual([]);
  expect(fake.pending).toBe(0);
});

let address = 0;
const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function post(
  on: TestApp,
  who: TestUser | undefined,
  payload: Record<string, unknown>,
  url = '/api/analyze',
) {
  return injectAs(who, on.app, { method: 'POST', url, payload, remoteAddress: nextAddress() });
}

async function analyze(
  on: TestApp,
  who: TestUser,
  payload: Record<string, unknown>,
): Promise<AnalyzeResponse> {
  const res = await post(on, who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return ZAnalyzeResponse.parse(res.json());
}

async function add(on: TestApp, who: TestUser, activity: Record<string, unknown>) {
  const res = await injectAs(who, on.app, {
    method: 'POST',
    url: '/api/activities',
    payload: { portfolio: 'me', currency: 'USD', ...activity },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** GET /api/performance's answer for `range`, as the period of the analysis's returns it must equal. */
async function performanceFact(on: TestApp, who: TestUser, range: string) {
  const res = await injectAs(who, on.app, { method: 'GET', url: `/api/performance?range=${range}` });
  expect(res.statusCode, res.body).toBe(200);
  const shown = ZPerformanceResponse.parse(res.json());
  expect(shown.benchmark?.available, range).toBe(true);
  const benchmark = shown.benchmark?.available ? shown.benchmark : null;
  return {
    range,
    start: shown.period.start,
    end: shown.period.end,
    twr: shown.twr,
    twrAnnualized: shown.twrAnnualized,
    mwr: shown.mwr,
    mwrAnnualized: shown.mwrAnnualized,
    benchmarkTwr: benchmark?.twr ?? null,
    benchmarkTwrAnnualized: benchmark?.twrAnnualized ?? null,
  };
}

/**
 * 10 MSFT at 100 on Monday 2024-06-24, 10 more at 110 on Wednesday: worth 2,420 on Friday (performance/routes.test.ts
 * works the days by hand). TWR 1.05 × 44/43 × 0.9 × 11/9 − 1 = 18.186 %; SPY 550 / 500 − 1 = 10 % (its Friday close
 * carried to Sunday, the day before the first activity). MWR: −1,000 on day 0, −1,100 at half the period and
 * +2,420 at its end balance when (1 + g)^−½ = 10/11, so g = 21 % exactly.
 */
async function smallHistory(on: TestApp): Promise<TestUser> {
  const owner = await signUpUser(on.app, { plan: 'professional' });
  await add(on, owner, { type: 'buy', symbol: 'MSFT', quantity: 10, price: 100, date: '2024-06-24' });
  await add(on, owner, { type: 'buy', symbol: 'MSFT', quantity: 10, price: 110, date: '2024-06-26' });
  return owner;
}

/** A Professional whose saved portfolio is 20 MSFT with no history: a map only. */
async function mapOnlyUser(on: TestApp): Promise<TestUser> {
  const mapOnly = await signUpUser(on.app, { plan: 'professional' });
  const saved = await injectAs(mapOnly, on.app, {
    method: 'PUT',
    url: '/api/portfolio',
    payload: { portfolio: { MSFT: 20 } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return mapOnly;
}

const SMALL_TWR = 1.05 * (44 / 43) * 0.9 * (11 / 9) - 1;

/** The small history's returns as facts: Max only (1Y and YTD would start before the history), nothing annualized. */
const smallReturns = (figures: { twr: unknown; mwr: unknown; benchmarkTwr: unknown }) => ({
  currency: 'USD',
  benchmarkSymbol: 'SPY',
  firstActivityDate: '2024-06-24',
  periods: [
    {
      range: 'MAX',
      start: '2024-06-23',
      end: '2024-06-28',
      twrAnnualized: null,
      mwrAnnualized: null,
      benchmarkTwrAnnualized: null,
      ...figures,
    },
  ],
});

describe('POST /api/analyze: the returns of a recorded history (rules, no model)', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await smallHistory(rules);
  });

  it('adds Max beside SPY as facts (1Y and YTD would start before the history) and cites them', async () => {
    const body = await analyze(rules, owner, { portfolio: { MSFT: 20 }, portfolioKey: 'me' });
    expect(body.wordsSource).toBe('rules');
    expect(body.analysis.metrics.returns).toEqual(
      smallReturns({
        twr: expect.closeTo(SMALL_TWR, 12),
        mwr: expect.closeTo(0.21, 9),
        benchmarkTwr: expect.closeTo(0.1, 12),
      }),
    );
    expect(body.analysis.overviewText.split('\n\n')[1]).toBe(
      'Since its first recorded activity on 2024-06-24 the portfolio returned 18.19%, leaving aside the money added or taken out (the time-weighted return), against 10.00% for SPY. Counting when money went in and out, it returned 21.00% (the money-weighted return).',
    );
  });

  it("are GET /api/performance's figures", async () => {
    const body = await analyze(rules, owner, { portfolio: { MSFT: 20 }, portfolioKey: 'me' });
    expect(body.analysis.metrics.returns?.periods).toEqual([await performanceFact(rules, owner, 'MAX')]);
  });

  it('gives none for holdings that are not the history’s, or when not told which portfolio they are', async () => {
    for (const payload of [{ portfolio: { MSFT: 5 }, portfolioKey: 'me' }, { portfolio: { MSFT: 20 } }]) {
      const body = await analyze(rules, owner, payload);
      expect(body.analysis.metrics.returns).toBeNull();
      expect(body.analysis.overviewText).not.toMatch(/returned|time-weighted/);
    }
  });

  it('gives none to a portfolio without a history (a map only)', async () => {
    const mapOnly = await mapOnlyUser(rules);
    const body = await analyze(rules, mapOnly, { portfolio: { MSFT: 20 }, portfolioKey: 'me' });
    expect(body.analysis.metrics.returns).toBeNull();
    expect(body.analysis.overviewText).not.toMatch(/returned|time-weighted/);
  });

  it('GET /api/v1/analysis states them for the saved portfolio (the ledger’s me), and none for a map only', async () => {
    const mapOnly = await mapOnlyUser(rules);
    const returnsByToken = async (who: TestUser) => {
      const created = await injectAs(who, rules.app, {
        method: 'POST',
        url: '/api/api-tokens',
        payload: { name: 'Returns', scopes: ['read:analysis'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { token } = ZCreatedApiTokenResponse.parse(created.json());
      const res = await rules.app.inject({
        method: 'GET',
        url: '/api/v1/analysis',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return ZAnalyzeResponse.parse(res.json()).analysis.metrics.returns;
    };
    const pageReturns = (await analyze(rules, owner, { portfolio: { MSFT: 20 }, portfolioKey: 'me' }))
      .analysis.metrics.returns;
    expect(pageReturns).not.toBeNull();
    expect(await returnsByToken(owner)).toEqual(pageReturns);
    expect(await returnsByToken(mapOnly)).toBeNull();
  });

  it('needs a session for a portfolioKey, and keeps the ledger’s access rules', async () => {
    expectError(
      await post(rules, undefined, { portfolio: { MSFT: 20 }, portfolioKey: 'me' }),
      401,
      'UNAUTHENTICATED',
    );
    const stranger = `client:${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
    expectError(
      await post(rules, owner, { portfolio: { MSFT: 20 }, portfolioKey: stranger }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await post(rules, owner, { portfolio: { MSFT: 20 }, portfolioKey: 'mine' }),
      400,
      'VALIDATION_ERROR',
      'portfolioKey must be me, account:<id>, client:<id> or paper:<id>',
    );
  });

  it('the sample analysis states them too', async () => {
    const res = await post(
      rules,
      owner,
      { portfolio: { MSFT: 20 }, portfolioKey: 'me' },
      '/api/analyze-demo',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = ZAnalyzeResponse.parse(res.json());
    expect(body.isDemoMode).toBe(true);
    expect(body.analysis.metrics.returns?.periods.map((p) => p.range)).toEqual(['MAX']);
  });
});

describe('POST /api/analyze: 1Y, YTD and Max of a longer history, in the base currency', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await signUpUser(rules.app, { plan: 'professional' });
    await add(rules, owner, { type: 'buy', symbol: 'AAPL', quantity: 10, price: 150, date: '2023-03-01' });
    await add(rules, owner, { type: 'buy', symbol: 'AAPL', quantity: 5, price: 170, date: '2024-02-01' });
    await add(rules, owner, { type: 'sell', symbol: 'AAPL', quantity: 3, price: 180, date: '2024-05-01' });
  });

  it.each(['USD', 'EUR'])(
    'in %s: each period is GET /api/performance’s, the last year cited',
    async (currency) => {
      const set = await injectAs(owner, rules.app, {
        method: 'PUT',
        url: '/api/performance/base-currency',
        payload: { currency },
      });
      expect(set.statusCode, set.body).toBe(200);
      const body = await analyze(rules, owner, { portfolio: { AAPL: 12 }, portfolioKey: 'me' });
      const returns = body.analysis.metrics.returns;
      expect(returns?.currency).toBe(currency);
      expect(returns?.firstActivityDate).toBe('2023-03-01');
      expect(returns?.periods.map((p) => p.range)).toEqual(['1Y', 'YTD', 'MAX']);
      for (const period of returns!.periods) {
        expect(period).toEqual(await performanceFact(rules, owner, period.range));
      }
      const year = returns!.periods[0]!;
      expect([year.start, year.end]).toEqual(['2023-06-28', '2024-06-28']);
      expect(body.analysis.overviewText).toContain(
        `Over the last year (2023-06-28 to 2024-06-28) the portfolio returned ${(year.twr * 100).toFixed(2)}%${currency === 'USD' ? '' : ` in ${currency}`}, leaving aside`,
      );
    },
  );
});

describe('POST /api/analyze: the model is given the returns and held to them', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await smallHistory(model);
  });

  const words = (overviewText: string) => ({
    overviewText,
    diversificationGaps: [],
    recommendations: [{ title: 'Keep a plan', description: 'Decide in advance when you add money.' }],
    insights: ['One holding carries the whole portfolio.'],
  });

  it('a model citing the returns as they are is accepted', async () => {
    const overview =
      'Since 2024-06-24 the portfolio returned 18.19% time-weighted, against 10.00% for SPY; counting when money went in and out, 21.00%.';
    fake.replyJson(words(overview));
    const body = await analyze(model, owner, { portfolio: { MSFT: 20 }, portfolioKey: 'me' });
    expect(body.wordsSource).toBe('model');
    expect(body.analysis.overviewText).toBe(overview);
    const sent = factsOf(fake.requests.at(-1)!.body!) as { returns: unknown };
    expect(sent.returns).toEqual(smallReturns({ twr: 0.18186, mwr: 0.21, benchmarkTwr: 0.1 }));
  });

  it('a model citing another return is refused (503), as any number not in the facts', async () => {
    fake.replyJson(
      words('Since 2024-06-24 the portfolio returned 18.25% time-weighted, against 10.00% for SPY.'),
    );
    expectError(
      await post(model, owner, { portfolio: { MSFT: 20 }, portfolioKey: 'me' }),
      503,
      'AI_UNAVAILABLE',
      AI_UNAVAILABLE_MESSAGE,
    );
  });

  it('without the returns in its facts, citing them is refused too', async () => {
    fake.replyJson(words('Since 2024-06-24 the portfolio returned 18.19% time-weighted.'));
    expectError(await post(model, owner, { portfolio: { MSFT: 20 } }), 503, 'AI_UNAVAILABLE');
    expect((factsOf(fake.requests.at(-1)!.body!) as { returns: unknown }).returns).toBeNull();
  });
});
