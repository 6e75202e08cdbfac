// Fails when the tables (src/server/db/schema.ts, the index of every owner's schema.ts) have changes that no
// committed migration covers (drizzle-kit would generate one).
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const committed = 'src/server/db/migrations';
// drizzle-kit wants paths relative to the project, so the scratch copy lives in it (git-ignored).
const scratch = '.drift-check';
rmSync(scratch, { recursive: true, force: true });
cpSync(committed, scratch, { recursive: true });
const config = path.join(scratch, 'drizzle.config.json');
writeFileSync(
  config,
  JSON.stringify({ dialect: 'postgresql', schema: './src/server/db/schema.ts', out: `./${scratch}` }),
);
const before = readdirSync(scratch).length;
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config, '--name', 'drift'], {
  encoding: 'utf8',
});
const drifted = readdirSync(scratch).length !== before;
rmSync(scratch, { recursive: true, force: true });
if (result.status !== 0) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
if (drifted) {
  console.error(
    'Schema drift: a table (src/server/db/schema.ts and the schema files it gathers) changed without a migration. Run `npm run db:generate`.',
  );
  process.exit(1);
}
console.log('No schema drift: the committed migrations match the tables of src/server/db/schema.ts.');
