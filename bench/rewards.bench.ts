// Rewards figures: GET /api/leaderboard (weekly, monthly, all-time) with 10,000 users and 1,000,000 point
// transactions spread over 90 days; target < 50 ms per request. Also the summary of one user
// (GET /api/points) and, for reference, the same monthly top 10 summed straight from the ledger.
// Runs in-process through app.inject on its own embedded PostgreSQL (temp DATA_DIR), or on a fresh
// database of TEST_DATABASE_URL's server when set. Prints figures; asserts nothing.
// `npx tsx bench/rewards.bench.ts`
import { performance } from 'node:perf_hooks';
import { rebuildTotalsFromLedger } from '../src/server/features/rewards/repository';
import { startBenchApp, stats } from './support';

const USERS = 10_000;
const TRANSACTIONS = 1_000_000;
const RUNS = 50;

async function main() {
  const bench = await startBenchApp('rewards');
  const { app, sql } = bench;

  try {
    // ---- data: 10,000 users, 1,000,000 ledger rows over the last 90 days
    let t0 = performance.now();
    await sql(
      `insert into "user" (email, first_name, last_name, password_hash)
       select 'bench-' || g || '@example.com', 'Bench', 'User ' || g, 'not-a-hash'
         from generate_series(1, $1::int) as g`,
      [USERS],
    );
    // A table of the bench's own database, not a temp table: `sql` runs on a pool, and a temp table is one
    // connection's.
    await sql(
      `create unlogged table bench_user as
       select id, (row_number() over (order by id))::int as n from "user" where email like 'bench-%'`,
    );
    await sql(
      `insert into point_transaction (user_id, points, category, reason, created_at)
       select u.id,
              (array[10, 10, 10, 15, 20, 25, 50, 100])[1 + (g % 8)],
              case when g % 8 in (5, 6) then 'bonus' else 'earning' end,
              (array['trade_executed', 'trade_executed', 'trade_executed', 'analysis_completed',
                     'lesson_completed', 'streak_3_days', 'achievement_trades_10', 'first_portfolio'])[1 + (g % 8)],
              now() - (((g::bigint * 7919) % 7776000) * interval '1 second')
         from generate_series(1, $1::int) as g
         join bench_user u on u.n = 1 + ((g::bigint * 2654435761) % $2::int)`,
      [TRANSACTIONS, USERS],
    );
    await rebuildTotalsFromLedger(bench.db);
    await sql('analyze');
    const loaded = performance.now() - t0;
    const counts = (
      await sql(
        `select (select count(*) from "user")::int as users,
                (select count(*) from point_transaction)::int as rows,
                (select count(*) from user_period_points)::int as periods`,
      )
    ).rows[0] as { users: number; rows: number; periods: number };
    console.log(
      `loaded ${counts.users} users, ${counts.rows} point transactions ` +
        `(${counts.periods} week/month rows rebuilt from the ledger) in ${(loaded / 1000).toFixed(1)} s`,
    );

    // ---- the reader: a fresh account with a few points of its own
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Bench',
        lastName: 'Reader',
        email: 'reader@example.com',
        password: 'a-long-bench-password',
      },
    });
    if (signup.statusCode !== 202) throw new Error(`signup failed: ${signup.body}`);
    // Signup opens no session (the email is not verified yet): sign in with the password.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'reader@example.com', password: 'a-long-bench-password' },
    });
    const cookie = login.cookies.find((c) => c.name === 'fw_session');
    if (login.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${login.body}`);
    const headers = { cookie: `fw_session=${cookie.value}`, 'x-time-zone': 'America/Los_Angeles' };
    await app.inject({ method: 'POST', url: '/api/lessons/diversification/read', headers });

    if (process.env.BENCH_EXPLAIN) {
      for (const type of ['weekly_points', 'lifetime_points']) {
        const plan = await sql(
          type === 'lifetime_points'
            ? `explain (analyze, buffers) select user_id, public_id, lifetime_points from user_points
                where lifetime_points > 0 order by lifetime_points desc, public_id limit 10`
            : `explain (analyze, buffers) select top.user_id, up.public_id, top.points from
                (select user_id, points from user_period_points where period_kind = 'week'
                  and period_start = date_trunc('week', now() at time zone 'UTC')::date and points > 0
                  order by points desc, user_id limit 10) top join user_points up using (user_id)
                order by top.points desc, top.user_id`,
        );
        console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      }
    }

    // Baseline: the session check every signed-in request pays.
    const base: number[] = [];
    for (let run = 0; run < RUNS + 3; run++) {
      t0 = performance.now();
      await app.inject({ method: 'GET', url: '/api/auth/me', headers });
      if (run >= 3) base.push(performance.now() - t0);
    }
    console.log(
      `baseline GET /api/auth/me (session check only), ${RUNS} requests: median ${stats(base).median.toFixed(2)} ms, ` +
        `p95 ${stats(base).p95.toFixed(2)} ms`,
    );

    for (const type of ['weekly_points', 'monthly_points', 'lifetime_points']) {
      const timings: number[] = [];
      let rows = 0;
      for (let run = 0; run < RUNS + 3; run++) {
        t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/leaderboard?type=${type}`, headers });
        const elapsed = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${type}: ${res.statusCode} ${res.body}`);
        rows = res.json<{ entries: unknown[] }>().entries.length;
        if (run >= 3) timings.push(elapsed); // 3 warm-up requests
      }
      const s = stats(timings);
      console.log(
        `GET /api/leaderboard?type=${type} (${rows} rows), ${RUNS} requests: median ${s.median.toFixed(2)} ms, ` +
          `p95 ${s.p95.toFixed(2)} ms, max ${s.max.toFixed(2)} ms (target < 50 ms)`,
      );
    }

    // A heavy player's own summary: ~100 ledger rows over 90 days.
    const heavy = (await sql(`select id from bench_user where n = 1`)).rows[0] as { id: string };
    const heavyRows = (
      await sql('select count(*)::int as n from point_transaction where user_id = $1', [heavy.id])
    ).rows[0] as { n: number };
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/points', headers });
      timings.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    const own = stats(timings);
    // The same reads for a bench user (no session: measured at the service level through SQL it runs).
    const t1 = performance.now();
    await sql(
      `select coalesce(sum(points), 0) from point_transaction where user_id = $1 and created_at >= now() - interval '30 days'`,
      [heavy.id],
    );
    await sql(
      `select distinct to_char(created_at at time zone 'America/Los_Angeles', 'YYYY-MM-DD') from point_transaction where user_id = $1`,
      [heavy.id],
    );
    console.log(
      `GET /api/points (reader), ${RUNS} requests: median ${own.median.toFixed(2)} ms, p95 ${own.p95.toFixed(2)} ms; ` +
        `a ${heavyRows.n}-row player's sums + active days in SQL: ${(performance.now() - t1).toFixed(2)} ms`,
    );

    // Reference: this month's top 10 summed from the ledger, without the maintained period rows.
    const direct: number[] = [];
    for (let run = 0; run < 5; run++) {
      t0 = performance.now();
      await sql(
        `select user_id, sum(points) as s from point_transaction
          where created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
          group by user_id order by s desc limit 10`,
      );
      direct.push(performance.now() - t0);
    }
    console.log(
      `reference: monthly top 10 summed from the ledger (no period rows): median ${stats(direct).median.toFixed(0)} ms`,
    );
  } finally {
    await bench.close();
  }
}

await main();
