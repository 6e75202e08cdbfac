/**
 * A history's version (migration 0030, decision 046): every statement that writes a portfolio's activities raises it
 * once, whoever writes them; and a history kept by version is never served after a change, even one made outside
 * the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZHoldingsResponse } from '../../../contracts/activities';
import { addActivity } from '../../testing/activities';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { injectAs, signUpUser, type TestUser } from '../../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MARKET_DATA_PROVIDER: 'simulated' } });
});
afterAll(() => t.close());

const add = (who: TestUser, activity: Record<string, unknown>) => addActivity(t.app, who, activity);

async function costOfAapl(who: TestUser): Promise<number | null | undefined> {
  const res = await injectAs(who, t.app, { method: 'GET', url: '/api/holdings?portfolio=me' });
  expect(res.statusCode, res.body).toBe(200);
  return ZHoldingsResponse.parse(res.json()).holdings.find((h) => h.symbol === 'AAPL')?.costBasis;
}

const query = <R extends object>(text: string, values: unknown[]) =>
  t.deps.database.pool.query<R>(text, values).then(({ rows }) => rows);

async function portfolioOf(who: TestUser): Promise<{ id: string; version: number }> {
  const [row] = await query<{ id: string; version: string }>(
    'select id, history_version as version from activity_portfolio where user_id = $1',
    [who.id],
  );
  if (!row) throw new Error('no portfolio');
  return { id: row.id, version: Number(row.version) };
}

describe('history_version', () => {
  it('rises once per statement that inserts, updates or deletes a portfolio’s activities, and only its own', async () => {
    const [user, other] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    await add(user, { type: 'deposit', date: '2024-01-02', amount: 1000 });
    await add(other, { type: 'deposit', date: '2024-01-02', amount: 1000 });
    const [mine, theirs] = [await portfolioOf(user), await portfolioOf(other)];

    // Three rows in one statement: one step.
    await query(
      `insert into activity (portfolio_id, type, date, amount, currency, source)
       select $1, 'deposit', '2024-01-03', 10, 'USD', 'manual' from generate_series(1, 3)`,
      [mine.id],
    );
    expect((await portfolioOf(user)).version).toBe(mine.version + 1);
    await query(`update activity set amount = 11 where portfolio_id = $1 and amount = 10`, [mine.id]);
    expect((await portfolioOf(user)).version).toBe(mine.version + 2);
    await query(`delete from activity where portfolio_id = $1 and amount = 11`, [mine.id]);
    expect((await portfolioOf(user)).version).toBe(mine.version + 3);
    // A statement that touches no row of it leaves it.
    await query(`delete from activity where portfolio_id = $1 and amount = 12345`, [mine.id]);
    expect((await portfolioOf(user)).version).toBe(mine.version + 3);
    expect((await portfolioOf(other)).version).toBe(theirs.version);
  });

  it('serves no history kept from before a change made outside the ledger', async () => {
    const user = await signUpUser(t.app);
    await add(user, { type: 'deposit', date: '2024-01-02', amount: 5000 });
    await add(user, { type: 'buy', date: '2024-01-03', symbol: 'AAPL', quantity: 10, price: 100 });
    expect(await costOfAapl(user)).toBe(1000);
    // Read again: the kept history, the same answer.
    expect(await costOfAapl(user)).toBe(1000);

    const { id } = await portfolioOf(user);
    await query(`update activity set price = 150 where portfolio_id = $1 and type = 'buy'`, [id]);
    expect(await costOfAapl(user)).toBe(1500);
  });
});
