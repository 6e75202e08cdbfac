import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionRequiredMessage } from '../../../contracts/accounts';
import { ZAnalyzeResponse, ZSavedPortfolioResponse } from '../../../contracts/analysis';
import {
  API_TOKEN_MESSAGES,
  missingScopeMessage,
  ZCreatedApiTokenResponse,
  type ApiTokenScope,
} from '../../../contracts/api-tokens';
import {
  API_V1_ENDPOINTS,
  API_V1_NO_PORTFOLIO_MESSAGE,
  ZApiV1PaperPortfoliosResponse,
  ZApiV1ValuationResponse,
} from '../../../contracts/api-v1';
import { COMPRESSION_THRESHOLD_BYTES } from '../../http/api-compression';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

const REQUESTS_PER_MINUTE = 5;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { API_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE) } });
});
afterAll(() => t.close());

async function tokenOf(user: TestUser, scopes: ApiTokenScope[] = ['read:portfolio', 'read:analysis']) {
  const res = await injectAs(user, t.app, {
    method: 'POST',
    url: '/api/api-tokens',
    payload: { name: 'Test', scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ZCreatedApiTokenResponse.parse(res.json());
}

function read(path: string, token?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1${path}`,
    headers: { ...headers, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
  });
}

async function professionalWithPortfolio() {
  const user = await signUpUser(t.app, { plan: 'professional' });
  const saved = await injectAs(user, t.app, {
    method: 'PUT',
    url: '/api/portfolio',
    payload: { portfolio: { AAPL: 10, VTI: 5 } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return user;
}

describe('/api/v1 with a token', () => {
  it('reads the saved portfolio, its valuation, the rules analysis and the paper portfolios', async () => {
    const user = await professionalWithPortfolio();
    const paper = await injectAs(user, t.app, {
      method: 'POST',
      url: '/api/paper-trading/portfolio',
      payload: { name: 'Practice', initialBalance: 10000 },
    });
    expect(paper.statusCode, paper.body).toBe(201);
    const { token } = await tokenOf(user);

    const portfolio = await read('/portfolio', token);
    expect(portfolio.statusCode, portfolio.body).toBe(200);
    expect(ZSavedPortfolioResponse.parse(portfolio.json()).portfolio).toEqual({ AAPL: 10, VTI: 5 });

    const valuation = ZApiV1ValuationResponse.parse((await read('/valuation', token)).json());
    expect(Object.keys(valuation.valuation.holdings).sort()).toEqual(['AAPL', 'VTI']);
    expect(valuation.valuation.isSimulated).toBe(true);
    const pageValuation = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/valuation',
      payload: { portfolio: { AAPL: 10, VTI: 5 } },
    });
    expect(valuation.valuation.totalCurrentValue).toBeCloseTo(
      pageValuation.json<{ valuation: { totalCurrentValue: number } }>().valuation.totalCurrentValue,
      6,
    );
    expect(valuation.valuation.totalCurrentValue).toBeGreaterThan(0);

    const analysis = ZAnalyzeResponse.parse((await read('/analysis', token)).json());
    expect(analysis.wordsSource).toBe('rules');
    expect(analysis.isDemoMode).toBe(false);
    expect(analysis.portfolioSummary.holdingCount).toBe(2);
    const { rows: usage } = await t.deps.database.pool.query('select * from analysis_usage');
    expect(usage).toEqual([]);

    const papers = ZApiV1PaperPortfoliosResponse.parse((await read('/paper-portfolios', token)).json());
    expect(papers.portfolios.map((p) => [p.name, p.userId])).toEqual([['Practice', user.id]]);
  });

  it('answers an empty portfolio and valuation, and 404 for the analysis of nothing', async () => {
    const user = await signUpUser(t.app, { plan: 'professional' });
    const { token } = await tokenOf(user);
    expect((await read('/portfolio', token)).json()).toEqual({ portfolio: {}, updatedAt: null });
    const valuation = ZApiV1ValuationResponse.parse((await read('/valuation', token)).json());
    expect(valuation.valuation.totalCurrentValue).toBe(0);
    expectError(await read('/analysis', token), 404, 'NOT_FOUND', API_V1_NO_PORTFOLIO_MESSAGE);
    expect(ZApiV1PaperPortfoliosResponse.parse((await read('/paper-portfolios', token)).json())).toEqual({
      portfolios: [],
    });
  });

  it('compresses a large portfolio as the client accepts (brotli, gzip), a small one never', async () => {
    const user = await signUpUser(t.app, { plan: 'professional' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const portfolio = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`${letters[Math.floor(i / 26)]}${letters[i % 26]}X`, i + 1]),
    );
    const saved = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/portfolio',
      payload: { portfolio },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { token } = await tokenOf(user);
    const plain = await read('/portfolio', token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES);
    expect(ZSavedPortfolioResponse.parse(plain.json()).portfolio).toEqual(portfolio);
    // Twice each: the second is the encoding kept with the cached portfolio.
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await read('/portfolio', token, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }

    const small = await professionalWithPortfolio();
    const { token: smallToken } = await tokenOf(small);
    const res = await read('/portfolio', smallToken, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.json()).toMatchObject({ portfolio: { AAPL: 10, VTI: 5 } });
  });

  it('sets last_used_at on first use and at most once a minute after', async () => {
    const user = await signUpUser(t.app, { plan: 'professional' });
    const created = await tokenOf(user);
    const lastUsed = async () =>
      (
        await t.deps.database.pool.query<{ last_used_at: Date | null }>(
          'select last_used_at from api_token where id = $1',
          [created.id],
        )
      ).rows[0]?.last_used_at;
    expect(await lastUsed()).toBeNull();
    await read('/portfolio', created.token);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await read('/portfolio', created.token);
    expect(await lastUsed()).toEqual(first);
    const list = await injectAs(user, t.app, { method: 'GET', url: '/api/api-tokens' });
    expect(list.json<{ tokens: { lastUsedAt: string | null }[] }>().tokens[0]?.lastUsedAt).not.toBeNull();
  });
});

describe('/api/v1 refuses every misuse', () => {
  it('401 without a token, with a malformed or unknown token, and with a session cookie only', async () => {
    const user = await professionalWithPortfolio();
    for (const endpoint of API_V1_ENDPOINTS) {
      expectError(await read(endpoint.path), 401, 'UNAUTHENTICATED', API_TOKEN_MESSAGES.tokenRequired);
    }
    expectError(
      await read('/portfolio', 'not-a-token'),
      401,
      'UNAUTHENTICATED',
      API_TOKEN_MESSAGES.invalidToken,
    );
    expectError(
      await read('/portfolio', `fw_${'A'.repeat(43)}`),
      401,
      'UNAUTHENTICATED',
      API_TOKEN_MESSAGES.invalidToken,
    );
    expectError(
      await read('/portfolio', undefined, { authorization: 'Basic dXNlcjpwYXNz' }),
      401,
      'UNAUTHENTICATED',
      API_TOKEN_MESSAGES.invalidToken,
    );
    const withCookie = await injectAs(user, t.app, { method: 'GET', url: '/api/v1/portfolio' });
    expectError(withCookie, 401, 'UNAUTHENTICATED', API_TOKEN_MESSAGES.tokenRequired);
    expect(withCookie.headers['set-cookie']).toBeUndefined();
  });

  it('401 at once for a revoked token', async () => {
    const user = await professionalWithPortfolio();
    const created = await tokenOf(user);
    expect((await read('/portfolio', created.token)).statusCode).toBe(200);
    const revoked = await injectAs(user, t.app, { method: 'DELETE', url: `/api/api-tokens/${created.id}` });
    expect(revoked.statusCode).toBe(204);
    expectError(
      await read('/portfolio', created.token),
      401,
      'UNAUTHENTICATED',
      API_TOKEN_MESSAGES.invalidToken,
    );
  });

  it('403 FORBIDDEN for a scope the token lacks', async () => {
    const user = await professionalWithPortfolio();
    const portfolioOnly = await tokenOf(user, ['read:portfolio']);
    expectError(
      await read('/analysis', portfolioOnly.token),
      403,
      'FORBIDDEN',
      missingScopeMessage('read:analysis'),
    );
    const analysisOnly = await tokenOf(user, ['read:analysis']);
    for (const path of ['/portfolio', '/valuation', '/paper-portfolios']) {
      expectError(
        await read(path, analysisOnly.token),
        403,
        'FORBIDDEN',
        missingScopeMessage('read:portfolio'),
      );
    }
    expect((await read('/analysis', analysisOnly.token)).statusCode).toBe(200);
  });

  it('403 SUBSCRIPTION_REQUIRED naming Professional once the owner left the plan, and back when they return', async () => {
    const user = await professionalWithPortfolio();
    const { token } = await tokenOf(user);
    const setPlan = (plan: string) =>
      t.deps.database.pool.query('update "user" set plan = $1 where id = $2', [plan, user.id]);
    for (const plan of ['premium', 'free']) {
      await setPlan(plan);
      await t.services.sessions.listener.caughtUp(); // the cached token learns it from the notification
      expectError(
        await read('/portfolio', token),
        403,
        'SUBSCRIPTION_REQUIRED',
        subscriptionRequiredMessage(['professional']),
      );
    }
    await setPlan('professional');
    await t.services.sessions.listener.caughtUp();
    expect((await read('/portfolio', token)).statusCode).toBe(200);
  });

  it("401 for a suspended owner's token, and back once the account is restored", async () => {
    const user = await professionalWithPortfolio();
    const { token } = await tokenOf(user);
    expect((await read('/portfolio', token)).statusCode).toBe(200); // now cached on this instance
    const setSuspended = (at: Date | null) =>
      t.deps.database.pool.query('update "user" set suspended_at = $1 where id = $2', [at, user.id]);
    await setSuspended(new Date());
    await t.services.sessions.listener.caughtUp();
    expectError(await read('/portfolio', token), 401, 'UNAUTHENTICATED', API_TOKEN_MESSAGES.invalidToken);
    await setSuspended(null);
    await t.services.sessions.listener.caughtUp();
    expect((await read('/portfolio', token)).statusCode).toBe(200);
  });

  it('counts requests per token with RateLimit-* headers and answers 429 past the limit', async () => {
    const user = await professionalWithPortfolio();
    const first = await tokenOf(user);
    const second = await tokenOf(user);
    for (let i = 1; i <= REQUESTS_PER_MINUTE; i++) {
      const res = await read('/portfolio', first.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe(String(REQUESTS_PER_MINUTE));
      expect(res.headers['ratelimit-remaining']).toBe(String(REQUESTS_PER_MINUTE - i));
      const reset = Number(res.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const limited = await read('/portfolio', first.token);
    const error = expectError(limited, 429, 'RATE_LIMITED');
    expect(error.message).toMatch(/^Too many requests for this API token\. Try again in \d+ seconds\.$/);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const other = await read('/portfolio', second.token);
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe(String(REQUESTS_PER_MINUTE - 1));
  });
});

describe('the demo plan switcher', () => {
  it('unlocks API access for a demo account, and switching back locks its token', async () => {
    const opened = await t.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: '10.77.0.1' });
    expect(opened.statusCode, opened.body).toBe(201);
    const cookie = opened.cookies.find((c) => c.name === 'fw_session');
    if (!cookie) throw new Error('no session cookie');
    const demo: TestUser = {
      id: opened.json<{ user: { id: string } }>().user.id,
      email: '',
      cookie: cookie.value,
    };
    const switchTo = async (plan: string) => {
      const res = await injectAs(demo, t.app, { method: 'PUT', url: '/api/demo/plan', payload: { plan } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const message = subscriptionRequiredMessage(['professional']);
    expectError(
      await injectAs(demo, t.app, { method: 'GET', url: '/api/api-tokens' }),
      403,
      'SUBSCRIPTION_REQUIRED',
      message,
    );

    await switchTo('professional');
    const { token } = await tokenOf(demo);
    const portfolio = await read('/portfolio', token);
    expect(portfolio.statusCode, portfolio.body).toBe(200);
    // The demo account comes with a sample portfolio and a paper portfolio.
    expect(Object.keys(ZSavedPortfolioResponse.parse(portfolio.json()).portfolio).length).toBeGreaterThan(0);
    expect(
      ZApiV1PaperPortfoliosResponse.parse((await read('/paper-portfolios', token)).json()).portfolios.length,
    ).toBeGreaterThan(0);

    await switchTo('premium');
    expectError(await read('/portfolio', token), 403, 'SUBSCRIPTION_REQUIRED', message);
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every v1 path with its scope, needing no token', async () => {
    const res = await read('/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.json<{
      openapi: string;
      info: { title: string; version: string };
      paths: Record<
        string,
        Record<string, { security: Record<string, string[]>[]; responses: Record<string, unknown> }>
      >;
      components: {
        securitySchemes: Record<string, { type: string; scheme: string }>;
        schemas: Record<string, unknown>;
      };
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Foliowise API');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths).sort()).toEqual(
      [...API_V1_ENDPOINTS.map((e) => `/api/v1${e.path}`), '/api/v1/openapi.json'].sort(),
    );
    // Every v1 route the app has is in the document.
    const routes = t.app.printRoutes({ commonPrefix: false });
    for (const path of Object.keys(doc.paths)) expect(routes).toContain(path.replace('/api/v1/', ''));
    for (const endpoint of API_V1_ENDPOINTS) {
      const get = doc.paths[`/api/v1${endpoint.path}`]?.get;
      expect(get?.security).toEqual([{ bearerAuth: [endpoint.scope] }]);
      expect(Object.keys(get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
    }
    // Every $ref resolves to a component schema.
    const refs = [...res.body.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(doc.components.schemas).toHaveProperty(name as string);
  });
});
