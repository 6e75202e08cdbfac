// The activity import (issue 27 item 12): preview and confirm of a 10,000-row Charles Schwab transaction history
// over HTTP (multipart upload, the file read whole, duplicates checked, staged; then saved in one transaction with
// the whole history replayed). Target: preview + confirm under 3 s. A fresh user each run. Prints figures and
// the load average (the machine may be shared); asserts nothing.
// `npm run bench -- activity-import`
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { confirmImport, freshAccount, previewImport, schwabHistoryCsv } from './schwab-history';
import { startBenchApp, stats } from './support';

const ROWS = 10_000;
const RUNS = 3;

const csv = schwabHistoryCsv(ROWS);
const bench = await startBenchApp('activity-import');
try {
  const previews: number[] = [];
  const confirms: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const cookie = await freshAccount(bench.baseUrl, 'Import');
    const t0 = performance.now();
    const preview = await previewImport(bench.baseUrl, cookie, csv);
    const body = (await preview.json()) as { importId: string; rows: unknown[]; errors: unknown[] };
    const t1 = performance.now();
    if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${JSON.stringify(body)}`);
    const confirm = await confirmImport(bench.baseUrl, cookie, body.importId);
    const confirmed = (await confirm.json()) as { imported: number };
    const t2 = performance.now();
    if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${JSON.stringify(confirmed)}`);
    if (confirmed.imported !== ROWS) throw new Error(`imported ${confirmed.imported} of ${ROWS}`);
    // The first run warms the app (JIT, statements) and is not counted.
    if (run === 0) continue;
    previews.push(t1 - t0);
    confirms.push(t2 - t1);
  }
  const totals = previews.map((ms, i) => ms + (confirms[i] ?? 0));
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `activity import, ${ROWS.toLocaleString('en-US')}-row Schwab file (${(csv.length / 1024).toFixed(0)} KB), ` +
      `${RUNS} runs after a warm-up, ${bench.where}:`,
  );
  console.log(`  preview median ${ms(stats(previews).median)}, max ${ms(stats(previews).max)}`);
  console.log(`  confirm median ${ms(stats(confirms).median)}, max ${ms(stats(confirms).max)}`);
  console.log(
    `  preview + confirm median ${ms(stats(totals).median)}, max ${ms(stats(totals).max)} (target < 3000 ms)`,
  );
  console.log(
    `  load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await bench.close();
}
