import type { FastifyPluginAsync } from 'fastify';
import type { AdvancedAnalyticsResponse, TerminalOverviewResponse } from '../../../contracts/terminal';
import { requireFeature, requireUser, signedInUser } from '../../auth/guards';

/** Per IP and instance; the page refreshes the overview every 30 s. */
const overviewLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
/** Per IP and instance; the page asks once per visit (the figures move once a day). */
const advancedLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * /api/terminal (spec 001 "Terminal"): the plans with 'terminal-access' (Premium and up) — 401 for a visitor, 403
 * SUBSCRIPTION_REQUIRED (naming Premium) for the free plan. Price charts use the public
 * GET /api/market-data/:ticker/history. The calendar and news use the user's own vendor keys (API settings),
 * else the server's, and their calls count on the market-data service's quota of that key (`takeVendorCall`);
 * MARKET_DATA_PROVIDER picks the source of prices only. GET /advanced-analytics needs 'advanced-terminal-analytics'
 * (Professional; 403 naming Professional for the others).
 */
export const terminalRoutes: FastifyPluginAsync = async (app) => {
  const { terminal } = app.services;

  app.get(
    '/overview',
    { config: overviewLimit, preHandler: [requireUser, requireFeature('terminal-access')] },
    async (request) => {
      const body: TerminalOverviewResponse = await terminal.overview({ userId: signedInUser(request).id });
      return body;
    },
  );

  app.get(
    '/advanced-analytics',
    { config: advancedLimit, preHandler: [requireUser, requireFeature('advanced-terminal-analytics')] },
    async (request) => {
      const body: AdvancedAnalyticsResponse = await terminal.advancedAnalytics({
        userId: signedInUser(request).id,
      });
      return body;
    },
  );
};
