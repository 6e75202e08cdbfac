/**
 * The market-data service's daily history: bars stored once and read back (one query for many symbols), spans
 * filled from the next vendor, simulated histories computed and never stored, crypto's calendar days.
 */
import { describe, expect, it, vi } from 'vitest';
import { createFakeAdapter, fakeBars } from '../../providers/market-data/testing/fake-adapter';
import { VendorError } from '../../providers/market-data/types';
import { clock, rejection, useMarketDataServices } from '../../testing/market-data';
import { createTestDatabase } from '../../testing/test-database';

const { service, database } = useMarketDataServices(createTestDatabase);

describe('history', () => {
  it('stores vendor bars and asks the vendor only for days not yet stored', async () => {
    const yahoo = createFakeAdapter('yahoo');
    const time = clock();
    const marketData = service([yahoo], { now: time.now });

    const year = await marketData.getHistory('JPM', '1Y');
    expect(year.source).toBe('yahoo');
    expect(year.history.length).toBeGreaterThanOrEqual(240);
    expect(year.history.length).toBeLessThanOrEqual(260);
    expect(yahoo.callsOf('history').map((c) => c.args)).toEqual([['JPM', '2025-11-21', '2026-11-20']]);

    const again = await marketData.getHistory('JPM', '1Y');
    expect(again).toEqual(year);
    expect(yahoo.callsOf('history')).toHaveLength(1);

    const five = await marketData.getHistory('JPM', '5Y');
    expect(yahoo.callsOf('history').map((c) => c.args)[1]).toEqual(['JPM', '2021-11-21', '2025-11-20']);
    expect(five.history.slice(-year.history.length)).toEqual(year.history);
    expect(five.history.length).toBeGreaterThan(1240);

    // The next session: only the new day is asked for.
    time.advance(3 * 86_400_000); // Monday evening
    await marketData.getHistory('JPM', '1M');
    expect(yahoo.callsOf('history').map((c) => c.args)[2]).toEqual(['JPM', '2026-11-21', '2026-11-23']);
    expect(yahoo.callsOf('history')).toHaveLength(3);

    // A separately built service (another process) reads the same stored bars.
    const other = service([yahoo], { now: time.now });
    await other.getHistory('JPM', '6M');
    expect(yahoo.callsOf('history')).toHaveLength(3);
  });

  it('fills the start of a span from the next vendor when the first one keeps less', async () => {
    const coingecko = createFakeAdapter('coingecko', { supports: (s) => s.startsWith('CRYPTO:') });
    const yahoo = createFakeAdapter('yahoo', { supports: () => true });
    // Like CoinGecko's public API: nothing older than 365 days.
    coingecko.onHistory = async (symbol, from, to) =>
      fakeBars(symbol, from < '2025-11-21' ? '2025-11-21' : from, to);
    const history = await service([coingecko, yahoo]).getHistory('CRYPTO:ETH', '5Y');
    expect(coingecko.callsOf('history').map((c) => c.args)).toEqual([
      ['CRYPTO:ETH', '2021-11-20', '2026-11-19'],
    ]);
    expect(yahoo.callsOf('history').map((c) => c.args)).toEqual([['CRYPTO:ETH', '2021-11-20', '2025-11-20']]);
    expect(history.history).toHaveLength(1826);
    expect(history.source).toBe('coingecko');
  });

  it('is simulated (computed, not stored) when no vendor answers', async () => {
    const yahoo = createFakeAdapter('yahoo');
    yahoo.onHistory = async () => {
      throw new VendorError('yahoo', 'unavailable', 'down');
    };
    const history = await service([yahoo]).getHistory('KO', '1Y');
    expect(history.source).toBe('simulated');
    expect(history.history.length).toBeGreaterThanOrEqual(240);
    const { rows } = await database().pool.query(
      "select count(*)::int as n from daily_bar where symbol = 'KO'",
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('gives crypto every calendar day, up to yesterday', async () => {
    const history = await service([], { env: { MARKET_DATA_PROVIDER: 'simulated' } }).getHistory(
      'BTC-USD',
      '1Y',
    );
    expect(history.symbol).toBe('CRYPTO:BTC');
    expect(history.history).toHaveLength(365);
    expect(history.history.at(-1)?.date).toBe('2026-11-19');
  });
});

describe('history of many symbols', () => {
  /** Yahoo for stocks (and `SHOP`, which only a vendor knows), CoinGecko for crypto; their history calls in order. */
  function vendors() {
    const historyCalls: unknown[][] = [];
    const yahoo = createFakeAdapter('yahoo');
    yahoo.onHistory = async (symbol, from, to) => {
      historyCalls.push([symbol, from, to]);
      return fakeBars(symbol === 'SHOP' ? 'MSFT' : symbol, from, to);
    };
    const coingecko = createFakeAdapter('coingecko', { supports: (s) => s.startsWith('CRYPTO:') });
    coingecko.onHistory = async (symbol, from, to) => {
      historyCalls.push([symbol, from, to]);
      return fakeBars(symbol, from, to);
    };
    return { adapters: [coingecko, yahoo], historyCalls };
  }

  /** The SQL statements sent through the pool while `run` runs (drizzle sends every query outside a transaction there). */
  async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const spy = vi.spyOn(database().pool, 'query');
    try {
      const result = await run();
      const statements = spy.mock.calls.map(([query]: unknown[]) =>
        typeof query === 'string' ? query : (query as { text: string }).text,
      );
      return { result, statements };
    } finally {
      spy.mockRestore();
    }
  }

  /** Date and close of each stored session, read with plain SQL: what the batch read must give back. */
  async function storedCloses(symbol: string, from: string, to: string) {
    const { rows } = await database().pool.query<{ date: string; close: string }>(
      `select to_char(date, 'YYYY-MM-DD') as date, close::text as close from daily_bar
       where symbol = $1 and date between $2 and $3 order by date`,
      [symbol, from, to],
    );
    return rows.map((row) => ({ date: row.date, close: Number(row.close) }));
  }

  const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

  it('reads the stored years of stocks and crypto in one query, as one-by-one reads give them', async () => {
    const tickers = ['MSFT', 'googl', 'XOM', 'CRYPTO:SOL', 'ADA-USD'];
    const { adapters, historyCalls } = vendors();
    const first = service(adapters);
    for (const ticker of tickers) await first.getHistory(ticker, '1Y');
    expect(historyCalls).toHaveLength(5);

    // Another service (another process: no span in memory) reads them back: the spans, then all the bars.
    const other = service(adapters);
    const { result, statements } = await statementsDuring(() => other.getHistories(tickers, '1Y'));
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain('"daily_bar_span"');
    expect(statements[1]).toContain('"daily_bar"');
    // Spans now known: a single query for all five.
    const again = await statementsDuring(() => other.getHistories(tickers, '1Y'));
    expect(again.statements).toHaveLength(1);
    expect(again.result).toEqual(result);
    expect(historyCalls).toHaveLength(5);

    expect(result.errors).toEqual({});
    expect(Object.keys(result.histories).sort()).toEqual(['ADA-USD', 'CRYPTO:SOL', 'GOOGL', 'MSFT', 'XOM']);
    for (const ticker of tickers) {
      expect(result.histories[ticker.toUpperCase()]).toEqual(
        await service(adapters).getHistory(ticker, '1Y'),
      );
    }
    expect(result.histories['ADA-USD']).toMatchObject({ symbol: 'CRYPTO:ADA', source: 'coingecko' });

    // Stocks: US trading days up to Friday; crypto: every day up to yesterday (UTC).
    const msft = result.histories.MSFT!;
    expect(msft.source).toBe('yahoo');
    expect(msft.history.some((bar) => isWeekend(bar.date))).toBe(false);
    expect(msft.history.map(({ date, close }) => ({ date, close }))).toEqual(
      await storedCloses('MSFT', '2025-11-21', '2026-11-20'),
    );
    expect(msft.history.length).toBeGreaterThanOrEqual(245);
    const sol = result.histories['CRYPTO:SOL']!;
    expect(sol.history).toHaveLength(365);
    expect(sol.history.filter((bar) => isWeekend(bar.date)).length).toBeGreaterThan(100);
    expect(sol.history.map(({ date, close }) => ({ date, close }))).toEqual(
      await storedCloses('CRYPTO:SOL', '2025-11-20', '2026-11-19'),
    );
  });

  it('asks the vendors only for the days not stored yet, then reads every symbol in one query', async () => {
    const { adapters, historyCalls } = vendors();
    const time = clock();
    await service(adapters, { now: time.now }).getHistories(['V', 'CRYPTO:DOGE'], '1Y');
    expect([...historyCalls].sort()).toEqual([
      ['CRYPTO:DOGE', '2025-11-20', '2026-11-19'],
      ['V', '2025-11-21', '2026-11-20'],
    ]);

    time.advance(3 * 86_400_000); // Monday evening: three more days of crypto, one more session of stocks
    const later = service(adapters, { now: time.now });
    const { result, statements } = await statementsDuring(() =>
      later.getHistories(['V', 'CRYPTO:DOGE', 'CVX'], '1Y'),
    );
    expect(historyCalls.slice(2).sort()).toEqual([
      ['CRYPTO:DOGE', '2026-11-20', '2026-11-22'],
      ['CVX', '2025-11-24', '2026-11-23'],
      ['V', '2026-11-21', '2026-11-23'],
    ]);
    // The spans and the bars (the vendors' bars are saved in transactions, on their own connections).
    expect(statements).toHaveLength(2);

    expect(result.errors).toEqual({});
    const v = result.histories.V!.history;
    expect([v[0]?.date, v.at(-1)?.date]).toEqual(['2025-11-24', '2026-11-23']);
    const doge = result.histories['CRYPTO:DOGE']!.history;
    expect([doge[0]?.date, doge.at(-1)?.date, doge.length]).toEqual(['2025-11-23', '2026-11-22', 365]);
    for (const ticker of ['V', 'CRYPTO:DOGE', 'CVX']) {
      expect(result.histories[ticker]).toEqual(
        await service(adapters, { now: time.now }).getHistory(ticker, '1Y'),
      );
    }
    expect(historyCalls).toHaveLength(5);
  });

  it('answers unknown and malformed tickers with the errors getHistory throws, and the rest', async () => {
    const { adapters } = vendors();
    const marketData = service(adapters);
    const tickers = ['SHOP', 'ZZZZZZ', 'AAPL;DROP', 'CRYPTO:NOPE', 'XOM'];
    const result = await marketData.getHistories(tickers, '1Y');
    expect(Object.keys(result.histories).sort()).toEqual(['SHOP', 'XOM']);
    expect(result.histories.SHOP).toEqual(await marketData.getHistory('SHOP', '1Y'));
    expect(result.histories.SHOP).toMatchObject({ symbol: 'SHOP', source: 'yahoo' });
    expect(result.errors).toEqual({
      ZZZZZZ: 'Unknown symbol ZZZZZZ',
      'AAPL;DROP': (await rejection(marketData.getHistory('AAPL;DROP', '1Y'))).message,
      'CRYPTO:NOPE': 'Unknown symbol CRYPTO:NOPE',
    });
    expect(await rejection(marketData.getHistory('ZZZZZZ', '1Y'))).toMatchObject({ status: 404 });
  });

  it('computes simulated histories without any query', async () => {
    const simulated = service([], { env: { MARKET_DATA_PROVIDER: 'simulated' } });
    const { result, statements } = await statementsDuring(() =>
      simulated.getHistories(['PG', 'BTC-USD', 'SHOP'], '6M'),
    );
    expect(statements).toEqual([]);
    expect(result.histories.PG).toEqual(await simulated.getHistory('PG', '6M'));
    expect(result.histories['BTC-USD']).toEqual(await simulated.getHistory('BTC-USD', '6M'));
    expect(result.errors).toEqual({ SHOP: 'Unknown symbol SHOP' });
  });

  it('gives the same sessions and sources with closes only, in one query', async () => {
    const { adapters } = vendors();
    const yahooDown = createFakeAdapter('yahoo');
    const tickers = ['MSFT', 'CRYPTO:SOL', 'ADA-USD', 'ZZZZZZ'];
    const marketData = service(adapters);
    await marketData.getHistories(tickers, '1Y');
    const full = await marketData.getHistories(tickers, '1Y');
    const { result, statements } = await statementsDuring(() => marketData.getCloseHistories(tickers, '1Y'));
    expect(statements).toHaveLength(1);
    expect(result.errors).toEqual(full.errors);
    expect(Object.keys(result.histories).sort()).toEqual(Object.keys(full.histories).sort());
    for (const [ticker, { symbol, source, history }] of Object.entries(full.histories)) {
      expect(result.histories[ticker]).toEqual({
        symbol,
        source,
        closes: history.map(({ date, close }) => ({ date, close })),
      });
    }
    // Without a vendor answering and nothing stored: the simulator's closes.
    yahooDown.onHistory = async () => {
      throw new VendorError('yahoo', 'unavailable', 'down');
    };
    const offline = service([yahooDown]);
    const closes = await offline.getCloseHistories(['PG'], '1Y');
    const bars = await offline.getHistory('PG', '1Y');
    expect(closes.histories.PG).toEqual({
      symbol: 'PG',
      source: 'simulated',
      closes: bars.history.map(({ date, close }) => ({ date, close })),
    });
  });
});

describe('the simulator behind the service', () => {
  it('gives identical numbers from two separately built services', async () => {
    const a = service([], { env: { MARKET_DATA_PROVIDER: 'simulated' } });
    const b = service([], { env: { MARKET_DATA_PROVIDER: 'simulated' } });
    expect(await a.getQuote('NVDA')).toEqual(await b.getQuote('NVDA'));
    expect(await a.getHistory('VTI', '6M')).toEqual(await b.getHistory('VTI', '6M'));
  });
});
