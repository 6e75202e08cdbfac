/**
 * The market-data service's symbol search and company fundamentals.
 */
import { describe, expect, it } from 'vitest';
import { createFakeAdapter, type FakeAdapter } from '../../providers/market-data/testing/fake-adapter';
import { VendorError } from '../../providers/market-data/types';
import { useMarketDataServices } from '../../testing/market-data';
import { createTestDatabase } from '../../testing/test-database';

const { service } = useMarketDataServices(createTestDatabase);

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
      userVendorKeys: async () => ({ fmp: 'user-fmp-key' }),
    });
    expect(await marketData.getFundamentals('aapl', { userId: 'u1' })).toEqual({
      source: 'fmp',
      company: { marketCap: 3500823120000, sector: 'Technology', industry: 'Consumer Electronics' },
      analysts: { strongBuy: 1, buy: 69, hold: 33, sell: 7, strongSell: 0, consensus: 'Buy' },
      priceTarget: null,
    });
    expect((await marketData.getFundamentals('AAPL'))?.company.marketCap).toBe(1);
    expect(await service([createFakeAdapter('yahoo')]).getFundamentals('AAPL')).toBeNull();
  });
});
