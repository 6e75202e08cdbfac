import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { TERMINAL_SYMBOLS } from '../../../contracts/terminal';
import { createMarketDataService } from '../market-data/service';
import { createFakeAdapter } from '../../providers/market-data/testing/fake-adapter';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { SAMPLE_CALENDAR, SAMPLE_NEWS, type TerminalFeeds } from './feeds';
import { computeTerminalRisk, createTerminalService, type HistorySeries } from './service';

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
        // No cache of closes: the second overview computes its figures again, from the stored bars.
        closesCacheMs: 0,
      });
      const overview = () =>
        createTerminalService({ db: database.db, marketData, feeds: sampleFeeds }).overview({
          userId: randomUUID(),
        });
      await overview();
      expect(yahoo.callsOf('history')).toHaveLength(TERMINAL_SYMBOLS.length);

      const spy = vi.spyOn(database.pool, 'query');
      const { risk } = await overview();
      const statements = spy.mock.calls.map(([query]: unknown[]) =>
        typeof query === 'string' ? query : (query as { text: string }).text,
      );
      spy.mockRestore();
      expect(statements.filter((sql) => sql.includes('"daily_close_year"'))).toHaveLength(1);
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
