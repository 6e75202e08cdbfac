// Admin dashboard figures (issue 15): with 100,000 users and 1,000,000 point transactions, GET /api/admin/stats for
// each range (target < 100 ms), a page of GET /api/admin/users, searched or not (target < 50 ms) and the full CSV
// export, streamed over a real socket (target < 3 s, flat memory: peak RSS printed). Runs in-process on a fresh
// database of TEST_DATABASE_URL's server when set, else on its own embedded PostgreSQL. Prints figures, and the load
// average (the machine may be shared); asserts nothing.
// `npm run bench -- admin`
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  countActivity,
  countSignupsPerDay,
  countSubscriptions,
  countUsers,
  listRecentSignups,
} from '../src/server/features/admin/repository';
import { rebuildTotalsFromLedger } from '../src/server/features/rewards/repository';
import { startBenchApp, stats } from './support';

const USERS = 100_000;
const TRANSACTIONS = 1_000_000;
const PORTFOLIOS = 20_000;
const TRADES = 200_000;
const SUBSCRIPTIONS = 12_000;
const RUNS = 30;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const bench = await startBenchApp('admin');
  const { app, baseUrl, sql } = bench;

  try {
    let t0 = performance.now();
    // 100,000 users over two years: a few long emails, demo accounts (a few on a paid plan), paid plans.
    await sql(
      `insert into "user" (email, first_name, last_name, password_hash, plan, is_demo, created_at)
       select case when g % 50 = 0 then 'a.rather.long.mailbox.name.number.' || g || '@subdomain.example-company.co.uk'
                   else 'bench-' || g || '@example.com' end,
              'Bench', 'User ' || g, 'not-a-hash',
              (array['free', 'free', 'free', 'free', 'free', 'free', 'premium', 'premium', 'professional', 'free'])[1 + g % 10],
              g % 40 = 0 or g % 400 in (7, 8),
              now() - (((g::bigint * 7919) % 63072000) * interval '1 second')
         from generate_series(1, $1::int) as g`,
      [USERS],
    );
    await sql(
      `create temp table bench_user as select id, (row_number() over (order by id))::int as n from "user"`,
    );
    await sql(
      `insert into point_transaction (user_id, points, category, reason, created_at)
       select u.id, (array[10, 10, 15, 20])[1 + (g % 4)], 'earning',
              (array['trade_executed', 'trade_executed', 'analysis_completed', 'lesson_completed'])[1 + (g % 4)],
              now() - (((g::bigint * 7919) % 15552000) * interval '1 second')
         from generate_series(1, $1::int) as g
         join bench_user u on u.n = 1 + ((g::bigint * 2654435761) % $2::int)`,
      [TRANSACTIONS, USERS],
    );
    await rebuildTotalsFromLedger(bench.db);
    await sql(
      `insert into paper_portfolio (user_id, name, initial_balance, cash_balance)
       select id, 'Bench', 100000, 100000 from bench_user where n <= $1`,
      [PORTFOLIOS],
    );
    await sql(
      `insert into paper_trade (portfolio_id, user_id, symbol, side, quantity, price, total_value, price_source, executed_at)
       select p.id, p.user_id, 'AAPL', 'buy', 1, 100, 100, 'simulated',
              now() - (((g::bigint * 7919) % 15552000) * interval '1 second')
         from generate_series(1, $1::int) as g
         join (select id, user_id, row_number() over (order by id) as n from paper_portfolio) p
           on p.n = 1 + (g % $2::int)`,
      [TRADES, PORTFOLIOS],
    );
    await sql(
      `insert into subscription (id, user_id, customer_id, price_lookup_key, plan, interval, status,
         current_period_start, current_period_end, cancel_at_period_end, trial_end, stripe_created_at, last_event_at)
       select 'sub_bench_' || g, u.id, 'cus_bench_' || g, 'k',
              (array['premium', 'professional'])[1 + g % 2], (array['monthly', 'monthly', 'yearly'])[1 + g % 3],
              (array['active', 'active', 'active', 'trialing', 'canceled', 'past_due'])[1 + g % 6],
              now(), now() + interval '30 days', false,
              case when g % 6 = 3 then now() + interval '7 days' end,
              now() - ((g % 200) * interval '1 day'), now() - ((g % 120) * interval '1 day')
         from generate_series(1, $1::int) as g join bench_user u on u.n = g`,
      [SUBSCRIPTIONS],
    );
    // What autovacuum does after a bulk load: statistics, and the visibility map index-only scans rely on.
    await sql('vacuum analyze');
    console.log(
      `loaded ${USERS.toLocaleString('en-US')} users, ${TRANSACTIONS.toLocaleString('en-US')} point transactions, ` +
        `${TRADES.toLocaleString('en-US')} paper trades, ${SUBSCRIPTIONS.toLocaleString('en-US')} subscriptions ` +
        `in ${((performance.now() - t0) / 1000).toFixed(1)} s (${bench.where})`,
    );

    // The admin: signs up and in, and is made admin as the operator command does (the stored role).
    const account = {
      firstName: 'Bench',
      lastName: 'Admin',
      email: 'admin@bench.example',
      password: 'a-long-bench-password',
    };
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: account });
    if (signup.statusCode !== 202) throw new Error(`signup failed: ${signup.body}`);
    await sql(`update "user" set role = 'admin' where email = $1`, [account.email]);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    const cookie = login.cookies.find((c) => c.name === 'fw_session');
    if (login.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${login.body}`);
    const headers = { cookie: `fw_session=${cookie.value}` };

    const measure = async (label: string, url: string, target: string) => {
      const timings: number[] = [];
      for (let run = 0; run < RUNS + 3; run++) {
        t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const elapsed = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        if (run >= 3) timings.push(elapsed); // 3 warm-up requests
      }
      const s = stats(timings);
      console.log(
        `${label}, ${RUNS} requests: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, ` +
          `max ${s.max.toFixed(1)} ms (target ${target}; load average ${loadavg()[0]?.toFixed(1)})`,
      );
    };
    for (const range of ['7d', '30d', '90d', 'all']) {
      await measure(`GET /api/admin/stats?range=${range}`, `/api/admin/stats?range=${range}`, '< 100 ms');
    }
    // Where the time of the widest range goes: each aggregate alone, 10 runs, median.
    const since = null;
    const db = bench.db;
    const parts: [string, () => Promise<unknown>][] = [
      ['users', () => countUsers(db, since)],
      ['signups per day', () => countSignupsPerDay(db, since, 400)],
      ['recent signups', () => listRecentSignups(db, since, 10)],
      ['subscriptions', () => countSubscriptions(db, since)],
      ['activity', () => countActivity(db, since)],
    ];
    const breakdown: string[] = [];
    for (const [name, run] of parts) {
      const timings: number[] = [];
      for (let i = 0; i < 10; i++) {
        t0 = performance.now();
        await run();
        timings.push(performance.now() - t0);
      }
      breakdown.push(`${name} ${stats(timings).median.toFixed(1)} ms`);
    }
    console.log(`range=all, each query alone (median of 10): ${breakdown.join(', ')}`);

    await measure('GET /api/admin/users (page 1, newest)', '/api/admin/users', '< 50 ms');
    await measure('GET /api/admin/users (page 400, newest)', '/api/admin/users?page=400', '< 50 ms');
    await measure('GET /api/admin/users (sorted by plan)', '/api/admin/users?sort=plan', '< 50 ms');
    // Search: a part of an email and of a name (pg_trgm GIN indexes); a term nearly every user matches (counted up
    // to ADMIN_SEARCH_COUNT_CAP); a 3-character term no user has (the shortest a search may be).
    for (const search of ['bench-4242', 'User 4242', 'example.com', 'zqx']) {
      const url = `/api/admin/users?search=${encodeURIComponent(search)}`;
      await measure(`GET /api/admin/users?search=${search}`, url, '< 50 ms');
    }

    // The export over a socket, read as a client does; RSS (app and client share this process) sampled meanwhile.
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/admin/users/export`, { headers });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const exportMs = performance.now() - t0;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    console.log(
      `GET /api/admin/users/export: ${(lines - 1).toLocaleString('en-US')} users, ${mb(bytes)} in ` +
        `${(exportMs / 1000).toFixed(2)} s (target < 3 s); RSS ${mb(rssBefore)} before, peak ${mb(peakRss)} ` +
        `(+${mb(peakRss - rssBefore)}; ${res.headers.get('content-disposition')})`,
    );
  } finally {
    await bench.close();
  }
}

await main();
