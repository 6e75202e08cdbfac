// Paper trading figures: trade throughput on one portfolio at 20 concurrent connections (every fill takes
// the portfolio's row lock, so this is the serialized worst case) against pgbench's tpcb-like on the same
// PostgreSQL in the same run (its physical limit for serialized single-row transactions), the ledger check
// afterwards, and the performance series of a portfolio with 5,000 trades over 2 years.
// Runs in-process on a fresh database of TEST_DATABASE_URL's server, or on its own embedded PostgreSQL
// (temp DATA_DIR), with simulated prices. Prints figures; asserts nothing.
// `npx tsx bench/paper-trading.bench.ts` (BENCH_SECONDS: seconds of each load phase, default 10)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { buildConfig, parseEnv } from '../src/server/config';
import { startEmbeddedPostgres } from '../src/server/db/embedded-server';
import { openDatabase } from '../src/server/db/open-database';
import { freshBenchDatabase, pgbenchTpcb, signUpAndSignIn } from './support';

const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const BIG_BALANCE = '900000000000.00';
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'SPY', 'QQQ'];

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fw-bench-paper-'));
  const embedded = process.env.TEST_DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir, log: () => undefined });
  const adminUrl = process.env.TEST_DATABASE_URL ?? embedded?.adminUrl ?? '';
  const appDatabase = await freshBenchDatabase(adminUrl);
  if (!appDatabase) throw new Error('no database server');
  console.log(`database: ${embedded ? 'embedded PostgreSQL' : 'TEST_DATABASE_URL server'}`);
  const env = parseEnv({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: appDatabase.url,
    MARKET_DATA_PROVIDER: 'simulated',
    LOG_LEVEL: 'warn',
    // The ledger itself is measured, not the per-user trade limit.
    TRADES_PER_MINUTE: '0',
  });
  const config = buildConfig(env, randomBytes(32).toString('hex'));
  const database = await openDatabase(config, () => undefined);
  const app = await buildApp({ config, database: database.handle, version: 'bench' });
  const sql = (text: string, values: unknown[] = []) => database.handle.pool.query(text, values);

  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = await signUpAndSignIn(address, {
      firstName: 'Bench',
      lastName: 'Trader',
      email: 'paper.bench@example.com',
      password: 'a-long-bench-password',
    });
    const headers = { cookie, 'content-type': 'application/json' };
    const createPortfolio = async (name: string) => {
      const res = await fetch(`${address}/api/paper-trading/portfolio`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, initialBalance: 1_000_000 }),
      });
      return ((await res.json()) as { portfolio: { id: string } }).portfolio.id;
    };

    // ---- 1. trades/s on one portfolio, 20 connections
    const loadId = await createPortfolio('Load');
    // A balance no API call can set (the limit is $1,000,000), so the run never runs out of cash.
    await sql('update paper_portfolio set initial_balance = $2, cash_balance = $2 where id = $1', [
      loadId,
      BIG_BALANCE,
    ]);
    // Warm the quote cache once per symbol (the simulator; no network).
    for (const symbol of SYMBOLS) {
      await fetch(`${address}/api/paper-trading/trade`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ portfolioId: loadId, symbol, side: 'buy', quantity: 1 }),
      });
    }
    const before = await pgbenchTpcb(adminUrl, { clients: CONNECTIONS, seconds: LOAD_SECONDS });
    const result = await autocannon({
      url: `${address}/api/paper-trading/trade`,
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
      // The load generator in its own thread, off the app's event loop.
      workers: 1,
      requests: SYMBOLS.flatMap((symbol, i) => [
        {
          method: 'POST' as const,
          headers,
          body: JSON.stringify({ portfolioId: loadId, symbol, side: 'buy', quantity: 2 + i }),
        },
        {
          method: 'POST' as const,
          headers,
          body: JSON.stringify({ portfolioId: loadId, symbol, side: 'sell', quantity: 1 }),
        },
      ]),
    });
    const after = await pgbenchTpcb(adminUrl, { clients: CONNECTIONS, seconds: LOAD_SECONDS });
    const fills = Number(
      (await sql('select count(*)::int as n from paper_trade where portfolio_id = $1', [loadId])).rows[0].n,
    );
    const tradesPerSecond = (fills - SYMBOLS.length) / LOAD_SECONDS;
    const pgbenchTps = (before.tps + after.tps) / 2;
    console.log(
      `POST /api/paper-trading/trade, one portfolio, ${CONNECTIONS} connections, ${LOAD_SECONDS} s: ` +
        `${result.requests.average.toFixed(0)} req/s, ${tradesPerSecond.toFixed(0)} trades/s filled, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (target < 100 ms), 2xx ${result['2xx']}, ` +
        `non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
    console.log(
      `pgbench tpcb-like, scale 1, ${CONNECTIONS} clients, ${LOAD_SECONDS} s, before and after: ` +
        `${before.tps.toFixed(0)} and ${after.tps.toFixed(0)} tps (latency average ${before.latencyMs} and ${after.latencyMs} ms)`,
    );
    console.log(
      `ratio trades/pgbench: ${((tradesPerSecond / pgbenchTps) * 100).toFixed(0)} % (target >= 25 %)`,
    );

    const ledger = (
      await sql(
        `select p.initial_balance::text as initial, p.cash_balance::text as cash,
                (p.cash_balance + coalesce(sum(case when t.side = 'buy' then t.total_value else -t.total_value end), 0)
                  = p.initial_balance) as cash_balanced
           from paper_portfolio p left join paper_trade t on t.portfolio_id = p.id
          where p.id = $1 group by p.id`,
        [loadId],
      )
    ).rows[0] as { initial: string; cash: string; cash_balanced: boolean };
    const holdingsMismatch = Number(
      (
        await sql(
          `with fills as (
             select symbol, sum(case when side = 'buy' then quantity else -quantity end)::int as net
               from paper_trade where portfolio_id = $1 group by symbol),
           held as (select symbol, quantity from paper_holding where portfolio_id = $1)
           select count(*)::int as n from fills full join held using (symbol)
            where coalesce(fills.net, 0) <> coalesce(held.quantity, 0)`,
          [loadId],
        )
      ).rows[0].n,
    );
    const negative = Number(
      (await sql('select count(*)::int as n from paper_portfolio where cash_balance < 0')).rows[0].n,
    );
    console.log(
      `ledger after ${fills} fills: initial ${ledger.initial}, cash ${ledger.cash}, cash + Σ buys - Σ sells = initial: ` +
        `${ledger.cash_balanced ? 'yes' : 'no'}, holdings = Σ fills: ${holdingsMismatch === 0 ? 'yes' : 'no'}, ` +
        `negative cash rows: ${negative}`,
    );
    console.log(
      `ledger balanced: ${ledger.cash_balanced && holdingsMismatch === 0 && negative === 0 ? 'yes' : 'no'}`,
    );

    // ---- 2. performance series: 5,000 trades over 2 years
    const perfId = await createPortfolio('Two years');
    await sql(
      `with params as (select now() - interval '730 days' as start)
       insert into paper_trade (portfolio_id, user_id, symbol, side, quantity, price, total_value, price_source, executed_at)
       select p.id, p.user_id, (array['AAPL','MSFT','NVDA','SPY','QQQ'])[1 + i % 5],
              case when (i / 5) % 2 = 0 then 'buy' else 'sell' end, 1,
              100 + (i % 37), 100 + (i % 37), 'simulated',
              (select start from params) + (i * interval '730 days' / 5000) + interval '1 hour'
         from paper_portfolio p, generate_series(0, 4999) as i
        where p.id = $1`,
      [perfId],
    );
    await sql(
      `update paper_portfolio p set created_at = now() - interval '730 days',
              cash_balance = p.initial_balance + (select sum(case when side = 'buy' then -total_value else total_value end)
                                                    from paper_trade where portfolio_id = p.id)
        where p.id = $1`,
      [perfId],
    );
    await sql(
      `insert into paper_holding (portfolio_id, symbol, quantity, average_cost)
       select $1, symbol, sum(case when side = 'buy' then quantity else -quantity end), 100
         from paper_trade where portfolio_id = $1 group by symbol
       having sum(case when side = 'buy' then quantity else -quantity end) > 0`,
      [perfId],
    );
    const timings: number[] = [];
    let points = 0;
    for (let run = 0; run < 12; run++) {
      const t0 = performance.now();
      const res = await fetch(`${address}/api/paper-trading/portfolio/${perfId}/performance`, { headers });
      const body = (await res.json()) as { points?: unknown[] };
      timings.push(performance.now() - t0);
      points = body.points?.length ?? 0;
    }
    const [cold = 0, ...warm] = timings;
    warm.sort((a, b) => a - b);
    console.log(
      `GET /portfolio/:id/performance, 5,000 trades over 2 years (${points} daily points): ` +
        `first ${cold.toFixed(0)} ms, then median ${(warm[Math.floor(warm.length / 2)] ?? 0).toFixed(0)} ms, ` +
        `max ${(warm.at(-1) ?? 0).toFixed(0)} ms (target < 200 ms)`,
    );
  } finally {
    await app.close();
    // Stopping the embedded server can reach a client the pool is still closing; that is not a figure.
    database.handle.pool.on('error', () => undefined);
    await database.shutdown();
    await appDatabase.drop();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
