import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZAdminStats,
  ZAdminUsersPage,
  ZAuditLogResponse,
  ZContactMessagesResponse,
  ZAdminUserResponse,
  ADMIN_SEARCH_COUNT_CAP,
  ADMIN_SEARCH_MIN_LENGTH,
  ADMIN_SEARCH_TOO_SHORT,
} from '../../../contracts/admin';
import { ZAuthUserResponse } from '../../../contracts/accounts';
import { ADMIN_REQUIRED_MESSAGE, SIGN_IN_REQUIRED_MESSAGE } from '../../auth/guards';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, TEST_PASSWORD, type TestUser } from '../../testing/users';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../sign-in/service';
import { rederivePlan } from '../billing/service';
import { utcDateOf } from '../../../domain/calendar';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'chief@example.com' } });
  admin = await signUpUser(t.app, { role: 'admin' });
  member = await signUpUser(t.app);
});
afterAll(() => t.close());

const query = (text: string, values: unknown[] = []) => t.deps.database.pool.query(text, values);
const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  injectAs(admin, t.app, { method, url, ...(payload === undefined ? {} : { payload }) });

async function makeUsers(count: number, prefix: string, values: { plan?: string; daysAgo?: number } = {}) {
  await query(
    `insert into "user" (email, first_name, last_name, password_hash, plan, created_at)
     select $1 || g || '@example.com', 'First' || g, $1, 'x', $2, now() - make_interval(days => $3)
       from generate_series(1, $4) g`,
    [prefix, values.plan ?? 'free', values.daysAgo ?? 0, count],
  );
}

describe('access', () => {
  it('answers 401 to visitors and 403 to users on every admin route', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/export'],
      ['POST', `/api/admin/users/${member.id}/plan`],
      ['POST', `/api/admin/users/${member.id}/suspend`],
      ['POST', `/api/admin/users/${member.id}/restore`],
      ['DELETE', `/api/admin/users/${member.id}`],
      ['GET', '/api/admin/audit-log'],
      ['GET', '/api/admin/messages'],
      ['POST', '/api/admin/messages/00000000-0000-4000-8000-000000000000/handled'],
    ];
    for (const [method, url] of routes) {
      const request = {
        method: method as 'GET',
        url,
        payload: method === 'POST' ? { plan: 'premium' } : undefined,
      };
      expectError(await t.app.inject(request), 401, 'UNAUTHENTICATED', SIGN_IN_REQUIRED_MESSAGE);
      expectError(await injectAs(member, t.app, request), 403, 'FORBIDDEN', ADMIN_REQUIRED_MESSAGE);
    }
    // Nothing happened to the member.
    const { rows } = await query('select suspended_at, complimentary_plan from "user" where id = $1', [
      member.id,
    ]);
    expect(rows[0]).toEqual({ suspended_at: null, complimentary_plan: null });
  });
});

describe('GET /api/admin/stats', () => {
  it('counts the cards, the signups of the range, per day, and the spec figures', async () => {
    await makeUsers(6, 'stats-old-free', { daysAgo: 40 });
    await makeUsers(3, 'stats-old-premium', { plan: 'premium', daysAgo: 40 });
    await makeUsers(2, 'stats-new-pro', { plan: 'professional', daysAgo: 2 });
    await query(
      `insert into "user" (email, first_name, last_name, password_hash, is_demo, created_at)
       values ('demo-abc@demo.foliowise.app', 'Demo', 'Investor', 'x', true, now() - interval '1 day')`,
    );
    const { rows } = await query(
      `select count(*)::int total,
              count(*) filter (where created_at >= now() - interval '7 days')::int recent,
              count(*) filter (where plan = 'free')::int free from "user"`,
    );
    const { total, recent, free } = rows[0] as { total: number; recent: number; free: number };

    const res = await asAdmin('GET', '/api/admin/stats');
    expect(res.statusCode, res.body).toBe(200);
    const stats = ZAdminStats.parse(res.json());
    expect(stats.range).toBe('7d');
    expect(stats).toMatchObject({
      totalUsers: total,
      totalEmails: total - 1,
      freeUsers: free,
      premiumUsers: 3,
      professionalUsers: 2,
    });
    expect(stats.newInRange).toEqual({
      totalUsers: recent,
      totalEmails: recent - 1,
      freeUsers: recent - 2,
      premiumUsers: 0,
      professionalUsers: 2,
    });
    expect(stats.recentSignups.length).toBe(Math.min(recent, 10));
    expect(stats.recentSignups.find((u) => u.username === 'Demo Investor')?.email).toBeNull();
    expect(stats.signupsPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(recent);
    expect(stats.analytics).toMatchObject({
      // Over the accounts that are not demo accounts: the demo one is left out.
      freeToPremiumPercent: Math.round((3 / (total - 1)) * 100),
      premiumToProfessionalPercent: 67,
      emailCollectionPercent: Math.round(((total - 1) / total) * 100),
      mrrDollars: 3 * 29 + 2 * 99,
    });

    const all = ZAdminStats.parse((await asAdmin('GET', '/api/admin/stats?range=all')).json());
    expect(all.since).toBeNull();
    expect(all.newInRange.totalUsers).toBe(total);
    const month = ZAdminStats.parse((await asAdmin('GET', '/api/admin/stats?range=90d')).json());
    expect(month.newInRange.premiumUsers).toBe(3);

    expectError(
      await asAdmin('GET', '/api/admin/stats?range=1y'),
      400,
      'VALIDATION_ERROR',
      'Range must be one of 7d, 30d, 90d, all',
    );
  });

  it('counts MRR from active subscriptions (yearly as a twelfth), trials, churn and activity', async () => {
    const owner = await signUpUser(t.app);
    const insert = (id: string, plan: string, interval: string, status: string, trial: boolean) =>
      query(
        `insert into subscription (id, user_id, customer_id, price_lookup_key, plan, interval, status,
           current_period_start, current_period_end, cancel_at_period_end, trial_end, stripe_created_at, last_event_at)
         values ($1, $2, 'cus_x', 'k', $3, $4, $5, now(), now() + interval '30 days', false,
                 case when $6 then now() + interval '7 days' end, now() - interval '1 day', now())`,
        [id, owner.id, plan, interval, status, trial],
      );
    await insert('sub_a', 'premium', 'monthly', 'active', false);
    await insert('sub_b', 'professional', 'yearly', 'active', false);
    await insert('sub_c', 'premium', 'monthly', 'trialing', true);
    await insert('sub_d', 'premium', 'monthly', 'canceled', false);
    await query(
      `insert into point_transaction (user_id, points, category, reason, created_at)
       values ($1, 15, 'earning', 'analysis_completed', now()),
              ($1, 15, 'earning', 'analysis_completed', now() - interval '20 days')`,
      [owner.id],
    );
    await query(`insert into user_points (user_id, updated_at) values ($1, now())`, [owner.id]);

    const week = ZAdminStats.parse((await asAdmin('GET', '/api/admin/stats?range=7d')).json()).analytics;
    expect(week).toMatchObject({
      subscriptionMrrDollars: 29 + 79, // 950 / 12 = 79.17
      activeSubscriptions: 2,
      trialsStarted: 1,
      churned: 1,
      analysesRun: 1,
      activeUsers: 1,
    });
    const month = ZAdminStats.parse((await asAdmin('GET', '/api/admin/stats?range=30d')).json()).analytics;
    expect(month.analysesRun).toBe(2);
  });

  it('leaves a demo account switched to a paid plan out of MRR and conversion, and shows it apart', async () => {
    await makeUsers(4, 'stats-real-premium', { plan: 'premium' });
    const statsNow = async () =>
      ZAdminStats.parse((await asAdmin('GET', '/api/admin/stats?range=all')).json());
    const before = await statsNow();

    // 'Try the demo', then Premium from Demo Settings: a Premium user who pays nothing.
    const opened = await t.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: '10.79.0.1' });
    expect(opened.statusCode, opened.body).toBe(201);
    const cookie = opened.cookies.find((c) => c.name === 'fw_session')?.value ?? '';
    const demo: TestUser = { id: ZAuthUserResponse.parse(opened.json()).user.id, email: '', cookie };
    const switchTo = async (plan: string) => {
      const res = await injectAs(demo, t.app, { method: 'PUT', url: '/api/demo/plan', payload: { plan } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await switchTo('premium');

    const premium = await statsNow();
    expect(premium).toMatchObject({
      totalUsers: before.totalUsers + 1,
      premiumUsers: before.premiumUsers + 1,
    });
    expect(premium.analytics).toMatchObject({
      mrrDollars: before.analytics.mrrDollars,
      freeToPremiumPercent: before.analytics.freeToPremiumPercent,
      premiumToProfessionalPercent: before.analytics.premiumToProfessionalPercent,
      demoAccounts: {
        total: before.analytics.demoAccounts.total + 1,
        premium: before.analytics.demoAccounts.premium + 1,
        professional: before.analytics.demoAccounts.professional,
      },
    });

    await switchTo('professional');
    const professional = await statsNow();
    expect(professional.professionalUsers).toBe(before.professionalUsers + 1);
    expect(professional.analytics).toMatchObject({
      mrrDollars: before.analytics.mrrDollars,
      premiumToProfessionalPercent: before.analytics.premiumToProfessionalPercent,
      demoAccounts: {
        total: before.analytics.demoAccounts.total + 1,
        premium: before.analytics.demoAccounts.premium,
        professional: before.analytics.demoAccounts.professional + 1,
      },
    });

    // The figures are the spec's formulas over the accounts that are not demo accounts.
    const { rows } = await query(
      `select count(*)::int users,
              count(*) filter (where plan = 'premium')::int premium,
              count(*) filter (where plan = 'professional')::int professional
         from "user" where not is_demo`,
    );
    const real = rows[0] as { users: number; premium: number; professional: number };
    expect(professional.analytics).toMatchObject({
      mrrDollars: real.premium * 29 + real.professional * 99,
      freeToPremiumPercent: Math.round((real.premium / real.users) * 100),
      premiumToProfessionalPercent: Math.round((real.professional / real.premium) * 100),
    });
  });
});

describe('GET /api/admin/users', () => {
  it('pages, searches by email or name (pattern characters literal) and sorts', async () => {
    await makeUsers(30, 'pager');
    await makeUsers(1, 'pager-pro', { plan: 'professional', daysAgo: 900 });
    const first = ZAdminUsersPage.parse(
      (await asAdmin('GET', '/api/admin/users?search=pager&pageSize=10')).json(),
    );
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 31, totalIsCapped: false });
    expect(first.users).toHaveLength(10);
    const dates = first.users.map((u) => u.created_at ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = ZAdminUsersPage.parse(
      (await asAdmin('GET', '/api/admin/users?search=PAGER&pageSize=10&page=4')).json(),
    );
    expect(last.users.map((u) => u.email)).toEqual(['pager-pro1@example.com']);

    const byPlan = ZAdminUsersPage.parse(
      (await asAdmin('GET', '/api/admin/users?search=pager&sort=plan')).json(),
    );
    expect(byPlan.users[0]?.subscription_plan).toBe('professional');
    const oldest = ZAdminUsersPage.parse(
      (await asAdmin('GET', '/api/admin/users?search=pager&sort=oldest')).json(),
    );
    expect(oldest.users[0]?.email).toBe('pager-pro1@example.com');

    const byName = ZAdminUsersPage.parse(
      (await asAdmin('GET', '/api/admin/users?search=First7%20pager')).json(),
    );
    expect(byName.users.map((u) => u.email)).toEqual(['pager7@example.com']);
    const literal = ZAdminUsersPage.parse((await asAdmin('GET', '/api/admin/users?search=pager%25')).json());
    expect(literal.total).toBe(0);

    expectError(
      await asAdmin('GET', '/api/admin/users?pageSize=500'),
      400,
      'VALIDATION_ERROR',
      'Page size must be a whole number from 1 to 100',
    );
    expectError(await asAdmin('GET', '/api/admin/users?sort=email'), 400, 'VALIDATION_ERROR');
  });

  it(`refuses a search shorter than ${ADMIN_SEARCH_MIN_LENGTH} characters, and counts matches up to ${ADMIN_SEARCH_COUNT_CAP}`, async () => {
    expectError(
      await asAdmin('GET', '/api/admin/users?search=%20pa%20'),
      400,
      'VALIDATION_ERROR',
      ADMIN_SEARCH_TOO_SHORT,
    );
    // An empty search is no search.
    expect((await asAdmin('GET', '/api/admin/users?search=')).statusCode).toBe(200);

    await makeUsers(ADMIN_SEARCH_COUNT_CAP, 'capped');
    const exactly = ZAdminUsersPage.parse((await asAdmin('GET', '/api/admin/users?search=capped')).json());
    expect(exactly).toMatchObject({ total: ADMIN_SEARCH_COUNT_CAP, totalIsCapped: false });
    await makeUsers(1, 'capped-more');
    const capped = ZAdminUsersPage.parse((await asAdmin('GET', '/api/admin/users?search=capped')).json());
    expect(capped).toMatchObject({ total: ADMIN_SEARCH_COUNT_CAP, totalIsCapped: true });
    expect(capped.users[0]?.email).toBe('capped-more1@example.com'); // the newest, as ever
    // Without a search every user is counted.
    const all = ZAdminUsersPage.parse((await asAdmin('GET', '/api/admin/users')).json());
    expect(all.total).toBeGreaterThan(ADMIN_SEARCH_COUNT_CAP);
    expect(all.totalIsCapped).toBe(false);
  });
});

describe('GET /api/admin/users/export', () => {
  it('streams every user as CSV with the spec columns, escaped cells and the dated file name', async () => {
    await query(
      `insert into "user" (email, first_name, last_name, password_hash)
       values ('evil@example.com', '=HYPERLINK("http://x")', 'Smith, Jr', 'x')`,
    );
    const res = await asAdmin('GET', '/api/admin/users/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = utcDateOf(new Date());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="users_export_${today}.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,Username,Email,Subscription Plan,Status,Created At');
    const { rows } = await query('select count(*)::int as n from "user"');
    expect(lines.length - 2).toBe((rows[0] as { n: number }).n);
    expect(lines.at(-1)).toBe('');
    const evil = lines.find((line) => line.includes('evil@example.com'));
    expect(evil).toMatch(
      /^[0-9a-f-]{36},"'=HYPERLINK\(""http:\/\/x""\) Smith, Jr",evil@example.com,free,none,\d{4}-/,
    );
  });
});

describe('actions and the audit log', () => {
  it('grants a complimentary plan that a webhook-style derivation keeps, until revoked', async () => {
    const target = await signUpUser(t.app);
    const granted = ZAdminUserResponse.parse(
      (await asAdmin('POST', `/api/admin/users/${target.id}/plan`, { plan: 'professional' })).json(),
    );
    expect(granted.user).toMatchObject({
      subscription_plan: 'professional',
      subscription_status: 'complimentary',
      complimentary_plan: 'professional',
    });
    const me = await injectAs(target, t.app, { method: 'GET', url: '/api/auth/me' });
    expect(me.json().user.plan).toBe('professional');

    // A Stripe subscription arrives and its webhook derives the plan again: the grant still wins.
    await query(
      `insert into subscription (id, user_id, customer_id, price_lookup_key, plan, interval, status,
         current_period_start, current_period_end, cancel_at_period_end, stripe_created_at, last_event_at)
       values ('sub_grant', $1, 'cus_g', 'foliowise_premium_monthly', 'premium', 'monthly', 'active',
               now(), now() + interval '30 days', false, now(), now())`,
      [target.id],
    );
    await t.deps.database.db.transaction((tx) => rederivePlan(tx, target.id, new Date()));
    const { rows } = await query('select plan, subscription_status from "user" where id = $1', [target.id]);
    expect(rows[0]).toEqual({ plan: 'professional', subscription_status: 'complimentary' });

    const revoked = ZAdminUserResponse.parse(
      (await asAdmin('POST', `/api/admin/users/${target.id}/plan`, { plan: null })).json(),
    );
    expect(revoked.user).toMatchObject({
      subscription_plan: 'premium',
      subscription_status: 'active',
      complimentary_plan: null,
    });

    const log = ZAuditLogResponse.parse((await asAdmin('GET', '/api/admin/audit-log')).json()).entries;
    expect(log.slice(0, 2).map((e) => [e.action, e.actorEmail, e.targetEmail])).toEqual([
      ['plan_grant_revoked', admin.email, target.email],
      ['plan_granted', admin.email, target.email],
    ]);
    expect(log[1]?.detail).toBe('Complimentary professional (was free)');

    expectError(
      await asAdmin('POST', `/api/admin/users/${target.id}/plan`, { plan: 'gold' }),
      400,
      'VALIDATION_ERROR',
      'Plan must be premium or professional',
    );
    expectError(
      await asAdmin('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/plan', {
        plan: 'premium',
      }),
      404,
      'NOT_FOUND',
      'User not found',
    );
  });

  it('suspends (sessions ended, sign-in refused with a clear message) and restores', async () => {
    const target = await signUpUser(t.app);
    const suspended = ZAdminUserResponse.parse(
      (await asAdmin('POST', `/api/admin/users/${target.id}/suspend`)).json(),
    );
    expect(suspended.user.suspended_at).not.toBeNull();
    const { rows } = await query('select count(*)::int as n from session where user_id = $1', [target.id]);
    expect(rows[0]).toEqual({ n: 0 });
    const me = await injectAs(target, t.app, { method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toEqual({ user: null });

    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: target.email, password: TEST_PASSWORD },
        remoteAddress: '10.91.0.1',
      });
    expectError(await login(), 403, 'FORBIDDEN', ACCOUNT_SUSPENDED_MESSAGE);

    const restored = ZAdminUserResponse.parse(
      (await asAdmin('POST', `/api/admin/users/${target.id}/restore`)).json(),
    );
    expect(restored.user.suspended_at).toBeNull();
    expect((await login()).statusCode).toBe(200);

    const log = ZAuditLogResponse.parse((await asAdmin('GET', '/api/admin/audit-log')).json()).entries;
    expect(log.slice(0, 2).map((e) => e.action)).toEqual(['account_restored', 'account_suspended']);
    expect(log[1]?.detail).toBe('1 session ended');

    expectError(await asAdmin('POST', `/api/admin/users/${admin.id}/suspend`), 409, 'CONFLICT');
  });

  it('deletes an account with its data; the audit log keeps who it was', async () => {
    const target = await signUpUser(t.app);
    await query(
      `insert into point_transaction (user_id, points, category, reason) values ($1, 10, 'earning', 'x')`,
      [target.id],
    );
    const res = await asAdmin('DELETE', `/api/admin/users/${target.id}`);
    expect(res.statusCode, res.body).toBe(204);
    const { rows } = await query(
      `select (select count(*) from "user" where id = $1)::int as users,
              (select count(*) from point_transaction where user_id = $1)::int as points`,
      [target.id],
    );
    expect(rows[0]).toEqual({ users: 0, points: 0 });
    const log = ZAuditLogResponse.parse((await asAdmin('GET', '/api/admin/audit-log')).json()).entries;
    expect(log[0]).toMatchObject({
      action: 'account_deleted',
      targetEmail: target.email,
      actorEmail: admin.email,
    });
    expectError(await asAdmin('DELETE', `/api/admin/users/${target.id}`), 404, 'NOT_FOUND', 'User not found');
    expectError(await asAdmin('DELETE', `/api/admin/users/${admin.id}`), 409, 'CONFLICT');
  });
});

describe('contact messages', () => {
  it('lists messages newest first and marks one handled (audited)', async () => {
    await query(
      `insert into contact_message (name, email, message, created_at)
       values ('Old', 'old@example.com', 'first', now() - interval '1 day'),
              ('New', 'new@example.com', 'second', now())`,
    );
    const list = ZContactMessagesResponse.parse(
      (await asAdmin('GET', '/api/admin/messages')).json(),
    ).messages;
    expect(list.map((m) => m.name)).toEqual(['New', 'Old']);
    const handled = await asAdmin('POST', `/api/admin/messages/${list[1]?.id}/handled`);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().message.handledAt).not.toBeNull();
    const log = ZAuditLogResponse.parse((await asAdmin('GET', '/api/admin/audit-log')).json()).entries;
    expect(log[0]).toMatchObject({ action: 'message_handled', targetEmail: 'old@example.com' });
    // A second mark keeps the first time and is not logged again.
    const again = await asAdmin('POST', `/api/admin/messages/${list[1]?.id}/handled`);
    expect(again.json().message.handledAt).toBe(handled.json().message.handledAt);
    const after = ZAuditLogResponse.parse((await asAdmin('GET', '/api/admin/audit-log')).json()).entries;
    expect(after[0]?.id).toBe(log[0]?.id);
    expectError(
      await asAdmin('POST', '/api/admin/messages/00000000-0000-4000-8000-000000000000/handled'),
      404,
      'NOT_FOUND',
      'Message not found',
    );
  });
});
