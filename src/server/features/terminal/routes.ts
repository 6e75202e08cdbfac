import type { FastifyPluginAsync } from 'fastify';
import type { TerminalOverviewResponse } from '../../../contracts/terminal';
import { requirePlan, requireUser, signedInUser } from '../../auth/guards';
import { createFeedAdapterFactory } from '../../providers/market-data/feeds';
import { getUserVendorKeys } from '../api-settings/service';
import { createTerminalFeeds, type FeedAdapterFactory, type FeedKeys } from './feeds';
import { createTerminalService } from './service';

export interface TerminalOptions {
  /** Calendar and news adapters per vendor; default: the real vendors (tests point them at a local fake). */
  feedAdapters?: FeedAdapterFactory;
}

/** Per IP and instance; the page refreshes the overview every 30 s. */
const overviewLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * /api/terminal (spec 001 "Terminal"): premium and professional plans only — 401 for a visitor, 403
 * SUBSCRIPTION_REQUIRED (naming Premium) for the free plan. Price charts use the public
 * GET /api/market-data/:ticker/history. The calendar and news use the user's own vendor keys (API settings),
 * else the server's, and their calls count on the market-data service's quota of that key (`takeVendorCall`);
 * MARKET_DATA_PROVIDER picks the source of prices only.
 */
export const terminalRoutes: FastifyPluginAsync = async (app) => {
  const { config, database, marketData, terminal } = app.deps;
  if (!marketData) throw new Error('terminalRoutes needs app.deps.marketData (buildApp creates it)');
  const service = createTerminalService({
    db: database.db,
    marketData,
    feeds: createTerminalFeeds({
      factory: terminal?.feedAdapters ?? createFeedAdapterFactory(),
      // One quota per vendor key for quotes and feeds together.
      takeQuota: (vendor, apiKey) => marketData.takeVendorCall(vendor, apiKey),
      onVendorError: (vendor, error) =>
        app.log.warn(
          { vendor, reason: error instanceof Error ? error.message : String(error) },
          'terminal feed vendor failed',
        ),
    }),
  });

  app.get(
    '/overview',
    { config: overviewLimit, preHandler: [requireUser, requirePlan('premium', 'professional')] },
    async (request) => {
      const user = signedInUser(request);
      const userKeys = await getUserVendorKeys(database.db, config.appSecret, user.id);
      const feedKeys: FeedKeys = { ...config.vendorKeys };
      for (const [vendor, key] of Object.entries(userKeys)) {
        if (key) feedKeys[vendor as keyof FeedKeys] = key;
      }
      const body: TerminalOverviewResponse = await service.overview({
        userId: user.id,
        requestOptions: { userKeys },
        feedKeys,
      });
      return body;
    },
  );
};
