/**
 * The market-data service's quotes: cache and in-flight sharing, breaker, quotas, provider order, user keys,
 * unknown symbols and batches (vendors are scripted adapters).
 */
import { describe, expect, it } from 'vitest';
import {
  createFakeAdapter,
  fakeQuote,
  hangUntilAborted,
  type FakeAdapter,
} from '../../providers/market-data/testing/fake-adapter';
import { VendorError } from '../../providers/market-data/types';
import { clock, rejection, useMarketDataServices } from '../../testing/market-data';
import { createTestDatabase } from '../../testing/test-database';

const { service } = useMarketDataServices(createTestDatabase);

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
      userVendorKeys: async (userId) => (userId === 'u1' ? { fmp: 'user-fmp-key' } : {}),
    });
    expect((await marketData.getQuote('AAPL', { userId: 'u1' })).source).toBe('fmp');
    await marketData.getQuote('MSFT', { userId: 'u1' });
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
