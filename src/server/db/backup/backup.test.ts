import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations, connectDatabase, migrationsFolder, type DatabaseHandle } from '../client';
import { startEmbeddedPostgres } from '../embedded-server';
import { EMBEDDED_DATABASE } from '../open-database';
import { createTestDatabase } from '../../testing/test-database';
import { runRestoreCommand } from './commands';
import { BackupError } from './format';
import { restoreBackup, verifyBackup } from './restore-backup';
import { writeBackup } from './write-backup';

const work = mkdtempSync(path.join(tmpdir(), 'fw-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const fileIn = (name: string) => path.join(work, name);

/** An empty database on the test server (dropped with the others of this run by the global teardown). */
async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('testDatabaseAdminUrl');
  const name = `${inject('testDatabasePrefix')}_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Every table of the app's schema, each as its row count and a digest of all its rows as text (generated columns
 * included), and every sequence's state: two databases with the same content give the same object.
 */
function contentOf(url: string): Promise<Record<string, string>> {
  return withClient(url, async (client) => {
    await client.query(`set timezone = 'UTC'; set extra_float_digits = 3`);
    const { rows: relations } = await client.query<{ name: string; kind: string }>(
      `select relname as name, relkind as kind from pg_class
        where relnamespace = 'public'::regnamespace and relkind in ('r', 'S') order by relname`,
    );
    const content: Record<string, string> = {};
    for (const { name, kind } of relations) {
      const { rows } = await client.query<{ state: string }>(
        kind === 'S'
          ? `select last_value || ' ' || is_called as state from "${name}"`
          : `select count(*) || ' rows ' || coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as state
               from "${name}" t`,
      );
      content[name] = rows[0]!.state;
    }
    return content;
  });
}

const ADA = randomUUID();
const ZOE = randomUUID();
const HOLDINGS = {
  AAPL: 10.5,
  'VOD.L': 3,
  'CRYPTO:BTC': 0.1234567890123457,
  note: 'tab\t"quoted" ünïcödé 📈',
};
const LOGO = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));

/** Rows with what a backup must keep exactly: text with tabs, newlines and backslashes, numeric, jsonb, json, bytea, timestamptz, arrays, identities, a generated column. */
async function seed(pool: pg.Pool) {
  await pool.query(
    `insert into "user" (id, email, first_name, last_name, password_hash, plan, created_at, email_verified_at, stripe_customer_id)
     values ($1, 'ada@example.com', 'Ada', $3, 'argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'premium',
             '2026-11-23 10:15:00.123456+00', '2026-11-23 10:20:00+00', null),
            ($2, 'zoe@example.com', $4, '', 'not-a-hash', 'professional', '1999-12-31 23:59:59.999999+00', null, 'cus_123')`,
    [ADA, ZOE, 'Lovelace\twith a tab', 'Zoë\nNew line \\ back\\slash'],
  );
  await pool.query(`insert into saved_portfolio (user_id, holdings) values ($1, $2)`, [ADA, HOLDINGS]);
  await pool.query(
    `insert into client_portfolio (id, user_id, name, holdings, archived_at) values ($1, $2, 'Smith family 👪', $3, now())`,
    [randomUUID(), ZOE, { MSFT: 1 }],
  );
  // json (not jsonb) keeps its text as written: spaces and a repeated key.
  await pool.query(
    `insert into portfolio_account (user_id, account_type, account_name, holdings, is_manual)
     values ($1, 'roth_ira', 'Roth', '{"VTI":  12.5, "VTI": 13}', true), ($1, 'brokerage', 'Taxable', '{}', false)`,
    [ADA],
  );
  const {
    rows: [paper],
  } = await pool.query<{ id: string }>(
    `insert into paper_portfolio (user_id, name, description, initial_balance, cash_balance)
     values ($1, 'Practice', null, 100000.00, 87654.32) returning id`,
    [ADA],
  );
  await pool.query(
    `insert into paper_trade (portfolio_id, user_id, symbol, side, quantity, price, total_value, realized_pnl, price_source, executed_at)
     values ($1, $2, 'AAPL', 'buy', 7, 123.456789, 864.20, null, 'simulated', '2026-11-20 14:30:00.000001+00'),
            ($1, $2, 'AAPL', 'sell', 2, 130.000001, 260.00, -12.34, 'yahoo', '2026-11-21 14:30:00+00')`,
    [paper!.id, ADA],
  );
  await pool.query(
    `insert into report_branding (user_id, firm_name, color, logo, logo_type, logo_width, logo_height, logo_updated_at)
     values ($1, 'Smith & Co', '#1e4d8c', $2, 'image/png', 16, 16, now())`,
    [ZOE, LOGO],
  );
  await pool.query(
    `insert into point_transaction (user_id, points, category, reason) select $1, g, 'earning', 'trade_executed'
       from generate_series(1, 5) g`,
    [ADA],
  );
  await pool.query(
    `insert into portfolio_snapshot (user_id, date, total_value, total_gain_loss, total_gain_loss_percent, is_simulated)
     values ($1, '2026-11-20', 12345.67, -0.01, 0.1 + 0.2, false)`,
    [ADA],
  );
  await pool.query(
    `insert into api_token (user_id, name, token_hash, last4, scopes) values ($1, 'CI', 'h', 'abcd', $2)`,
    [ZOE, ['read:portfolio', 'with space', 'quote"d', '']],
  );
}

/** The backup file rewritten: `edit` changes its lines, and the checksum is computed again (a well-made file). */
function rewritten(file: string, name: string, edit: (lines: string[]) => void): string {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').slice(0, -2);
  edit(lines);
  const content = `${lines.join('\n')}\n`;
  const digest = createHash('sha256').update(content).digest('hex');
  writeFileSync(fileIn(name), gzipSync(`${content}SHA256 ${digest}\n`));
  return fileIn(name);
}

let source: DatabaseHandle & { url: string };
let backupFile: string;

beforeAll(async () => {
  source = await createTestDatabase();
  await seed(source.pool);
  backupFile = fileIn('seeded.backup.gz');
  const client = await source.pool.connect();
  try {
    await writeBackup(client, backupFile);
  } finally {
    client.release();
  }
});
afterAll(() => source.close());

describe('a backup restored into a fresh database', () => {
  it('finds every table with the same rows, byte for byte, and the sequences where they were', async () => {
    const target = await emptyDatabase();
    const result = await withClient(target, async (client) =>
      restoreBackup(client, await verifyBackup(backupFile), 'The test database'),
    );
    const expected = await contentOf(source.url);
    expect(await contentOf(target)).toEqual(expected);
    expect(result.tables).toBe(Object.keys(expected).filter((name) => !name.endsWith('_seq')).length);

    // The same values, read back as the app reads them.
    await withClient(target, async (client) => {
      const { rows: users } = await client.query(
        `select id, first_name, last_name, created_at from "user" order by email`,
      );
      expect(users).toEqual([
        {
          id: ADA,
          first_name: 'Ada',
          last_name: 'Lovelace\twith a tab',
          created_at: new Date('2026-11-23T10:15:00.123Z'),
        },
        { id: ZOE, first_name: 'Zoë\nNew line \\ back\\slash', last_name: '', created_at: expect.any(Date) },
      ]);
      const { rows: portfolios } = await client.query(`select holdings from saved_portfolio`);
      expect(portfolios).toEqual([{ holdings: HOLDINGS }]);
      const { rows: accounts } = await client.query(
        `select holdings::text as holdings from portfolio_account where account_type = 'roth_ira'`,
      );
      expect(accounts).toEqual([{ holdings: '{"VTI":  12.5, "VTI": 13}' }]);
      const { rows: trades } = await client.query(
        `select price, total_value, realized_pnl, executed_at::text from paper_trade order by executed_at`,
      );
      expect(trades).toEqual([
        {
          price: '123.456789',
          total_value: '864.20',
          realized_pnl: null,
          executed_at: '2026-11-20 14:30:00.000001+00',
        },
        {
          price: '130.000001',
          total_value: '260.00',
          realized_pnl: '-12.34',
          executed_at: expect.any(String),
        },
      ]);
      const { rows: logos } = await client.query<{ logo: Buffer }>(`select logo from report_branding`);
      expect(logos[0]!.logo.equals(LOGO)).toBe(true);
      // The next identity continues after the restored ones.
      const { rows: next } = await client.query<{ id: number }>(
        `insert into point_transaction (user_id, points, category, reason) values ($1, 1, 'bonus', 'x') returning id`,
        [ADA],
      );
      expect(next[0]!.id).toBe(6);
    });
  });

  it("restores an older backup at its own migration level, and the app's start migrates it on", async () => {
    // A database of an older version of Foliowise: its first 10 migrations.
    const folder = path.join(work, 'older-migrations');
    cpSync(migrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 10) }));
    const olderUrl = await emptyDatabase();
    const older = connectDatabase(olderUrl, { max: 1 });
    try {
      await migrate(drizzle(older.pool), { migrationsFolder: folder });
      await older.pool.query(
        `insert into "user" (email, first_name, last_name, password_hash) values ('old@example.com', 'Old', 'Timer', 'h')`,
      );
      const client = await older.pool.connect();
      await writeBackup(client, fileIn('older.backup.gz')).finally(() => client.release());
    } finally {
      await older.close();
    }

    const target = await emptyDatabase();
    const result = await withClient(target, async (client) =>
      restoreBackup(client, await verifyBackup(fileIn('older.backup.gz')), 'The test database'),
    );
    expect(result.migrations).toBe(10);
    const restored = connectDatabase(target, { max: 1 });
    try {
      await applyMigrations(restored);
      const { rows } = await restored.pool.query(`select email, role, is_demo from "user"`);
      expect(rows).toEqual([{ email: 'old@example.com', role: 'user', is_demo: false }]);
    } finally {
      await restored.close();
    }
  });

  it('is consistent: rows written in pairs while the backup runs are restored in whole pairs', async () => {
    const live = await createTestDatabase();
    try {
      let backupDone = false;
      let pairs = 0;
      // Each user comes with its saved portfolio in one transaction; the backup reads "user" before saved_portfolio.
      const writePair = () =>
        live.pool.query(
          `with u as (insert into "user" (email, first_name, last_name, password_hash)
                      values ('pair-' || gen_random_uuid() || '@example.com', 'P', 'Q', 'h') returning id)
           insert into saved_portfolio (user_id, holdings) select id, '{"SPY": 1}' from u`,
        );
      await writePair();
      const writer = (async () => {
        while (!backupDone) {
          await writePair();
          pairs += 1;
        }
      })();
      const client = await live.pool.connect();
      await writeBackup(client, fileIn('live.backup.gz')).finally(() => {
        backupDone = true;
        client.release();
      });
      await writer;
      expect(pairs).toBeGreaterThan(0);

      const target = await emptyDatabase();
      await withClient(target, async (restore) =>
        restoreBackup(restore, await verifyBackup(fileIn('live.backup.gz')), 'The test database'),
      );
      const { rows } = await withClient(target, (c) =>
        c.query<{ users: number; portfolios: number }>(
          `select (select count(*)::int from "user") as users, (select count(*)::int from saved_portfolio) as portfolios`,
        ),
      );
      expect(rows[0]!.users).toBeGreaterThan(0);
      expect(rows[0]!.portfolios).toBe(rows[0]!.users);
    } finally {
      await live.close();
    }
  });
});

describe('restore refuses', () => {
  const refusal = async (work: () => Promise<unknown>) => {
    const error = await work().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BackupError);
    return (error as Error).message;
  };

  it('a database that is not empty, and leaves it as it was', async () => {
    const before = await contentOf(source.url);
    expect(
      await refusal(() =>
        withClient(source.url, async (client) =>
          restoreBackup(client, await verifyBackup(backupFile), 'The test database'),
        ),
      ),
    ).toMatch(
      /^The test database is not empty \(it has public\.\w+, public\.\w+, public\.\w+, \.\.\.\): a backup is restored only into an empty one\. Nothing was restored\.$/,
    );
    expect(await contentOf(source.url)).toEqual(before);
  });

  it('a file whose content changed', async () => {
    const changed = fileIn('changed.backup.gz');
    const text = gunzipSync(readFileSync(backupFile)).toString('utf8');
    writeFileSync(changed, gzipSync(text.replace('ada@example.com', 'eve@example.com')));
    expect(await refusal(() => verifyBackup(changed))).toBe(
      `${changed} cannot be restored: its SHA-256 checksum does not match its content (the file was changed). Nothing was restored.`,
    );
  });

  it('a backup from a newer version of Foliowise, or from another line of migrations', async () => {
    const withMigrations = (
      name: string,
      change: (migrations: { hash: string; createdAt: number }[]) => void,
    ) =>
      rewritten(backupFile, name, (lines) => {
        const header = JSON.parse(lines[1]!.slice('HEADER '.length)) as {
          migrations: { hash: string; createdAt: number }[];
        };
        change(header.migrations);
        lines[1] = `HEADER ${JSON.stringify(header)}`;
      });
    const target = await emptyDatabase();
    const restoreInto = (file: string) => () =>
      withClient(target, async (client) =>
        restoreBackup(client, await verifyBackup(file), 'The test database'),
      );

    const newer = withMigrations('newer.backup.gz', (m) =>
      m.push({ hash: 'later', createdAt: 4_000_000_000_000 }),
    );
    expect(await refusal(restoreInto(newer))).toMatch(
      /cannot be restored: it was taken from a newer version of Foliowise \(its database had \d+ migrations, this version has \d+\); restore it with that version or a later one\. Nothing was restored\.$/,
    );
    const other = withMigrations('other.backup.gz', (m) => (m[3]!.createdAt += 1));
    expect(await refusal(restoreInto(other))).toMatch(
      /cannot be restored: its migration 4 is not this version's migration 4; it comes from another line of Foliowise\. Nothing was restored\.$/,
    );
    expect(await contentOf(target)).toEqual({});
  });

  it('a row the schema refuses, rolling back everything it had loaded', async () => {
    const broken = rewritten(backupFile, 'broken.backup.gz', (lines) => {
      const at = lines.findIndex((line) => line.startsWith('TABLE {"name":"saved_portfolio"'));
      lines[at + 1] = lines[at + 1]!.replace(ADA, randomUUID()); // a portfolio of no user
    });
    const target = await emptyDatabase();
    expect(
      await refusal(() =>
        withClient(target, async (client) =>
          restoreBackup(client, await verifyBackup(broken), 'The test database'),
        ),
      ),
    ).toMatch(/^Loading table saved_portfolio failed: .*foreign key.*\. Nothing was restored\.$/);
    expect(await contentOf(target)).toEqual({});
  });
});

describe('npm run restore into a data directory', () => {
  it('restores into a fresh DATA_DIR, which the embedded server then serves with the same rows; refuses a running one', async () => {
    // Its own folder in the system's temporary one: as root, the server runs as `postgres`, which must reach it.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fw-restore-data-'));
    const lines: string[] = [];
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir };
    expect(await runRestoreCommand([backupFile], { env, print: (line) => lines.push(line) })).toBe(0);
    expect(lines.at(-2)).toMatch(
      new RegExp(
        `^Restored ${backupFile} into the data directory ${dataDir}: \\d+ tables, \\d+ rows, \\d+ migrations, in`,
      ),
    );

    const server = await startEmbeddedPostgres({ dataDir, log: () => undefined });
    try {
      const url = new URL(server.adminUrl);
      url.pathname = `/${EMBEDDED_DATABASE}`;
      expect(await contentOf(url.toString())).toEqual(await contentOf(source.url));

      const refused: string[] = [];
      expect(await runRestoreCommand([backupFile], { env, print: (line) => refused.push(line) })).toBe(1);
      expect(refused).toEqual([
        `Foliowise's database is running on ${dataDir} (pid ${readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]}): stop Foliowise first; a backup is restored into a stopped data directory. Nothing was restored.`,
      ]);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
