import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { TERMINAL_SYMBOLS } from '../../../contracts/terminal';
import { createMarketDataService } from '../market-data/service';
import { createFakeAdapter } from '../../providers/market-data/testing/fake-adapter';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { SAMPLE_CALENDAR, SAMPLE_NEWS, type TerminalFeeds } from './feeds';
import { computeTerminalRisk, correlation, createTerminalService, type HistorySeries } from './service';

function series(symbol: string, closes: number[], start = 1): HistorySeries {
  return {
    symbol,
    source: 'simulated',
    bars: closes.map((close, i) => ({
      date: `2030-01-${String(start + i).padStart(2, '0')}`,
      open: close,
      high: close,
      low: close,
      close,
      volume: 0,
    })),
  };
}

describe('correlation', () => {
  it('is 1 for series moving together, −1 for opposite ones, null for a flat one', () => {
    expect(correlation([0.01, -0.02, 0.03], [0.02, -0.04, 0.06])).toBeCloseTo(1, 12);
    expect(correlation([0.01, -0.02, 0.03], [-0.01, 0.02, -0.03])).toBeCloseTo(-1, 12);
    expect(correlation([0.01, -0.02, 0.03], [0, 0, 0])).toBeNull();
    expect(correlation([0.01], [0.02])).toBeNull();
  });
});

describe('computeTerminalRisk', () => {
  it('aligns on the benchmark days and leaves symbols without history out of the correlation', () => {
    const risk = computeTerminalRisk([
      series('SPY', [100, 101, 99, 102, 103]),
      // Starts a day late: the first benchmark day is dropped for everyone.
      series('AAPL', [50, 52, 49, 51], 2),
      { symbol: 'TSLA', source: null, bars: [] },
      series('^VIX', [20, 18, 25, 22, 19]),
    ]);
    expect(risk.from).toBe('2030-01-02');
    expect(risk.asOf).toBe('2030-01-05');
    expect(risk.observations).toBe(3);
    expect(risk.symbols.map((r) => r.symbol)).toEqual(['SPY', 'AAPL', 'TSLA', '^VIX']);
    expect(risk.symbols[0]?.beta).toBeCloseTo(1, 12);
    expect(risk.symbols[1]?.maxDrawdown).toBeCloseTo(1 - 49 / 52, 12);
    expect(risk.symbols[2]).toEqual({
      symbol: 'TSLA',
      volatility: null,
      beta: null,
      maxDrawdown: null,
      sharpe: null,
      isIndexLevel: false,
      source: null,
    });
    expect(risk.symbols[3]).toMatchObject({ isIndexLevel: true, sharpe: null, maxDrawdown: null });
    expect(risk.symbols[3]?.volatility).toBeGreaterThan(0);
    expect(risk.correlation.symbols).toEqual(['SPY', 'AAPL', '^VIX']);
    const m = risk.correlation.matrix;
    expect(m.map((row, i) => row[i])).toEqual([1, 1, 1]);
    expect(m[0]?.[2]).toBe(m[2]?.[0]);
  });

  it('answers nulls and an empty matrix without any history', () => {
    const risk = computeTerminalRisk([{ symbol: 'SPY', source: null, bars: [] }]);
    expect(risk).toMatchObject({ asOf: null, from: null, observations: 0 });
    expect(risk.correlation).toEqual({ symbols: [], matrix: [] });
  });
});

describe('the overview’s risk figures', () => {
  const sampleFeeds: TerminalFeeds = {
    calendar: async () => ({ source: 'sample', items: [...SAMPLE_CALENDAR] }),
    news: async () => ({ source: 'sample', items: [...SAMPLE_NEWS] }),
  };

  it('read the stored year of the eight symbols in one query, with the figures of one-by-one reads', async () => {
    const database = await createTestDatabase();
    try {
      const yahoo = createFakeAdapter('yahoo', { supports: () => true, batch: true });
      const marketData = createMarketDataService({
        config: testConfig({ MARKET_DATA_PROVIDER: 'auto' }),
        db: database.db,
        adapters: [yahoo],
        now: () => new Date('2026-11-20T22:00:00Z'),
      });
      // A service per overview: the second one computes its figures again, from the stored bars.
      const overview = () =>
        createTerminalService({ db: database.db, marketData, feeds: sampleFeeds }).overview({
          userId: randomUUID(),
          requestOptions: {},
          feedKeys: {},
        });
      await overview();
      expect(yahoo.callsOf('history')).toHaveLength(TERMINAL_SYMBOLS.length);

      const spy = vi.spyOn(database.pool, 'query');
      const { risk } = await overview();
      const statements = spy.mock.calls.map(([query]: unknown[]) =>
        typeof query === 'string' ? query : (query as { text: string }).text,
      );
      spy.mockRestore();
      expect(statements.filter((sql) => sql.includes('"daily_bar"'))).toHaveLength(1);
      expect(yahoo.callsOf('history')).toHaveLength(TERMINAL_SYMBOLS.length);

      const oneByOne = await Promise.all(
        TERMINAL_SYMBOLS.map(async (symbol): Promise<HistorySeries> => {
          const { source, history } = await marketData.getHistory(symbol, '1Y');
          return { symbol, source, bars: history };
        }),
      );
      expect(risk.symbols.map((row) => row.source)).toEqual(TERMINAL_SYMBOLS.map(() => 'yahoo'));
      expect(risk.observations).toBeGreaterThan(200);
      expect(risk).toEqual(computeTerminalRisk(oneByOne));
    } finally {
      await database.close();
    }
  });
});
