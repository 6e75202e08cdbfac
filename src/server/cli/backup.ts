// `npm run backup [FILE]` (built to dist/server/backup.js): see src/server/db/backup/commands.ts.
import { runBackupCommand } from '../db/backup/commands';

process.exitCode = await runBackupCommand(process.argv.slice(2), {
  env: process.env,
  print: (line) => console.log(line),
});
