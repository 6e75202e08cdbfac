import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { buildConfig, parseEnv, type AppConfig } from '../config';
import { createTestDatabase } from './test-database';

export const TEST_APP_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return buildConfig(
    parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_DATA_PROVIDER: 'simulated', ...env }),
    TEST_APP_SECRET,
  );
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  close(): Promise<void>;
}

/** Builds the app on its own fresh database; `env` overrides configuration, `deps` anything else. */
export async function createTestApp(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const deps: AppDeps = { config: testConfig(options.env), database, version: 'test', ...options.deps };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
