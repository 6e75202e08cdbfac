import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps, type AppOptions } from '../app';
import { buildConfig, parseEnv, type AppConfig } from '../config';
import { createMarketDataService } from '../features/market-data/service';
import type { MarketDataAdapter } from '../providers/market-data/types';
import type { DatabaseHandle } from '../db/client';
import type { ServiceOverrides, Services } from '../services';
import { createTestDatabase } from './test-database';

export const TEST_APP_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return buildConfig(
    // The job runner only where a test turns it on (JOBS: 'on'): other tests never see its work or tables.
    parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      MARKET_DATA_PROVIDER: 'simulated',
      JOBS: 'off',
      ...env,
    }),
    TEST_APP_SECRET,
  );
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  services: Services;
  close(): Promise<void>;
}

/** The app built on `database` and ready, with a `close` that closes both. */
async function readyApp(
  database: DatabaseHandle,
  options: { config: AppConfig } & Pick<AppOptions, 'overrides' | 'loggerInstance' | 'webRoot'>,
): Promise<TestApp> {
  const app = await buildApp({ database, version: 'test', ...options });
  await app.ready();
  return {
    app,
    deps: app.deps,
    services: app.services,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Builds the app on its own fresh database; `env` overrides configuration, `overrides` services (see
 * ServiceOverrides), `loggerInstance` and `webRoot` are buildApp's.
 */
export async function createTestApp(
  options: { env?: Record<string, string> } & Pick<
    AppOptions,
    'overrides' | 'loggerInstance' | 'webRoot'
  > = {},
): Promise<TestApp> {
  const { env, ...rest } = options;
  return readyApp(await createTestDatabase(), { config: testConfig(env), ...rest });
}

/**
 * `createTestApp` whose market data come from `adapters` (scripted vendors) in `auto` mode, on the clock `now` for
 * market data and the ledger (`env` adds to the configuration, `overrides` to the services).
 */
export async function createTestAppWithVendors(options: {
  adapters: MarketDataAdapter[];
  now: () => Date;
  env?: Record<string, string>;
  overrides?: Omit<ServiceOverrides, 'marketData' | 'activities'>;
}): Promise<TestApp> {
  const config = testConfig({ MARKET_DATA_PROVIDER: 'auto', ...options.env });
  const database = await createTestDatabase();
  const marketData = createMarketDataService({
    config,
    db: database.db,
    adapters: options.adapters,
    now: options.now,
  });
  return readyApp(database, {
    config,
    overrides: { ...options.overrides, marketData, activities: { now: options.now } },
  });
}
