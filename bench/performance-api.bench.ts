// GET /api/performance end to end (issue 28 item 9): a history of 10,000 activities over 10 years on 50 symbols (10
// of them in euros, with cash in both currencies), every close and the EUR rates stored in the database (no vendor
// is asked: the bench's vendor fails any call), SPY as the benchmark. Prints the median of warm requests per range
// (target < 100 ms for Max), Max's right after an edit a year back, and the first request of cold processes (fresh
// `node`s on the same database, target < 300 ms), alternately warmed before they listen (RETURNS_WARM_UP, decision
// 048) and not, with the load average (the machine may be shared); asserts nothing.
// `npm run bench -- performance-api`
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { addDays, isTradingDay, utcDateOf } from '../src/domain/calendar';
import { buildApp } from '../src/server/app';
import { buildConfig, parseEnv } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { openDatabase } from '../src/server/db/open-database';
import { createMarketDataService } from '../src/server/features/market-data/service';
import { VendorError, type MarketDataAdapter } from '../src/server/providers/market-data/types';
import { freshAccount } from './schwab-history';
import { freshBenchDatabase, stats } from './support';

const ACTIVITIES = 10_000;
const SYMBOLS = 50;
const EURO_SYMBOLS = 10;
const YEARS = 10;
// 5 ranges of 18, the warm-up, the edits and the cold processes' first requests stay under the route's 120
// requests a minute per person.
const RUNS = Number(process.env.BENCH_RUNS ?? 18);
const WARM_UP = 5;
const EDITS = 8;
const COLD_PROCESSES = 10;
const RANGES = ['MAX', '5Y', '1Y', 'YTD', '1D'] as const;

/** A vendor that serves every symbol and EUR's history but fails any call: the closes must all come from the store. */
const storeOnly: MarketDataAdapter = {
  name: 'yahoo',
  supports: (symbol) => !symbol.startsWith('CRYPTO:'),
  quote: () => Promise.reject(new VendorError('yahoo', 'unavailable', 'bench: no vendor call expected')),
  history: () => Promise.reject(new VendorError('yahoo', 'unavailable', 'bench: no vendor call expected')),
  usdRateHistory: () =>
    Promise.reject(new VendorError('yahoo', 'unavailable', 'bench: no vendor call expected')),
};

function configOf(databaseUrl: string, dataDir: string, appSecret: string) {
  const env = parseEnv({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    MARKET_DATA_PROVIDER: 'auto',
    LOG_LEVEL: 'warn',
    // The cold processes are measured with and without the warm-up (decision 048); the main process without.
    RETURNS_WARM_UP: process.env.RETURNS_WARM_UP ?? 'off',
  });
  return buildConfig(env, appSecret);
}

async function startApp(databaseUrl: string, dataDir: string, appSecret: string) {
  const config = configOf(databaseUrl, dataDir, appSecret);
  const database = await openDatabase(config, () => undefined);
  const marketData = createMarketDataService({ config, db: database.handle.db, adapters: [storeOnly] });
  const app = await buildApp({
    config,
    database: database.handle,
    version: 'bench',
    overrides: { marketData },
  });
  return { app, database };
}

let seed = 28;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;

/** Each trading day's close of a random walk from `start`. */
function walk(start: number, days: readonly string[]): number[] {
  let value = start;
  return days.map(() => Number((value *= 1 + (random() - 0.5) * 0.04).toFixed(4)));
}

async function storeSeries(db: Database, symbol: string, days: readonly string[], closes: readonly number[]) {
  const { sql } = await import('drizzle-orm');
  await db.execute(sql`
    insert into daily_bar (symbol, date, open, high, low, close, volume, source)
    select ${symbol}, d, c, c, c, c, 1000, 'yahoo'
    from unnest(${sql.param(days)}::date[], ${sql.param(closes.map(String))}::numeric[]) as t (d, c)`);
  await db.execute(sql`
    insert into daily_bar_span (symbol, first_date, last_date)
    values (${symbol}, ${addDays(days[0] as string, -10)}, ${addDays(utcDateOf(Date.now()), 1)})`);
}

/** The history's rows (ordered by date, after `days[opening]`) and the quantities it leaves. */
function buildHistory(days: readonly string[], opening: number, closes: ReadonlyMap<string, number[]>) {
  const rows: unknown[][] = [];
  const held = new Map<string, number>();
  const currencyOf = (i: number) => (i < EURO_SYMBOLS ? 'EUR' : 'USD');
  for (let i = 0; rows.length < ACTIVITIES - 1; i++) {
    const dayIndex = opening + 1 + Math.floor((i / ACTIVITIES) * (days.length - opening - 2));
    const date = days[dayIndex] as string;
    const index = Math.floor(random() * SYMBOLS);
    const symbol = `S${index}`;
    const currency = currencyOf(index);
    const price = (closes.get(symbol)?.[dayIndex] ?? 1).toFixed(4);
    const quantity = held.get(symbol) ?? 0;
    const roll = random();
    // [type, date, symbol, quantity, price, fee, amount, currency]
    if (i % 20 === 0) rows.push(['deposit', date, null, null, null, null, '20000', i % 40 ? 'USD' : 'EUR']);
    else if (roll < 0.5 || quantity < 2) {
      const bought = 1 + Math.floor(random() * 20);
      rows.push(['buy', date, symbol, String(bought), price, '1', null, currency]);
      held.set(symbol, quantity + bought);
    } else if (roll < 0.8) {
      const sold = 1 + Math.floor(random() * (quantity - 1));
      rows.push(['sell', date, symbol, String(sold), price, '1', null, currency]);
      held.set(symbol, quantity - sold);
    } else if (roll < 0.97)
      rows.push(['dividend', date, symbol, null, null, null, (random() * 30).toFixed(2), currency]);
    else rows.push(['fee', date, null, null, null, null, '2.5', currency]);
  }
  return { rows, held };
}

/** A deposit of USD `amount` on `date` into the saved portfolio, through POST /api/activities as a person adds it. */
async function depositThroughApi(baseUrl: string, cookie: string, amount: number, date: string) {
  const response = await fetch(`${baseUrl}/api/activities`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ portfolio: 'me', type: 'deposit', amount, currency: 'USD', date }),
  });
  if (response.status !== 201) throw new Error(`deposit: ${response.status} ${await response.text()}`);
}

async function seed10Years(baseUrl: string, db: Database, pool: import('pg').Pool) {
  const today = utcDateOf(Date.now());
  const first = addDays(today, -365 * YEARS);
  // Closes from a month before the first activity, as a vendor has them (the benchmark's start needs one before it).
  const days: string[] = [];
  for (let date = addDays(first, -30); date <= today; date = addDays(date, 1))
    if (isTradingDay(date)) days.push(date);
  const opening = days.findIndex((date) => date >= first);
  const closes = new Map<string, number[]>();
  for (let i = 0; i < SYMBOLS; i++) closes.set(`S${i}`, walk(20 + i * 5, days));
  for (const [symbol, series] of closes) await storeSeries(db, symbol, days, series);
  await storeSeries(db, 'SPY', days, walk(200, days));
  await storeSeries(db, 'FX:EURUSD', days, walk(1.1, days));

  const cookie = await freshAccount(baseUrl, 'Returns');
  // The first activity through the API (it opens the history), the other 9,999 written at once.
  await depositThroughApi(baseUrl, cookie, 50_000, days[opening] as string);
  const {
    rows: [portfolio],
  } = await pool.query<{ id: string; user_id: string }>('select id, user_id from activity_portfolio');
  if (!portfolio) throw new Error('no portfolio');
  const { rows, held } = buildHistory(days, opening, closes);
  const column = (i: number) => rows.map((row) => row[i] ?? null);
  await pool.query(
    `insert into activity (portfolio_id, type, date, symbol, quantity, price, fee, amount, currency, source)
     select $1, t.type, t.date, t.symbol, t.quantity, t.price, t.fee, t.amount, t.currency, 'manual'
     from unnest($2::text[], $3::date[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::text[])
       as t (type, date, symbol, quantity, price, fee, amount, currency)`,
    [portfolio.id, column(0), column(1), column(2), column(3), column(4), column(5), column(6), column(7)],
  );
  // The map the history leaves, as the ledger would have written it.
  const map = Object.fromEntries([...held].filter(([, quantity]) => quantity > 0));
  await pool.query('update activity_portfolio set ledger_map = $2 where id = $1', [
    portfolio.id,
    JSON.stringify(map),
  ]);
  await pool.query('update saved_portfolio set holdings = $2 where user_id = $1', [
    portfolio.user_id,
    JSON.stringify(map),
  ]);
  return cookie;
}

/**
 * Run as `--cold`: a fresh process builds the app on the bench's database, listens, prints its port and how long it
 * took to build, and closes when its stdin ends. The first request is the parent's, over HTTP like any client's (an
 * inject would time the loading of the inject library too).
 */
async function coldProcess() {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fw-bench-performance-cold-'));
  const { app, database } = await startApp(
    process.env.BENCH_DATABASE_URL ?? '',
    dataDir,
    process.env.BENCH_APP_SECRET ?? '',
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  console.log(JSON.stringify({ port: address.port, built: performance.now() - started }));
  process.stdin.resume();
  await once(process.stdin, 'end');
  await app.close();
  await database.shutdown();
  rmSync(dataDir, { recursive: true, force: true });
}

/** A fresh process on the database (`--cold`), and the time of its first request: Max's returns. */
async function firstRequestOfFreshProcess(env: NodeJS.ProcessEnv, cookie: string) {
  const child = spawn('npx', ['tsx', 'bench/performance-api.bench.ts', '--cold'], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    // Its first line, or its end if it fails before it listens (its error is on this process's stderr).
    const [line] = (await Promise.race([
      once(createInterface({ input: child.stdout }), 'line'),
      once(child, 'exit').then(([code]) => {
        throw new Error(`the cold process ended (${String(code)}) before it listened`);
      }),
    ])) as [string];
    const { port, built } = JSON.parse(line) as { port: number; built: number };
    const start = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/performance?range=MAX`, {
      headers: { cookie },
    });
    const body = await response.text();
    const first = performance.now() - start;
    if (response.status !== 200) throw new Error(`cold request: ${response.status} ${body}`);
    return { first, built };
  } finally {
    child.stdin.end();
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  }
}

async function main() {
  const fresh = await freshBenchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fw-bench-performance-api-'));
  const appSecret = randomBytes(32).toString('hex');
  const { app, database } = await startApp(fresh?.url ?? '', dataDir, appSecret);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('no address');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    const setup = performance.now();
    const cookie = await seed10Years(baseUrl, database.handle.db, database.handle.pool);
    console.log(
      `seeded in ${((performance.now() - setup) / 1000).toFixed(1)} s (${fresh ? 'TEST_DATABASE_URL server' : 'embedded PostgreSQL'})`,
    );

    const read = async (range: string) => {
      const response = await fetch(`${baseUrl}/api/performance?range=${range}`, { headers: { cookie } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${range}: ${response.status} ${text}`);
      return JSON.parse(text) as {
        series: unknown[];
        sources: { prices: Record<string, string> };
        benchmark: { available: boolean } | null;
      };
    };
    const body = await read('MAX');
    const simulated = Object.values(body.sources.prices).filter((source) => source !== 'yahoo');
    if (simulated.length > 0) throw new Error('a close did not come from the store');
    if (!body.benchmark?.available) throw new Error(`no benchmark: ${JSON.stringify(body.benchmark)}`);
    for (let i = 0; i < WARM_UP; i++) await read('MAX');
    console.log(
      `${ACTIVITIES.toLocaleString('en-US')} activities, ${YEARS} years, ${SYMBOLS} symbols + SPY, closes stored; ` +
        `${RUNS} requests per range over HTTP (target < 100 ms for MAX):`,
    );
    for (const range of RANGES) {
      const timings: number[] = [];
      const cpu = process.cpuUsage();
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await read(range);
        timings.push(performance.now() - start);
      }
      const used = process.cpuUsage(cpu);
      const { median, p95, max } = stats(timings);
      console.log(
        `    ${range}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms; ` +
          `this process's CPU ${((used.user + used.system) / 1000 / RUNS).toFixed(1)} ms a request`,
      );
    }

    // An edit a year back: the history is read again (its version moved) and valued from the checkpoint before it.
    const editDate = addDays(utcDateOf(Date.now()), -365);
    const afterEdit: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      await depositThroughApi(baseUrl, cookie, 1, editDate);
      const start = performance.now();
      await read('MAX');
      afterEdit.push(performance.now() - start);
    }
    const edits = stats(afterEdit);
    console.log(
      `    MAX after an edit a year back (${EDITS} edits): median ${edits.median.toFixed(1)} ms, ` +
        `max ${edits.max.toFixed(1)} ms`,
    );

    const databaseUrl =
      fresh?.url ?? (database.handle.pool.options as { connectionString?: string }).connectionString;
    // Fresh processes, one after the other, alternately warmed before they listen (RETURNS_WARM_UP, production's
    // default) and not: one first request each.
    const colds = {
      on: [] as { first: number; built: number }[],
      off: [] as { first: number; built: number }[],
    };
    for (let i = 0; i < COLD_PROCESSES; i++) {
      const warmUp = i % 2 === 0 ? 'on' : 'off';
      const env = {
        ...process.env,
        BENCH_DATABASE_URL: databaseUrl ?? '',
        BENCH_APP_SECRET: appSecret,
        RETURNS_WARM_UP: warmUp,
      };
      colds[warmUp].push(await firstRequestOfFreshProcess(env, cookie));
    }
    for (const warmUp of ['on', 'off'] as const) {
      const firsts = colds[warmUp].map((cold) => cold.first);
      console.log(
        `cold processes, RETURNS_WARM_UP=${warmUp} (${firsts.length} fresh nodes on the same database, alternated): ` +
          `first request median ${stats(firsts).median.toFixed(1)} ms, ` +
          `${Math.min(...firsts).toFixed(1)}-${Math.max(...firsts).toFixed(1)} ms (target < 300 ms); ` +
          `the app built and ready in ${stats(colds[warmUp].map((cold) => cold.built)).median.toFixed(0)} ms (median)`,
      );
    }
    console.log(
      `load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await app.close();
    database.handle.pool.on('error', () => undefined);
    await database.shutdown();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--cold')) await coldProcess();
else await main();
