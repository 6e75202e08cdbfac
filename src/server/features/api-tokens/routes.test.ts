import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionRequiredMessage } from '../../../contracts/accounts';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PATTERN,
  MAX_API_TOKENS,
  ZApiTokenListResponse,
  ZCreatedApiTokenResponse,
} from '../../../contracts/api-tokens';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function create(who: TestUser | undefined, payload: unknown) {
  return injectAs(who, t.app, {
    method: 'POST',
    url: '/api/api-tokens',
    payload: payload as Record<string, unknown>,
  });
}

describe('/api/api-tokens', () => {
  it('creates a token shown once, stores only its SHA-256, lists it newest first and revokes it', async () => {
    const pro = await signUpUser(t.app, { plan: 'professional' });
    const res = await create(pro, { name: '  Spreadsheet  ', scopes: ['read:analysis', 'read:portfolio'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = ZCreatedApiTokenResponse.parse(res.json());
    expect(created.token).toMatch(API_TOKEN_PATTERN);
    expect(created).toMatchObject({
      name: 'Spreadsheet',
      scopes: ['read:portfolio', 'read:analysis'],
      last4: created.token.slice(-4),
      lastUsedAt: null,
    });

    const { rows } = await t.deps.database.pool.query<{ token_hash: string }>(
      'select token_hash from api_token where id = $1',
      [created.id],
    );
    const { createHash } = await import('node:crypto');
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(created.token);

    const second = ZCreatedApiTokenResponse.parse(
      (await create(pro, { name: 'CI', scopes: ['read:portfolio'] })).json(),
    );
    const list = await injectAs(pro, t.app, { method: 'GET', url: '/api/api-tokens' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    const { tokens } = ZApiTokenListResponse.parse(list.json());
    expect(tokens.map((x) => x.id)).toEqual([second.id, created.id]);
    expect(Object.keys(tokens[0] ?? {})).not.toContain('token');

    const revoked = await injectAs(pro, t.app, { method: 'DELETE', url: `/api/api-tokens/${created.id}` });
    expect(revoked.statusCode).toBe(204);
    const again = await injectAs(pro, t.app, { method: 'DELETE', url: `/api/api-tokens/${created.id}` });
    expectError(again, 404, 'NOT_FOUND', API_TOKEN_MESSAGES.notFound);
    const after = ZApiTokenListResponse.parse(
      (await injectAs(pro, t.app, { method: 'GET', url: '/api/api-tokens' })).json(),
    );
    expect(after.tokens.map((x) => x.id)).toEqual([second.id]);
  });

  it('answers 400 with the message for a missing name, a long name, no scope or an unknown scope', async () => {
    const pro = await signUpUser(t.app, { plan: 'professional' });
    expectError(
      await create(pro, { name: ' ', scopes: ['read:portfolio'] }),
      400,
      'VALIDATION_ERROR',
      API_TOKEN_MESSAGES.nameRequired,
    );
    expectError(
      await create(pro, { name: 'x'.repeat(61), scopes: ['read:portfolio'] }),
      400,
      'VALIDATION_ERROR',
      API_TOKEN_MESSAGES.nameTooLong,
    );
    expectError(
      await create(pro, { name: 'A', scopes: [] }),
      400,
      'VALIDATION_ERROR',
      API_TOKEN_MESSAGES.scopesRequired,
    );
    expectError(await create(pro, { name: 'A', scopes: ['write:all'] }), 400, 'VALIDATION_ERROR');
  });

  it('is Professional only: 401 for a visitor, 403 SUBSCRIPTION_REQUIRED naming Professional for Free and Premium', async () => {
    const message = subscriptionRequiredMessage(['professional']);
    expect(message).toContain('Professional');
    expectError(
      await injectAs(undefined, t.app, { method: 'GET', url: '/api/api-tokens' }),
      401,
      'UNAUTHENTICATED',
    );
    for (const plan of ['free', 'premium'] as const) {
      const user = await signUpUser(t.app, { plan });
      expectError(
        await injectAs(user, t.app, { method: 'GET', url: '/api/api-tokens' }),
        403,
        'SUBSCRIPTION_REQUIRED',
        message,
      );
      expectError(
        await create(user, { name: 'A', scopes: ['read:portfolio'] }),
        403,
        'SUBSCRIPTION_REQUIRED',
        message,
      );
    }
  });

  it("cannot revoke another user's token, and takes no API token as a session", async () => {
    const owner = await signUpUser(t.app, { plan: 'professional' });
    const other = await signUpUser(t.app, { plan: 'professional' });
    const created = ZCreatedApiTokenResponse.parse(
      (await create(owner, { name: 'Mine', scopes: ['read:portfolio'] })).json(),
    );
    expectError(
      await injectAs(other, t.app, { method: 'DELETE', url: `/api/api-tokens/${created.id}` }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await injectAs(other, t.app, { method: 'DELETE', url: '/api/api-tokens/not-a-uuid' }),
      404,
      'NOT_FOUND',
    );
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/api/api-tokens',
      headers: { authorization: `Bearer ${created.token}` },
    });
    expectError(withToken, 401, 'UNAUTHENTICATED');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${created.token}` },
    });
    expect(me.json()).toMatchObject({ user: null });
  });

  it(`refuses a token beyond ${MAX_API_TOKENS} per user with 409`, async () => {
    const pro = await signUpUser(t.app, { plan: 'professional' });
    await t.deps.database.pool.query(
      `insert into api_token (user_id, name, token_hash, last4, scopes)
       select $1, 'n' || i, md5(random()::text) || i, 'abcd', '{read:portfolio}' from generate_series(1, $2::int) i`,
      [pro.id, MAX_API_TOKENS],
    );
    expectError(
      await create(pro, { name: 'One more', scopes: ['read:portfolio'] }),
      409,
      'CONFLICT',
      API_TOKEN_MESSAGES.tooMany,
    );
  });
});
