import { defineConfig } from 'vitest/config';

// End-to-end: the production build (dist/) served by `node dist/server/main.js` on its own embedded
// PostgreSQL, driven by Debian's Chromium through playwright-core. Run `npm run build` first.
export default defineConfig({
  test: {
    root: '.',
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['./e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // Pages render on a loaded 2-core machine: poll for what a person would wait to see.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
