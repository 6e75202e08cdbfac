import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps, type AppOptions } from '../app';
import { buildConfig, parseEnv, type AppConfig } from '../config';
import type { Services } from '../services';
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
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(env), database, version: 'test', ...rest });
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
