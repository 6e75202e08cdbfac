/**
 * `npm run backup [FILE]` and `npm run restore FILE` (src/server/cli/): the database is DATABASE_URL's, or else the
 * embedded PostgreSQL of DATA_DIR, found as `npm run admin` finds it (its port in postmaster.pid). A backup reads
 * the running server and never starts or stops it; a restore starts the embedded server of a stopped DATA_DIR
 * itself (initialising a new one), restores, and stops it.
 */
import path from 'node:path';
import pg from 'pg';
import { ConfigError, parseEnv, type Env } from '../../config';
import { ensureDatabaseExists } from '../client';
import { findRunningEmbeddedPostgres, startEmbeddedPostgres } from '../embedded-server';
import { EMBEDDED_DATABASE } from '../open-database';
import { BackupError } from './format';
import { restoreBackup, verifyBackup } from './restore-backup';
import { backupFileName } from './rotation';
import { writeBackup } from './write-backup';

export interface CommandIo {
  env: NodeJS.ProcessEnv;
  /** Where the command says what it did (and what went wrong). */
  print: (line: string) => void;
}

const BACKUP_USAGE = 'Usage: npm run backup [FILE]  (default: ./foliowise-<UTC time>.backup.gz)';
const RESTORE_USAGE = 'Usage: npm run restore FILE';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs a command's work: a refusal or a configuration error is its message and exit code 1. */
async function asCommand(io: CommandIo, work: (env: Env) => Promise<void>): Promise<number> {
  try {
    await work(parseEnv(io.env));
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      io.print(error.message);
      return 1;
    }
    throw error;
  }
}

async function connect(url: string, where: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to ${where}: ${(error as Error).message}`);
  }
  return client;
}

async function withClient<T>(url: string, where: string, work: (client: pg.Client) => Promise<T>) {
  const client = await connect(url, where);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `npm run backup [FILE]`: a backup of the running database into FILE (never overwritten). */
export function runBackupCommand(args: readonly string[], io: CommandIo): Promise<number> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    io.print(BACKUP_USAGE);
    return Promise.resolve(1);
  }
  return asCommand(io, async (env) => {
    const file = path.resolve(args[0] ?? backupFileName(new Date()));
    const dataDir = path.resolve(env.DATA_DIR);
    const url = env.DATABASE_URL ?? (await findRunningEmbeddedPostgres(dataDir, EMBEDDED_DATABASE))?.url;
    if (!url) {
      throw new BackupError(
        `Foliowise's database is not running on ${dataDir}: start Foliowise (npm start), or set DATABASE_URL, and run the backup again.`,
      );
    }
    const started = performance.now();
    const where = env.DATABASE_URL ? 'DATABASE_URL' : `the embedded PostgreSQL of ${dataDir}`;
    const result = await withClient(url, where, (client) => writeBackup(client, file));
    io.print(
      `Backup of ${where} written to ${file}: ${result.tables} tables, ${result.rows} rows, ${megabytes(result.bytes)}, in ${seconds(started)}.`,
    );
  });
}

/** `npm run restore FILE`: into DATABASE_URL's empty database, or else into DATA_DIR, which must be stopped. */
export function runRestoreCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const [fileArgument] = args;
  if (args.length !== 1 || fileArgument === undefined || fileArgument.startsWith('-')) {
    io.print(RESTORE_USAGE);
    return Promise.resolve(1);
  }
  return asCommand(io, async (env) => {
    const file = path.resolve(fileArgument);
    const started = performance.now();
    let where: string;
    let result;
    if (env.DATABASE_URL) {
      const backup = await verifyBackup(file);
      where = 'the database of DATABASE_URL';
      result = await withClient(env.DATABASE_URL, 'DATABASE_URL', (client) =>
        restoreBackup(client, backup, `The database of DATABASE_URL`),
      );
    } else {
      const dataDir = path.resolve(env.DATA_DIR);
      const running = await findRunningEmbeddedPostgres(dataDir, EMBEDDED_DATABASE);
      if (running) {
        throw new BackupError(
          `Foliowise's database is running on ${dataDir} (pid ${running.pid}): stop Foliowise first; a backup is restored into a stopped data directory. Nothing was restored.`,
        );
      }
      const backup = await verifyBackup(file);
      where = `the data directory ${dataDir}`;
      const server = await startEmbeddedPostgres({ dataDir, log: io.print });
      try {
        const url = await ensureDatabaseExists(server.adminUrl, EMBEDDED_DATABASE);
        result = await withClient(url, where, (client) =>
          restoreBackup(client, backup, `The data directory ${dataDir}`),
        );
      } finally {
        await server.stop();
      }
    }
    io.print(
      `Restored ${file} into ${where}: ${result.tables} tables, ${result.rows} rows, ${result.migrations} migrations, in ${seconds(started)}.`,
    );
    io.print(
      "Start Foliowise with the APP_SECRET of the server the backup comes from (or its DATA_DIR/app-secret file): the saved API keys are encrypted with it. At its start it applies any migration newer than the backup's.",
    );
  });
}
