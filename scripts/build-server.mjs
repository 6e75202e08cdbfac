// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and copies its data files (migrations, common passwords) beside it.
import { build } from 'esbuild';
import { cp } from 'node:fs/promises';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
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
