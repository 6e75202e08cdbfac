/**
 * /api/v1 across instances (decision 030): two apps, each with its own pool, listener and caches, on ONE
 * database. Each instance answers a token (with its owner's plan) and the saved portfolio from memory; a
 * revoke, a plan change or a portfolio write committed anywhere reaches every instance through the triggers of
 * migrations 0010 and 0020. `caughtUp()` waits for the notifications committed before it, so nothing here
 * depends on timing. The per-token limit is one count in the shared store, whichever instance answers.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { subscriptionRequiredMessage } from '../../../contracts/accounts';
import { API_TOKEN_MESSAGES, ZCreatedApiTokenResponse } from '../../../contracts/api-tokens';
import { useTwoAppInstances } from '../../testing/app-instances';
import { expectError, injectAs, signUpUser } from '../../testing/users';
import { ApiTokenCache, authenticateApiToken } from '../../auth/api-tokens';

const REQUESTS_PER_MINUTE = 8;
const { A, B, apps, database, sql, everyInstanceCaughtUp, changeUnannounced } = useTwoAppInstances({
  API_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE),
});

async function professionalWithToken(portfolio: Record<string, number> = { AAPL: 10 }) {
  const user = await signUpUser(A(), { plan: 'professional' });
  const saved = await injectAs(user, A(), { method: 'PUT', url: '/api/portfolio', payload: { portfolio } });
  expect(saved.statusCode, saved.body).toBe(200);
  const created = await injectAs(user, A(), {
    method: 'POST',
    url: '/api/api-tokens',
    payload: { name: 'Script', scopes: ['read:portfolio'] },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { user, ...ZCreatedApiTokenResponse.parse(created.json()) };
}

const read = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/portfolio', headers: { authorization: `Bearer ${token}` } });

async function holdingsOn(app: FastifyInstance, token: string) {
  const res = await read(app, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ portfolio: Record<string, number> }>().portfolio;
}

describe('API tokens cached per instance, invalidated through the database', () => {
  it('answers a cached token and portfolio from memory on both instances', async () => {
    const { id, token } = await professionalWithToken();
    for (const app of apps()) expect(await holdingsOn(app, token)).toEqual({ AAPL: 10 });
    // Unannounced, the deleted token and the changed portfolio are not seen: the answers come from memory.
    await changeUnannounced(
      `update saved_portfolio set holdings = '{"MSFT": 1}' where user_id = (
      select user_id from api_token where id = $1)`,
      [id],
    );
    await changeUnannounced('delete from api_token where id = $1', [id]);
    for (const app of apps()) expect(await holdingsOn(app, token)).toEqual({ AAPL: 10 });
  });

  it('a token revoked on one instance is refused on the other', async () => {
    const { user, id, token } = await professionalWithToken();
    for (const app of apps()) expect((await read(app, token)).statusCode).toBe(200);
    const revoked = await injectAs(user, A(), { method: 'DELETE', url: `/api/api-tokens/${id}` });
    expect(revoked.statusCode).toBe(204);
    // The revoking instance drops it before answering; the other once the notification arrives.
    expectError(await read(A(), token), 401, 'UNAUTHENTICATED', API_TOKEN_MESSAGES.invalidToken);
    await everyInstanceCaughtUp();
    expectError(await read(B(), token), 401, 'UNAUTHENTICATED', API_TOKEN_MESSAGES.invalidToken);
  });

  it('a plan downgrade in plain SQL stops the token on every instance, and an upgrade brings it back', async () => {
    const { user, token } = await professionalWithToken();
    for (const app of apps()) expect((await read(app, token)).statusCode).toBe(200);
    await sql(`update "user" set plan = 'premium' where id = $1`, [user.id]);
    await everyInstanceCaughtUp();
    for (const app of apps()) {
      expectError(
        await read(app, token),
        403,
        'SUBSCRIPTION_REQUIRED',
        subscriptionRequiredMessage(['professional']),
      );
    }
    await sql(`update "user" set plan = 'professional' where id = $1`, [user.id]);
    await everyInstanceCaughtUp();
    for (const app of apps()) expect((await read(app, token)).statusCode).toBe(200);
  });

  it('deleting the account stops its token on every instance', async () => {
    const { user, token } = await professionalWithToken();
    for (const app of apps()) expect((await read(app, token)).statusCode).toBe(200);
    await sql('delete from "user" where id = $1', [user.id]);
    await everyInstanceCaughtUp();
    for (const app of apps()) expectError(await read(app, token), 401, 'UNAUTHENTICATED');
  });

  it('a portfolio saved on one instance is read on the other', async () => {
    const { user, token } = await professionalWithToken({ AAPL: 10 });
    for (const app of apps()) expect(await holdingsOn(app, token)).toEqual({ AAPL: 10 });
    const saved = await injectAs(user, A(), {
      method: 'PUT',
      url: '/api/portfolio',
      payload: { portfolio: { VTI: 3 } },
    });
    expect(saved.statusCode).toBe(200);
    expect(await holdingsOn(A(), token)).toEqual({ VTI: 3 });
    await everyInstanceCaughtUp();
    expect(await holdingsOn(B(), token)).toEqual({ VTI: 3 });
  });

  it('losing the listener empties the caches: a change made meanwhile is seen', async () => {
    const { id, token } = await professionalWithToken();
    expect((await read(B(), token)).statusCode).toBe(200);
    const { tokens } = B().services.apiV1;
    tokens.setActive(false);
    await changeUnannounced('delete from api_token where id = $1', [id]);
    tokens.setActive(true);
    expectError(await read(B(), token), 401, 'UNAUTHENTICATED');
  });
});

describe('the per-token limit across instances', () => {
  it('counts one limit whichever instance answers, with exact RateLimit-Remaining', async () => {
    const { token } = await professionalWithToken();
    for (let i = 1; i <= REQUESTS_PER_MINUTE; i++) {
      const res = await read(i % 2 === 0 ? A() : B(), token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-remaining']).toBe(String(REQUESTS_PER_MINUTE - i));
    }
    for (const app of apps()) expectError(await read(app, token), 429, 'RATE_LIMITED');
  });

  it('admits exactly the limit of a burst sent to both instances at once, each request its own count', async () => {
    const { token } = await professionalWithToken();
    const answers = await Promise.all(
      Array.from({ length: 3 * REQUESTS_PER_MINUTE }, (_, i) => read(i % 2 === 0 ? A() : B(), token)),
    );
    const admitted = answers.filter((res) => res.statusCode === 200);
    expect(admitted).toHaveLength(REQUESTS_PER_MINUTE);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(2 * REQUESTS_PER_MINUTE);
    const remaining = admitted.map((res) => Number(res.headers['ratelimit-remaining'])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: REQUESTS_PER_MINUTE }, (_, i) => i));
  });
});

describe('last use of a cached token', () => {
  it('is written on first use and once a minute after, served from the cache or not', async () => {
    const { id, token } = await professionalWithToken();
    const db = database().db;
    const cache = new ApiTokenCache(10 * 60_000);
    cache.setActive(true);
    const T0 = new Date(Date.UTC(2026, 10, 24, 12, 0, 0));
    const at = (ms: number) => new Date(T0.getTime() + ms);
    const lastUsed = async () =>
      (
        (await sql('select last_used_at from api_token where id = $1', [id])).rows[0] as {
          last_used_at: Date;
        }
      ).last_used_at;
    expect(await authenticateApiToken({ db, cache, token, now: T0 })).toBeDefined();
    expect(await lastUsed()).toEqual(T0);
    expect(await authenticateApiToken({ db, cache, token, now: at(59_000) })).toBeDefined();
    expect(await lastUsed()).toEqual(T0);
    expect(await authenticateApiToken({ db, cache, token, now: at(61_000) })).toBeDefined();
    expect(await lastUsed()).toEqual(at(61_000));
  });
});
