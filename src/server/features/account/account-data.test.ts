import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAccountExport } from '../../../contracts/accounts';
import { ACCOUNT_DATA_SECTIONS, type AccountDataSection, type TableDeclaration } from '../../feature';
import { FEATURES } from '../../feature-list';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { injectAs, signUpUser, type TestUser } from '../../testing/users';

/** Every table the manifests declare, by name, with what the export does with it and who declares it. */
const declared = new Map<string, { module: string; entry: TableDeclaration }>(
  FEATURES.flatMap((feature) =>
    feature.tables.map((entry) => [getTableName(entry.table), { module: feature.name, entry }] as const),
  ),
);
/** The tables the export shows, and the part each goes to. */
const EXPORTED_TABLES: Readonly<Record<string, AccountDataSection>> = Object.fromEntries(
  [...declared].flatMap(([name, { entry }]) => ('exportedIn' in entry ? [[name, entry.exportedIn]] : [])),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sql = <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  t.deps.database.pool.query<R>(text, values);

/**
 * Every table of the public schema that holds an account's rows, read from the catalog: the user table, every
 * table whose foreign keys lead to it (directly or through another such table: a holding through its portfolio),
 * and every table with a column named as a user id (`user_id`, `target_user_id`, `actor_id`, `owner_id`) even
 * without a foreign key.
 */
async function tablesWithAccountRows(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>(`
    with recursive fk as (
      select kcu.table_name::text as child, ccu.table_name::text as parent
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu
        on kcu.constraint_schema = rc.constraint_schema and kcu.constraint_name = rc.constraint_name
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_schema = rc.unique_constraint_schema and ccu.constraint_name = rc.unique_constraint_name
      where rc.constraint_schema = 'public'
    ), owned(name) as (
        select 'user'::text collate "C"
      union
      select fk.child from fk join owned on owned.name = fk.parent
    )
    select name from owned
    union
    select table_name::text from information_schema.columns
    where table_schema = 'public'
      and (column_name ~ '(^|_)user_id$' or column_name in ('actor_id', 'owner_id'))
    order by name`);
  return rows.map((row) => row.name);
}

describe("'Download my data' covers every table with an account's rows, from the manifests", () => {
  it('each such table is declared by a module and exported or left out with its reason; no other is said to hold none', async () => {
    const tables = await tablesWithAccountRows();
    // The catalog query finds what it should: direct, indirect and foreign-key-less references.
    expect(tables).toEqual(
      expect.arrayContaining(['user', 'session', 'paper_holding', 'triggered_alert', 'admin_audit_log']),
    );
    const undeclared = tables.filter((table) => !declared.has(table));
    expect(undeclared, "tables with an account's rows that no manifest declares").toEqual([]);
    const saidToHoldNone = tables.filter((table) => {
      const entry = declared.get(table)?.entry;
      return entry !== undefined && 'holdsNoAccountRows' in entry;
    });
    expect(saidToHoldNone, "tables with an account's rows declared as holding none").toEqual([]);
    for (const [table, { entry }] of declared) {
      if ('leftOutOfExport' in entry) expect(entry.leftOutOfExport.length, table).toBeGreaterThan(20);
    }
    expect(Object.keys(EXPORTED_TABLES).length).toBeGreaterThan(20);

    const { rows } = await sql<{ table_name: string }>(
      `select table_name::text as table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect([...declared.keys()].sort()).toEqual(rows.map((row) => row.table_name).sort());
  });

  it('each part of the export is read by one module, whose tables are exported in it', () => {
    const readBy = new Map<string, string[]>();
    for (const feature of FEATURES) {
      for (const section of Object.keys(feature.accountData ?? {})) {
        readBy.set(section, [...(readBy.get(section) ?? []), feature.name]);
      }
    }
    for (const section of ACCOUNT_DATA_SECTIONS) {
      const modules = readBy.get(section) ?? [];
      expect(modules, section).toHaveLength(1);
      const tables = Object.entries(EXPORTED_TABLES).filter(([, part]) => part === section);
      expect(tables.length, section).toBeGreaterThan(0);
      for (const [table] of tables) expect(declared.get(table)?.module, table).toBe(modules[0]);
    }
    expect([...readBy.keys()].sort()).toEqual([...ACCOUNT_DATA_SECTIONS].sort());
  });
});

/** A 1x1 PNG: the logo as uploaded. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Rows of the account in every table the export reads that no earlier call of the test made. */
async function storeEverything(owner: TestUser, tag: string): Promise<void> {
  const id = owner.id;
  await sql(`insert into saved_portfolio (user_id, holdings) values ($1, '{"MSFT": 4}')`, [id]);
  await sql(`insert into performance_setting (user_id, base_currency) values ($1, 'CHF')`, [id]);
  await sql(
    `insert into user_api_key (user_id, vendor, encrypted_key, last4) values ($1, 'polygon', 'CIPHERTEXT-SECRET', 'WXYZ')`,
    [id],
  );
  await sql(
    `insert into analysis_usage (subject_kind, subject_key, month, count) values ('user', $1, '2026-11', 2)`,
    [id],
  );
  await sql(
    `insert into api_token (user_id, name, token_hash, last4, scopes, last_used_at)
     values ($1, 'Spreadsheet', $2, 'Q7Z1', '{portfolio:read,trades:read}', '2026-11-20T10:00:00Z')`,
    [id, `TOKEN-DIGEST-SECRET-${tag}`],
  );
  const client = await sql<{ id: string }>(
    `insert into client_portfolio (user_id, name, holdings) values ($1, 'Smith Family Trust', '{"VTI": 12.5}') returning id`,
    [id],
  );
  const clientId = client.rows[0]?.id;
  await sql(
    `insert into report_branding (user_id, firm_name, color, logo, logo_type, logo_width, logo_height, logo_updated_at)
     values ($1, 'Smith Advisors', '#123abc', $2, 'image/png', 1, 1, now())`,
    [id, LOGO],
  );
  const condition = await sql<{ id: string }>(
    `insert into alert_condition (user_id, type, symbol, threshold) values ($1, 'price_above', 'AAPL', 250) returning id`,
    [id],
  );
  await sql(
    `insert into triggered_alert (user_id, condition_id, client_id, severity, message, is_simulated)
     values ($1, $2, $3, 'info', 'AAPL rose above $250.00', true)`,
    [id, condition.rows[0]?.id, clientId],
  );
  await sql(
    `insert into portfolio_snapshot (user_id, date, total_value, total_gain_loss, total_gain_loss_percent, is_simulated)
     values ($1, '2026-11-20', 1234.56, 12.34, 1.01, true)`,
    [id],
  );
  await sql(
    `insert into advice_question (user_id, symbol, question, action) values ($1, 'NVDA', 'Hold or sell?', 'hold')`,
    [id],
  );
  await sql(
    `insert into trading_suggestion (user_id, symbol, suggestion_type, action_text, priority, risk_level, confidence,
       potential_return, current_price, target_price, reasoning, reasoning_source, price_source, rank)
     values ($1, 'KO', 'buy', 'Buy 5 shares of KO', 'high', 'low', 80, 4.5, 61.2, 64, 'Steady dividend.', 'rules', 'simulated', 0)`,
    [id],
  );
  await sql(
    `insert into portfolio_account (user_id, account_type, account_name, holdings, is_manual)
     values ($1, 'roth_ira', 'My Roth IRA', '{"VOO": 3}', true)`,
    [id],
  );
  const ledger = await sql<{ id: string }>(
    `insert into activity_portfolio (user_id) values ($1) returning id`,
    [id],
  );
  await sql(
    `insert into activity (portfolio_id, type, date, symbol, quantity, price, currency, note, source)
     values ($1, 'buy', '2026-11-02', 'MSFT', 4, 410.25, 'USD', 'First buy', 'manual')`,
    [ledger.rows[0]?.id],
  );
  await sql(
    `insert into activity_import_mapping (user_id, header_key, header_digest, mapping)
     values ($1, '["when","what"]', 'digest', '{"columns": {"date": "When", "type": "What"}}')`,
    [id],
  );
  await sql(`update "user" set stripe_customer_id = $2 where id = $1`, [id, `cus_EXPORT${tag}`]);
  await sql(
    `insert into subscription (id, user_id, customer_id, price_lookup_key, plan, interval, status, current_period_start,
       current_period_end, cancel_at_period_end, stripe_created_at, last_event_at)
     values ($2, $1, $3, 'foliowise_premium_monthly', 'premium', 'monthly', 'canceled',
       '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', false, '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z')`,
    [id, `sub_EXPORT${tag}`, `cus_EXPORT${tag}`],
  );
  await sql(
    `insert into premium_purchase (payment_intent_id, user_id, amount_cents, currency, starts_at, ends_at)
     values ($2, $1, 2900, 'usd', '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z')`,
    [id, `pi_EXPORT${tag}`],
  );
  await sql(
    `insert into contact_message (name, email, company, message, user_id)
     values ('Ada Lovelace', $2, 'Analytical Engines', 'Tell me about Enterprise.', $1)`,
    [id, owner.email],
  );
}

describe('GET /api/account/export', () => {
  it('holds a row of every exported table the account has rows in, and no secret or hash', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const as = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      injectAs(user, t.app, { method, url, ...(payload ? { payload } : {}) });
    const created = await as(owner, 'POST', '/api/paper-trading/portfolio', { name: 'Growth' });
    expect(created.statusCode, created.body).toBe(201);
    const portfolioId = created.json<{ portfolio: { id: string } }>().portfolio.id;
    const trade = await as(owner, 'POST', '/api/paper-trading/trade', {
      portfolioId,
      symbol: 'AAPL',
      side: 'buy',
      quantity: 3,
    });
    expect(trade.statusCode, trade.body).toBe(201);
    await storeEverything(owner, 'A');
    await storeEverything(other, 'B');

    // The fixture covers every exported table with a user id: each holds a row of the owner.
    const { rows: userColumns } = await sql<{ table_name: string; column_name: string }>(
      `select table_name::text as table_name, column_name::text as column_name from information_schema.columns
       where table_schema = 'public' and column_name = 'user_id'`,
    );
    for (const { table_name } of userColumns.filter((c) => c.table_name in EXPORTED_TABLES)) {
      const { rows } = await sql<{ n: string }>(
        `select count(*) as n from "${table_name}" where user_id = $1`,
        [owner.id],
      );
      expect(Number(rows[0]?.n), table_name).toBeGreaterThan(0);
    }

    const res = await as(owner, 'GET', '/api/account/export');
    expect(res.statusCode, res.body).toBe(200);
    const body: unknown = res.json();
    // Everything the server sends is described by the contract the web saves the file with.
    const data = ZAccountExport.parse(body);
    expect(data).toEqual(body);

    // Every part the exported tables go to holds something of the owner's.
    for (const part of new Set(Object.values(EXPORTED_TABLES))) {
      const value = data[part];
      expect(value, part).not.toBeNull();
      if (Array.isArray(value)) expect(value.length, part).toBeGreaterThan(0);
    }
    expect(data.rewards.periods.length).toBeGreaterThan(0);
    expect(data.rewards.playerNumber).toEqual(expect.any(Number));
    expect(data.apiTokens).toEqual([
      {
        id: expect.any(String),
        name: 'Spreadsheet',
        scopes: ['portfolio:read', 'trades:read'],
        last4: 'Q7Z1',
        createdAt: expect.any(String),
        lastUsedAt: '2026-11-20T10:00:00.000Z',
      },
    ]);
    expect(data.activities.activities).toEqual([
      expect.objectContaining({
        portfolio: 'me',
        type: 'buy',
        symbol: 'MSFT',
        quantity: '4.0000000000',
        note: 'First buy',
      }),
    ]);
    expect(data.activities.importMappings).toEqual([
      expect.objectContaining({
        headerKey: '["when","what"]',
        mapping: { columns: { date: 'When', type: 'What' } },
      }),
    ]);
    expect(data.clients).toEqual([
      expect.objectContaining({ name: 'Smith Family Trust', holdings: { VTI: 12.5 }, archivedAt: null }),
    ]);
    expect(data.performanceSettings).toEqual({ baseCurrency: 'CHF', updatedAt: expect.any(String) });
    expect(data.reportBranding).toEqual({
      firmName: 'Smith Advisors',
      color: '#123abc',
      logo: {
        type: 'image/png',
        width: 1,
        height: 1,
        updatedAt: expect.any(String),
        base64: LOGO.toString('base64'),
      },
      updatedAt: expect.any(String),
    });
    expect(data.alerts.conditions).toEqual([
      expect.objectContaining({
        type: 'price_above',
        symbol: 'AAPL',
        threshold: '250.000000',
        enabled: true,
      }),
    ]);
    expect(data.alerts.triggered).toEqual([
      expect.objectContaining({
        conditionId: data.alerts.conditions[0]?.id,
        clientId: data.clients[0]?.id,
        message: 'AAPL rose above $250.00',
        acknowledgedAt: null,
      }),
    ]);
    expect(data.snapshots).toEqual([
      {
        clientId: null,
        date: '2026-11-20',
        totalValue: '1234.56',
        totalGainLoss: '12.34',
        totalGainLossPercent: 1.01,
        isSimulated: true,
      },
    ]);
    expect(data.advisorQuestions).toEqual([
      { symbol: 'NVDA', question: 'Hold or sell?', action: 'hold', askedAt: expect.any(String) },
    ]);
    expect(data.tradingSuggestions).toEqual([
      expect.objectContaining({ symbol: 'KO', actionText: 'Buy 5 shares of KO', potentialReturn: '4.50' }),
    ]);
    expect(data.portfolioAccounts).toEqual([
      expect.objectContaining({ accountType: 'roth_ira', accountName: 'My Roth IRA', holdings: { VOO: 3 } }),
    ]);
    expect(data.billing).toEqual({
      stripeCustomerId: 'cus_EXPORTA',
      subscriptions: [
        {
          id: 'sub_EXPORTA',
          plan: 'premium',
          interval: 'monthly',
          status: 'canceled',
          currentPeriodStart: '2026-10-01T00:00:00.000Z',
          currentPeriodEnd: '2026-11-01T00:00:00.000Z',
          cancelAtPeriodEnd: false,
          trialEnd: null,
          createdAt: '2026-10-01T00:00:00.000Z',
        },
      ],
      purchases: [
        {
          paymentIntentId: 'pi_EXPORTA',
          amountCents: 2900,
          currency: 'usd',
          startsAt: '2026-11-01T00:00:00.000Z',
          endsAt: '2026-12-01T00:00:00.000Z',
        },
      ],
    });
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ email: owner.email, message: 'Tell me about Enterprise.', handledAt: null }),
    ]);

    // Only the owner's rows, and no secret: no key, token digest, password hash or session id hash.
    expect(res.body).not.toContain(other.id);
    expect(res.body).not.toContain(other.email);
    expect(res.body).not.toContain('CIPHERTEXT-SECRET');
    expect(res.body).not.toContain('TOKEN-DIGEST-SECRET');
    expect(res.body).not.toContain('EXPORTB');
    expect(res.body).not.toContain('$argon2');
    expect(res.body).not.toMatch(/password|hash/i);
    const { rows: secrets } = await sql<{ value: string }>(
      `select id_hash as value from session where user_id = $1
       union all select id_hash from account_token where user_id = $1`,
      [owner.id],
    );
    expect(secrets.length).toBeGreaterThan(1);
    for (const { value } of secrets) expect(res.body).not.toContain(value);
  });
});
