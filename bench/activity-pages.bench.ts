// A page of activities (issue 27 item 12): `GET /api/activities` over HTTP on histories of 1,000, 10,000 and
// 50,000 activities (a Schwab file imported through the API, so the portfolio's map agrees with its history as in
// use): the first page, a page filtered by symbol and type, and the next page by cursor. Target: under 20 ms on
// 10,000; also the CPU time a request costs this process (server and client), the figure a loaded machine
// changes least. The heap's peak growth over the requests (sampled every 5 ms from a collected start) is the same
// whatever the history's length: memory bounded by the page, not the history. Prints figures and the load
// average (the machine may be shared); asserts nothing.
// `npm run bench -- activity-pages`
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { confirmImport, freshAccount, previewImport, schwabHistoryCsv } from './schwab-history';
import { startBenchApp, stats } from './support';

const HISTORIES = [1_000, 10_000, 50_000];
/** Requests of each kind: three kinds and a warm-up stay under the route's 240 a minute per user. */
const REQUESTS = 70;
const WARM_UP = 5;

interface Page {
  activities: unknown[];
  nextCursor: string | null;
}

const bench = await startBenchApp('activity-pages');
try {
  for (const size of HISTORIES) {
    const cookie = await freshAccount(bench.baseUrl, 'Pages');
    const preview = await previewImport(bench.baseUrl, cookie, schwabHistoryCsv(size));
    const { importId } = (await preview.json()) as { importId: string };
    const confirm = await confirmImport(bench.baseUrl, cookie, importId);
    const { imported } = (await confirm.json()) as { imported: number };
    if (imported !== size) throw new Error(`imported ${imported} of ${size}`);

    const page = async (query: string): Promise<Page> => {
      const response = await fetch(`${bench.baseUrl}/api/activities?portfolio=me${query}`, {
        headers: { cookie },
      });
      const body = (await response.json()) as Page;
      if (response.status !== 200) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
      return body;
    };
    const first = await page('');
    if (first.activities.length === 0 || !first.nextCursor) throw new Error('the first page is not full');
    const kinds = [
      { name: 'first page', query: '' },
      { name: 'symbol S7, sells', query: '&symbol=S7&type=sell' },
      { name: 'next page by cursor', query: `&cursor=${first.nextCursor}` },
    ];
    for (let i = 0; i < WARM_UP - 1; i++) await page(kinds[i % kinds.length]?.query ?? '');

    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const figures: string[] = [];
    for (const kind of kinds) {
      const timings: number[] = [];
      const cpu = process.cpuUsage();
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        const body = await page(kind.query);
        timings.push(performance.now() - start);
        if (body.activities.length === 0) throw new Error(`${kind.name}: no activity`);
      }
      const used = process.cpuUsage(cpu);
      const { median, p95, max } = stats(timings);
      figures.push(
        `    ${kind.name}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms; ` +
          `this process's CPU (server and client) ${((used.user + used.system) / 1000 / REQUESTS).toFixed(1)} ms a request`,
      );
    }
    clearInterval(sampler);
    console.log(
      `${size.toLocaleString('en-US')} activities, ${REQUESTS} requests of each kind, ${bench.where} ` +
        `(target < 20 ms on 10,000); heap peak +${((peak - before) / 1_048_576).toFixed(1)} MB over them:`,
    );
    for (const line of figures) console.log(line);
  }
  console.log(
    `load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await bench.close();
}
