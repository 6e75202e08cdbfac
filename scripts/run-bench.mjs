// `npm run bench [name]`: runs bench/<name>.bench.ts (or all of them) one after another; each prints its figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv[2];
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f === `${only}.bench.ts`)
  .sort();
let failed = false;
for (const file of files) {
  console.log(`\n== ${file}`);
  // `global.gc()` for the benches that measure heap growth from a collected start (alerts, admin).
  const result = spawnSync('npx', ['tsx', `bench/${file}`], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() },
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
