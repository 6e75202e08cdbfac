import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shared server's data directory: tests reach its embedded PostgreSQL with `runSql`. */
    dataDir: string;
  }
}

/** One production server for the browser tests; tests that kill servers start their own. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await server.stop();
    await server.discard();
  };
}
