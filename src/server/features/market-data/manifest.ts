import { defineFeature, type FeatureDeps } from '../../feature';
import { getUserVendorKeys } from '../api-settings/service';
import { createDefaultAdapters, createKeyedAdapter } from '../../providers/market-data';
import { marketDataRoutes } from './routes';
import { dailyBar, dailyBarSpan, dailyCloseYear } from './schema';
import { createMarketDataService, type MarketDataService } from './service';

/**
 * Quotes, history, FX, search and the pricing surface for every other feature (`use(marketDataFeature)`), and
 * /api/market-data.
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
    {
      table: dailyCloseYear,
      holdsNoAccountRows: "daily_bar's closes packed per symbol and year, for reads of many years",
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
      // A signed-in user's own keys (API settings) serve that user's calls: the service reads them by user id.
      userVendorKeys: (userId) => getUserVendorKeys(db, config.appSecret, userId),
    }),
  routes: [{ plugin: marketDataRoutes, prefix: '/api/market-data' }],
});
