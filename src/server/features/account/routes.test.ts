import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRequests, mailedLinks, mailingEnv, sessionCookieOf } from '../../testing/accounts';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, injectAs, signUpUser, TEST_PASSWORD, type TestUser } from '../../testing/users';
import { utcDateOf } from '../../../domain/calendar';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: mailingEnv(smtp) });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const requests = accountRequests(() => t, { ipPrefix: '10.80', emailPrefix: 'acct' });
const { post, sql, sessionUser, uniqueIp } = requests;
const { requestResetToken } = mailedLinks(requests, () => smtp);

describe('/api/account', () => {
  const asUser = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    injectAs(user, t.app, {
      method,
      url,
      remoteAddress: uniqueIp(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('answers 401 to a visitor on every endpoint', async () => {
    for (const [method, url] of [
      ['POST', '/api/account/password'],
      ['POST', '/api/account/sessions/sign-out-others'],
      ['GET', '/api/account/export'],
      ['POST', '/api/account/delete'],
    ] as const) {
      expectError(await t.app.inject({ method, url, payload: {} }), 401, 'UNAUTHENTICATED');
    }
  });

  it('changes the password after checking the current one; other sessions end, this one stays', async () => {
    const user = await signUpUser(t.app);
    const other = sessionCookieOf(
      await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }),
    );

    const wrong = await asUser(user, 'POST', '/api/account/password', {
      currentPassword: 'not-my-password',
      newPassword: 'Calm-River-Stone-5',
    });
    const error = expectError(wrong, 400, 'VALIDATION_ERROR', 'Current password is incorrect');
    expect(error.fields).toEqual({ currentPassword: 'Current password is incorrect' });
    expectError(
      await asUser(user, 'POST', '/api/account/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'qwerty123',
      }),
      400,
      'VALIDATION_ERROR',
      'This password is too common. Please choose a less common password.',
    );
    expectError(
      await asUser(user, 'POST', '/api/account/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'abc',
      }),
      400,
      'VALIDATION_ERROR',
      'Password must be at least 8 characters long',
    );
    expect(await sessionUser(other)).not.toBeNull();

    const res = await asUser(user, 'POST', '/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Calm-River-Stone-5',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ signedOutSessions: 1 });
    expect(await sessionUser(user.cookie)).not.toBeNull();
    expect(await sessionUser(other)).toBeNull();
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'Calm-River-Stone-5' })).statusCode,
    ).toBe(200);
  });

  it("'Sign out of other devices' ends every other session and says how many", async () => {
    const user = await signUpUser(t.app);
    const others = [];
    for (let i = 0; i < 2; i++) {
      others.push(
        sessionCookieOf(await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })),
      );
    }
    const res = await asUser(user, 'POST', '/api/account/sessions/sign-out-others');
    expect(res.json()).toEqual({ signedOutSessions: 2 });
    for (const cookie of others) expect(await sessionUser(cookie)).toBeNull();
    expect(await sessionUser(user.cookie)).not.toBeNull();
    expect((await asUser(user, 'POST', '/api/account/sessions/sign-out-others')).json()).toEqual({
      signedOutSessions: 0,
    });
  });

  it('exports the data as a JSON attachment, API keys masked, without secrets or hashes', async () => {
    const user = await signUpUser(t.app);
    const created = await asUser(user, 'POST', '/api/paper-trading/portfolio', { name: 'Growth' });
    expect(created.statusCode, created.body).toBe(201);
    const portfolioId = created.json().portfolio.id as string;
    const trade = await asUser(user, 'POST', '/api/paper-trading/trade', {
      portfolioId,
      symbol: 'AAPL',
      side: 'buy',
      quantity: 3,
    });
    expect(trade.statusCode, trade.body).toBe(201);
    await sql(
      `insert into user_api_key (user_id, vendor, encrypted_key, last4) values ($1, 'polygon', 'CIPHERTEXT-SECRET', 'WXYZ')`,
      [user.id],
    );
    await sql(`insert into saved_portfolio (user_id, holdings) values ($1, '{"MSFT": 4}')`, [user.id]);

    const res = await asUser(user, 'GET', '/api/account/export');
    expect(res.statusCode, res.body).toBe(200);
    const today = utcDateOf(new Date());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="foliowise-data-${today}.json"`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const data = res.json();
    expect(data.profile).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'user',
      emailVerifiedAt: null,
    });
    expect(data.savedPortfolio.holdings).toEqual({ MSFT: 4 });
    expect(data.paperPortfolios).toHaveLength(1);
    expect(data.paperPortfolios[0]).toMatchObject({
      name: 'Growth',
      holdings: [{ symbol: 'AAPL', quantity: 3 }],
    });
    expect(data.trades).toHaveLength(1);
    expect(data.trades[0]).toMatchObject({ symbol: 'AAPL', side: 'buy', quantity: 3, portfolioId });
    expect(data.rewards.transactions.length).toBeGreaterThan(0);
    expect(data.apiKeys).toEqual([
      {
        vendor: 'polygon',
        maskedKey: '••••WXYZ',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(data.sessions).toEqual([expect.objectContaining({ isCurrent: true })]);
    expect(res.body).not.toContain('CIPHERTEXT-SECRET');
    expect(res.body).not.toContain('$argon2');
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('deletes the account and every row of it after the password and the confirm word', async () => {
    const user = await signUpUser(t.app);
    const keep = await signUpUser(t.app);
    for (const owner of [user, keep]) {
      const created = await asUser(owner, 'POST', '/api/paper-trading/portfolio', { name: 'Mine' });
      const portfolioId = created.json().portfolio.id as string;
      expect(
        (
          await asUser(owner, 'POST', '/api/paper-trading/trade', {
            portfolioId,
            symbol: 'MSFT',
            side: 'buy',
            quantity: 1,
          })
        ).statusCode,
      ).toBe(201);
    }
    await requestResetToken(user.email);
    await sql(
      `insert into analysis_usage (subject_kind, subject_key, month, count) values ('user', $1, '2026-11', 2)`,
      [user.id],
    );

    const wrongPassword = await asUser(user, 'POST', '/api/account/delete', {
      password: 'nope',
      confirm: 'DELETE',
    });
    expectError(wrongPassword, 400, 'VALIDATION_ERROR', 'Password is incorrect');
    const wrongWord = await asUser(user, 'POST', '/api/account/delete', {
      password: TEST_PASSWORD,
      confirm: 'delete it',
    });
    expectError(wrongWord, 400, 'VALIDATION_ERROR', 'Type DELETE to confirm');

    const res = await asUser(user, 'POST', '/api/account/delete', {
      password: TEST_PASSWORD,
      confirm: 'DELETE',
    });
    expect(res.statusCode, res.body).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'fw_session');
    expect(cleared?.value).toBe('');
    expect(await sessionUser(user.cookie)).toBeNull();

    // Every table with a user_id column, found in the catalog so a table added later is checked too.
    const { rows: tables } = await sql<{ table_name: string }>(
      `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'`,
    );
    expect(tables.length).toBeGreaterThan(8);
    for (const { table_name } of tables) {
      const { rows } = await sql<{ n: string }>(
        `select count(*) as n from "${table_name}" where user_id = $1`,
        [user.id],
      );
      expect(Number(rows[0]?.n), table_name).toBe(0);
    }
    const { rows: holdings } = await sql<{ n: string }>(
      `select count(*) as n from paper_holding h left join paper_portfolio p on p.id = h.portfolio_id where p.id is null`,
    );
    expect(Number(holdings[0]?.n)).toBe(0);
    const { rows: usage } = await sql(`select 1 from analysis_usage where subject_key = $1`, [user.id]);
    expect(usage).toEqual([]);
    expect((await sql(`select 1 from "user" where id = $1`, [user.id])).rows).toEqual([]);
    expect(await sessionUser(keep.cookie)).not.toBeNull();
    expect((await asUser(keep, 'GET', '/api/paper-trading/trades')).json()).toHaveLength(1);
  });
});
