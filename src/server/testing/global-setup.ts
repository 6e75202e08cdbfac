import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { applyMigrations, connectDatabase } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-server';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseAdminUrl: string;
    testTemplateDatabase: string;
    testDatabasePrefix: string;
  }
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates once into a template database; each test file then gets its own copy (see test-database.ts).
 * On TEST_DATABASE_URL's server when set, else on an embedded server in .test-data/.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: '.test-data', log: () => undefined });
    adminUrl = embedded.adminUrl;
  }
  const prefix = `fw_test_${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const handle = connectDatabase(withDatabase(adminUrl, template), { max: 1 });
  await applyMigrations(handle);
  await handle.close();

  project.provide('testDatabaseAdminUrl', adminUrl);
  project.provide('testTemplateDatabase', template);
  project.provide('testDatabasePrefix', prefix);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await embedded?.stop();
  };
}
