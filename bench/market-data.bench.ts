// Issue 3 figures: warm-cache quote latency, stored 1Y history for 50 symbols, cold start offline.
// `npx tsx bench/market-data.bench.ts`. Starts its own app (buildApp) on TEST_DATABASE_URL's server (a fresh
// database, dropped at the end) or on an embedded PostgreSQL in a temporary DATA_DIR. The HTTP figures come
// from an app in a child process (this same file with `--serve`), so that autocannon does not share its event
// loop. Prints figures; asserts nothing. No request leaves the machine: the vendor adapters used here are
// in-process stand-ins or see a fetch that never connects.
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { freshBenchDatabase } from './support';
import type { FastifyInstance } from 'fastify';
import { securityMaster } from '../src/domain/security-master';
import { buildApp } from '../src/server/app';
import { buildConfig, parseEnv, type AppConfig } from '../src/server/config';
import { openDatabase, type RunningDatabase } from '../src/server/db/open-database';
import { createMarketDataService } from '../src/server/features/market-data/service';
import { createFakeAdapter } from '../src/server/providers/market-data/testing/fake-adapter';

const BENCH_SECRET = 'bench-secret-that-is-at-least-32-characters';
const SYMBOLS = securityMaster
  .filter((e) => (e.assetClass === 'stock' || e.assetClass === 'etf') && e.currency === undefined)
  .slice(0, 50)
  .map((e) => e.symbol);

function configFor(dataDir: string, databaseUrl: string | undefined, env: Record<string, string>): AppConfig {
  return buildConfig(
    parseEnv({
      NODE_ENV: 'production',
      APP_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // Lets the bench spread its load over many client addresses (the per-IP limit is 300/min).
      TRUST_PROXY: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    }),
    BENCH_SECRET,
  );
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Runs the app in a child process (`--serve`): simulated quotes, or history from an in-process vendor stand-in. */
async function serveInChild(
  mode: 'simulated' | 'stand-in',
  env: { dataDir: string; databaseUrl: string },
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', mode], {
    env: { ...process.env, BENCH_DATA_DIR: env.dataDir, BENCH_DATABASE_URL: env.databaseUrl },
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) =>
      resolve(typeof message === 'string' ? message : JSON.stringify(message)),
    );
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The child: builds the app, listens on a free port, tells the parent its URL, stops on SIGTERM. */
async function serve(mode: string) {
  const dataDir = process.env.BENCH_DATA_DIR ?? tmpdir();
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const config = configFor(dataDir, databaseUrl, {
    MARKET_DATA_PROVIDER: mode === 'simulated' ? 'simulated' : 'auto',
  });
  const database = await openDatabase(config, () => undefined);
  // A stand-in vendor (bars shaped like the simulator's), so history rows are stored in daily_bar exactly as
  // Yahoo's would be.
  const vendor = createFakeAdapter('yahoo', { supports: () => true });
  const marketData =
    mode === 'stand-in'
      ? createMarketDataService({ config, db: database.handle.db, adapters: [vendor] })
      : undefined;
  const app = await buildApp({
    config,
    database: database.handle,
    version: 'bench',
    overrides: { marketData },
  });
  app.get('/bench/vendor-calls', async () => ({ history: vendor.callsOf('history').length }));
  // The batch read that analysis uses, timed inside the server (no HTTP): all of SYMBOLS at once.
  app.get('/bench/batch-history', async () => {
    if (!marketData) throw new Error('--serve stand-in only');
    let started = performance.now();
    const bars = await marketData.getHistories(SYMBOLS, '1Y');
    const barsMs = performance.now() - started;
    started = performance.now();
    const closes = await marketData.getCloseHistories(SYMBOLS, '1Y');
    const closesMs = performance.now() - started;
    return {
      barsMs,
      closesMs,
      symbols: Object.keys(bars.histories).length + Object.keys(closes.histories).length,
    };
  });
  const baseUrl = await listen(app);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.shutdown())
      .finally(() => process.exit(0));
  });
  process.send?.(baseUrl);
}

/** 1000 (by default) GETs of quotes cycling over SYMBOLS, spread over client addresses (200 each). */
function quoteLoad(baseUrl: string, amount: number, firstAddress: number) {
  let sent = 0;
  return autocannon({
    url: baseUrl,
    connections: 10,
    amount,
    requests: [
      {
        method: 'GET',
        path: '/',
        setupRequest: (request) => {
          const n = sent++;
          return {
            ...request,
            path: `/api/market-data/${encodeURIComponent(SYMBOLS[n % SYMBOLS.length] ?? 'AAPL')}`,
            headers: { ...request.headers, 'x-forwarded-for': `10.${firstAddress}.${Math.floor(n / 200)}.1` },
          };
        },
      },
    ],
  });
}

async function warmCacheQuotes(baseUrl: string) {
  // Fill the cache, and let the JIT warm up on the same route, before measuring.
  for (const symbol of SYMBOLS) await fetch(`${baseUrl}/api/market-data/${encodeURIComponent(symbol)}`);
  await quoteLoad(baseUrl, 2000, 1);
  const result = await quoteLoad(baseUrl, 1000, 2);
  console.log(
    `warm cache: ${result.requests.total} quote requests over ${SYMBOLS.length} symbols, 10 connections: ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (target p99 < 10 ms), ` +
      `non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
}

async function storedHistory(baseUrl: string) {
  const historyOf = async (symbol: string) => {
    const response = await fetch(`${baseUrl}/api/market-data/${encodeURIComponent(symbol)}/history?range=1Y`);
    return (await response.json()) as { history: unknown[]; source: string };
  };
  const vendorCalls = async () =>
    ((await (await fetch(`${baseUrl}/bench/vendor-calls`)).json()) as { history: number }).history;

  let started = performance.now();
  let rows = 0;
  for (const symbol of SYMBOLS) rows += (await historyOf(symbol)).history.length;
  const firstLoad = performance.now() - started;
  const callsAfterFirst = await vendorCalls();

  started = performance.now();
  rows = 0;
  for (const symbol of SYMBOLS) rows += (await historyOf(symbol)).history.length;
  const sequential = performance.now() - started;

  started = performance.now();
  const parallel = await Promise.all(SYMBOLS.map(historyOf));
  const concurrent = performance.now() - started;

  const batch = (await (await fetch(`${baseUrl}/bench/batch-history`)).json()) as {
    barsMs: number;
    closesMs: number;
    symbols: number;
  };

  console.log(
    `1Y history, ${SYMBOLS.length} symbols: first load (vendor stand-in + store) ${ms(firstLoad)}, ` +
      `${callsAfterFirst} vendor calls; then from the database: ${ms(sequential)} one after another, ` +
      `${ms(concurrent)} all at once (target < 200 ms); ${rows} rows, ` +
      `${(await vendorCalls()) - callsAfterFirst} further vendor calls, source ${parallel[0]?.source}; ` +
      `in one batch read inside the server (the analysis path): ${ms(batch.barsMs)} bars, ` +
      `${ms(batch.closesMs)} closes only (${batch.symbols / 2} symbols)`,
  );
}

async function coldStartOffline(config: AppConfig, database: RunningDatabase) {
  const realFetch = globalThis.fetch;
  // An unreachable network that drops packets: nothing answers, only the timeout ends a call (the worst
  // case; "connection refused" fails at once).
  globalThis.fetch = (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), {
        once: true,
      });
    });
  // The vendor timeouts are unref'd timers: hold the event loop open as a listening server would.
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    const built = performance.now();
    const app = await buildApp({ config, database: database.handle, version: 'bench' });
    await app.ready();
    const buildMs = performance.now() - built;
    try {
      const get = (symbol: string) =>
        app.inject({ method: 'GET', url: `/api/market-data/${encodeURIComponent(symbol)}` });
      let started = performance.now();
      const first = await get('AAPL');
      const firstMs = performance.now() - started;
      const next: number[] = [];
      for (const symbol of SYMBOLS.slice(1, 21)) {
        started = performance.now();
        await get(symbol);
        next.push(performance.now() - started);
      }
      next.sort((a, b) => a - b);
      const status = app.services.marketData.status().vendors.find((v) => v.name === 'yahoo');
      console.log(
        `cold start, auto, no network: app built in ${ms(buildMs)}; first quote ${ms(firstMs)} ` +
          `(source ${first.json<{ source: string }>().source}, target < 2500 ms); next 20 quotes: ` +
          `median ${ms(next[10] ?? 0)}, max ${ms(next.at(-1) ?? 0)}; yahoo circuit open: ${status?.circuitOpen}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    clearInterval(keepAlive);
    globalThis.fetch = realFetch;
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'foliowise-bench-'));
  const fresh = await freshBenchDatabase();
  const databaseUrl = fresh?.url;
  const started = performance.now();
  const database = await openDatabase(configFor(dataDir, databaseUrl, {}), () => undefined);
  console.log(
    `database: ${fresh ? 'TEST_DATABASE_URL server' : 'embedded PostgreSQL'} ready in ${ms(performance.now() - started)}`,
  );
  // The children share this database: the embedded server's URL, or the fresh one on TEST_DATABASE_URL.
  const sharedUrl = databaseUrl ?? (await embeddedUrl(database));
  try {
    const quotes = await serveInChild('simulated', { dataDir, databaseUrl: sharedUrl });
    try {
      await warmCacheQuotes(quotes.baseUrl);
    } finally {
      await quotes.stop();
    }
    const history = await serveInChild('stand-in', { dataDir, databaseUrl: sharedUrl });
    try {
      await storedHistory(history.baseUrl);
    } finally {
      await history.stop();
    }
    await coldStartOffline(configFor(dataDir, databaseUrl, { MARKET_DATA_PROVIDER: 'auto' }), database);
  } finally {
    await database.shutdown();
    await fresh?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The connection string of the embedded server's `foliowise` database (the pool was opened with it). */
async function embeddedUrl(database: RunningDatabase): Promise<string> {
  const url = database.handle.pool.options.connectionString;
  if (!url) throw new Error('the database pool has no connection string');
  return url;
}

const serveMode = process.argv.indexOf('--serve');
if (serveMode >= 0) await serve(process.argv[serveMode + 1] ?? 'simulated');
else await main();
