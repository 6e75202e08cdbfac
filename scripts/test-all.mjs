// `npm test`: typecheck, lint, unused exports (knip), format, migration drift, unit, integration, then
// end-to-end on the production build. Prints each Vitest run's wall time, then ends with the plain closing
// line 'N passed, N failed' summed over the runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'fw-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const wallTimes = [];
let ok = true;

function step(name, command, args) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${name} failed`);
    ok = false;
  }
  return result.status === 0;
}

function vitest(name, extraArgs) {
  const outputFile = path.join(reports, `${name}.json`);
  const started = performance.now();
  const passedStep = step(name, 'npx', [
    'vitest',
    'run',
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ]);
  wallTimes.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) ok = false;
  } catch {
    if (passedStep) ok = false;
    totals.failed += 1;
  }
}

const checksPassed =
  step('typecheck', 'npx', ['tsc', '--noEmit']) &&
  step('lint', 'npx', ['eslint', '.', '--max-warnings', '0']) &&
  step('unused exports', 'npx', ['knip']) &&
  step('format', 'npx', ['prettier', '--check', '.']) &&
  step('migration drift', 'node', ['scripts/check-migrations.mjs']);
if (!checksPassed) totals.failed += 1;

vitest('unit', ['--project', 'unit']);
vitest('integration', ['--project', 'integration']);
if (step('build', 'npm', ['run', 'build'])) {
  vitest('end-to-end', ['--config', 'e2e/vitest.config.ts']);
} else {
  totals.failed += 1;
}

console.log(`\nwall time: ${wallTimes.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
