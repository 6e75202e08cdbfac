import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  quoteIdentifier,
  readAppliedMigrations,
  readSequenceNames,
  readTables,
  useBackupSettings,
} from './catalog';
import {
  BACKUP_FORMAT,
  BackupError,
  endOfRowsLine,
  headerLine,
  magicLine,
  sequencesLine,
  summaryLine,
  tableLine,
  withChecksum,
  type BackupSequence,
} from './format';

export interface BackupResult {
  tables: number;
  rows: number;
  /** The file's size (compressed). */
  bytes: number;
}

/**
 * Writes a backup (format.ts) of the database `client` is connected to into `file`, which must not exist yet.
 *
 * Consistent: every table is read in one REPEATABLE READ READ ONLY transaction, so the rows are those of one
 * moment, whatever the app writes meanwhile (it is never blocked: only ALTER TABLE and the like wait, for the
 * ACCESS SHARE lock the backup takes on each table). Memory is bounded: rows stream from COPY through gzip into the
 * file with backpressure. The file appears under its name only once complete (`<file>.partial` until then, removed
 * on failure), readable by its owner only: it holds password hashes and sessions.
 */
export async function writeBackup(client: pg.ClientBase, file: string): Promise<BackupResult> {
  if (existsSync(file)) throw new BackupError(`${file} already exists: a backup never overwrites a file.`);
  const partial = `${file}.partial`;
  const rows: Record<string, number> = {};
  await client.query('begin isolation level repeatable read read only');
  try {
    await useBackupSettings(client);
    const tables = await readTables(client);
    for (const table of tables) {
      await client.query(`lock table ${quoteIdentifier(table.name)} in access share mode`);
    }
    const migrations = await readAppliedMigrations(client);
    const { rows: versionRows } = await client.query<{ version: string }>('select version()');

    async function* content(): AsyncGenerator<Buffer> {
      yield magicLine();
      yield headerLine({
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        server: versionRows[0]?.version ?? 'unknown',
        migrations,
      });
      for (const table of tables) {
        yield tableLine(table);
        const columns = table.columns.map(quoteIdentifier).join(', ');
        const copy = client.query(
          copyTo(`copy ${quoteIdentifier(table.name)} (${columns}) to stdout (format text)`),
        );
        for await (const chunk of copy) yield chunk as Buffer;
        rows[table.name] = copy.rowCount;
        yield endOfRowsLine();
      }
      // Read after the rows: a sequence is not transactional, so its value now is at least every id copied.
      const sequences: BackupSequence[] = [];
      for (const name of await readSequenceNames(client)) {
        const { rows: state } = await client.query<{ lastValue: string; isCalled: boolean }>(
          `select last_value::text as "lastValue", is_called as "isCalled" from ${quoteIdentifier(name)}`,
        );
        sequences.push({ name, lastValue: state[0]!.lastValue, isCalled: state[0]!.isCalled });
      }
      yield sequencesLine(sequences);
      yield summaryLine(rows);
    }

    await pipeline(
      Readable.from(withChecksum(content())),
      createGzip(),
      createWriteStream(partial, { mode: 0o600 }),
    );
    await client.query('commit');
    await rename(partial, file);
    return {
      tables: tables.length,
      rows: Object.values(rows).reduce((sum, count) => sum + count, 0),
      bytes: (await stat(file)).size,
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}
