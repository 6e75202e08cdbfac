import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { connectDatabase, type DatabaseHandle } from '../db/client';
import { testConfig } from './test-app';
import { createTestDatabase } from './test-database';

/**
 * Two app instances on ONE test database, each with its own pool, listener and caches, as two processes would
 * have: built before the file's tests, closed after them. `everyInstanceCaughtUp()` waits for the notifications
 * committed before it, so nothing depends on timing; `changeUnannounced` commits a statement no trigger
 * announces (replica mode skips triggers), so what an instance then answers is its cache.
 */
export function useTwoAppInstances(env: Record<string, string> = {}) {
  let databases: DatabaseHandle[] = [];
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const first = await createTestDatabase();
    databases = [first, connectDatabase(first.url)];
    apps = await Promise.all(
      databases.map(async (database) => {
        const app = await buildApp({ config: testConfig(env), database, version: 'test' });
        await app.ready();
        return app;
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close()));
  });

  const appAt = (index: number) => () => {
    const app = apps[index];
    if (!app) throw new Error('the app instances are built in beforeAll');
    return app;
  };
  const database = () => {
    const first = databases[0];
    if (!first) throw new Error('the database is created in beforeAll');
    return first;
  };

  return {
    A: appAt(0),
    B: appAt(1),
    apps: () => apps,
    database,
    sql: (text: string, values: unknown[] = []) => database().pool.query(text, values),
    everyInstanceCaughtUp: async () => {
      await Promise.all(apps.map((app) => app.services.sessions.listener.caughtUp()));
    },
    changeUnannounced: async (statement: string, values: unknown[]) => {
      const client = await database().pool.connect();
      try {
        await client.query('begin');
        await client.query('set local session_replication_role = replica');
        await client.query(statement, values);
        await client.query('commit');
      } finally {
        client.release();
      }
    },
  };
}
