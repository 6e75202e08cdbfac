import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/client';

/** A fresh database for one test file, copied from the migrated template: files run in parallel, never sharing rows. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const adminUrl = inject('testDatabaseAdminUrl');
  // Only the integration project provides it: vitest.config.ts puts a file there when it imports this or test-app.
  if (!adminUrl)
    throw new Error('No test database: the test file must import testing/test-app or test-database');
  const name = `${inject('testDatabasePrefix')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('testTemplateDatabase')}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { ...connectDatabase(url.toString(), { max: 20 }), url: url.toString() };
}
