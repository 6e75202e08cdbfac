import { defineFeature } from '../../feature';
import { writeNightlyBackup, type BackupsContext } from './service';

/**
 * The nightly backup into BACKUP_DIR (docs/decisions/037-backups.md), on where the operator sets it. `npm run backup`
 * and `npm run restore` (src/server/db/backup/commands.ts) are the same backup by hand.
 */
export const backupsFeature = defineFeature({
  name: 'backups',
  tables: [],
  context: ({ config, database, log }): BackupsContext => ({
    directory: config.backupDir,
    pool: database.pool,
    log,
  }),
  jobs: [
    {
      name: 'backup-database',
      period: 'daily',
      isOn: ({ directory }) => directory !== undefined,
      run: ({ now }, context) => writeNightlyBackup(context, now),
    },
  ],
});
