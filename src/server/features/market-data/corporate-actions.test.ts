/**
 * The market-data service's dividends and splits: vendor order, quotas (every request of a vendor counted),
 * fallback, the in-process cache, and the simulator that has none and says so.
 */
import { describe, expect, it } from 'vitest';
import type { CorporateActions } from '../../../domain/corporate-actions';
import { createFakeAdapter } from '../../providers/market-data/testing/fake-adapter';
import { VendorError } from '../../providers/market-data/types';
import { rejection, useMarketDataServices } from '../../testing/market-data';
import { createTestDatabase } from '../../testing/test-database';

const { service } = useMarketDataServices(createTestDatabase);

const AAPL_2020: CorporateActions = {
  dividends: [
    { exDate: '2020-08-07', payDate: '2020-08-13', amount: '0.82', currency: 'USD' },
    { exDate: '2020-11-06', payDate: '2020-11-12', amount: '0.205', currency: 'USD' },
  ],
  splits: [{ date: '2020-08-31', ratio: '4' }],
};

const SIMULATED_NOTE = 'No vendor gave the dividends and splits of AAPL, and simulated prices have none.';

describe('corporate actions', () => {
  it("asks the first vendor that has them, and takes each of its requests from the vendor's quota", async () => {
    const fmp = createFakeAdapter('fmp', { corporateActionsRequests: 2 });
    fmp.onCorporateActions = async () => AAPL_2020;
    const yahoo = createFakeAdapter('yahoo', { corporateActionsRequests: 1 });
    const marketData = service([fmp, yahoo], { env: { FMP_API_KEY: 'FMP-KEY' } });

    expect(await marketData.getCorporateActions('aapl', '2020-01-01', '2020-12-31')).toEqual({
      symbol: 'AAPL',
      from: '2020-01-01',
      to: '2020-12-31',
      source: 'fmp',
      ...AAPL_2020,
    });
    expect(fmp.callsOf('corporateActions')).toEqual([
      { method: 'corporateActions', args: ['AAPL', '2020-01-01', '2020-12-31'] },
    ]);
    expect(yahoo.calls).toEqual([]);
    expect(marketData.status().vendors.find((v) => v.name === 'fmp')?.quotaLeft).toBe(248);
  });

  it('keeps an answer: the same range again asks no vendor', async () => {
    const yahoo = createFakeAdapter('yahoo', { corporateActionsRequests: 1 });
    yahoo.onCorporateActions = async () => AAPL_2020;
    const marketData = service([yahoo]);
    await marketData.getCorporateActions('AAPL', '2020-01-01', '2020-12-31');
    const again = await marketData.getCorporateActions('AAPL', '2020-01-01', '2020-12-31');
    expect(again.source).toBe('yahoo');
    expect(yahoo.callsOf('corporateActions')).toHaveLength(1);
    await marketData.getCorporateActions('AAPL', '2020-01-01', '2020-06-30');
    expect(yahoo.callsOf('corporateActions')).toHaveLength(2);
  });

  it('goes on to the next vendor when one fails, or has too little quota left for its requests', async () => {
    const fmp = createFakeAdapter('fmp', { corporateActionsRequests: 2 });
    fmp.onCorporateActions = async () => {
      throw new VendorError('fmp', 'unauthorized', 'Premium Endpoint');
    };
    const polygon = createFakeAdapter('polygon', { corporateActionsRequests: 2 });
    const yahoo = createFakeAdapter('yahoo', { corporateActionsRequests: 1 });
    yahoo.onCorporateActions = async () => AAPL_2020;
    const marketData = service([fmp, polygon, yahoo], {
      env: { FMP_API_KEY: 'FMP-KEY', POLYGON_API_KEY: 'POLYGON-KEY' },
      quotas: { polygon: { limit: 1, window: 'minute' } },
    });

    const answer = await marketData.getCorporateActions('AAPL', '2020-01-01', '2020-12-31');

    expect(answer.source).toBe('yahoo');
    expect(fmp.callsOf('corporateActions')).toHaveLength(1);
    // Two requests do not fit in a quota of one: Polygon is not asked at all.
    expect(polygon.calls).toEqual([]);
    expect(marketData.status().vendors.find((v) => v.name === 'polygon')?.quotaLeft).toBe(1);
  });

  it('with no vendor answering, a listing of the master has none, from the simulator, which says so; asked again next time', async () => {
    const yahoo = createFakeAdapter('yahoo', { corporateActionsRequests: 1 });
    yahoo.onCorporateActions = async () => {
      throw new VendorError('yahoo', 'unavailable', 'HTTP 502');
    };
    const marketData = service([yahoo]);

    expect(await marketData.getCorporateActions('AAPL', '2020-01-01', '2020-12-31')).toEqual({
      symbol: 'AAPL',
      from: '2020-01-01',
      to: '2020-12-31',
      source: 'simulated',
      dividends: [],
      splits: [],
      note: SIMULATED_NOTE,
    });
    yahoo.onCorporateActions = async () => AAPL_2020;
    const later = await marketData.getCorporateActions('AAPL', '2020-01-01', '2020-12-31');
    expect(later.source).toBe('yahoo');
    expect(later.dividends).toHaveLength(2);
  });

  it('simulated prices: no vendor is asked, and the answer says there are none', async () => {
    const yahoo = createFakeAdapter('yahoo', { corporateActionsRequests: 1 });
    const marketData = service([yahoo], { env: { MARKET_DATA_PROVIDER: 'simulated' } });
    const answer = await marketData.getCorporateActions('AAPL', '2020-01-01', '2020-12-31');
    expect(answer).toMatchObject({ source: 'simulated', dividends: [], splits: [], note: SIMULATED_NOTE });
    expect(yahoo.calls).toEqual([]);
  });

  it('a symbol neither the master nor an answering vendor knows is a 404; a malformed one a 400', async () => {
    const yahoo = createFakeAdapter('yahoo', { corporateActionsRequests: 1, supports: () => true });
    yahoo.onCorporateActions = async () => {
      throw new VendorError('yahoo', 'not_found', 'no such symbol');
    };
    const marketData = service([yahoo]);
    const unknown = await rejection(marketData.getCorporateActions('ZZZZZZ', '2020-01-01', '2020-12-31'));
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: 'Unknown symbol ZZZZZZ' });
    const malformed = await rejection(marketData.getCorporateActions('AA PL', '2020-01-01', '2020-12-31'));
    expect(malformed.code).toBe('VALIDATION_ERROR');
  });

  it("a user's own key serves that user's request", async () => {
    const built = createFakeAdapter('polygon', { corporateActionsRequests: 2 });
    built.onCorporateActions = async () => AAPL_2020;
    const marketData = service([createFakeAdapter('yahoo')], {
      createKeyedAdapter: () => built,
      userVendorKeys: async () => ({ polygon: 'USER-POLYGON-KEY' }),
    });
    const answer = await marketData.getCorporateActions('AAPL', '2020-01-01', '2020-12-31', { userId: 'u1' });
    expect(answer.source).toBe('polygon');
    // A visitor has no such key, and the keyless Yahoo here serves no corporate actions.
    expect((await marketData.getCorporateActions('AAPL', '2020-01-01', '2020-12-31')).source).toBe(
      'simulated',
    );
  });
});
