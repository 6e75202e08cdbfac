/**
 * The OpenAPI document of /api/v1 against the running API: a client typed by the types generated from the
 * document (openapi-fetch) reads real answers, and every response the document describes, with its status, its
 * error codes and its rate-limit headers, is what real requests over HTTP get.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ZCreatedApiTokenResponse, type ApiTokenScope } from '../../../contracts/api-tokens';
import {
  API_V1_ENDPOINTS,
  API_V1_NO_PORTFOLIO_MESSAGE,
  ZApiV1ActivitiesResponse,
  ZApiV1AnalysisResponse,
  ZApiV1HoldingsResponse,
  ZApiV1PaperPortfoliosResponse,
  ZApiV1PortfolioResponse,
  ZApiV1ValuationResponse,
  type ApiV1ActivitiesResponse,
  type ApiV1HoldingsResponse,
  type ApiV1PaperPortfoliosResponse,
  type ApiV1ValuationResponse,
} from '../../../contracts/api-v1';
import type { components, paths } from '../../../contracts/api-v1-openapi-types';
import { SERVER_ERROR_CODES, ZServerErrorBody } from '../../../contracts/errors';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { injectAs, signUpUser, type TestUser } from '../../testing/users';

const REQUESTS_PER_MINUTE = 5;
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ env: { API_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function tokenOf(user: TestUser, scopes: ApiTokenScope[] = ['read:portfolio', 'read:analysis']) {
  const res = await injectAs(user, t.app, {
    method: 'POST',
    url: '/api/api-tokens',
    payload: { name: 'OpenAPI', scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZCreatedApiTokenResponse.parse(res.json()).token;
}

async function professional(portfolio: Record<string, number> = { AAPL: 10, VTI: 5 }) {
  const user = await signUpUser(t.app, { plan: 'professional' });
  const saved = await injectAs(user, t.app, { method: 'PUT', url: '/api/portfolio', payload: { portfolio } });
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

async function setPlan(user: TestUser, plan: string) {
  await t.deps.database.pool.query('update "user" set plan = $1 where id = $2', [plan, user.id]);
  await t.services.sessions.listener.caughtUp(); // the cached token learns it from the notification
}

describe('a client generated from the document', () => {
  it('reads every operation of the running API, typed as the document says', async () => {
    const user = await professional();
    const paper = await injectAs(user, t.app, {
      method: 'POST',
      url: '/api/paper-trading/portfolio',
      payload: { name: 'Practice', initialBalance: 10000 },
    });
    expect(paper.statusCode, paper.body).toBe(201);
    const client = createClient<paths>({
      baseUrl,
      headers: { Authorization: `Bearer ${await tokenOf(user)}` },
    });

    const portfolio = await client.GET('/api/v1/portfolio');
    expect(portfolio.response.status).toBe(200);
    expect(portfolio.data?.portfolio).toEqual({ AAPL: 10, VTI: 5 });
    expect(ZApiV1PortfolioResponse.parse(portfolio.data).updatedAt).not.toBeNull();

    const valuation = await client.GET('/api/v1/valuation');
    expectTypeOf(valuation.data).toExtend<ApiV1ValuationResponse | undefined>();
    const valued = ZApiV1ValuationResponse.parse(valuation.data);
    expect(Object.keys(valued.valuation.holdings).sort()).toEqual(['AAPL', 'VTI']);
    expect(valued.valuation.isSimulated).toBe(true);
    expect(valued.valuation.totalCurrentValue).toBeGreaterThan(0);

    const analysis = await client.GET('/api/v1/analysis');
    expect(ZApiV1AnalysisResponse.parse(analysis.data).wordsSource).toBe('rules');
    expect(analysis.data?.portfolioSummary.holdingCount).toBe(2);

    const papers = await client.GET('/api/v1/paper-portfolios');
    expectTypeOf(papers.data).toExtend<ApiV1PaperPortfoliosResponse | undefined>();
    const [practice] = ZApiV1PaperPortfoliosResponse.parse(papers.data).portfolios;
    expect(practice).toMatchObject({ name: 'Practice', userId: user.id, initialBalance: '10000.00' });

    // A second token: this one has used its REQUESTS_PER_MINUTE.
    const ledgerClient = createClient<paths>({
      baseUrl,
      headers: { Authorization: `Bearer ${await tokenOf(user)}` },
    });
    const paperKey = `paper:${practice?.id}`;
    const activities = await ledgerClient.GET('/api/v1/activities', {
      params: { query: { portfolio: paperKey, type: 'deposit' } },
    });
    expectTypeOf(activities.data).toExtend<ApiV1ActivitiesResponse | undefined>();
    expect(ZApiV1ActivitiesResponse.parse(activities.data).activities).toMatchObject([
      { portfolio: paperKey, type: 'deposit', amount: 10000, source: { kind: 'paper' } },
    ]);
    const holdings = await ledgerClient.GET('/api/v1/holdings', { params: { query: { portfolio: 'me' } } });
    expectTypeOf(holdings.data).toExtend<ApiV1HoldingsResponse | undefined>();
    expect(ZApiV1HoldingsResponse.parse(holdings.data).holdings.map((h) => [h.symbol, h.quantity])).toEqual([
      ['AAPL', 10],
      ['VTI', 5],
    ]);

    const document = await createClient<paths>({ baseUrl }).GET('/api/v1/openapi.json');
    expect(document.response.status).toBe(200);
    expect(document.data).toMatchObject({ openapi: '3.1.0', servers: [{ url: t.deps.config.publicUrl }] });
  });

  it('gets the error answers as typed, with the codes of the enum', async () => {
    const empty = await professional({});
    const client = createClient<paths>({
      baseUrl,
      headers: { Authorization: `Bearer ${await tokenOf(empty)}` },
    });
    const analysis = await client.GET('/api/v1/analysis');
    expect(analysis.response.status).toBe(404);
    expectTypeOf(analysis.error).toEqualTypeOf<components['schemas']['Error'] | undefined>();
    expect(analysis.error?.error).toEqual({ code: 'NOT_FOUND', message: API_V1_NO_PORTFOLIO_MESSAGE });

    const anonymous = await createClient<paths>({ baseUrl }).GET('/api/v1/portfolio');
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error?.error.code).toBe('UNAUTHENTICATED');
    expectTypeOf<components['schemas']['Error']['error']['code']>().toEqualTypeOf<
      (typeof SERVER_ERROR_CODES)[number]
    >();
  });
});

/** The answer of one request, as the headers test compares it with the document. */
interface Answer {
  path: string;
  status: number;
  code: string | undefined;
  headers: Headers;
}

const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'] as const;

/** The parts of the document the comparison reads. */
const ZDocument = z.object({
  paths: z.record(
    z.string(),
    z.object({
      get: z.object({
        responses: z.record(
          z.string(),
          z.object({
            description: z.string(),
            headers: z
              .record(z.string(), z.object({ description: z.string(), required: z.boolean() }))
              .optional(),
          }),
        ),
      }),
    }),
  ),
});

async function answerOf(path: string, token?: string, query = ''): Promise<Answer> {
  const res = await fetch(`${baseUrl}/api/v1${path}${query}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  const body: unknown = await res.json();
  return {
    path,
    status: res.status,
    code: res.ok ? undefined : ZServerErrorBody.parse(body).error.code,
    headers: res.headers,
  };
}

/** A history for the saved portfolio, and a client whose history is in SEK (no rates): the client's key. */
async function historyOf(user: TestUser): Promise<string> {
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await injectAs(user, t.app, { method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ client?: { id: string } }>();
  };
  const buy = { type: 'buy', symbol: 'AAPL', quantity: 1, price: 150, date: '2024-01-03', currency: 'USD' };
  await post('/api/activities', { portfolio: 'me', ...buy });
  const { client } = await post('/api/clients', { name: 'Sven', holdings: {} });
  const key = `client:${client?.id}`;
  await post('/api/activities', {
    portfolio: key,
    type: 'deposit',
    amount: 100,
    currency: 'SEK',
    date: '2024-01-03',
  });
  return key;
}

/** Each response each route can give, got by real requests: success, each refusal of the guard, 404 and 429. */
async function answersOfEveryRoute(): Promise<Answer[]> {
  const answers: Answer[] = [];
  const owner = await professional();
  const leftThePlan = await professional();
  const leftThePlanToken = await tokenOf(leftThePlan);
  await setPlan(leftThePlan, 'premium');
  const empty = await professional({});
  // The returns need a history; a client's in a currency nobody has rates for has none to give.
  const sekClient = await historyOf(owner);
  // Refused for its scope before anything is read: another user's tokens (the owner's hourly token creations are spent).
  const scoped = await professional();

  answers.push(await answerOf('/openapi.json'), await answerOf('/openapi.json', undefined, '?q=%FF'));
  for (const { path, scope, query } of API_V1_ENDPOINTS) {
    const token = await tokenOf(owner);
    if (query) {
      // A read of one portfolio: a parameter that is not valid, a portfolio that is not the owner's.
      answers.push(
        await answerOf(path, token, '?portfolio=someone'),
        await answerOf(path, token, `?portfolio=account:${randomUUID()}`),
      );
    }
    if (path === '/performance') {
      answers.push(
        await answerOf(path, token, '?from=2024-02-01&to=2024-01-01'),
        await answerOf(path, token, '?from=1990-01-01&to=1990-01-02'),
        await answerOf(path, await tokenOf(owner), `?portfolio=${sekClient}`),
      );
    }
    answers.push(
      await answerOf(path, token),
      await answerOf(path, token, '?q=%FF'),
      await answerOf(path),
      await answerOf(path, 'not-a-token'),
      await answerOf(path, leftThePlanToken),
      await answerOf(
        path,
        await tokenOf(scoped, scope === 'read:portfolio' ? ['read:analysis'] : ['read:portfolio']),
      ),
      await answerOf(path, await tokenOf(empty)),
    );
    const busy = await tokenOf(owner);
    for (let i = 0; i < REQUESTS_PER_MINUTE; i++) {
      expect((await answerOf(path, busy)).status).toBe(200);
    }
    answers.push(await answerOf(path, busy));
  }
  return answers;
}

/** The codes a response's description names (`CODE: when ...`). */
function codesNamedIn(description: string): string[] {
  return [...description.matchAll(/\b([A-Z][A-Z_]+):/g)].map((match) => match[1] ?? '');
}

describe('the responses of the document', () => {
  it('are exactly those real requests get: statuses, error codes, and which answers carry which headers', async () => {
    const res = await fetch(`${baseUrl}/api/v1/openapi.json`);
    const document = ZDocument.parse(await res.json());
    const answers = await answersOfEveryRoute();

    const byResponse = new Map<string, Answer[]>();
    for (const answer of answers) {
      const key = `${answer.path} ${answer.status}`;
      byResponse.set(key, [...(byResponse.get(key) ?? []), answer]);
    }
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item.get.responses).map((status) => `${path.replace('/api/v1', '')} ${status}`),
    );
    // Every status the document gives a route is answered by it, and every answer is in the document.
    expect([...byResponse.keys()].sort()).toEqual(documented.sort());

    for (const [key, ofResponse] of byResponse) {
      const [path = '', status = ''] = key.split(' ');
      const response = document.paths[`/api/v1${path}`]?.get.responses[status];
      if (!response) throw new Error(`${key} is not in the document`);
      const codes = [
        ...new Set(ofResponse.map((answer) => answer.code).filter((code) => code !== undefined)),
      ];
      expect(codesNamedIn(response.description).sort(), key).toEqual(codes.sort());
      for (const code of codes) expect(SERVER_ERROR_CODES).toContain(code);

      for (const header of RATE_HEADERS) {
        const promised = response.headers?.[header];
        const carrying = ofResponse.filter((answer) => answer.headers.has(header));
        const context = `${header} on ${key}`;
        if (!promised) {
          expect(carrying, context).toEqual([]);
        } else if (promised.required) {
          expect(carrying.length, context).toBe(ofResponse.length);
        } else {
          // Optional: some answers of the status carry it, the others not, and the description names which.
          expect(carrying.length, context).toBeGreaterThan(0);
          expect(carrying.length, context).toBeLessThan(ofResponse.length);
          const only = /Only with ([A-Z_, ]+)\./.exec(promised.description)?.[1]?.split(', ');
          expect(only, context).toEqual([...new Set(carrying.map((answer) => answer.code))]);
        }
        for (const answer of carrying)
          expect(Number(answer.headers.get(header)), context).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
