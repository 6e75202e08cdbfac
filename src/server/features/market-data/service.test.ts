import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../contracts/errors';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../testing/test-database';
import { testConfig } from '../../testing/test-app';
import type { AppConfig } from '../../config';
import { createMarketDataService, type MarketDataService, type MarketDataServiceOptions } from './service';
import {
  createFakeAdapter,
  fakeBars,
  fakeQuote,
  hangUntilAborted,
  type FakeAdapter,
} from '../../providers/market-data/testing/fake-adapter';
import { VendorError, type MarketDataAdapter } from '../../providers/market-data/types';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Friday 2026-11-20, after the close (22:00 UTC = 17:00 in New York). */
const FRIDAY_EVENING = new Date('2026-11-20T22:00:00Z');

function clock(start = FRIDAY_EVENING) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

function service(
  adapters: MarketDataAdapter[],
  overrides: Partial<Omit<MarketDataServiceOptions, 'config'>> & { env?: Record<string, string> } = {},
) {
  const { env, ...rest } = overrides;
  const config: AppConfig = testConfig({ MARKET_DATA_PROVIDER: 'auto', ...env });
  return createMarketDataService({ config, db: database.db, adapters, now: () => FRIDAY_EVENING, ...rest });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('quotes', () => {
  it('100 concurrent requests for one symbol make exactly one upstream call', async () => {
    const yahoo = createFakeAdapter('yahoo');
    yahoo.onQuote = async (symbol) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return fakeQuote('yahoo', symbol);
    };
    const marketData = service([yahoo]);
    const quotes = await Promise.all(Array.from({ length: 100 }, () => marketData.getQuote('aapl')));
    expect(yahoo.calls).toHaveLength(1);
    expect(new Set(quotes.map((q) => q.currentPrice))).toEqual(new Set([123.45]));
    expect(quotes[0]).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.', source: 'yahoo' });
  });

  it('serves from the cache until the TTL runs out, then asks again', async () => {
    const yahoo = createFakeAdapter('yahoo');
    const time = clock();
    const marketData = service([yahoo], { now: time.now, env: { QUOTE_CACHE_SECONDS: '60' } });
    await marketData.getQuote('MSFT');
    time.advance(59_000);
    await marketData.getQuote('MSFT');
    expect(yahoo.calls).toHaveLength(1);
    time.advance(2_000);
    await marketData.getQuote('MSFT');
    expect(yahoo.calls).toHaveLength(2);
  });

  it('a hanging vendor costs one timeout: skipped while its circuit is open, probed after', async () => {
    const yahoo = createFakeAdapter('yahoo');
    yahoo.onQuote = (_symbol, signal) => hangUntilAborted('yahoo', signal);
    const time = clock();
    const marketData = service([yahoo], {
      now: time.now,
      timeoutMs: 50,
      env: { QUOTE_CACHE_SECONDS: '0' },
    });
    const first = await marketData.getQuote('AAPL');
    expect(first.source).toBe('simulated');
    expect(yahoo.calls).toHaveLength(1);
    expect(marketData.status().vendors.find((v) => v.name === 'yahoo')).toMatchObject({
      circuitOpen: true,
      circuitState: 'open',
      healthy: false,
    });

    for (const symbol of ['AAPL', 'MSFT', 'NVDA']) {
      expect((await marketData.getQuote(symbol)).source).toBe('simulated');
    }
    expect(yahoo.calls).toHaveLength(1); // skipped while open: no second timeout
    time.advance(59_000);
    await marketData.getQuote('AAPL');
    expect(yahoo.calls).toHaveLength(1);

    time.advance(2_000);
    yahoo.onQuote = async (symbol) => fakeQuote('yahoo', symbol);
    expect((await marketData.getQuote('AAPL')).source).toBe('yahoo');
    expect(yahoo.calls).toHaveLength(2);
    expect(marketData.status().vendors.find((v) => v.name === 'yahoo')).toMatchObject({
      circuitOpen: false,
      healthy: true,
    });
  });

  it('in half-open state lets exactly one probe through', async () => {
    const yahoo = createFakeAdapter('yahoo');
    yahoo.onQuote = async () => {
      throw new VendorError('yahoo', 'unavailable', 'down');
    };
    const time = clock();
    const marketData = service([yahoo], { now: time.now, env: { QUOTE_CACHE_SECONDS: '0' } });
    for (const symbol of ['AAPL', 'MSFT', 'NVDA', 'AMZN']) await marketData.getQuote(symbol);
    expect(yahoo.calls).toHaveLength(3); // opened after 3 consecutive failures
    time.advance(60_000);
    yahoo.onQuote = async (symbol) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return fakeQuote('yahoo', symbol);
    };
    const answers = await Promise.all(['AAPL', 'MSFT', 'NVDA'].map((s) => marketData.getQuote(s)));
    expect(yahoo.calls).toHaveLength(4);
    expect(answers.map((q) => q.source).sort()).toEqual(['simulated', 'simulated', 'yahoo']);
  });

  it("falls back to the simulator when the vendor answers 'rate limited', and says so", async () => {
    const yahoo = createFakeAdapter('yahoo');
    yahoo.onQuote = async () => {
      throw new VendorError('yahoo', 'rate_limited', 'Too Many Requests');
    };
    const quote = await service([yahoo]).getQuote('AAPL');
    expect(quote).toMatchObject({ symbol: 'AAPL', source: 'simulated', currency: 'USD' });
    expect(Date.parse(quote.asOf)).not.toBeNaN();
  });

  it('stops calling a vendor once its quota is used up', async () => {
    const polygon = createFakeAdapter('polygon');
    const time = clock();
    const marketData = service([polygon], {
      now: time.now,
      env: { QUOTE_CACHE_SECONDS: '0' },
    });
    const symbols = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'META', 'GOOGL', 'TSLA'];
    const sources = [];
    for (const symbol of symbols) sources.push((await marketData.getQuote(symbol)).source);
    expect(polygon.calls).toHaveLength(5);
    expect(sources).toEqual([
      'polygon',
      'polygon',
      'polygon',
      'polygon',
      'polygon',
      'simulated',
      'simulated',
    ]);
    expect(marketData.status().vendors.find((v) => v.name === 'polygon')).toMatchObject({
      configured: true,
      quotaLeft: 0,
      quota: 5,
      quotaWindow: 'minute',
      circuitOpen: false,
    });
    time.advance(60_001);
    expect((await marketData.getQuote('AAPL')).source).toBe('polygon');
  });

  it('tries keyed vendors first, then keyless ones, then the simulator', async () => {
    const fmp = createFakeAdapter('fmp');
    const yahoo = createFakeAdapter('yahoo');
    fmp.onQuote = async () => {
      throw new VendorError('fmp', 'unavailable', 'down');
    };
    expect((await service([yahoo, fmp]).getQuote('AAPL')).source).toBe('yahoo');
    expect(fmp.calls).toHaveLength(1);
    expect(yahoo.calls).toHaveLength(1);
  });

  it("uses the user's own key for that user's requests", async () => {
    const serverPolygon = createFakeAdapter('polygon');
    const built: { vendor: string; key: string; adapter: FakeAdapter }[] = [];
    const marketData = service([serverPolygon], {
      env: { QUOTE_CACHE_SECONDS: '0' },
      createKeyedAdapter: (vendor, key) => {
        const adapter = createFakeAdapter(vendor);
        built.push({ vendor, key, adapter });
        return adapter;
      },
    });
    expect((await marketData.getQuote('AAPL', { userKeys: { fmp: 'user-fmp-key' } })).source).toBe('fmp');
    await marketData.getQuote('MSFT', { userKeys: { fmp: 'user-fmp-key' } });
    expect(built.map((b) => [b.vendor, b.key])).toEqual([['fmp', 'user-fmp-key']]);
    expect(built[0]!.adapter.calls).toHaveLength(2);
    expect(serverPolygon.calls).toHaveLength(0);
    expect((await marketData.getQuote('AAPL')).source).toBe('polygon');
  });

  it('a forced vendor is the only one asked; `simulated` asks none', async () => {
    const yahoo = createFakeAdapter('yahoo');
    const fmp = createFakeAdapter('fmp');
    expect(
      (await service([yahoo, fmp], { env: { MARKET_DATA_PROVIDER: 'yahoo' } }).getQuote('AAPL')).source,
    ).toBe('yahoo');
    expect(fmp.calls).toHaveLength(0);
    const simulated = service([yahoo, fmp], { env: { MARKET_DATA_PROVIDER: 'simulated' } });
    expect((await simulated.getQuote('AAPL')).source).toBe('simulated');
    expect(yahoo.calls).toHaveLength(1);
  });

  it('answers unknown tickers through a vendor that knows them, else 404', async () => {
    const yahoo = createFakeAdapter('yahoo');
    yahoo.onQuote = async (symbol) => {
      if (symbol === 'SHOP') return { ...fakeQuote('yahoo', symbol), name: 'Shopify Inc.' };
      throw new VendorError('yahoo', 'not_found', 'no such symbol');
    };
    const marketData = service([yahoo]);
    expect(await marketData.getQuote('SHOP')).toMatchObject({
      symbol: 'SHOP',
      name: 'Shopify Inc.',
      source: 'yahoo',
    });
    const error = await rejection(marketData.getQuote('ZZZZZZ'));
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Unknown symbol ZZZZZZ' });
    const simulatedOnly = service([yahoo], { env: { MARKET_DATA_PROVIDER: 'simulated' } });
    expect(await rejection(simulatedOnly.getQuote('SHOP'))).toMatchObject({ message: 'Unknown symbol SHOP' });
  });

  it('batches many symbols into one call of a vendor that can, and reports per-symbol errors', async () => {
    const yahoo = createFakeAdapter('yahoo', { batch: true });
    yahoo.onQuote = async (symbol) => {
      if (symbol === 'NOPE') throw new VendorError('yahoo', 'not_found', 'no such symbol');
      return fakeQuote('yahoo', symbol);
    };
    const result = await service([yahoo]).getQuotes(['AAPL', 'msft', 'BTC-USD', 'NOPE', 'AAPL;DROP']);
    expect(yahoo.callsOf('quotes')).toHaveLength(1);
    expect(yahoo.callsOf('quotes')[0]!.args[0]).toEqual(['AAPL', 'MSFT', 'NOPE']);
    expect(Object.keys(result.quotes).sort()).toEqual(['AAPL', 'BTC-USD', 'MSFT']);
    expect(result.quotes['BTC-USD']).toMatchObject({ symbol: 'CRYPTO:BTC', source: 'simulated' });
    expect(result.errors).toEqual({
      NOPE: 'Unknown symbol NOPE',
      'AAPL;DROP': expect.stringContaining('Invalid ticker'),
    });
  });
});

describe('vendor calls made outside the service (takeVendorCall)', () => {
  const SERVER_KEY = 'SERVER-FMP-KEY';
  /** FMP with the server's key and a quota of 3 calls a day; quotes are not cached, so each one asks FMP. */
  function fmpService(overrides: Partial<Omit<MarketDataServiceOptions, 'config'>> = {}) {
    const fmp = createFakeAdapter('fmp');
    const marketData = service([fmp], {
      env: { QUOTE_CACHE_SECONDS: '0', FMP_API_KEY: SERVER_KEY },
      quotas: { fmp: { limit: 3, window: 'day' } },
      ...overrides,
    });
    return { fmp, marketData };
  }
  const fmpQuotaLeft = (marketData: MarketDataService) =>
    marketData.status().vendors.find((v) => v.name === 'fmp')?.quotaLeft;

  it("takes from the server's limiter for the server's key: quotes first, then the outside calls", async () => {
    const { fmp, marketData } = fmpService();
    expect((await marketData.getQuote('AAPL')).source).toBe('fmp');
    expect((await marketData.getQuote('MSFT')).source).toBe('fmp');
    expect(marketData.takeVendorCall('fmp', ` ${SERVER_KEY} `)).toBe(true);
    expect(fmpQuotaLeft(marketData)).toBe(0);
    expect(marketData.takeVendorCall('fmp', SERVER_KEY)).toBe(false);
    expect((await marketData.getQuote('NVDA')).source).toBe('simulated');
    expect(fmp.calls).toHaveLength(2);
  });

  it('and the outside calls first, then the quotes, which fall back once the quota is spent', async () => {
    const { fmp, marketData } = fmpService();
    for (let i = 0; i < 3; i++) expect(marketData.takeVendorCall('fmp', SERVER_KEY)).toBe(true);
    expect(marketData.takeVendorCall('fmp', SERVER_KEY)).toBe(false);
    expect((await marketData.getQuote('AAPL')).source).toBe('simulated');
    expect(fmp.calls).toHaveLength(0);
  });

  it("takes from a user key's own limiter, the one that key's quotes use, apart from the server's", async () => {
    const built: FakeAdapter[] = [];
    const { fmp, marketData } = fmpService({
      createKeyedAdapter: (vendor) => {
        const adapter = createFakeAdapter(vendor);
        built.push(adapter);
        return adapter;
      },
    });
    const userKeys = { fmp: 'USER-FMP-KEY' };
    expect((await marketData.getQuote('AAPL', { userKeys })).source).toBe('fmp');
    expect(marketData.takeVendorCall('fmp', 'USER-FMP-KEY')).toBe(true);
    expect(marketData.takeVendorCall('fmp', 'USER-FMP-KEY')).toBe(true);
    expect(marketData.takeVendorCall('fmp', 'USER-FMP-KEY')).toBe(false);
    expect((await marketData.getQuote('MSFT', { userKeys })).source).toBe('simulated');
    expect(built).toHaveLength(1);
    expect(built[0]!.calls).toHaveLength(1);
    // The server's key still has its whole quota.
    expect(fmpQuotaLeft(marketData)).toBe(3);
    expect((await marketData.getQuote('MSFT')).source).toBe('fmp');
    expect(fmp.calls).toHaveLength(1);
  });

  it('counts a key used only outside the service, even without createKeyedAdapter', () => {
    const { marketData } = fmpService();
    for (let i = 0; i < 3; i++) expect(marketData.takeVendorCall('fmp', 'FEED-ONLY-KEY')).toBe(true);
    expect(marketData.takeVendorCall('fmp', 'FEED-ONLY-KEY')).toBe(false);
    expect(marketData.takeVendorCall('fmp', 'ANOTHER-KEY')).toBe(true);
    expect(fmpQuotaLeft(marketData)).toBe(3);
  });

  it("counts a user's copy of the server's key on the server's limiter, as the vendor does", async () => {
    const built: string[] = [];
    const { fmp, marketData } = fmpService({
      createKeyedAdapter: (vendor, key) => {
        built.push(key);
        return createFakeAdapter(vendor);
      },
    });
    expect((await marketData.getQuote('AAPL', { userKeys: { fmp: SERVER_KEY } })).source).toBe('fmp');
    expect(marketData.takeVendorCall('fmp', SERVER_KEY)).toBe(true);
    expect(fmpQuotaLeft(marketData)).toBe(1);
    expect(built).toEqual([]);
    expect(fmp.calls).toHaveLength(1);
  });

  it('refuses a blank key', () => {
    expect(fmpService().marketData.takeVendorCall('fmp', '  ')).toBe(false);
  });
});

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
    const { rows } = await database.pool.query(
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
    const spy = vi.spyOn(database.pool, 'query');
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
    const { rows } = await database.pool.query<{ date: string; close: string }>(
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

describe('search', () => {
  it('lists the security master first, then what a vendor adds', async () => {
    const yahoo = createFakeAdapter('yahoo', { search: true });
    yahoo.onSearch = async () => [
      { symbol: 'AAPL', name: 'Apple Inc.', assetClass: 'stock' },
      { symbol: 'APLE', name: 'Apple Hospitality REIT, Inc.', assetClass: 'stock', exchange: 'NYSE' },
    ];
    const results = await service([yahoo]).search('apple');
    expect(results[0]).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.' });
    expect(results.filter((r) => r.symbol === 'AAPL')).toHaveLength(1);
    expect(results.at(-1)).toEqual({
      symbol: 'APLE',
      name: 'Apple Hospitality REIT, Inc.',
      assetClass: 'stock',
      exchange: 'NYSE',
    });
    expect(await service([yahoo]).search('   ')).toEqual([]);
  });
});

describe('fundamentals', () => {
  /** A fake vendor with the FMP documentation example's figures. */
  function withFundamentals(adapter: FakeAdapter, marketCap: number): FakeAdapter {
    return Object.assign(adapter, {
      companyFundamentals: async () => ({
        marketCap,
        sector: 'Technology',
        industry: 'Consumer Electronics',
      }),
      analystConsensus: async () => ({
        strongBuy: 1,
        buy: 69,
        hold: 33,
        sell: 7,
        strongSell: 0,
        consensus: 'Buy',
      }),
      priceTargetConsensus: async () => {
        throw new VendorError('fmp', 'unauthorized', 'Premium Endpoint');
      },
    });
  }

  it("the user's own key first; a part the vendor refuses is null; none without such a vendor", async () => {
    const serverFmp = withFundamentals(createFakeAdapter('fmp'), 1);
    const marketData = service([createFakeAdapter('yahoo'), serverFmp], {
      createKeyedAdapter: (vendor) => withFundamentals(createFakeAdapter(vendor), 3500823120000),
    });
    expect(await marketData.getFundamentals('aapl', { userKeys: { fmp: 'user-fmp-key' } })).toEqual({
      source: 'fmp',
      company: { marketCap: 3500823120000, sector: 'Technology', industry: 'Consumer Electronics' },
      analysts: { strongBuy: 1, buy: 69, hold: 33, sell: 7, strongSell: 0, consensus: 'Buy' },
      priceTarget: null,
    });
    expect((await marketData.getFundamentals('AAPL'))?.company.marketCap).toBe(1);
    expect(await service([createFakeAdapter('yahoo')]).getFundamentals('AAPL')).toBeNull();
  });
});
