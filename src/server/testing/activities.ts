import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { injectAs, type TestUser } from './users';

/** POST /api/activities as `who`: into `me` and in USD unless `activity` says otherwise; a 201 is expected. */
export async function addActivity(
  app: FastifyInstance,
  who: TestUser,
  activity: Record<string, unknown>,
): Promise<void> {
  const res = await injectAs(who, app, {
    method: 'POST',
    url: '/api/activities',
    payload: { portfolio: 'me', currency: 'USD', ...activity },
  });
  expect(res.statusCode, res.body).toBe(201);
}
