import type { FastifyPluginAsync } from 'fastify';
import {
  HOLDINGS_BROKERS,
  ZHoldingsImportRequest,
  ZRobinhoodImportRequest,
  type ImportResponse,
  type RobinhoodImportResponse,
} from '../../../contracts/brokers';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import {
  assertMayImportFromRobinhood,
  countRobinhoodImportOfAddress,
  importFromRobinhood,
  importHoldings,
  RobinhoodAddressLimitError,
  ROBINHOOD_WINDOW_MS,
} from './service';

/** Public: pure and bounded (500 rows); limited per IP (/64), like POST /api/import/csv. */
const holdingsRateLimit = { max: 30, timeWindow: '1 minute' };
/**
 * Signed-in users with a verified email only, 10 imports per user in 15 minutes, and 20 per address across
 * accounts (service.ts): each call signs in to Robinhood with what it is given, and its 401/422 tells
 * whether a password is right, so it must not serve to try stolen passwords.
 */
export const ROBINHOOD_IMPORTS_PER_15_MINUTES = 10;
const robinhoodLimit = perUserLimit(ROBINHOOD_IMPORTS_PER_15_MINUTES, ROBINHOOD_WINDOW_MS);

/**
 * /api/fidelity/import-portfolio, /api/etrade/import-portfolio (holdings typed by hand) and
 * /api/robinhood/import-portfolio (sign in and read stock, ETF and crypto positions): spec 000 §7.
 */
export const brokersRoutes: FastifyPluginAsync = async (app) => {
  const { robinhood, limits } = app.services.brokers;

  for (const broker of HOLDINGS_BROKERS) {
    app.post(`/${broker}/import-portfolio`, { config: { rateLimit: holdingsRateLimit } }, async (request) => {
      const { holdings } = parseWith(ZHoldingsImportRequest, request.body);
      const body: ImportResponse = importHoldings(broker, holdings);
      return body;
    });
  }

  app.post(
    '/robinhood/import-portfolio',
    { preHandler: requireUser, config: robinhoodLimit },
    async (request, reply) => {
      assertMayImportFromRobinhood(signedInUser(request));
      const credentials = parseWith(ZRobinhoodImportRequest, request.body);
      try {
        await countRobinhoodImportOfAddress(limits, request.ip);
      } catch (error) {
        if (error instanceof RobinhoodAddressLimitError) {
          reply.header('Retry-After', String(error.retryAfterSeconds));
        }
        throw error;
      }
      // The client went away: stop talking to Robinhood on its behalf.
      const controller = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      reply.header('Cache-Control', 'no-store');
      const body: RobinhoodImportResponse = await importFromRobinhood(robinhood, credentials, {
        signal: controller.signal,
        log: request.log,
      });
      return body;
    },
  );
};
