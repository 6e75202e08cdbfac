/**
 * The pricing surface (issue 26 item 3): portfolios and listings priced in USD, closes in USD for analytics and
 * in the listing's currency for charts, one cache of closes, and a user's own vendor keys read by the service.
 * Vendors are scripted adapters; FX rates are the simulator's labelled reference rates (no FX vendor here).
 */
import { describe, expect, it, vi } from 'vitest';
import { SIMULATED_USD_RATES } from '../../../domain/listings';
import { dailyChange, valuePositions } from '../../../domain/analytics';
import {
  createFakeAdapter,
  fakeBars,
  fakeQuote,
  type FakeAdapter,
} from '../../providers/market-data/testing/fake-adapter';
import { VendorError } from '../../providers/market-data/types';
import { useMarketDataServices } from '../../testing/market-data';
import { priceHoldings, valueHoldings } from './service';
import { createTestDatabase } from '../../testing/test-database';

const { service, database } = useMarketDataServices(createTestDatabase);

const GBP = SIMULATED_USD_RATES.GBP as number;
const JPY = SIMULATED_USD_RATES.JPY as number;

/** A vendor that quotes every symbol but coins: Tesco at 440p, Toyota at ¥3,000, Volvo in kronor (no rate), the rest in USD. */
function globalVendor(): FakeAdapter {
  const vendor = createFakeAdapter('yahoo', {
    supports: (symbol) => !symbol.startsWith('CRYPTO:'),
    batch: true,
  });
  vendor.onQuote = async (symbol) => {
    if (symbol === 'ZZZZQ') throw new VendorError('yahoo', 'not_found', 'unknown');
    const local: Record<string, [number, string]> = {
      'TSCO.L': [440, 'GBX'],
      '7203.T': [3000, 'JPY'],
      'VOLV-B.ST': [80, 'SEK'],
    };
    const [price, currency] = local[symbol] ?? [100, 'USD'];
    return { ...fakeQuote('yahoo', symbol, price), currency };
  };
  return vendor;
}

/** The SQL statements run by `run`, as text. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(database().pool, 'query');
  try {
    await run();
    return spy.mock.calls.map(([query]: unknown[]) =>
      typeof query === 'string' ? query : (query as { text: string }).text,
    );
  } finally {
    spy.mockRestore();
  }
}

describe('a priced portfolio', () => {
  it('is in USD at the day’s rate, with each listing’s own price and rate beside, by the domain’s valuation', async () => {
    const marketData = service([globalVendor()]);
    const holdings = { AAPL: 10, 'TSCO.L': 100, '7203.T': 20, 'VOLV-B.ST': 5, ZZZZQ: 3 };
    const priced = await marketData.pricePortfolio(holdings);

    const tesco = priced.holdings['TSCO.L'];
    expect(tesco?.price).toBeCloseTo((440 / 100) * GBP, 8);
    expect(tesco?.local).toMatchObject({
      price: 440,
      currency: 'GBX',
      fx: { currency: 'GBP', rate: GBP, source: 'simulated' },
    });
    expect(priced.holdings['7203.T']?.price).toBeCloseTo(3000 * JPY, 8);
    expect(priced.holdings.AAPL).toMatchObject({ price: 100, value: 1000, source: 'yahoo' });
    expect(priced.holdings.AAPL?.local).toBeUndefined();

    // Kronor have no rate: found but unpriced; ZZZZQ no source found. Both are in no figure.
    expect(Object.keys(priced.holdings)).toEqual(['AAPL', 'TSCO.L', '7203.T']);
    expect(priced.unpricedSymbols).toEqual(['VOLV-B.ST', 'ZZZZQ']);
    expect(priced.unknownSymbols).toEqual(['ZZZZQ']);

    // The domain's own valuation and day's change of the priced holdings.
    const positions = Object.entries(priced.holdings).map(([symbol, h]) => ({
      symbol,
      quantity: h.quantity,
      price: h.price,
      change: h.change,
    }));
    const valued = valuePositions(positions);
    expect(priced.totalValue).toBe(valued.totalValue);
    expect(Object.values(priced.holdings).map((h) => h.weight)).toEqual(
      valued.positions.map((p) => p.weight),
    );
    expect(priced.totalChange).toBe(dailyChange(positions).totalChange);
    expect(priced.sources).toEqual(['yahoo']);
    expect(priced.isSimulated).toBe(false);
  });

  it('prices many listings in one batch, the same prices a portfolio gets', async () => {
    const vendor = globalVendor();
    const marketData = service([vendor], { env: { QUOTE_CACHE_SECONDS: '0' } });
    const { prices, errors, sources } = await marketData.getUsdPrices(['AAPL', 'TSCO.L', 'ZZZZQ']);
    expect(vendor.callsOf('quotes')).toHaveLength(1);
    expect(prices['TSCO.L']?.price).toBeCloseTo((440 / 100) * GBP, 8);
    expect(prices['TSCO.L']?.local?.currency).toBe('GBX');
    expect(Object.keys(errors)).toEqual(['ZZZZQ']);
    expect(sources).toEqual(['yahoo']);
    expect(await marketData.getUsdPrices([])).toEqual({ prices: {}, errors: {}, sources: [] });
    expect(vendor.calls.filter((c) => c.method !== 'history')).toHaveLength(1);
  });
});

describe('many portfolios from one batch', () => {
  it('prices each as pricePortfolio would, with the sources of its own holdings, or values it alone', async () => {
    const marketData = service([globalVendor()]);
    const batch = await marketData.getUsdPrices(['AAPL', 'TSCO.L', 'CRYPTO:BTC', 'ZZZZQ']);
    // The vendor serves no crypto here: the simulator prices BTC.
    expect(batch.sources).toEqual(['simulated', 'yahoo']);
    const stocks = priceHoldings({ AAPL: 2, 'TSCO.L': 10, ZZZZQ: 1 }, batch);
    expect(stocks).toEqual(await marketData.pricePortfolio({ AAPL: 2, 'TSCO.L': 10, ZZZZQ: 1 }));
    expect(stocks.sources).toEqual(['yahoo']);
    expect(stocks.isSimulated).toBe(false);
    const coins = priceHoldings({ 'CRYPTO:BTC': 0.5 }, batch);
    expect([coins.sources, coins.isSimulated]).toEqual([['simulated'], true]);
    expect(priceHoldings({}, batch)).toMatchObject({ totalValue: 0, holdings: {}, sources: [] });
    // Only the value, for jobs over thousands of portfolios: the same sum.
    expect(valueHoldings({ AAPL: 2, 'TSCO.L': 10, ZZZZQ: 1 }, batch)).toEqual({
      value: stocks.totalValue,
      isSimulated: false,
    });
    expect(valueHoldings({ 'CRYPTO:BTC': 0.5, AAPL: 1 }, batch).isSimulated).toBe(true);
  });
});

describe('closes', () => {
  it('in USD at the day’s rate for analytics, and in the listing’s own currency, named, for charts', async () => {
    const marketData = service([globalVendor()]);
    const [usd, local] = await Promise.all([
      marketData.getUsdCloses(['AAPL', 'TSCO.L', '7203.T'], '1Y'),
      marketData.getLocalCloses(['AAPL', 'TSCO.L', '7203.T'], '1Y'),
    ]);
    const tescoLocal = local.histories['TSCO.L'];
    expect(tescoLocal?.currency).toBe('GBX');
    expect(local.histories['7203.T']?.currency).toBe('JPY');
    expect(local.histories.AAPL?.currency).toBe('USD');
    const last = tescoLocal?.closes.at(-1);
    expect(last?.close).toBeGreaterThan(100); // pence
    expect(usd.histories['TSCO.L']?.closes.at(-1)).toEqual({
      date: last?.date,
      close: expect.closeTo(((last?.close as number) / 100) * GBP, 8) as number,
    });
    expect(usd.histories['7203.T']?.closes.at(-1)?.close).toBeCloseTo(
      (local.histories['7203.T']?.closes.at(-1)?.close as number) * JPY,
      8,
    );
    expect(usd.histories.AAPL?.closes).toBe(local.histories.AAPL?.closes);
  });

  it('are kept per symbol, range and day: a second read asks neither the store nor a vendor', async () => {
    const vendor = globalVendor();
    const marketData = service([vendor]);
    const first = await marketData.getUsdCloses(['NVDA', 'AMZN'], '1Y');
    expect(vendor.callsOf('history')).toHaveLength(2);
    const statements = await statementsOf(async () => {
      const again = await marketData.getUsdCloses(['AMZN', 'NVDA'], '1Y');
      expect(again.histories).toEqual(first.histories);
      // Another range is another series: read once from the store, which has its days already.
      await marketData.getLocalCloses(['NVDA'], '6M');
    });
    expect(statements.filter((sql) => sql.includes('"daily_close_year"'))).toHaveLength(1);
    expect(vendor.callsOf('history')).toHaveLength(2);
  });

  it('are read from the store every time with the cache off, and a failed symbol is an error of its own', async () => {
    const vendor = globalVendor();
    vendor.onHistory = async (symbol, from, to) => {
      if (symbol === 'ZZZZQ') throw new VendorError('yahoo', 'not_found', 'unknown');
      return fakeBars(symbol, from, to);
    };
    const marketData = service([vendor], { closesCacheMs: 0 });
    await marketData.getUsdCloses(['AAPL'], '1Y');
    const statements = await statementsOf(async () => {
      const { histories, errors } = await marketData.getUsdCloses(['AAPL', 'ZZZZQ', 'VOLV-B.ST'], '1Y');
      expect(Object.keys(histories)).toEqual(['AAPL']);
      expect(errors.ZZZZQ).toBe('Unknown symbol ZZZZQ');
      // Kronor: no bars either (the fake vendor has none for a symbol outside the security master).
      expect(errors['VOLV-B.ST']).toBeDefined();
    });
    expect(statements.filter((sql) => sql.includes('"daily_close_year"'))).toHaveLength(1);
  });
});

describe('a user’s own vendor keys', () => {
  function keyedService(keys: Record<string, string>) {
    const read = vi.fn(async (userId: string) => (userId === 'u1' ? { ...keys } : {}));
    const built: string[] = [];
    const marketData = service([createFakeAdapter('yahoo', { batch: true })], {
      env: { QUOTE_CACHE_SECONDS: '0', POLYGON_API_KEY: 'SERVER-POLYGON' },
      createKeyedAdapter: (vendor, key) => {
        built.push(`${vendor}:${key}`);
        return createFakeAdapter(vendor, { batch: true });
      },
      userVendorKeys: read,
    });
    return { marketData, read, built };
  }

  it('are read by the service from the caller’s id: once for concurrent calls, afresh for a later one', async () => {
    const { marketData, read, built } = keyedService({ fmp: 'USER-FMP' });
    const user = { userId: 'u1' };
    const [priced, closes, quote] = await Promise.all([
      marketData.pricePortfolio({ AAPL: 1 }, user),
      // A symbol no other test stored: its bars come from the user's vendor.
      marketData.getUsdCloses(['GOOGL'], '1Y', user),
      marketData.getQuote('MSFT', user),
    ]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(priced.holdings.AAPL?.source).toBe('fmp');
    expect(closes.histories.GOOGL?.source).toBe('fmp');
    expect(quote.source).toBe('fmp');
    expect(built).toEqual(['fmp:USER-FMP']);

    await marketData.getQuote('AAPL', user);
    expect(read).toHaveBeenCalledTimes(2);
    // A visitor's call reads no keys and gets the server's chain.
    expect((await marketData.getQuote('AAPL')).source).toBe('yahoo');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('serve the terminal’s calendar and news before the server’s; prices read none in simulated mode', async () => {
    const { marketData, read } = keyedService({ fmp: 'USER-FMP', polygon: ' ' });
    expect(await marketData.vendorKeysFor({ userId: 'u1' })).toEqual({
      fmp: 'USER-FMP',
      polygon: 'SERVER-POLYGON',
    });
    expect(await marketData.vendorKeysFor()).toEqual({ polygon: 'SERVER-POLYGON' });

    const simulated = service([], {
      env: { MARKET_DATA_PROVIDER: 'simulated' },
      createKeyedAdapter: () => undefined,
      userVendorKeys: read,
    });
    read.mockClear();
    expect((await simulated.pricePortfolio({ AAPL: 1 }, { userId: 'u1' })).sources).toEqual(['simulated']);
    expect(read).not.toHaveBeenCalled();
  });
});
