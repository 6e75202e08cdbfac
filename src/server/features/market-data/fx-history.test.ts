/**
 * Closes over a span of days and daily FX history in a base currency (issue 28 item 3): stored once and read back,
 * the simulator's labelled fallback, cross rates through USD, an error per symbol or currency nobody can price.
 */
import { describe, expect, it } from 'vitest';
import { dayOfWeek, fromDayNumber, toDayNumber } from '../../../domain/calendar';
import type { DailyClose } from '../../providers/market-data/types';
import { createFakeAdapter, type FakeAdapter } from '../../providers/market-data/testing/fake-adapter';
import { useMarketDataServices } from '../../testing/market-data';
import { createTestDatabase } from '../../testing/test-database';

const { service } = useMarketDataServices(createTestDatabase);

/** A vendor with FX history: USD per unit rising by 0.001 a weekday from a start rate per currency. */
function withFxHistory(adapter: FakeAdapter, starts: Record<string, number>) {
  const calls: unknown[][] = [];
  adapter.usdRateHistory = async (currency, from, to) => {
    calls.push([currency, from, to]);
    const start = starts[currency];
    if (start === undefined) return [];
    const rates: DailyClose[] = [];
    for (let day = toDayNumber(from); day <= toDayNumber(to); day++) {
      const weekday = dayOfWeek(day);
      if (weekday !== 0 && weekday !== 6)
        rates.push({ date: fromDayNumber(day), close: start + rates.length * 0.001 });
    }
    return rates;
  };
  return calls;
}

describe('closes over a span of days', () => {
  it('reads ten years once from the vendor, then from the store; an unknown symbol is an error of its own', async () => {
    const yahoo = createFakeAdapter('yahoo', { supports: (s) => s !== 'ZZZZQ' });
    const marketData = service([yahoo]);
    const span = { from: '2016-11-18', to: '2026-11-20' };
    const first = await marketData.getClosesBetween(['msft', 'ZZZZQ'], span);
    expect(yahoo.callsOf('history').map((c) => c.args)).toEqual([['MSFT', '2016-11-18', '2026-11-20']]);
    const msft = first.histories['MSFT'];
    expect(msft?.source).toBe('yahoo');
    expect(msft?.columns.dates[0]).toBe('2016-11-18');
    expect(msft?.columns.dates.at(-1)).toBe('2026-11-20');
    expect(msft?.columns.dates.length).toBeGreaterThan(2500);
    expect(msft?.columns.closes).toHaveLength(msft?.columns.dates.length ?? 0);
    expect(first.errors).toEqual({ ZZZZQ: 'Unknown symbol ZZZZQ' });

    // A span inside the stored one, and a `to` after the last completed session: no vendor call.
    const inside = await marketData.getClosesBetween(['MSFT'], { from: '2020-01-02', to: '2030-01-01' });
    expect(yahoo.callsOf('history')).toHaveLength(1);
    const { dates, closes } = inside.histories['MSFT']?.columns ?? { dates: [], closes: [] };
    expect(dates[0]).toBe('2020-01-02');
    expect([dates.at(-1), closes.at(-1)]).toEqual([msft?.columns.dates.at(-1), msft?.columns.closes.at(-1)]);
  });

  it("serves the security master's symbols from the simulator, labelled, when no vendor answers", async () => {
    const marketData = service([], { env: { MARKET_DATA_PROVIDER: 'simulated' } });
    const { histories } = await marketData.getClosesBetween(['SPY'], {
      from: '2026-11-16',
      to: '2026-11-20',
    });
    expect(histories['SPY']?.source).toBe('simulated');
    expect(histories['SPY']?.columns.dates).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
  });
});

describe('daily FX history in a base currency', () => {
  it("stores each currency's vendor rates once and crosses them through USD", async () => {
    const yahoo = createFakeAdapter('yahoo');
    const calls = withFxHistory(yahoo, { GBP: 1.3, EUR: 1.1 });
    const marketData = service([yahoo]);
    const span = { from: '2026-11-16', to: '2026-11-20' };
    const { rates, errors } = await marketData.getBaseRates(['GBP', 'GBX', 'USD', 'EUR'], 'EUR', span);
    expect(errors).toEqual({});
    // Rates end yesterday (2026-11-19): today's is not final.
    expect(calls.sort()).toEqual([
      ['EUR', '2026-11-16', '2026-11-19'],
      ['GBP', '2026-11-16', '2026-11-19'],
    ]);
    expect(rates.has('EUR')).toBe(false);
    const gbp = rates.get('GBP');
    expect(gbp?.source).toBe('yahoo');
    expect(gbp?.series.dates).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19']);
    expect(gbp?.series.values).toEqual([1.3 / 1.1, 1.301 / 1.101, 1.302 / 1.102, 1.303 / 1.103]);
    expect(rates.get('GBX')?.series.values[0]).toBe(1.3 / 100 / 1.1);
    expect(rates.get('USD')?.series.values).toEqual([1 / 1.1, 1 / 1.101, 1 / 1.102, 1 / 1.103]);

    await marketData.getBaseRates(['GBP'], 'EUR', span);
    await service([yahoo]).getBaseRates(['GBP'], 'USD', { from: '2026-11-17', to: '2026-11-18' });
    expect(calls).toHaveLength(2);
  });

  it("falls back to the simulator's reference rate, held flat on weekdays and labelled simulated", async () => {
    const marketData = service([], { env: { MARKET_DATA_PROVIDER: 'simulated' } });
    const span = { from: '2026-11-13', to: '2026-11-17' };
    const { rates, errors } = await marketData.getBaseRates(['CHF', 'GBP', 'XYZ'], 'EUR', span);
    expect(errors).toEqual({ XYZ: 'No exchange rates for XYZ.' });
    expect(rates.get('CHF')).toEqual({
      series: {
        dates: ['2026-11-13', '2026-11-16', '2026-11-17'],
        values: [1.25 / 1.15, 1.25 / 1.15, 1.25 / 1.15],
      },
      source: 'simulated',
    });
    expect(rates.get('GBP')?.series.values[0]).toBe(1.31 / 1.15);
  });

  it('crosses a vendor leg with a simulated one on the vendor’s days, naming both sources', async () => {
    const yahoo = createFakeAdapter('yahoo');
    withFxHistory(yahoo, { GBP: 1.3 }); // no HKD history at this vendor
    const { rates } = await service([yahoo]).getBaseRates(['GBP'], 'HKD', {
      from: '2026-11-16',
      to: '2026-11-17',
    });
    expect(rates.get('GBP')).toEqual({
      series: { dates: ['2026-11-16', '2026-11-17'], values: [1.3 / 0.1285, 1.301 / 0.1285] },
      source: 'yahoo, simulated',
    });
  });
});
