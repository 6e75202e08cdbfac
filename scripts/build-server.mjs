// Bundles the server into dist/server/main.js, and the backup and restore commands into dist/server/backup.js and
// restore.js (dependencies stay in node_modules); copies their data files (migrations, common passwords) beside them.
import { build } from 'esbuild';
import { cp } from 'node:fs/promises';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    backup: 'src/server/cli/backup.ts',
    restore: 'src/server/cli/restore.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
await cp('src/server/auth/common-passwords.txt', 'dist/server/common-passwords.txt');
