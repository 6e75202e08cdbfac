// @vitest-environment happy-dom
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../contracts/accounts';
import { testUser } from '../testing/stub-api';
import { userHasFeature, useEntitlement } from './entitlement';
import { sessionQueryKey } from './session';

afterEach(cleanup);

/** The hook with the session already known (as after GET /api/auth/me). */
function entitlementWith(user: User | null, feature: Parameters<typeof useEntitlement>[0]): boolean {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(sessionQueryKey, user);
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return renderHook(() => useEntitlement(feature), { wrapper }).result.current;
}

describe('userHasFeature', () => {
  it('reads the plan table: Premium opens the terminal, Professional the clients, a visitor nothing', () => {
    expect(userHasFeature(testUser({ plan: 'premium' }), 'terminal-access')).toBe(true);
    expect(userHasFeature(testUser({ plan: 'free' }), 'terminal-access')).toBe(false);
    expect(userHasFeature(testUser({ plan: 'premium' }), 'multi-client')).toBe(false);
    expect(userHasFeature(testUser({ plan: 'professional' }), 'multi-client')).toBe(true);
    expect(userHasFeature(testUser({ plan: 'free' }), 'real-time-data')).toBe(true);
    expect(userHasFeature(null, 'real-time-data')).toBe(false);
    expect(userHasFeature(undefined, 'real-time-data')).toBe(false);
  });

  it('lets an admin on the free plan use only what the free plan has', () => {
    const admin = testUser({ plan: 'free', role: 'admin' });
    expect(userHasFeature(admin, 'api-access')).toBe(false);
    expect(userHasFeature(admin, 'health-check')).toBe(true);
  });
});

describe('useEntitlement', () => {
  it("answers for the session's user", () => {
    expect(entitlementWith(testUser({ plan: 'professional' }), 'white-label-reports')).toBe(true);
    expect(entitlementWith(testUser({ plan: 'premium' }), 'white-label-reports')).toBe(false);
    expect(entitlementWith(testUser({ plan: 'premium' }), 'ai-trading-suggestions')).toBe(true);
    expect(entitlementWith(null, 'ai-trading-suggestions')).toBe(false);
  });
});
