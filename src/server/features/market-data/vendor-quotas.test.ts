/**
 * Vendor quotas shared by the market-data service's calls and the calls made outside it with a vendor's key
 * (`takeVendorCall`: the terminal's calendar and news), per API key as the vendors count them.
 */
import { describe, expect, it } from 'vitest';
import { createFakeAdapter, type FakeAdapter } from '../../providers/market-data/testing/fake-adapter';
import { useMarketDataServices, type ServiceOverrides } from '../../testing/market-data';
import { createTestDatabase } from '../../testing/test-database';
import type { MarketDataService } from './service';

const { service } = useMarketDataServices(createTestDatabase);

describe('vendor calls made outside the service (takeVendorCall)', () => {
  const SERVER_KEY = 'SERVER-FMP-KEY';
  /** FMP with the server's key and a quota of 3 calls a day; quotes are not cached, so each one asks FMP. */
  function fmpService(overrides: ServiceOverrides = {}) {
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
      userVendorKeys: async () => ({ fmp: 'USER-FMP-KEY' }),
    });
    const user = { userId: 'u1' };
    expect((await marketData.getQuote('AAPL', user)).source).toBe('fmp');
    expect(marketData.takeVendorCall('fmp', 'USER-FMP-KEY')).toBe(true);
    expect(marketData.takeVendorCall('fmp', 'USER-FMP-KEY')).toBe(true);
    expect(marketData.takeVendorCall('fmp', 'USER-FMP-KEY')).toBe(false);
    expect((await marketData.getQuote('MSFT', user)).source).toBe('simulated');
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
      userVendorKeys: async () => ({ fmp: SERVER_KEY }),
    });
    expect((await marketData.getQuote('AAPL', { userId: 'u1' })).source).toBe('fmp');
    expect(marketData.takeVendorCall('fmp', SERVER_KEY)).toBe(true);
    expect(fmpQuotaLeft(marketData)).toBe(1);
    expect(built).toEqual([]);
    expect(fmp.calls).toHaveLength(1);
  });

  it('refuses a blank key', () => {
    expect(fmpService().marketData.takeVendorCall('fmp', '  ')).toBe(false);
  });
});
