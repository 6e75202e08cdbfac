import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { verifyBackup } from '../../db/backup/restore-backup';
import { APP_JOB_NAMES, appJobs } from '../../jobs/registry';
import { createServices } from '../../services';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';

const directory = mkdtempSync(path.join(tmpdir(), 'fw-nightly-backups-'));
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(directory, { recursive: true, force: true });
});

const jobsWith = (env: Record<string, string>) =>
  appJobs(createServices(testConfig(env), database, pino({ level: 'silent' })));

describe('the nightly backup', () => {
  it('is off unless BACKUP_DIR is set', () => {
    expect(jobsWith({}).map((job) => job.name)).not.toContain('backup-database');
    expect(APP_JOB_NAMES).not.toContain('backup-database');
    expect(jobsWith({ BACKUP_DIR: directory }).find((job) => job.name === 'backup-database')?.period).toBe(
      'daily',
    );
  });

  it('keeps the last seven backups in BACKUP_DIR, and leaves every other file there alone', async () => {
    const job = jobsWith({ BACKUP_DIR: directory }).find((entry) => entry.name === 'backup-database')!;
    writeFileSync(path.join(directory, 'notes.txt'), 'the operator keeps this');
    writeFileSync(path.join(directory, 'foliowise-before-upgrade.backup.gz'), 'a backup named by hand');
    await database.pool.query(
      `insert into "user" (email, first_name, last_name, password_hash) values ('night@example.com', 'N', 'B', 'h')`,
    );

    const deleted: number[] = [];
    for (let day = 1; day <= 9; day += 1) {
      const now = new Date(Date.UTC(2026, 10, day, 0, 0, 5));
      deleted.push(await job.run({ db: database.db, now }));
    }

    expect(deleted).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1]);
    expect(readdirSync(directory).sort()).toEqual([
      'foliowise-20261103T000005Z.backup.gz',
      'foliowise-20261104T000005Z.backup.gz',
      'foliowise-20261105T000005Z.backup.gz',
      'foliowise-20261106T000005Z.backup.gz',
      'foliowise-20261107T000005Z.backup.gz',
      'foliowise-20261108T000005Z.backup.gz',
      'foliowise-20261109T000005Z.backup.gz',
      'foliowise-before-upgrade.backup.gz',
      'notes.txt',
    ]);
    const newest = await verifyBackup(path.join(directory, 'foliowise-20261109T000005Z.backup.gz'));
    expect(newest.rows.user).toBe(1);
  });
});
