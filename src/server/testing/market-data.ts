/**
 * The market-data service's tests (features/market-data/*.test.ts): one test database per file, a service over
 * scripted adapters at a fixed clock, and the AppError a call rejects with.
 */
import { afterAll, beforeAll } from 'vitest';
import { AppError } from '../../contracts/errors';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import {
  createMarketDataService,
  type MarketDataService,
  type MarketDataServiceOptions,
} from '../features/market-data/service';
import type { MarketDataAdapter } from '../providers/market-data/types';
import { testConfig } from './test-app';

/** Friday 2026-11-20, after the close (22:00 UTC = 17:00 in New York). */
export const FRIDAY_EVENING = new Date('2026-11-20T22:00:00Z');

/** A clock a test moves by hand. */
export function clock(start = FRIDAY_EVENING) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

export type ServiceOverrides = Partial<Omit<MarketDataServiceOptions, 'config'>> & {
  env?: Record<string, string>;
};

/**
 * Registers this file's test database (made by `createDatabase` before its tests, dropped after) and returns the
 * factory of services on it: `MARKET_DATA_PROVIDER=auto` unless `env` says otherwise, the clock at
 * FRIDAY_EVENING. The test file passes `createTestDatabase` itself, which puts it in the integration project
 * (vitest.config.ts reads that import).
 */
export function useMarketDataServices(createDatabase: () => Promise<DatabaseHandle>): {
  service: (adapters: MarketDataAdapter[], overrides?: ServiceOverrides) => MarketDataService;
  database: () => DatabaseHandle;
} {
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createDatabase();
  });
  afterAll(() => database?.close());
  const handle = () => {
    if (!database) throw new Error('the test database is made in beforeAll');
    return database;
  };
  return {
    database: handle,
    service: (adapters, overrides = {}) => {
      const { env, ...rest } = overrides;
      const config: AppConfig = testConfig({ MARKET_DATA_PROVIDER: 'auto', ...env });
      return createMarketDataService({
        config,
        db: handle().db,
        adapters,
        now: () => FRIDAY_EVENING,
        ...rest,
      });
    },
  };
}

/** The AppError `promise` rejects with (fails when it resolves, or rejects with anything else). */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}
