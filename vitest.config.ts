import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The integration tests: server test files that open a PostgreSQL database, which they do only through the
 * test app (or a feature's test app built on it, named `<feature>-test-app`), the test database or the two app
 * instances (src/server/testing). Read from the files, so a test moved or added lands in the right project by
 * what it imports, not by where it lives.
 */
const integrationTests = readdirSync(`${root}src/server`, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/server/${file.replaceAll('\\', '/')}`)
  .filter((file) =>
    /\/testing\/([\w-]*test-app|test-database|app-instances)'/.test(readFileSync(`${root}${file}`, 'utf8')),
  );

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          // Domain, contracts, web and the server's database-free tests: no PostgreSQL is started.
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/*.test.ts'],
          exclude: [...configDefaults.exclude, ...integrationTests],
          setupFiles: ['./src/web/testing/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: integrationTests,
          globalSetup: ['./src/server/testing/global-setup.ts'],
        },
      },
    ],
  },
});
