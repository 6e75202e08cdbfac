/**
 * What a backup reads from PostgreSQL's catalog: the tables of the app's schema with their columns, in an order
 * where every table comes after the tables it refers to; its sequences; the migrations drizzle applied.
 */
import type pg from 'pg';
import { BackupError, SESSION_SETTINGS, type AppliedMigration, type BackupTable } from './format';

/** The schema of the app's tables (pg-boss keeps its job queue in `pgboss`, drizzle its ledger in `drizzle`). */
export const APP_SCHEMA = 'public';

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Sets SESSION_SETTINGS for the current transaction. */
export async function useBackupSettings(client: pg.ClientBase): Promise<void> {
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await client.query('select set_config($1, $2, true)', [name, value]);
  }
}

/**
 * The tables in an order where each comes after every table it refers to (a table that refers to itself is
 * fine: COPY checks its foreign keys at the end of the statement), by name among those free to go. Tables that
 * refer to each other in a cycle cannot be loaded one after another: that is an error naming them.
 */
export function orderByReferences<T extends { name: string }>(
  tables: readonly T[],
  references: readonly { from: string; to: string }[],
): T[] {
  const waitingFor = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const { from, to } of references) if (from !== to) waitingFor.get(from)?.add(to);
  const remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  const ordered: T[] = [];
  while (remaining.length > 0) {
    const index = remaining.findIndex((table) => waitingFor.get(table.name)?.size === 0);
    if (index === -1) {
      throw new BackupError(
        `Tables refer to each other in a cycle, which a backup cannot load in order: ${remaining.map((t) => t.name).join(', ')}`,
      );
    }
    const [next] = remaining.splice(index, 1);
    ordered.push(next!);
    for (const waiting of waitingFor.values()) waiting.delete(next!.name);
  }
  return ordered;
}

/**
 * Every table of the app's schema with the columns a backup writes (generated columns are computed again on
 * restore), parents first. A kind of relation a backup cannot copy (a partitioned, foreign or materialized one)
 * is an error rather than a table left out.
 */
export async function readTables(client: pg.ClientBase): Promise<BackupTable[]> {
  const { rows: relations } = await client.query<{ name: string; kind: string }>(
    `select c.relname as name, c.relkind as kind from pg_class c
      where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p', 'f', 'm') and not c.relispartition`,
    [APP_SCHEMA],
  );
  const unsupported = relations.filter((relation) => relation.kind !== 'r');
  if (unsupported.length > 0) {
    throw new BackupError(
      `The backup copies ordinary tables only; ${unsupported.map((r) => r.name).join(', ')} is not one`,
    );
  }
  const { rows: columns } = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = $1::regnamespace and c.relkind = 'r'
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
    [APP_SCHEMA],
  );
  const { rows: references } = await client.query<{ from: string; to: string }>(
    `select child.relname as from, parent.relname as to from pg_constraint k
       join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = $1::regnamespace`,
    [APP_SCHEMA],
  );
  const tables = relations.map((relation) => ({
    name: relation.name,
    columns: columns.filter((c) => c.table === relation.name).map((c) => c.column),
  }));
  return orderByReferences(tables, references);
}

/** The sequences of the app's schema (identity and serial columns), by name. */
export async function readSequenceNames(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = $1::regnamespace and relkind = 'S' order by relname`,
    [APP_SCHEMA],
  );
  return rows.map((row) => row.name);
}

/** Drizzle's ledger of applied migrations (drizzle-orm's pg dialect: `drizzle.__drizzle_migrations`). */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/** The migrations applied to the database, oldest first; a database without any is not a Foliowise database. */
export async function readAppliedMigrations(client: pg.ClientBase): Promise<AppliedMigration[]> {
  const { rows: exists } = await client.query<{ present: boolean }>(
    `select to_regclass($1) is not null as present`,
    [MIGRATIONS_TABLE],
  );
  if (!exists[0]?.present) {
    throw new BackupError(
      'This database has no Foliowise migrations applied: it is not a Foliowise database.',
    );
  }
  const { rows } = await client.query<{ hash: string; createdAt: string }>(
    `select hash, created_at::text as "createdAt" from ${MIGRATIONS_TABLE} order by created_at`,
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.createdAt) }));
}

/** The first few relations of a database that is not empty (any schema but PostgreSQL's own); none when empty. */
export async function readSomeRelations(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
        and n.nspname not like 'pg\\_temp%'
      order by n.nspname <> $1, c.relname limit 3`,
    [APP_SCHEMA],
  );
  return rows.map((row) => row.name);
}
