/**
 * The closes packed per symbol and year (`daily_close_year`, migration 0031, decision 047): the bar store reads
 * closes from them, and the triggers on `daily_bar` keep them equal to the bars whoever writes, also when two
 * transactions write one symbol's year at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../testing/test-database';
import { createBarStore, type StoredBar } from './repository';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const bar = (date: string, close: number, source: StoredBar['source'] = 'yahoo'): StoredBar => ({
  date,
  open: close,
  high: close,
  low: close,
  close,
  volume: 100,
  source,
});

/** Date, close and vendor of each stored bar of `symbol` in `from`..`to`, read with plain SQL from `daily_bar`. */
async function barsOf(symbol: string, from: string, to: string) {
  const { rows } = await database.pool.query<{ date: string; close: string; source: string }>(
    `select to_char(date, 'YYYY-MM-DD') as date, close::text as close, source from daily_bar
     where symbol = $1 and date between $2 and $3 order by date`,
    [symbol, from, to],
  );
  return rows.map((row) => ({ date: row.date, close: Number(row.close), source: row.source }));
}

/** What `readCloses` must answer for a span: the bars' closes, and the vendor of the last one. */
async function expectedCloses(symbol: string, from: string, to: string) {
  const bars = await barsOf(symbol, from, to);
  const last = bars.at(-1);
  return last ? { source: last.source, bars: bars.map(({ date, close }) => ({ date, close })) } : undefined;
}

/** Until the backend `pid` waits for a lock (polled from another connection). */
async function waitForLock(pid: number | undefined) {
  for (;;) {
    const { rows } = await database.pool.query<{ waiting: boolean }>(
      `select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`,
      [pid],
    );
    if (rows[0]?.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the closes packed per year', () => {
  it('read back the stored closes of any span across years, with the vendor of the span’s last bar', async () => {
    const store = createBarStore(database.db);
    await store.save('PACK', { from: '2022-12-28', to: '2024-01-05' }, [
      bar('2022-12-28', 10.5),
      bar('2022-12-30', 11),
      bar('2023-01-03', 11.25),
      bar('2023-06-30', 187.45600128173828),
      bar('2023-12-29', 13, 'fmp'),
      bar('2024-01-02', 14, 'fmp'),
      bar('2024-01-05', 15.75, 'polygon'),
    ]);
    const spans = [
      { symbol: 'PACK', from: '2022-12-29', to: '2024-01-03' },
      { symbol: 'PACK', from: '2023-01-01', to: '2023-07-01' },
      { symbol: 'PACK', from: '2020-01-01', to: '2030-01-01' },
    ];
    for (const span of spans) {
      const read = await store.readCloses([span]);
      expect(read.get('PACK')).toEqual(await expectedCloses('PACK', span.from, span.to));
    }
    expect((await store.readCloses([spans[0]!])).get('PACK')?.source).toBe('fmp');
    // Several symbols in one read: each gets its own years, whatever the order of the spans.
    await store.save('PAIR', { from: '2023-01-03', to: '2023-01-04' }, [
      bar('2023-01-03', 7),
      bar('2023-01-04', 8),
    ]);
    const [pack, pair] = [spans[1]!, { symbol: 'PAIR', from: '2023-01-01', to: '2023-12-31' }];
    const together = await store.readCloses([
      pair,
      { symbol: 'NEVER', from: '2023-01-01', to: '2023-12-31' },
      pack,
    ]);
    expect([...together.keys()]).toEqual(['PAIR', 'PACK']);
    expect(together.get('PAIR')).toEqual(await expectedCloses('PAIR', pair.from, pair.to));
    expect(together.get('PACK')).toEqual(await expectedCloses('PACK', pack.from, pack.to));
    // A span without a bar (a holiday week) leaves the symbol out, as a symbol never stored.
    const empty = await store.readCloses([
      { symbol: 'PACK', from: '2023-07-01', to: '2023-07-04' },
      { symbol: 'NEVER', from: '2023-01-01', to: '2023-12-31' },
    ]);
    expect([...empty.keys()]).toEqual([]);
  });

  it('follow every statement on daily_bar, also the operator’s SQL', async () => {
    const store = createBarStore(database.db);
    await store.save('EDIT', { from: '2021-03-01', to: '2021-03-03' }, [
      bar('2021-03-01', 1),
      bar('2021-03-02', 2),
      bar('2021-03-03', 3),
    ]);
    const span = { symbol: 'EDIT', from: '2000-01-01', to: '2030-12-31' };
    const read = async () => (await store.readCloses([span])).get('EDIT');
    await database.pool.query(
      `update daily_bar set close = 2.5, source = 'fmp' where symbol = 'EDIT' and date = '2021-03-02'`,
    );
    expect(await read()).toEqual(await expectedCloses('EDIT', span.from, span.to));
    // A bar moved to another year leaves its old year and joins the new one.
    await database.pool.query(
      `update daily_bar set date = '2022-01-03' where symbol = 'EDIT' and date = '2021-03-03'`,
    );
    expect(await read()).toEqual(await expectedCloses('EDIT', span.from, span.to));
    // A re-fetch corrects a stored day (the store's upsert).
    await store.save('EDIT', { from: '2021-03-01', to: '2021-03-01' }, [bar('2021-03-01', 0.75, 'polygon')]);
    expect(await read()).toEqual(await expectedCloses('EDIT', span.from, span.to));
    await database.pool.query(`delete from daily_bar where symbol = 'EDIT' and date < '2022-01-01'`);
    expect(await read()).toEqual({ source: 'yahoo', bars: [{ date: '2022-01-03', close: 3 }] });
    await database.pool.query(`delete from daily_bar where symbol = 'EDIT'`);
    const { rows } = await database.pool.query(`select 1 from daily_close_year where symbol = 'EDIT'`);
    expect(rows).toEqual([]);
  });

  it('keep both of two transactions that write the same year at once', async () => {
    const first = await database.pool.connect();
    const second = await database.pool.connect();
    try {
      const insert = (date: string) =>
        `insert into daily_bar (symbol, date, open, high, low, close, volume, source)
         values ('BOTH', '${date}', 1, 1, 1, 1, 0, 'yahoo')`;
      const { rows } = await second.query<{ pid: number }>('select pg_backend_pid() as pid');
      await first.query('begin');
      await first.query(insert('2024-02-01'));
      await second.query('begin');
      const secondInsert = second.query(insert('2024-02-02'));
      // The second's trigger waits for the first's lock on the symbol: commit the first only once it does.
      await waitForLock(rows[0]?.pid);
      await first.query('commit');
      await secondInsert;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    const read = await createBarStore(database.db).readCloses([
      { symbol: 'BOTH', from: '2024-01-01', to: '2024-12-31' },
    ]);
    expect(read.get('BOTH')?.bars.map((b) => b.date)).toEqual(['2024-02-01', '2024-02-02']);
  });
});
