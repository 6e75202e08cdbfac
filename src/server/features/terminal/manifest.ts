import { defineFeature, type FeatureDeps } from '../../feature';
import { createFeedAdapterFactory } from '../../providers/market-data/feeds';
import { marketDataFeature } from '../market-data/manifest';
import { createTerminalFeeds, type FeedAdapterFactory } from './feeds';
import { terminalRoutes } from './routes';
import { createTerminalService, type TerminalService } from './service';

/** The trading terminal (/api/terminal): dashboard, overview, risk, calendar and news; advanced analytics. */
export const terminalFeature = defineFeature({
  name: 'terminal',
  tables: [],
  context: ({
    db,
    log,
    options,
    use,
  }: FeatureDeps<{
    /** The calendar and news adapters per vendor (default: the real vendors). */
    feedAdapters?: FeedAdapterFactory;
  }>): TerminalService => {
    const marketData = use(marketDataFeature);
    return createTerminalService({
      db,
      marketData,
      feeds: createTerminalFeeds({
        factory: options?.feedAdapters ?? createFeedAdapterFactory(),
        // One quota per vendor key for quotes and feeds together.
        takeQuota: (vendor, apiKey) => marketData.takeVendorCall(vendor, apiKey),
        onVendorError: (vendor, error) =>
          log.warn(
            { vendor, reason: error instanceof Error ? error.message : String(error) },
            'terminal feed vendor failed',
          ),
      }),
    });
  },
  routes: [{ plugin: terminalRoutes, prefix: '/api/terminal' }],
  planFeatures: ['terminal-access', 'advanced-terminal-analytics'],
});
