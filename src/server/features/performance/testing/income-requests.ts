/** The income routes read as a signed-in person, answers parsed with their contracts (200 expected). */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  ZDividendIncomeResponse,
  ZRealizedByYearResponse,
  type DividendIncomeResponse,
  type RealizedByYearResponse,
} from '../../../../contracts/income';
import { injectAs, type TestUser } from '../../../testing/users';

async function read<T>(app: FastifyInstance, who: TestUser, url: string, parse: (body: unknown) => T) {
  const res = await injectAs(who, app, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.json());
}

/** GET /api/holdings/income?<query>. */
export function readIncome(
  app: FastifyInstance,
  who: TestUser,
  query = 'portfolio=me',
): Promise<DividendIncomeResponse> {
  return read(app, who, `/api/holdings/income?${query}`, (body) => ZDividendIncomeResponse.parse(body));
}

/** GET /api/holdings/realized-by-year?<query>. */
export function readRealized(
  app: FastifyInstance,
  who: TestUser,
  query = 'portfolio=me',
): Promise<RealizedByYearResponse> {
  return read(app, who, `/api/holdings/realized-by-year?${query}`, (body) =>
    ZRealizedByYearResponse.parse(body),
  );
}
