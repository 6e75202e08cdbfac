import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZAuthUserResponse, ZSessionResponse } from '../../contracts/accounts';
import { SIGNED_OUT, stubApi, testUser } from '../testing/stub-api';
import { configQueryKey } from './config';
import {
  readAuthUser,
  readSession,
  sessionQueryKey,
  sessionQueryOptions,
  setSessionUser,
  userHasSubscription,
} from './session';

const ADA = testUser({ plan: 'premium', subscriptionStatus: 'active' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readAuthUser', () => {
  it('rebuilds the user field by field, dropping anything the contract does not name', () => {
    expect(readAuthUser({ user: { ...ADA, passwordHash: 'x' } })).toEqual(ADA);
  });

  const bodies: [string, unknown][] = [
    ['a valid user', { user: ADA }],
    ['an admin on the free plan', { user: { ...ADA, role: 'admin', plan: 'free' } }],
    ['an unknown plan', { user: { ...ADA, plan: 'gold' } }],
    ['an unknown role', { user: { ...ADA, role: 'owner' } }],
    ['a missing e-mail', { user: { ...ADA, email: undefined } }],
    ['a numeric id', { user: { ...ADA, id: 7 } }],
    ['no user', {}],
    ['a null user', { user: null }],
    ['a string', 'user'],
    ['null', null],
  ];
  it.each(bodies)('accepts exactly what ZAuthUserResponse accepts: %s', (_name, body) => {
    const read = readAuthUser(body);
    const parsed = ZAuthUserResponse.safeParse(body);
    expect(read).toEqual(parsed.success ? parsed.data.user : null);
  });
});

describe('readSession', () => {
  const bodies: [string, unknown][] = [
    ['a valid user', { user: ADA }],
    ['a visitor', { user: null }],
    ['an unknown plan', { user: { ...ADA, plan: 'gold' } }],
    ['no user field', {}],
    ['an undefined user', { user: undefined }],
    ['a string user', { user: 'ada' }],
    ['null', null],
  ];
  it.each(bodies)('accepts exactly what ZSessionResponse accepts: %s', (_name, body) => {
    const parsed = ZSessionResponse.safeParse(body);
    expect(readSession(body)).toEqual(parsed.success ? { user: parsed.data.user } : null);
  });
});

describe('userHasSubscription', () => {
  it('is true for a paid plan, or for exactly the plan asked for', () => {
    expect(userHasSubscription(ADA)).toBe(true);
    expect(userHasSubscription({ ...ADA, plan: 'professional' })).toBe(true);
    expect(userHasSubscription({ ...ADA, plan: 'free' })).toBe(false);
    expect(userHasSubscription(ADA, 'premium')).toBe(true);
    expect(userHasSubscription(ADA, 'professional')).toBe(false);
    expect(userHasSubscription(null)).toBe(false);
    expect(userHasSubscription(undefined, 'free')).toBe(false);
  });
});

describe('sessionQueryOptions (GET /api/auth/me)', () => {
  it('answers the signed-in user', async () => {
    const api = stubApi({ 'GET /api/auth/me': { status: 200, body: { user: ADA } } });
    await expect(new QueryClient().fetchQuery(sessionQueryOptions)).resolves.toEqual(ADA);
    expect(api.unexpected).toEqual([]);
  });

  it('answers null for a visitor (200 with user null)', async () => {
    stubApi({ 'GET /api/auth/me': SIGNED_OUT });
    await expect(new QueryClient().fetchQuery(sessionQueryOptions)).resolves.toBeNull();
  });

  it('fails on a 401: the probe answers visitors with 200, so a 401 is an error', async () => {
    stubApi({
      'GET /api/auth/me': { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'x' } } },
    });
    await expect(new QueryClient().fetchQuery(sessionQueryOptions)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('fails with BAD_RESPONSE when the body is not a user', async () => {
    stubApi({ 'GET /api/auth/me': { status: 200, body: { user: { ...ADA, plan: 'gold' } } } });
    await expect(new QueryClient().fetchQuery(sessionQueryOptions)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: 'The server sent an unexpected response.',
    });
  });
});

describe('setSessionUser', () => {
  it("stores the user and drops every cached query but the session's and the config's", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQueryKey, null);
    queryClient.setQueryData(configQueryKey, { version: '1' });
    queryClient.setQueryData(['rewards', 'points'], { total: 5 });
    queryClient.setQueryData(['portfolio', 'saved'], { portfolio: { AAPL: 1 } });

    setSessionUser(queryClient, ADA);

    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(ADA);
    expect(queryClient.getQueryData(configQueryKey)).toEqual({ version: '1' });
    expect(queryClient.getQueryData(['rewards', 'points'])).toBeUndefined();
    expect(queryClient.getQueryData(['portfolio', 'saved'])).toBeUndefined();
  });
});
