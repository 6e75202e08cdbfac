import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIO_MESSAGES } from '../../../contracts/analysis';
import {
  DAILY_SUGGESTION_GENERATIONS,
  SUGGESTION_LIMIT_MESSAGE,
  SUGGESTION_MESSAGES,
  ZGenerateSuggestionsResponse,
  ZSuggestionList,
} from '../../../contracts/trading-suggestions';
import {
  FAKE_OPENAI_KEY,
  FAKE_OPENAI_MODEL,
  factsOf,
  startFakeOpenAiServer,
  type ChatRequestBody,
  type FakeOpenAiServer,
  MODEL_TIMEOUT_MS,
} from '../../providers/llm/testing/fake-openai-server';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';
import { SUGGESTION_NOT_FOUND_MESSAGE } from './service';

/** A 500-share Apple position beside a little of a bond fund: a trim, a rebalance and an international gap. */
const PORTFOLIO = { AAPL: 500, MSFT: 10, BND: 10 };

let fake: FakeOpenAiServer;
/** No model configured: the templates word the reasoning. */
let t: TestApp;
/** The fake model, 300 ms timeout. */
let withModel: TestApp;
let clock = new Date('2026-03-02T10:00:00Z');

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  [t, withModel] = await Promise.all([
    createTestApp({ overrides: { tradingSuggestions: { now: () => clock } } }),
    createTestApp({
      env: {
        OPENAI_API_KEY: FAKE_OPENAI_KEY,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_MODEL: FAKE_OPENAI_MODEL,
      },
      overrides: { tradingSuggestions: { llmTimeoutMs: MODEL_TIMEOUT_MS } },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), withModel.close()]);
  await fake.close();
});
afterEach(() => {
  expect(fake.unhandled).toEqual([]);
  expect(fake.pending).toBe(0);
});

const generate = (user: TestUser | undefined, payload: unknown, app = t) =>
  injectAs(user, app.app, {
    method: 'POST',
    url: '/api/trading-suggestions',
    payload: payload as Record<string, unknown>,
  });
const list = (user: TestUser | undefined, app = t) =>
  injectAs(user, app.app, { method: 'GET', url: '/api/trading-suggestions' });
const patch = (user: TestUser | undefined, id: string, action: 'dismiss' | 'execute') =>
  injectAs(user, t.app, { method: 'PATCH', url: `/api/trading-suggestions/${id}/${action}` });

describe('access (spec 000 §6)', () => {
  it('a visitor is asked to sign in; a free user is told to upgrade to Premium', async () => {
    const free = await signUpUser(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [await list(undefined), await generate(undefined, { portfolio: PORTFOLIO })]) {
      expectError(res, 401, 'UNAUTHENTICATED');
    }
    expectError(await patch(undefined, id, 'dismiss'), 401, 'UNAUTHENTICATED');
    for (const res of [
      await list(free),
      await generate(free, { portfolio: PORTFOLIO }),
      await patch(free, id, 'execute'),
    ]) {
      const error = expectError(res, 403, 'SUBSCRIPTION_REQUIRED');
      expect(error.message).toContain('Premium');
    }
  });
});

describe('validation (spec 000 §3, §5)', () => {
  it('answers 400 with the message of the first problem', async () => {
    const user = await signUpUser(t.app, { plan: 'premium' });
    const cases: [unknown, string][] = [
      [{}, PORTFOLIO_MESSAGES.empty],
      [{ portfolio: {} }, PORTFOLIO_MESSAGES.empty],
      [{ portfolio: { AAPL: -1 } }, PORTFOLIO_MESSAGES.invalidValue('AAPL')],
      [{ portfolio: PORTFOLIO, riskTolerance: 'reckless' }, SUGGESTION_MESSAGES.riskTolerance],
      [{ portfolio: PORTFOLIO, investmentGoals: [] }, SUGGESTION_MESSAGES.investmentGoalsEmpty],
      [{ portfolio: PORTFOLIO, investmentGoals: ['fame'] }, SUGGESTION_MESSAGES.investmentGoals],
      [{ portfolio: PORTFOLIO, investmentGoals: 'growth' }, SUGGESTION_MESSAGES.investmentGoals],
      [{ portfolio: PORTFOLIO, timeHorizon: 'forever' }, SUGGESTION_MESSAGES.timeHorizon],
    ];
    for (const [payload, message] of cases) {
      expectError(await generate(user, payload), 400, 'VALIDATION_ERROR', message);
    }
    // Nothing was counted against today's generations.
    const ok = ZGenerateSuggestionsResponse.parse((await generate(user, { portfolio: PORTFOLIO })).json());
    expect(ok.remainingToday).toBe(DAILY_SUGGESTION_GENERATIONS - 1);
  });
});

describe('generate, list, dismiss, execute (spec 000 §4)', () => {
  it('computes suggestions with the spec defaults, lists them newest first, New until seen', async () => {
    const user = await signUpUser(t.app, { plan: 'premium' });
    const res = await generate(user, { portfolio: PORTFOLIO });
    expect(res.statusCode, res.body).toBe(200);
    const { suggestions } = ZGenerateSuggestionsResponse.parse(res.json());
    expect(suggestions.length).toBeGreaterThanOrEqual(3);
    const aapl = suggestions.find((s) => s.symbol === 'AAPL');
    expect(aapl).toMatchObject({ suggestionType: 'sell', riskLevel: 'low', isNew: true, status: 'open' });
    expect(aapl?.actionText).toMatch(/^Sell \d+ shares of AAPL \(about \$[\d,]+\.\d\d\)$/);
    expect(aapl?.reasoning).toContain('above 25.00% for a single stock or coin');
    expect(suggestions.every((s) => s.reasoningSource === 'rules' && s.priceSource === 'simulated')).toBe(
      true,
    );
    expect(suggestions.every((s) => s.currentPrice > 0 && s.confidence >= 50 && s.confidence <= 95)).toBe(
      true,
    );
    const vxus = suggestions.find((s) => s.symbol === 'VXUS');
    expect(vxus?.suggestionType).toBe('buy');
    // Historical: the simulator's year of closes gives VXUS a trailing return.
    expect(typeof vxus?.potentialReturn).toBe('number');
    const confidences = suggestions.map((s) => s.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));

    const first = ZSuggestionList.parse((await list(user)).json());
    expect(first.map((s) => s.id)).toEqual(suggestions.map((s) => s.id));
    expect(first.every((s) => s.isNew)).toBe(true);
    const second = ZSuggestionList.parse((await list(user)).json());
    expect(second.every((s) => !s.isNew)).toBe(true);

    // Dismissed: gone. Executed: kept, marked. A new generation replaces the open ones only.
    const [one, two] = second;
    expect((await patch(user, one!.id, 'dismiss')).statusCode).toBe(204);
    expect((await patch(user, two!.id, 'execute')).statusCode).toBe(204);
    const after = ZSuggestionList.parse((await list(user)).json());
    expect(after.map((s) => s.id)).not.toContain(one!.id);
    expect(after.find((s) => s.id === two!.id)?.status).toBe('executed');

    clock = new Date(clock.getTime() + 60_000);
    const again = ZGenerateSuggestionsResponse.parse((await generate(user, { portfolio: PORTFOLIO })).json());
    const listed = ZSuggestionList.parse((await list(user)).json());
    expect(listed.map((s) => s.id)).toEqual([...again.suggestions.map((s) => s.id), two!.id]);
  });

  it('another user’s suggestion or id is a 404', async () => {
    const [owner, other] = await Promise.all([
      signUpUser(t.app, { plan: 'premium' }),
      signUpUser(t.app, { plan: 'professional' }),
    ]);
    const { suggestions } = ZGenerateSuggestionsResponse.parse(
      (await generate(owner, { portfolio: PORTFOLIO })).json(),
    );
    const id = suggestions[0]!.id;
    for (const action of ['dismiss', 'execute'] as const) {
      expectError(await patch(other, id, action), 404, 'NOT_FOUND', SUGGESTION_NOT_FOUND_MESSAGE);
      expectError(await patch(other, 'not-a-uuid', action), 404, 'NOT_FOUND', SUGGESTION_NOT_FOUND_MESSAGE);
    }
    expect(ZSuggestionList.parse((await list(other)).json())).toEqual([]);
    expect(ZSuggestionList.parse((await list(owner)).json()).find((s) => s.id === id)?.status).toBe('open');
    expectError(
      await generate(other, { portfolio: PORTFOLIO, userId: owner.id }),
      404,
      'NOT_FOUND',
      'User not found',
    );
    expect((await generate(owner, { portfolio: PORTFOLIO, userId: owner.id })).statusCode).toBe(200);
  });
});

describe('daily limit', () => {
  it(`allows ${DAILY_SUGGESTION_GENERATIONS} generations per user and UTC day`, async () => {
    clock = new Date('2026-03-05T23:00:00Z');
    const [user, other] = await Promise.all([
      signUpUser(t.app, { plan: 'premium' }),
      signUpUser(t.app, { plan: 'premium' }),
    ]);
    for (let i = 0; i < DAILY_SUGGESTION_GENERATIONS; i++) {
      const res = await generate(user, { portfolio: { BND: 10 } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await generate(user, { portfolio: { BND: 10 } });
    expectError(refused, 429, 'RATE_LIMITED', SUGGESTION_LIMIT_MESSAGE);
    // 23:00 UTC: an hour until the generations come back.
    expect(refused.headers['retry-after']).toBe('3600');
    expect((await generate(other, { portfolio: { BND: 10 } })).statusCode).toBe(200);
    clock = new Date('2026-03-06T00:00:01Z');
    expect((await generate(user, { portfolio: { BND: 10 } })).statusCode).toBe(200);
  });
});

describe('reasoning from the configured model', () => {
  const items = (request: ChatRequestBody) =>
    (factsOf(request) as { suggestions: { draftReasoning: string; actionText: string }[] }).suggestions;

  it('uses the model’s words when every number is a fact of the suggestion', async () => {
    const user = await signUpUser(withModel.app, { plan: 'premium' });
    fake.replyJson((request) => ({
      reasonings: items(request).map((s) => `In plain words: ${s.actionText}. ${s.draftReasoning}`),
    }));
    const { suggestions } = ZGenerateSuggestionsResponse.parse(
      (await generate(user, { portfolio: PORTFOLIO }, withModel)).json(),
    );
    expect(suggestions.every((s) => s.reasoningSource === 'model')).toBe(true);
    expect(suggestions[0]?.reasoning).toMatch(/^In plain words: /);
    const request = fake.requests.at(-1)?.body;
    expect(request?.response_format?.json_schema?.name).toBe('trading_suggestion_reasoning');
  });

  it.each([
    [
      'an invented number',
      (f: FakeOpenAiServer) =>
        f.replyJson((request) => ({
          reasonings: items(request).map((s, i) => (i === 0 ? 'Expect a 987654.3% gain.' : s.draftReasoning)),
        })),
    ],
    ['a wrong count', (f: FakeOpenAiServer) => f.replyJson({ reasonings: ['Only one.'] })],
    ['no answer before the timeout', (f: FakeOpenAiServer) => f.replyNever()],
    ['an error', (f: FakeOpenAiServer) => f.replyError(500, 'boom', 'server_error')],
  ])('falls back to the templates on %s', async (_, answer) => {
    const user = await signUpUser(withModel.app, { plan: 'premium' });
    answer(fake);
    const res = await generate(user, { portfolio: PORTFOLIO }, withModel);
    expect(res.statusCode, res.body).toBe(200);
    const { suggestions } = ZGenerateSuggestionsResponse.parse(res.json());
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.every((s) => s.reasoningSource === 'rules')).toBe(true);
    expect(suggestions.some((s) => s.reasoning.includes('987654'))).toBe(false);
  });
});
