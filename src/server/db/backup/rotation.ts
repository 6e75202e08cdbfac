import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** A backup's file name, `foliowise-20261123T000012Z.backup.gz`: names sort as their times do. */
const BACKUP_FILE_NAME = /^foliowise-\d{8}T\d{6}Z\.backup\.gz$/;

/** The name of a backup taken at `at` (UTC, to the second). */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `foliowise-${stamp}.backup.gz`;
}

/**
 * Deletes all but the newest `count` backups of `directory` (by the time in their names); any other file there is
 * left alone. Returns the names deleted, oldest first.
 */
export async function keepNewestBackups(directory: string, count: number): Promise<string[]> {
  const backups = (await readdir(directory)).filter((name) => BACKUP_FILE_NAME.test(name)).sort();
  const outdated = backups.slice(0, Math.max(0, backups.length - count));
  for (const name of outdated) await rm(path.join(directory, name), { force: true });
  return outdated;
}
