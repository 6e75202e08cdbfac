import { defineFeature, type FeatureDeps } from '../../feature';
import { createDefaultAdapters, createKeyedAdapter } from '../../providers/market-data';
import { marketDataRoutes } from './routes';
import { dailyBar, dailyBarSpan } from './schema';
import { createMarketDataService, type MarketDataService } from './service';

/**
 * Quotes, history, FX and search for every other feature (`use(marketDataFeature)`), and /api/market-data.
 * Tests and benches replace the whole service (`overrides.marketData`).
 */
export const marketDataFeature = defineFeature({
  name: 'marketData',
  tables: [
    {
      table: dailyBar,
      holdsNoAccountRows: "vendors' daily closes per symbol, shared by everyone",
    },
    {
      table: dailyBarSpan,
      holdsNoAccountRows: 'the span of dates already asked of a vendor per symbol',
    },
  ],
  context: ({ config, db, log, options }: FeatureDeps<MarketDataService>): MarketDataService =>
    options ??
    createMarketDataService({
      config,
      db,
      adapters: createDefaultAdapters(config),
      createKeyedAdapter,
      onVendorError: (vendor, error) =>
        log.warn(
          { vendor, reason: error instanceof Error ? error.message : String(error) },
          'market data vendor failed',
        ),
    }),
  routes: [{ plugin: marketDataRoutes, prefix: '/api/market-data' }],
});
