/**
 * Two app instances (each with its own connection pool, as two processes would have) on ONE database: the
 * portfolio row lock and the idempotency index hold across instances, not just within one.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../testing/test-database';
import { testConfig } from '../../testing/test-app';
import { signUpUser } from '../../testing/users';
import { createPortfolio, FakeQuoteSource, trade } from '../../testing/paper-trading';

const quotes = new FakeQuoteSource();
let databases: DatabaseHandle[] = [];
let apps: FastifyInstance[] = [];

beforeAll(async () => {
  const first = await createTestDatabase();
  databases = [first, connectDatabase(first.url, { max: 20 })];
  apps = await Promise.all(
    databases.map(async (database) => {
      const app = await buildApp({
        config: testConfig({ TRADES_PER_MINUTE: '0' }),
        database,
        version: 'test',
        overrides: { paperTrading: { quoteSource: quotes } },
      });
      await app.ready();
      return app;
    }),
  );
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(databases.map((db) => db.close()));
});

const appAt = (i: number) => apps[i % 2] as FastifyInstance;

async function ledgerOf(portfolioId: string) {
  const pool = (databases[0] as DatabaseHandle).pool;
  const { rows } = await pool.query(
    `select p.cash_balance::text as cash,
            (p.initial_balance + coalesce(sum(case when t.side = 'buy' then -t.total_value else t.total_value end), 0))::text
              as replayed_cash,
            coalesce(sum(case when t.side = 'buy' then t.quantity else -t.quantity end), 0)::int as net_quantity,
            count(t.id)::int as trades,
            (select coalesce(sum(quantity), 0)::int from paper_holding h where h.portfolio_id = p.id) as held
       from paper_portfolio p left join paper_trade t on t.portfolio_id = p.id
      where p.id = $1 group by p.id`,
    [portfolioId],
  );
  return rows[0] as {
    cash: string;
    replayed_cash: string;
    net_quantity: number;
    trades: number;
    held: number;
  };
}

describe('two instances on one database', () => {
  it('40 concurrent buys split across both instances fill exactly as many as the cash allows', async () => {
    const user = await signUpUser(appAt(0));
    const id = await createPortfolio(appAt(1), user, { initialBalance: 10000 });
    // 17 × 588.23 = 9,999.91 <= 10,000 < 18 × 588.23
    quotes.prices.set('NVDA', 588.23);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        trade(appAt(i), user, { portfolioId: id, symbol: 'NVDA', side: 'buy', quantity: 1 }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(17);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(23);
    // Both instances filled some.
    const fillsByApp = [0, 1].map(
      (k) => results.filter((r, i) => i % 2 === k && r.statusCode === 201).length,
    );
    expect(fillsByApp.every((n) => n > 0)).toBe(true);
    expect(await ledgerOf(id)).toEqual({
      cash: '0.09',
      replayed_cash: '0.09',
      net_quantity: 17,
      trades: 17,
      held: 17,
    });
  });

  it('mixed buys and sells across both instances keep the ledger balanced', async () => {
    const user = await signUpUser(appAt(1));
    const id = await createPortfolio(appAt(0), user, { initialBalance: 20000 });
    quotes.prices.set('AMD', 97.31);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        trade(appAt(i), user, {
          portfolioId: id,
          symbol: 'AMD',
          side: i % 3 === 2 ? 'sell' : 'buy',
          quantity: 1 + (i % 4),
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    const ledger = await ledgerOf(id);
    expect(ledger.cash).toBe(ledger.replayed_cash);
    expect(ledger.held).toBe(ledger.net_quantity);
    expect(ledger.trades).toBe(results.filter((r) => r.statusCode === 201).length);
  });

  it('the same Idempotency-Key sent to both instances at once fills once', async () => {
    const user = await signUpUser(appAt(0));
    const id = await createPortfolio(appAt(0), user);
    quotes.prices.set('AAPL', 100);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        trade(appAt(i), user, { portfolioId: id, symbol: 'AAPL', side: 'buy', quantity: 2 }, 'two-instances'),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(9);
    expect(new Set(results.map((r) => r.json<{ trade: { id: string } }>().trade.id)).size).toBe(1);
    expect(await ledgerOf(id)).toMatchObject({ cash: '9800.00', trades: 1, held: 2 });
  });
});
