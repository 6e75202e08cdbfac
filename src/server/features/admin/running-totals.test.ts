// The admin's figures read running totals (admin_daily_count, kept by triggers: decision 029). These tests fail when
// the totals drift from counting the rows: after every kind of write (app paths, inserts, upserts, updates that
// move a row to another day or metric, deletes, cascades of an account deletion, truncate), and through
// GET /api/admin/stats for every range, with rows on both sides of the range's start.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_STATS_RANGES, SIGNUP_CHART_MAX_DAYS } from '../../../domain/admin/analytics';
import { ZAdminStats } from '../../../contracts/admin';
import { migrationsFolder } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { injectAs, signUpUser, type TestUser } from '../../testing/users';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'totals.admin@example.com' } });
  admin = await signUpUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const query = (text: string, values: unknown[] = []) => t.deps.database.pool.query(text, values);

/** Counting the rows, per metric, UTC day and shard: what the running totals must hold. */
const TRUTH = `
  select metric, day::text, shard, count(*)::int as count
    from (select unnest(array['signup_' || plan, case when is_demo then 'signup_demo' end,
                               case when is_demo and plan <> 'free' then 'signup_demo_' || plan end]) as metric,
                 (created_at at time zone 'UTC')::date as day, 0 as shard
            from "user"
          union all
          select 'paper_trade', (executed_at at time zone 'UTC')::date, admin_count_shard(user_id) from paper_trade
          union all
          select reason, (created_at at time zone 'UTC')::date, admin_count_shard(user_id)
            from point_transaction where reason = 'analysis_completed'
          union all
          select 'last_active', (updated_at at time zone 'UTC')::date, admin_count_shard(user_id) from user_points) counted
   where metric is not null
   group by 1, 2, 3
   order by 1, 2, 3`;
const TOTALS = `
  select metric, day::text, shard, count from admin_daily_count where count <> 0 order by 1, 2, 3`;

async function expectTotalsToEqualTheRows() {
  const [totals, truth] = await Promise.all([query(TOTALS), query(TRUTH)]);
  expect(totals.rows).toEqual(truth.rows);
}

async function makeUsers(prefix: string, count: number, daysAgo: number) {
  const { rows } = await query(
    `insert into "user" (email, first_name, last_name, password_hash, plan, is_demo, created_at)
     select $1 || g || '@example.com', 'Run', 'Totals', 'x', (array['free', 'premium', 'professional'])[1 + g % 3],
            g % 4 = 0, now() - make_interval(days => $3, hours => g)
       from generate_series(1, $2::int) g
     returning id`,
    [prefix, count, daysAgo],
  );
  return rows.map((row: { id: string }) => row.id);
}

/** A portfolio per user and `perUser` trades each, `hoursApart` apart going back from now. */
async function makeTrades(userIds: string[], perUser: number, hoursApart: number) {
  await query(
    `with portfolio as (
       insert into paper_portfolio (user_id, name, initial_balance, cash_balance)
       select id, 'Totals', 1000, 1000 from unnest($1::uuid[]) id returning id, user_id)
     insert into paper_trade (portfolio_id, user_id, symbol, side, quantity, price, total_value, price_source, executed_at)
     select p.id, p.user_id, 'AAPL', 'buy', 1, 10, 10, 'simulated', now() - make_interval(hours => g * $3)
       from portfolio p, generate_series(1, $2::int) g`,
    [userIds, perUser, hoursApart],
  );
}

/** Ledger rows of several reasons, and the user's totals row moved to the last one (as an award does). */
async function award(userIds: string[], reason: string, hoursAgo: number) {
  await query(
    `insert into point_transaction (user_id, points, category, reason, created_at)
     select id, 10, 'earning', $2, now() - make_interval(hours => $3) from unnest($1::uuid[]) id`,
    [userIds, reason, hoursAgo],
  );
  await query(
    `insert into user_points (user_id, total_points, updated_at)
     select id, 10, now() - make_interval(hours => $2) from unnest($1::uuid[]) id
     on conflict (user_id) do update set total_points = user_points.total_points + 10, updated_at = excluded.updated_at`,
    [userIds, hoursAgo],
  );
}

describe('admin_daily_count', () => {
  it('equals counting the rows after inserts, updates, deletes and cascades', async () => {
    await expectTotalsToEqualTheRows();

    // Signups through the app and in bulk, over many days; a plan change, a demo flag, a moved signup date.
    const member = await signUpUser(t.app, { plan: 'premium' });
    const users = await makeUsers('totals-a', 40, 3);
    await expectTotalsToEqualTheRows();
    await query(`update "user" set plan = 'professional' where id = any($1::uuid[])`, [users.slice(0, 5)]);
    await query(`update "user" set is_demo = not is_demo where id = any($1::uuid[])`, [users.slice(5, 10)]);
    await query(`update "user" set created_at = created_at - interval '30 days' where id = $1`, [users[10]]);
    // Demo accounts switching plans (as Demo Settings does), and one on a paid plan moved to another day.
    await query(`update "user" set plan = 'premium' where is_demo and id = any($1::uuid[])`, [
      users.slice(0, 20),
    ]);
    await query(`update "user" set plan = 'professional' where is_demo and id = any($1::uuid[])`, [
      users.slice(0, 8),
    ]);
    await query(`update "user" set plan = 'free' where is_demo and id = any($1::uuid[])`, [
      users.slice(0, 4),
    ]);
    await query(
      `update "user" set created_at = created_at - interval '3 days' where is_demo and plan <> 'free' and id = any($1::uuid[])`,
      [users.slice(0, 20)],
    );
    const grant = await injectAs(admin, t.app, {
      method: 'POST',
      url: `/api/admin/users/${member.id}/plan`,
      payload: { plan: 'professional' },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    await expectTotalsToEqualTheRows();

    // Activity: trades, ledger rows (analyses and other reasons), the totals row upserted as awards do.
    await makeTrades(users.slice(0, 20), 6, 13);
    await award(users.slice(0, 30), 'analysis_completed', 50);
    await award(users.slice(10, 40), 'trade_executed', 2);
    await award(users.slice(0, 10), 'analysis_completed', 0);
    await expectTotalsToEqualTheRows();

    // Rows moved to another day, and a ledger row turned into another reason and back.
    await query(`update paper_trade set executed_at = executed_at - interval '2 days' where user_id = $1`, [
      users[0],
    ]);
    await query(`update point_transaction set reason = 'lesson_completed' where user_id = $1`, [users[1]]);
    await query(
      `update point_transaction set reason = 'analysis_completed' where user_id = $1 and reason = 'trade_executed'`,
      [users[12]],
    );
    await query(`update user_points set time_zone = 'Europe/Paris' where user_id = any($1::uuid[])`, [users]);
    await expectTotalsToEqualTheRows();

    // Deletes: a portfolio (its trades cascade), ledger rows, and whole accounts, by the admin and by SQL.
    await query(`delete from paper_portfolio where user_id = $1`, [users[2]]);
    await query(`delete from point_transaction where user_id = $1 and reason = 'analysis_completed'`, [
      users[3],
    ]);
    const removed = await injectAs(admin, t.app, { method: 'DELETE', url: `/api/admin/users/${users[4]}` });
    expect(removed.statusCode, removed.body).toBe(204);
    await query(`delete from "user" where id = any($1::uuid[])`, [users.slice(20, 25)]);
    await expectTotalsToEqualTheRows();
  });

  it('starts again from nothing when a counted table is truncated', async () => {
    const users = await makeUsers('totals-b', 6, 1);
    await makeTrades(users, 2, 5);
    await award(users, 'analysis_completed', 1);
    await query('truncate paper_trade, point_transaction');
    await expectTotalsToEqualTheRows();
    await award(users, 'analysis_completed', 0);
    await expectTotalsToEqualTheRows();

    // Truncating the users (and by cascade everything of theirs) empties every metric, in a transaction rolled back
    // so the admin signed in for the other tests stays.
    const client = await t.deps.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('truncate "user" cascade');
      const left = await client.query(TOTALS);
      expect(left.rows).toEqual([]);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });

  it('is filled by migration 0025 with the demo accounts on a paid plan already there', async () => {
    const users = await makeUsers('totals-d', 24, 2);
    await query(`update "user" set plan = 'premium' where is_demo and id = any($1::uuid[])`, [
      users.slice(0, 12),
    ]);
    // As before migration 0025: no demo plan totals. Then the migration, as the migrator runs it (one transaction).
    const statements = readFileSync(path.join(migrationsFolder(), '0025_demo_plan_totals.sql'), 'utf8').split(
      '--> statement-breakpoint',
    );
    const client = await t.deps.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(`delete from admin_daily_count where metric like 'signup\\_demo\\_%'`);
      for (const statement of statements) await client.query(statement);
      await client.query('commit');
    } finally {
      client.release();
    }
    await expectTotalsToEqualTheRows();
  });

  it('gives GET /api/admin/stats the figures of counting the rows, for every range', async () => {
    // Rows on both sides of each range's start (7, 30, 90 days ago), a few hours apart, in the same UTC days.
    for (const days of [7, 30, 90]) {
      for (const hours of [-5, -1, 1, 5]) {
        const [id] = await makeUsers(`totals-c-${days}-${hours}-`, 1, 0);
        await query(
          `update "user" set created_at = now() - make_interval(days => $2, hours => $3) where id = $1`,
          [id, days, hours],
        );
        await makeTrades([id as string], 1, 0);
        await query(
          `update paper_trade set executed_at = now() - make_interval(days => $2, hours => $3) where user_id = $1`,
          [id, days, hours],
        );
        await award([id as string], 'analysis_completed', days * 24 + hours);
      }
    }
    await expectTotalsToEqualTheRows();

    for (const range of ADMIN_STATS_RANGES) {
      const res = await injectAs(admin, t.app, { method: 'GET', url: `/api/admin/stats?range=${range}` });
      expect(res.statusCode, res.body).toBe(200);
      const stats = ZAdminStats.parse(res.json());
      const since = stats.since ?? '-infinity';
      const { rows } = await query(
        `select (select count(*) from "user")::int as "totalUsers",
                (select count(*) from "user" where not is_demo)::int as "totalEmails",
                (select count(*) from "user" where plan = 'free')::int as "freeUsers",
                (select count(*) from "user" where plan = 'premium')::int as "premiumUsers",
                (select count(*) from "user" where plan = 'professional')::int as "professionalUsers",
                (select count(*) from "user" where is_demo)::int as "demo",
                (select count(*) from "user" where is_demo and plan = 'premium')::int as "demoPremium",
                (select count(*) from "user" where is_demo and plan = 'professional')::int as "demoProfessional",
                (select count(*) from "user" where not is_demo and plan = 'premium')::int as "realPremium",
                (select count(*) from "user" where not is_demo and plan = 'professional')::int as "realProfessional",
                (select count(*) from "user" where created_at >= $1)::int as "newTotal",
                (select count(*) from "user" where created_at >= $1 and not is_demo)::int as "newEmails",
                (select count(*) from "user" where created_at >= $1 and plan = 'free')::int as "newFree",
                (select count(*) from "user" where created_at >= $1 and plan = 'premium')::int as "newPremium",
                (select count(*) from "user" where created_at >= $1 and plan = 'professional')::int as "newProfessional",
                (select count(*) from paper_trade where executed_at >= $1)::int as "paperTrades",
                (select count(*) from user_points where updated_at >= $1)::int as "activeUsers",
                (select count(*) from point_transaction
                  where reason = 'analysis_completed' and created_at >= $1)::int as "analysesRun"`,
        [since],
      );
      const truth = rows[0];
      expect(stats, range).toMatchObject({
        totalUsers: truth.totalUsers,
        totalEmails: truth.totalEmails,
        freeUsers: truth.freeUsers,
        premiumUsers: truth.premiumUsers,
        professionalUsers: truth.professionalUsers,
        newInRange: {
          totalUsers: truth.newTotal,
          totalEmails: truth.newEmails,
          freeUsers: truth.newFree,
          premiumUsers: truth.newPremium,
          professionalUsers: truth.newProfessional,
        },
        analytics: {
          // The money and conversion figures over accounts that are not demo accounts, which are counted apart.
          freeToPremiumPercent: Math.round((truth.realPremium / truth.totalEmails) * 100),
          premiumToProfessionalPercent: Math.round((truth.realProfessional / truth.realPremium) * 100),
          mrrDollars: truth.realPremium * 29 + truth.realProfessional * 99,
          demoAccounts: {
            total: truth.demo,
            premium: truth.demoPremium,
            professional: truth.demoProfessional,
          },
          paperTrades: truth.paperTrades,
          activeUsers: truth.activeUsers,
          analysesRun: truth.analysesRun,
        },
      });
      const perDay = await query(
        `select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as date, count(*)::int as count
           from "user"
          where created_at >= greatest($1::timestamptz, now() - make_interval(days => $2))
          group by 1 order by 1`,
        [since, SIGNUP_CHART_MAX_DAYS],
      );
      expect(stats.signupsPerDay, range).toEqual(perDay.rows);
    }
  });
});
