// The activity import (issue 27 item 12): preview and confirm of a 10,000-row Charles Schwab transaction history
// over HTTP (multipart upload, the file read whole, duplicates checked, staged; then saved in one transaction with
// the whole history replayed). Target: preview + confirm under 3 s. A fresh user each run. Prints figures and
// the load average (the machine may be shared); asserts nothing.
// `npm run bench -- activity-import`
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays } from '../src/domain/calendar';
import { signUpAndSignIn, startBenchApp, stats } from './support';

const ROWS = 10_000;
const SYMBOLS = 40;
const RUNS = 3;

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A deterministic history: buys, partial sells and dividends over 40 symbols, newest first as Schwab writes it. */
function schwabCsv(): string {
  const lines: string[] = [];
  const held = new Map<string, number>();
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  let date = '2000-01-03';
  for (let i = 0; lines.length < ROWS; i++) {
    if (i % 4 === 0) date = addDays(date, 1);
    const symbol = `S${Math.floor(random() * SYMBOLS)}`;
    const price = (20 + random() * 200).toFixed(2);
    const quantity = held.get(symbol) ?? 0;
    const roll = random();
    if (roll < 0.55 || quantity < 2) {
      const bought = 1 + Math.floor(random() * 20);
      const amount = (bought * Number(price) + 1).toFixed(2);
      lines.push(
        `"${usDate(date)}","Buy","${symbol}","${symbol} INC","${bought}","$${price}","$1.00","-$${amount}"`,
      );
      held.set(symbol, quantity + bought);
    } else if (roll < 0.85) {
      const sold = 1 + Math.floor(random() * (quantity - 1));
      const amount = (sold * Number(price) - 1).toFixed(2);
      lines.push(
        `"${usDate(date)}","Sell","${symbol}","${symbol} INC","${sold}","$${price}","$1.00","$${amount}"`,
      );
      held.set(symbol, quantity - sold);
    } else {
      lines.push(
        `"${usDate(date)}","Qualified Dividend","${symbol}","${symbol} INC","","","","$${(random() * 30).toFixed(2)}"`,
      );
    }
  }
  const header = '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"';
  return [header, ...lines.reverse()].join('\r\n') + '\r\n';
}

const csv = schwabCsv();
const bench = await startBenchApp('activity-import');
try {
  const previews: number[] = [];
  const confirms: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const cookie = await signUpAndSignIn(bench.baseUrl, {
      firstName: 'Bench',
      lastName: 'Import',
      email: `import-${run}-${Date.now()}@example.com`,
      password: 'Sturdy-Larch-42',
    });
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'Individual_XXX123_Transactions.csv');
    const t0 = performance.now();
    const preview = await fetch(`${bench.baseUrl}/api/activities/import/preview?portfolio=me`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    const body = (await preview.json()) as { importId: string; rows: unknown[]; errors: unknown[] };
    const t1 = performance.now();
    if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${JSON.stringify(body)}`);
    const confirm = await fetch(`${bench.baseUrl}/api/activities/import/${body.importId}/confirm`, {
      method: 'POST',
      headers: { cookie },
    });
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
