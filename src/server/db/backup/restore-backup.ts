import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrationsFolder } from '../client';
import {
  APP_SCHEMA,
  quoteIdentifier,
  readSequenceNames,
  readSomeRelations,
  readTables,
  useBackupSettings,
} from './catalog';
import {
  BackupError,
  BackupFileError,
  readBackup,
  type AppliedMigration,
  type BackupHeader,
  type BackupTable,
} from './format';

/** A backup read from end to end and found whole (verifyBackup): what a restore takes. */
export interface VerifiedBackup {
  file: string;
  header: BackupHeader;
  tables: BackupTable[];
  sequences: string[];
  rows: Record<string, number>;
}

export interface RestoreResult {
  tables: number;
  rows: number;
  /** The migrations applied before the rows were loaded: the backup's level. */
  migrations: number;
}

const refusal = (file: string, reason: string) =>
  new BackupError(`${file} cannot be restored: ${reason}. Nothing was restored.`);

/** Reads a backup from end to end, checking its structure, checksum and row counts, without touching a database. */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  let header: BackupHeader | undefined;
  const tables: BackupTable[] = [];
  let sequences: string[] = [];
  try {
    for await (const entry of readBackup(createReadStream(file))) {
      if (entry.kind === 'header') header = entry.header;
      else if (entry.kind === 'table') tables.push(entry.table);
      else if (entry.kind === 'sequences') sequences = entry.sequences.map((s) => s.name);
      else return { file, header: header!, tables, sequences, rows: entry.rows };
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw refusal(file, error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw refusal(file, 'there is no such file');
    throw error;
  }
  throw refusal(file, 'it ends early');
}

/**
 * The backup's migrations must be the first ones this version has (the migrator tells them apart by their time,
 * drizzle's `created_at`): restore applies exactly those, loads the rows into the schema they make, and the app
 * applies the newer ones at its next start as it would have on the original database.
 */
function migrationsToApply(file: string, backup: readonly AppliedMigration[]): MigrationMeta[] {
  const known = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  if (backup.length > known.length) {
    throw refusal(
      file,
      `it was taken from a newer version of Foliowise (its database had ${backup.length} migrations, this version has ${known.length}); restore it with that version or a later one`,
    );
  }
  backup.forEach((migration, index) => {
    if (known[index]?.folderMillis !== migration.createdAt) {
      throw refusal(
        file,
        `its migration ${index + 1} is not this version's migration ${index + 1}; it comes from another line of Foliowise`,
      );
    }
  });
  return known.slice(0, backup.length);
}

/** Applies migrations and records them in drizzle's ledger as drizzle's migrator does (pg dialect `migrate`). */
async function applyMigrationFiles(client: pg.ClientBase, migrations: readonly MigrationMeta[]) {
  await client.query('create schema if not exists drizzle');
  await client.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const migration of migrations) {
    for (const statement of migration.sql) await client.query(statement);
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

/** The first difference between the backup's tables and sequences and those its migrations made, if any. */
function schemaDifference(
  backup: VerifiedBackup,
  tables: readonly BackupTable[],
  sequences: readonly string[],
): string | undefined {
  const made = new Map(tables.map((table) => [table.name, new Set(table.columns)]));
  for (const table of backup.tables) {
    const columns = made.get(table.name);
    if (!columns) return `it has a table ${table.name} that its migrations do not make`;
    const missing = table.columns.find((column) => !columns.has(column));
    if (missing) return `its table ${table.name} has a column ${missing} that its migrations do not make`;
    if (columns.size !== table.columns.length)
      return `its table ${table.name} lacks columns that its migrations make`;
  }
  const inBackup = new Set(backup.tables.map((table) => table.name));
  const extra = tables.find((table) => !inBackup.has(table.name));
  if (extra) return `it lacks the table ${extra.name} that its migrations make`;
  const missingSequence = backup.sequences.find((name) => !sequences.includes(name));
  if (missingSequence) return `it has a sequence ${missingSequence} that its migrations do not make`;
  return undefined;
}

/**
 * Restores a verified backup into the empty database `client` is connected to, all or nothing, in one transaction.
 * A database with any table is refused (`target` names it in the message) before anything is written. Then the
 * backup's migrations are applied, the app's triggers are held off (the rows already hold what they computed:
 * running totals; nobody listens for notifications), every table's rows are loaded in the file's order (parents
 * first; foreign keys are checked) and the sequences set to their saved values. The file is checked again as it is
 * read, before the commit.
 */
export async function restoreBackup(
  client: pg.ClientBase,
  backup: VerifiedBackup,
  target: string,
): Promise<RestoreResult> {
  const { file } = backup;
  const migrations = migrationsToApply(file, backup.header.migrations);
  await client.query('begin');
  try {
    await useBackupSettings(client);
    const relations = await readSomeRelations(client);
    if (relations.length > 0) {
      throw new BackupError(
        `${target} is not empty (it has ${relations.join(', ')}${relations.length === 3 ? ', ...' : ''}): a backup is restored only into an empty one. Nothing was restored.`,
      );
    }
    await applyMigrationFiles(client, migrations);
    const tables = await readTables(client);
    const difference = schemaDifference(backup, tables, await readSequenceNames(client));
    if (difference) throw refusal(file, difference);

    const names = tables.map((table) => quoteIdentifier(table.name));
    for (const name of names) await client.query(`alter table ${name} disable trigger user`);
    // Rows a migration may have seeded are in the backup too, as they were.
    if (names.length > 0) await client.query(`truncate ${names.join(', ')}`);

    let rows = 0;
    for await (const entry of readBackup(createReadStream(file))) {
      if (entry.kind === 'table') {
        const { name, columns } = entry.table;
        const copy = client.query(
          copyFrom(
            `copy ${quoteIdentifier(name)} (${columns.map(quoteIdentifier).join(', ')}) from stdin (format text)`,
          ),
        );
        try {
          await pipeline(Readable.from(entry.rows), copy);
        } catch (error) {
          if (error instanceof BackupError) throw error;
          throw new BackupError(
            `Loading table ${name} failed: ${(error as Error).message}. Nothing was restored.`,
          );
        }
        rows += copy.rowCount;
      } else if (entry.kind === 'sequences') {
        for (const sequence of entry.sequences) {
          await client.query('select setval($1::regclass, $2::bigint, $3)', [
            `${APP_SCHEMA}.${quoteIdentifier(sequence.name)}`,
            sequence.lastValue,
            sequence.isCalled,
          ]);
        }
      }
    }
    for (const name of names) await client.query(`alter table ${name} enable trigger user`);
    await client.query('commit');
    // The planner's statistics, which a restore does not bring.
    await client.query('analyze');
    return { tables: tables.length, rows, migrations: migrations.length };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    if (error instanceof BackupFileError) throw refusal(file, error.message);
    throw error;
  }
}
