import { describe, expect, it } from 'vitest';
import { SessionCache, type CachedSession } from './session-cache';

const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);
const MINUTE = 60_000;

function sessionOf(userId: string, overrides: Partial<CachedSession> = {}): CachedSession {
  return {
    user: {
      id: userId,
      email: `${userId}@example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      plan: 'free',
      subscriptionStatus: 'none',
      isDemo: false,
      role: 'user',
      emailVerifiedAt: null,
      passwordProvenAt: null,
    },
    lastSeenAt: new Date(T0),
    idleExpiresAt: new Date(T0 + 7 * 24 * 60 * MINUTE),
    absoluteExpiresAt: new Date(T0 + 30 * 24 * 60 * MINUTE),
    isPersistent: false,
    ...overrides,
  };
}

function activeCache(ttlMs = 30_000) {
  const cache = new SessionCache(ttlMs);
  cache.setActive(true);
  return cache;
}

describe('SessionCache', () => {
  it('serves a stored session until its own expiry', () => {
    const cache = activeCache();
    const session = sessionOf('u1');
    cache.store('h1', session, cache.ticket(), T0);
    expect(cache.get('h1', T0 + 29_999)).toBe(session);
    expect(cache.get('h1', T0 + 30_000)).toBeUndefined();
  });

  it('never keeps a session past its idle or absolute expiry', () => {
    const cache = activeCache(10 * MINUTE);
    cache.store('idle', sessionOf('u1', { idleExpiresAt: new Date(T0 + MINUTE) }), cache.ticket(), T0);
    cache.store(
      'absolute',
      sessionOf('u2', { absoluteExpiresAt: new Date(T0 + 2 * MINUTE) }),
      cache.ticket(),
      T0,
    );
    expect(cache.get('idle', T0 + MINUTE - 1)).toBeDefined();
    expect(cache.get('idle', T0 + MINUTE)).toBeUndefined();
    expect(cache.get('absolute', T0 + 2 * MINUTE - 1)).toBeDefined();
    expect(cache.get('absolute', T0 + 2 * MINUTE)).toBeUndefined();
  });

  it('keeps nothing while it is not active (not listening for changes)', () => {
    const cache = new SessionCache();
    cache.store('h1', sessionOf('u1'), cache.ticket(), T0);
    expect(cache.get('h1', T0)).toBeUndefined();
  });

  it('drops every session of a user, and only theirs', () => {
    const cache = activeCache();
    cache.store('a1', sessionOf('a'), cache.ticket(), T0);
    cache.store('a2', sessionOf('a'), cache.ticket(), T0);
    cache.store('b1', sessionOf('b'), cache.ticket(), T0);
    cache.dropUser('a');
    expect(cache.get('a1', T0)).toBeUndefined();
    expect(cache.get('a2', T0)).toBeUndefined();
    expect(cache.get('b1', T0)).toBeDefined();
  });

  it("refuses a lookup that started before a drop of its user (it may have read what the drop was about), not another user's", () => {
    const cache = activeCache();
    const ticket = cache.ticket();
    cache.dropUser('u1');
    cache.store('h1', sessionOf('u1'), ticket, T0);
    cache.store('h2', sessionOf('u2'), ticket, T0);
    expect(cache.get('h1', T0)).toBeUndefined();
    expect(cache.get('h2', T0)).toBeDefined();
    cache.store('h1', sessionOf('u1'), cache.ticket(), T0);
    expect(cache.get('h1', T0)).toBeDefined();
  });

  it('forgets everything when switched off or on again', () => {
    const cache = activeCache();
    cache.store('h1', sessionOf('u1'), cache.ticket(), T0);
    const ticket = cache.ticket();
    cache.setActive(false);
    cache.setActive(true);
    expect(cache.get('h1', T0)).toBeUndefined();
    cache.store('h1', sessionOf('u1'), ticket, T0);
    expect(cache.get('h1', T0)).toBeUndefined();
  });

  it('drops one session by its id hash', () => {
    const cache = activeCache();
    cache.store('h1', sessionOf('u1'), cache.ticket(), T0);
    cache.store('h2', sessionOf('u1'), cache.ticket(), T0);
    cache.drop('h1');
    expect(cache.get('h1', T0)).toBeUndefined();
    expect(cache.get('h2', T0)).toBeDefined();
  });
});
