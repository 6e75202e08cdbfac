/**
 * The rewards tests' app (src/server/features/rewards/*.test.ts): a trading test app (paper-trading-test-app.ts)
 * whose trades are rewarded, on prices and a clock the tests set, and the calls the tests make through it. A
 * test file calls `useRewardsTestApp()` once at its top; `t` is a live binding, set by its hooks.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ZPointHistoryResponse, ZPointsResponse, ZUserAchievementsResponse } from '../../contracts/rewards';
import { FakeQuoteSource } from './paper-trading';
import { createTradingTestApp } from './paper-trading-test-app';
import type { TestApp } from './test-app';
import { injectAs, type TestUser } from './users';

const ADMIN_EMAIL = 'rewards.admin@example.com';
const quotes = new FakeQuoteSource();
/** Exact prices the test sets; unknown symbols fail like the real service. */
export const prices = quotes.prices;
/** Set by a test, reset before the next. */
export const control: {
  /** The rewards clock; undefined = the system clock. */
  clock?: Date;
  /** Fails a trade's transaction just before COMMIT. */
  failBeforeCommit: boolean;
  /** Holds the next trade's transaction open just before COMMIT (its locks held). */
  holdNextCommit?: { reached: () => void; release: Promise<void> };
} = { failBeforeCommit: false };

export let t: TestApp;

export function useRewardsTestApp() {
  beforeAll(async () => {
    t = await createTradingTestApp({
      adminEmail: ADMIN_EMAIL,
      quoteSource: quotes,
      paperTrading: {
        beforeTradeCommit: async () => {
          if (control.failBeforeCommit) throw new Error('injected failure before COMMIT');
          const hold = control.holdNextCommit;
          control.holdNextCommit = undefined;
          if (hold) {
            hold.reached();
            await hold.release;
          }
        },
      },
      rewards: { now: () => control.clock ?? new Date() },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    control.clock = undefined;
    control.failBeforeCommit = false;
    control.holdNextCommit = undefined;
    prices.clear();
  });
}

export function call(
  who: TestUser | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return injectAs(who, t.app, {
    method,
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    headers,
  });
}

export async function pointsOf(who: TestUser, timeZone?: string) {
  const res = await call(who, 'GET', '/api/points', undefined, timeZone ? { 'x-time-zone': timeZone } : {});
  expect(res.statusCode, res.body).toBe(200);
  return ZPointsResponse.parse(res.json()).points;
}

export async function historyOf(who: TestUser) {
  const res = await call(who, 'GET', `/api/points/${who.id}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return ZPointHistoryResponse.parse(res.json()).transactions;
}

export async function unlockedOf(who: TestUser) {
  const res = await call(who, 'GET', `/api/achievements/user/${who.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZUserAchievementsResponse.parse(res.json()).achievements.filter((a) => a.isUnlocked);
}

export async function createPortfolio(who: TestUser, body: Record<string, unknown> = {}) {
  const res = await call(who, 'POST', '/api/paper-trading/portfolio', { name: 'Practice', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ portfolio: { id: string } }>().portfolio.id;
}

export function trade(
  who: TestUser,
  portfolioId: string,
  symbol: string,
  side: 'buy' | 'sell',
  quantity: number,
) {
  return call(who, 'POST', '/api/paper-trading/trade', { portfolioId, symbol, side, quantity });
}

export const readLesson = (who: TestUser | undefined, lessonId: string, body?: unknown) =>
  call(who, 'POST', `/api/lessons/${lessonId}/read`, body);
