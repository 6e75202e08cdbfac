import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { backupFileName, keepNewestBackups } from '../../db/backup/rotation';
import { writeBackup } from '../../db/backup/write-backup';

/** How many nightly backups BACKUP_DIR keeps. */
export const BACKUPS_KEPT = 7;

export interface BackupsContext {
  /** BACKUP_DIR; unset, the nightly backup is off. */
  directory: string | undefined;
  pool: pg.Pool;
  log: FastifyBaseLogger;
}

/**
 * The nightly backup: a backup of the app's database (db/backup/write-backup.ts) into BACKUP_DIR, named after the
 * run's time, then every older backup there but the newest BACKUPS_KEPT is deleted. A backup that fails leaves no
 * file (and deletes nothing); the job runner retries it. Returns how many old backups it deleted.
 */
export async function writeNightlyBackup(context: BackupsContext, now: Date): Promise<number> {
  const { directory, pool, log } = context;
  if (!directory) throw new Error('BACKUP_DIR is not set: the nightly backup is off');
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const file = path.resolve(directory, backupFileName(now));
  const client = await pool.connect();
  let result;
  try {
    result = await writeBackup(client, file);
  } catch (error) {
    // A connection cut short in the middle of a COPY is not handed out again.
    client.release(true);
    throw error;
  }
  client.release();
  const deleted = await keepNewestBackups(directory, BACKUPS_KEPT);
  log.info({ file, ...result, deletedBackups: deleted }, 'backup written');
  return deleted.length;
}
