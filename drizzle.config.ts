import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
  // The app's tables only: pg-boss keeps its own in the `pgboss` schema (src/server/jobs/runner.ts).
  schemaFilter: ['public'],
});
