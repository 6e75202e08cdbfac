// Issue 4 figures: analysis of a 500-holding portfolio with 1-year history already in the database, and
// valuation of 100 holdings from a warm quote cache at 20 connections.
// `npx tsx bench/analysis.bench.ts`. Starts its own database: a fresh one on TEST_DATABASE_URL's server
// (dropped at the end), else an embedded PostgreSQL in a temporary DATA_DIR (openDatabase, as the app does).
// Prints figures; asserts nothing. No request leaves the machine.
//
// Which path is measured: the analysis figures use the demo path (/api/analyze-demo), which runs the very
// computation /api/analyze does (quotes, 1Y history of every holding and SPY, computePortfolioAnalytics)
// without the language model. The simulator computes its bars on demand and never stores them, so the
// "history in the database" figure uses an in-process vendor stand-in (bars shaped like the simulator's):
// the first analysis stores every holding's year in daily_bar, the next ones read it back from there. The
// simulated path (MARKET_DATA_PROVIDER=simulated, bars computed per request) is printed too.
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
import { simulateDailyBars } from '../src/domain/market-simulator';
import { findSecurity, securityMaster } from '../src/domain/security-master';
import { buildApp } from '../src/server/app';
import { buildConfig, parseEnv, type AppConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';
import { createMarketDataService } from '../src/server/features/market-data/service';
import { createFakeAdapter } from '../src/server/providers/market-data/testing/fake-adapter';

const BENCH_SECRET = 'bench-secret-that-is-at-least-32-characters';
const RUNS = 10;

// US listings and crypto: the workload measured before global coverage (a visitor may not value the others).
const investable = securityMaster.filter((e) => !e.isIndex && e.currency === undefined);
/** 500 holdings: every investable symbol of the security master, then synthetic tickers up to 500. */
const HOLDINGS_500: Record<string, number> = Object.fromEntries(
  Array.from({ length: 500 }, (_, i) => [
    investable[i]?.symbol ?? `ZB${String(i).padStart(3, '0')}`,
    1 + (i % 7),
  ]),
);
const HOLDINGS_100: Record<string, number> = Object.fromEntries(
  investable.slice(0, 100).map((e, i) => [e.symbol, 1 + (i % 5)]),
);

function configFor(dataDir: string, databaseUrl: string | undefined, env: Record<string, string>): AppConfig {
  return buildConfig(
    parseEnv({
      NODE_ENV: 'production',
      APP_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // Lets the bench spread its load over many client addresses (the valuation limit is 120/min per IP).
      TRUST_PROXY: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    }),
    BENCH_SECRET,
  );
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0, min: sorted[0] ?? 0 };
}

/** A vendor stand-in that knows every symbol: the simulator's bars (synthetic tickers borrow AAPL's path). */
function standInVendor() {
  const vendor = createFakeAdapter('yahoo', { supports: () => true, batch: true });
  const aapl = findSecurity('AAPL');
  vendor.onHistory = async (symbol, from, to) => {
    const entry = findSecurity(symbol) ?? (aapl ? { ...aapl, symbol } : undefined);
    return entry ? simulateDailyBars(entry, from, to) : [];
  };
  return vendor;
}

async function timeAnalysis(app: FastifyInstance, label: string, ip: string) {
  const run = async () => {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/analyze-demo',
      payload: { portfolio: HOLDINGS_500 },
      headers: { 'x-forwarded-for': ip },
    });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200)
      throw new Error(`analyze-demo answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    const body = res.json<{
      analysis: { metrics: { history: { tradingDays: number; withoutHistory: string[] } } };
    }>();
    return { elapsed, history: body.analysis.metrics.history };
  };
  const first = await run();
  const samples: number[] = [];
  let last = first;
  for (let i = 0; i < RUNS; i++) {
    last = await run();
    samples.push(last.elapsed);
  }
  const s = stats(samples);
  console.log(
    `${label}:\n  first ${ms(first.elapsed)}; next ${RUNS}: median ${ms(s.median)}, min ${ms(s.min)}, max ${ms(s.max)} ` +
      `(target < 300 ms); ${last.history.tradingDays} trading days, ${last.history.withoutHistory.length} holdings without history`,
  );
}

async function analysisFigures(dataDir: string, databaseUrl: string) {
  // History in the database: the stand-in vendor, so bars are stored in daily_bar like Yahoo's would be.
  const config = configFor(dataDir, databaseUrl, { MARKET_DATA_PROVIDER: 'auto' });
  const database = await openDatabase(config, () => undefined);
  const vendor = standInVendor();
  const marketData = (closesCacheMs?: number) =>
    createMarketDataService({
      config,
      db: database.handle.db,
      adapters: [vendor],
      // The stand-in is in-process: no vendor quota to respect, the whole portfolio is fetched on the first run.
      quotas: { yahoo: { limit: 1_000_000, window: 'minute' } },
      closesCacheMs,
    });
  try {
    // 1. No cache of closes (market data's): every run reads the 501 histories back from daily_bar.
    const uncached = await buildApp({
      config,
      database: database.handle,
      version: 'bench',
      overrides: { marketData: marketData(0) },
    });
    await uncached.ready();
    try {
      await timeAnalysis(
        uncached,
        'analysis of 500 holdings (demo path), closes read from daily_bar on every run (process cache off; first run = vendor stand-in + store)',
        '10.1.0.1',
      );
    } finally {
      await uncached.close();
    }
    const { rows } = await database.handle.pool.query<{ n: number }>(
      'select count(*)::int as n from daily_bar',
    );
    console.log(
      `  daily_bar rows: ${rows[0]?.n}; vendor history calls: ${vendor.callsOf('history').length} (all in the first run)`,
    );

    // 2. As the app runs: a fresh app (cold caches) on the same database, default 15-minute cache of closes.
    const calls = vendor.callsOf('history').length;
    const app = await buildApp({
      config,
      database: database.handle,
      version: 'bench',
      overrides: { marketData: marketData() },
    });
    await app.ready();
    try {
      await timeAnalysis(
        app,
        'analysis of 500 holdings (demo path), default app: first run reads daily_bar, the next ones the process cache of closes',
        '10.1.0.2',
      );
      console.log(`  further vendor history calls: ${vendor.callsOf('history').length - calls}`);
    } finally {
      await app.close();
    }
  } finally {
    await database.shutdown();
  }

  // 3. The offline simulator: bars computed on demand, never stored.
  const simConfig = configFor(dataDir, databaseUrl, { MARKET_DATA_PROVIDER: 'simulated' });
  const simDatabase = await openDatabase(simConfig, () => undefined);
  const simApp = await buildApp({ config: simConfig, database: simDatabase.handle, version: 'bench' });
  await simApp.ready();
  try {
    await timeAnalysis(
      simApp,
      'analysis of 500 holdings (demo path), MARKET_DATA_PROVIDER=simulated (bars computed)',
      '10.2.0.1',
    );
  } finally {
    await simApp.close();
    await simDatabase.shutdown();
  }
}

/** Runs the app in a child process (`--serve`), so that autocannon does not share its event loop. */
async function serveInChild(env: { dataDir: string; databaseUrl: string }) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
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

async function serve() {
  const config = configFor(process.env.BENCH_DATA_DIR ?? tmpdir(), process.env.BENCH_DATABASE_URL, {
    MARKET_DATA_PROVIDER: 'simulated',
    QUOTE_CACHE_SECONDS: '600',
  });
  const database = await openDatabase(config, () => undefined);
  const app = await buildApp({ config, database: database.handle, version: 'bench' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.shutdown())
      .finally(() => process.exit(0));
  });
  process.send?.(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
}

async function valuationFigures(baseUrl: string) {
  const body = JSON.stringify({ portfolio: HOLDINGS_100 });
  const headers = { 'content-type': 'application/json' };
  // Warm the quote cache.
  const warm = await fetch(`${baseUrl}/api/portfolio/valuation`, { method: 'POST', headers, body });
  if (!warm.ok) throw new Error(`valuation answered ${warm.status}: ${await warm.text()}`);
  let sent = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: 20,
    duration: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/portfolio/valuation',
        headers,
        body,
        setupRequest: (request) => {
          const n = sent++;
          return {
            ...request,
            headers: {
              ...request.headers,
              'x-forwarded-for': `10.3.${Math.floor(n / 100) % 250}.${(n % 100) + 1}`,
            },
          };
        },
      },
    ],
  });
  console.log(
    `valuation of 100 holdings, warm cache, 20 connections: ${result.requests.total} requests, ` +
      `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms ` +
      `(target p99 < 50 ms), non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'foliowise-bench-'));
  const fresh = await freshBenchDatabase();
  const databaseUrl = fresh?.url;
  const started = performance.now();
  // Keeps the embedded server (when there is one) running for the whole bench; the apps connect to it.
  const database = await openDatabase(configFor(dataDir, databaseUrl, {}), () => undefined);
  const sharedUrl = databaseUrl ?? database.handle.pool.options.connectionString;
  if (!sharedUrl) throw new Error('the database pool has no connection string');
  console.log(
    `database: ${fresh ? 'TEST_DATABASE_URL server' : 'embedded PostgreSQL'} ready in ${ms(performance.now() - started)}`,
  );
  try {
    await analysisFigures(dataDir, sharedUrl);
    const server = await serveInChild({ dataDir, databaseUrl: sharedUrl });
    try {
      await valuationFigures(server.baseUrl);
    } finally {
      await server.stop();
    }
  } finally {
    await database.shutdown();
    await fresh?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
