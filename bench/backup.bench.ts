// Backups (issue 27 item 10): `npm run backup` and `npm run restore` of a database with 100,000 users (each with a saved
// portfolio), 20,000 paper portfolios with 200,000 trades and 1,000,000 point transactions: the time, the file's size
// and the peak memory of the backup (it streams: the peak should not grow with the data), the time to verify the file
// and to restore it into a fresh database (TEST_DATABASE_URL's server when set, else a fresh DATA_DIR of the embedded
// PostgreSQL, through the restore command). Prints figures and the load average (the machine may be shared);
// asserts nothing.
// `npm run bench -- backup`
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { runRestoreCommand } from '../src/server/db/backup/commands';
import { restoreBackup, verifyBackup } from '../src/server/db/backup/restore-backup';
import { writeBackup } from '../src/server/db/backup/write-backup';
import { freshBenchDatabase, startBenchApp } from './support';

const USERS = 100_000;
const PORTFOLIOS = 20_000;
const TRADES = 200_000;
const TRANSACTIONS = 1_000_000;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const since = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** Runs `work` while sampling the process's resident memory; answers its result and the peak above the start. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakGrowth: number }> {
  globalThis.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakGrowth: peak - start };
  } finally {
    clearInterval(sampler);
  }
}

async function main() {
  const bench = await startBenchApp('backup', { env: { JOBS: 'off' } });
  const { sql } = bench;
  const work = mkdtempSync(path.join(tmpdir(), 'fw-bench-backup-'));
  try {
    let t0 = performance.now();
    // Each user with a saved portfolio, in one statement.
    await sql(
      `with bench_user as (
         insert into "user" (email, first_name, last_name, password_hash, plan, created_at)
         select 'bench-' || g || '@example.com', 'Bench', 'User ' || g,
                '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$' || md5(g::text),
                (array['free', 'free', 'premium', 'professional'])[1 + g % 4], now() - g * interval '10 minutes'
           from generate_series(1, $1::int) as g
         returning id, created_at)
       insert into saved_portfolio (user_id, holdings, updated_at)
       select id, jsonb_build_object('AAPL', 10, 'MSFT', 12.5, 'VTI', 3.25, 'CRYPTO:BTC', 0.0125, 'VOD.L', 300), created_at
         from bench_user`,
      [USERS],
    );
    const numberedUsers = `(select id, (row_number() over (order by id))::int as n from "user")`;
    await sql(
      `insert into point_transaction (user_id, points, category, reason, created_at)
       select u.id, 10, 'earning', 'trade_executed', now() - ((g % 15552000) * interval '1 second')
         from generate_series(1, $1::int) as g join ${numberedUsers} u on u.n = 1 + ((g::bigint * 2654435761) % $2::int)`,
      [TRANSACTIONS, USERS],
    );
    await sql(
      `insert into paper_portfolio (user_id, name, initial_balance, cash_balance)
       select id, 'Bench', 100000, 91234.56 from ${numberedUsers} u where n <= $1`,
      [PORTFOLIOS],
    );
    await sql(
      `insert into paper_trade (portfolio_id, user_id, symbol, side, quantity, price, total_value, price_source, executed_at)
       select p.id, p.user_id, 'AAPL', 'buy', 3, 187.654321, 562.96, 'simulated', now() - (g * interval '1 minute')
         from generate_series(1, $1::int) as g
         join (select id, user_id, row_number() over (order by id) as n from paper_portfolio) p on p.n = 1 + (g % $2::int)`,
      [TRADES, PORTFOLIOS],
    );
    await sql('vacuum analyze');
    console.log(
      `loaded ${USERS.toLocaleString('en-US')} users and saved portfolios, ${TRANSACTIONS.toLocaleString('en-US')} point ` +
        `transactions, ${TRADES.toLocaleString('en-US')} paper trades in ${since(t0)} (${bench.where})`,
    );

    const file = path.join(work, 'bench.backup.gz');
    t0 = performance.now();
    const backup = await withPeakMemory(async () => {
      const client = await bench.pool.connect();
      try {
        return await writeBackup(client, file);
      } finally {
        client.release();
      }
    });
    console.log(
      `backup: ${backup.result.tables} tables, ${backup.result.rows.toLocaleString('en-US')} rows in ${since(t0)}, ` +
        `file ${mb(backup.result.bytes)}, peak memory +${mb(backup.peakGrowth)} (load average ${loadavg()[0]?.toFixed(1)})`,
    );

    t0 = performance.now();
    const verified = await withPeakMemory(() => verifyBackup(file));
    console.log(`verify: ${since(t0)}, peak memory +${mb(verified.peakGrowth)}`);

    t0 = performance.now();
    const target = await freshBenchDatabase();
    const restored = await withPeakMemory(async () => {
      if (target) {
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        try {
          await restoreBackup(client, verified.result, 'The bench database');
        } finally {
          await client.end();
        }
        return 'a fresh database of TEST_DATABASE_URL';
      }
      const dataDir = mkdtempSync(path.join(tmpdir(), 'fw-bench-restore-'));
      try {
        const code = await runRestoreCommand([file], { env: { DATA_DIR: dataDir }, print: () => undefined });
        if (code !== 0) throw new Error('restore failed');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      return 'a fresh DATA_DIR (embedded PostgreSQL: its initdb and start included)';
    });
    console.log(
      `restore into ${restored.result}: ${since(t0)}, peak memory +${mb(restored.peakGrowth)} ` +
        `(load average ${loadavg()[0]?.toFixed(1)})`,
    );
    await target?.drop();
  } finally {
    rmSync(work, { recursive: true, force: true });
    await bench.close();
  }
}

await main();
