import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { computePortfolioAnalytics, formatMoney, formatPercent, type Bar } from '../../../domain/analytics';
import { createOpenAiAnalysisWriter } from './openai';
import {
  FAKE_OPENAI_KEY,
  FAKE_OPENAI_MODEL,
  factsOf,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from './testing/fake-openai-server';
import { LlmUnavailableError, type LlmFailureReason } from './types';
import { addDays } from '../../../domain/calendar';

/** Deterministic closes: a gentle zig-zag per symbol. */
function bars(start: number, step: number, days = 60): Bar[] {
  return Array.from({ length: days }, (_, i) => ({
    date: addDays('2025-01-01', i),
    close: start + (i % 2 === 0 ? step : -step) + i * 0.1,
  }));
}

const facts = computePortfolioAnalytics({
  holdings: [
    { symbol: 'AAPL', quantity: 10, price: 200, change: 2 },
    { symbol: 'VTI', quantity: 5, price: 300, change: -1 },
    { symbol: 'BND', quantity: 20, price: 72, change: 0.1 },
  ],
  history: new Map([
    ['AAPL', bars(190, 3)],
    ['VTI', bars(290, 2)],
    ['BND', bars(71, 0.2)],
  ]),
  benchmark: bars(600, 4),
});

const goodWords = {
  overviewText: `This portfolio of 3 holdings is worth ${formatMoney(facts.valuation.totalValue)}.`,
  diversificationGaps: [],
  recommendations: [
    { title: 'Add international exposure', description: 'A fund such as VXUS adds companies abroad.' },
  ],
  insights: [`AAPL is ${formatPercent(facts.holdings[0]!.weight)} of the portfolio.`],
};

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.unhandled).toEqual([]);
  expect(fake.pending).toBe(0);
  fake.requests.length = 0;
});

const writer = (timeoutMs?: number) =>
  createOpenAiAnalysisWriter({
    config: { apiKey: FAKE_OPENAI_KEY, baseUrl: fake.baseUrl, model: FAKE_OPENAI_MODEL },
    timeoutMs,
  });

async function failure(promise: Promise<unknown>): Promise<LlmFailureReason> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmUnavailableError);
  return (error as LlmUnavailableError).reason;
}

describe('createOpenAiAnalysisWriter', () => {
  it('sends the facts with structured-output instructions and returns grounded words', async () => {
    fake.replyJson(goodWords);
    const words = await writer().writePortfolioAnalysis(facts);
    expect(words).toEqual(goodWords);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.headers.authorization).toBe(`Bearer ${FAKE_OPENAI_KEY}`);
    const body = request.body!;
    expect(body.model).toBe(FAKE_OPENAI_MODEL);
    expect(body.response_format?.type).toBe('json_schema');
    expect(body.response_format?.json_schema?.strict).toBe(true);
    expect(body.messages[0]?.role).toBe('system');
    expect(body.messages[0]?.content).toContain('Use ONLY numbers that appear in FACTS');
    const sent = factsOf(body) as { holdingCount: number; valuation: { totalValue: number } };
    expect(sent.holdingCount).toBe(3);
    expect(sent.valuation.totalValue).toBe(facts.valuation.totalValue);
  });

  it('is unavailable without an API key, and calls nobody', async () => {
    const none = createOpenAiAnalysisWriter({ config: { model: 'x', baseUrl: fake.baseUrl } });
    expect(none.isConfigured).toBe(false);
    expect(await failure(none.writePortfolioAnalysis(facts))).toBe('not_configured');
    expect(fake.requests).toHaveLength(0);
  });

  it('rejects an answer that is not JSON', async () => {
    fake.replyContent('Here is your analysis: the portfolio looks fine.');
    expect(await failure(writer().writePortfolioAnalysis(facts))).toBe('invalid_json');
  });

  it('rejects JSON that breaks the schema', async () => {
    fake.replyJson({ overviewText: 'Fine.', diversificationGaps: 'none', recommendations: [], insights: [] });
    expect(await failure(writer().writePortfolioAnalysis(facts))).toBe('schema_violation');
  });

  it('rejects a number that is not in the facts', async () => {
    fake.replyJson({ ...goodWords, insights: ['Your volatility is 42.7 %, which is high.'] });
    expect(await failure(writer().writePortfolioAnalysis(facts))).toBe('ungrounded_number');
  });

  it.each([
    [429, 'Rate limit reached for requests', 'requests', 'rate_limit_exceeded', 'rate_limited'],
    [500, 'The server had an error while processing your request.', 'server_error', null, 'http_error'],
    [401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key', 'http_error'],
  ] as const)(
    'maps HTTP %i to unavailable, without retrying',
    async (status, message, type, code, reason) => {
      fake.replyError(status, message, type, code);
      expect(await failure(writer().writePortfolioAnalysis(facts))).toBe(reason);
      expect(fake.requests).toHaveLength(1);
    },
  );

  it('gives up after its timeout when the model never answers', async () => {
    fake.replyNever();
    const started = Date.now();
    expect(await failure(writer(200).writePortfolioAnalysis(facts))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fake.requests).toHaveLength(1);
  });
});
