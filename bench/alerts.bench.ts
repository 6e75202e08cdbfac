// Alerts figures (decision 027): one evaluation pass over 10,000 conditions on 1,000 symbols with warm quotes
// (target < 1 s, one query per table, not per condition), half of them on Professional users' client portfolios
// (decision 032), and the daily snapshot job over 10,000 saved and 1,000 client portfolios (time, and the
// heap's peak growth against a run over 2,000 saved ones: flat when streamed in batches).
// Warm quotes: an in-memory map of the 1,000 symbols, as the market-data service's cache answers them (the
// simulator knows only the security master's 404 symbols). Runs on its own embedded PostgreSQL (temp
// DATA_DIR), or on a fresh database of TEST_DATABASE_URL's server when set (startBenchApp). Prints figures;
// asserts nothing.
// `npx tsx bench/alerts.bench.ts`
import { performance } from 'node:perf_hooks';
import { evaluateAlerts, snapshotAllPortfolios } from '../src/server/features/alerts/service';
import { startBenchApp, stats } from './support';

const SYMBOLS = 1_000;
const CONDITION_USERS = 2_000; // 5 conditions each: 10,000
const CLIENT_USERS = 1_000; // Professional, one client each, their 5 conditions on the client
const PORTFOLIOS = 10_000;
const HOLDINGS_PER_PORTFOLIO = 10;
const RUNS = 5;
// Tuesday 10:00 in New York: the session is open, so every stock condition is evaluated.
const OPEN = new Date('2026-11-24T15:00:00Z');

const symbolOf = (i: number) => `BN${String(i % SYMBOLS).padStart(4, '0')}`;
let priceShift = 0;
const quotes = new Map(
  Array.from({ length: SYMBOLS }, (_, i) => [
    symbolOf(i),
    { base: 20 + (i % 200), changePercent: (i % 13) - 6 },
  ]),
);
async function warmQuotes(symbols: readonly string[]) {
  const out: Record<
    string,
    {
      symbol: string;
      name: string;
      currentPrice: number;
      change: number;
      changePercent: number;
      previousClose: number;
      currency: string;
      source: 'simulated';
      asOf: string;
    }
  > = {};
  for (const symbol of symbols) {
    const q = quotes.get(symbol);
    if (!q) continue;
    const price = q.base + priceShift;
    out[symbol] = {
      symbol,
      name: symbol,
      currentPrice: price,
      change: 0,
      changePercent: q.changePercent,
      previousClose: price,
      currency: 'USD',
      source: 'simulated',
      asOf: OPEN.toISOString(),
    };
  }
  return { quotes: out, errors: {} };
}

async function main() {
  const bench = await startBenchApp('alerts', {
    env: { JOBS: 'off' },
    overrides: { alerts: { quotes: warmQuotes } },
  });
  const { sql } = bench;
  const alerts = bench.app.services.alerts;

  try {
    // ---- data: 10,000 users with a saved portfolio of 10 holdings; the first 2,000 with 5 conditions each
    await sql(
      `insert into "user" (email, first_name, last_name, password_hash)
       select 'bench-' || g || '@example.com', 'Bench', 'User', 'not-a-hash' from generate_series(1, $1::int) g`,
      [PORTFOLIOS],
    );
    await sql(
      `create table bench_user as
       select id, (row_number() over (order by id))::int as n from "user" where email like 'bench-%'`,
    );
    await sql(
      `insert into saved_portfolio (user_id, holdings)
       select u.id, (select jsonb_object_agg('BN' || lpad(((u.n * 7 + k * 101) % $1)::text, 4, '0'), 1 + k)
                     from generate_series(1, $2::int) k)
       from bench_user u`,
      [SYMBOLS, HOLDINGS_PER_PORTFOLIO],
    );
    await sql(
      `update "user" set plan = 'professional' where id in (select id from bench_user where n <= $1)`,
      [CLIENT_USERS],
    );
    await sql(
      `insert into client_portfolio (user_id, name, holdings)
       select u.id, 'Client of ' || u.n, (select jsonb_object_agg('BN' || lpad(((u.n * 11 + k * 37) % $1)::text, 4, '0'), 2 + k)
                                            from generate_series(1, $2::int) k)
       from bench_user u where u.n <= $3`,
      [SYMBOLS, HOLDINGS_PER_PORTFOLIO, CLIENT_USERS],
    );
    await sql(
      `insert into alert_condition (user_id, client_id, type, symbol, threshold)
       select u.id, (select c.id from client_portfolio c where c.user_id = u.id),
              (array['price_above', 'price_below', 'percent_change', 'portfolio_value', 'gain_loss'])[k],
              case when k <= 3 then 'BN' || lpad(((u.n * 3 + k) % $1)::text, 4, '0') end,
              (array[120, 100, 3, 30000, 500])[k]
       from bench_user u, generate_series(1, 5) k where u.n <= $2`,
      [SYMBOLS, CONDITION_USERS],
    );
    await sql(
      `insert into portfolio_snapshot (user_id, client_id, date, total_value, total_gain_loss, total_gain_loss_percent, is_simulated)
       select id, null, '2026-11-23'::date, 6000, 0, 0, true from bench_user
       union all
       select user_id, id, '2026-11-23'::date, 6000, 0, 0, true from client_portfolio`,
    );
    await sql('analyze');
    const counts = (
      await sql(`select (select count(*) from alert_condition)::int as conditions,
                        (select count(*) from alert_condition where client_id is not null)::int as on_clients,
                        (select count(distinct symbol) from alert_condition)::int as symbols,
                        (select count(*) from client_portfolio)::int as clients`)
    ).rows[0] as { conditions: number; on_clients: number; symbols: number; clients: number };
    console.log(
      `data: ${counts.conditions} conditions (${counts.on_clients} on client portfolios) on ${counts.symbols} symbols, ${PORTFOLIOS} saved and ${counts.clients} client portfolios`,
    );

    // ---- statements per pass: every query of the pool counted
    let statements = 0;
    const { pool } = bench;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      statements += 1;
      return query(...args);
    };

    // ---- evaluation passes: alternate prices so each pass fires or re-arms thousands of conditions
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      priceShift = run % 2 === 0 ? 50 : -50;
      statements = 0;
      const t0 = performance.now();
      const result = await evaluateAlerts(alerts, OPEN);
      const ms = performance.now() - t0;
      timings.push(ms);
      console.log(
        `pass ${run + 1}: ${ms.toFixed(0)} ms, ${result.evaluated} evaluated, ${result.fired} fired, ${result.rearmed} re-armed, ${statements} statements`,
      );
    }
    console.log(
      `evaluation pass (10,000 conditions, half on clients, 1,000 symbols, warm quotes): median ${stats(timings).median.toFixed(0)} ms`,
    );

    // ---- snapshot job: 2,000 saved portfolios then all 11,000, peak heap growth sampled every 5 ms
    for (const limit of [2_000, PORTFOLIOS]) {
      await sql(`delete from portfolio_snapshot where date = '2026-11-24'`);
      if (limit < PORTFOLIOS) {
        await sql(
          `create table parked as select * from saved_portfolio where user_id in (select id from bench_user where n > $1)`,
          [limit],
        );
        await sql(`delete from saved_portfolio where user_id in (select user_id from parked)`);
        await sql(`update client_portfolio set archived_at = now()`);
      }
      global.gc?.();
      const before = process.memoryUsage().heapUsed;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
      statements = 0;
      const t0 = performance.now();
      // Wednesday 00:30 UTC: Tuesday's session has closed.
      const stored = await snapshotAllPortfolios(alerts, new Date('2026-11-25T00:30:00Z'));
      const ms = performance.now() - t0;
      clearInterval(sampler);
      console.log(
        `snapshot job, ${stored} portfolios: ${ms.toFixed(0)} ms, ${statements} statements, heap peak +${((peak - before) / 1048576).toFixed(1)} MB`,
      );
      if (limit < PORTFOLIOS) {
        await sql(`insert into saved_portfolio select * from parked`);
        await sql(`update client_portfolio set archived_at = null`);
        await sql(`drop table parked`);
      }
    }
  } finally {
    await bench.close();
  }
}

await main();
