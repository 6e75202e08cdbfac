// `npm run restore FILE` (built to dist/server/restore.js): see src/server/db/backup/commands.ts.
import { runRestoreCommand } from '../db/backup/commands';

process.exitCode = await runRestoreCommand(process.argv.slice(2), {
  env: process.env,
  print: (line) => console.log(line),
});
