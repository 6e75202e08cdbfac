import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle (what `db.transaction` gives its callback). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The pool or a transaction: a query that may run inside another feature's transaction takes either. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

// numeric stays a string (exact money); int8 counts fit in a JS number for our volumes.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function connectDatabase(
  url: string,
  options: { max?: number; onError?: (error: Error) => void } = {},
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  // A connection dropped by the server (restart, shutdown, admin kill) must fail its query, not the process.
  pool.on('error', (error) => options.onError?.(error));
  pool.on('connect', (client) => client.on('error', (error) => options.onError?.(error)));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** The committed migrations, found from the source tree or beside the bundled server. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.resolve(here, '../../src/server/db/migrations')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Applies committed migrations; an advisory lock keeps two starting instances from racing. */
export async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
}

/** Creates the named database on the server of `adminUrl` when it does not exist yet. */
export async function ensureDatabaseExists(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
