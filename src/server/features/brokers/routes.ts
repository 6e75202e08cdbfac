import type { FastifyPluginAsync } from 'fastify';
import {
  HOLDINGS_BROKERS,
  ZHoldingsImportRequest,
  ZRobinhoodImportRequest,
  type ImportResponse,
  type RobinhoodImportResponse,
} from '../../../contracts/brokers';
import { parseWith } from '../../http/errors';
import { importFromRobinhood, importHoldings } from './service';

/** Public: pure and bounded (500 rows); limited per IP (per instance), like POST /api/import/csv. */
const holdingsRateLimit = { max: 30, timeWindow: '1 minute' };
/**
 * Public too, but each call signs in to Robinhood with what it is given: tighter, so that the endpoint cannot
 * serve as a way to try many stolen passwords against Robinhood.
 */
const robinhoodRateLimit = { max: 10, timeWindow: '15 minutes' };

/**
 * /api/fidelity/import-portfolio, /api/etrade/import-portfolio (holdings typed by hand) and
 * /api/robinhood/import-portfolio (sign in and read stock, ETF and crypto positions): spec 000 §7.
 */
export const brokersRoutes: FastifyPluginAsync = async (app) => {
  const { robinhood } = app.services.brokers;

  for (const broker of HOLDINGS_BROKERS) {
    app.post(`/${broker}/import-portfolio`, { config: { rateLimit: holdingsRateLimit } }, async (request) => {
      const { holdings } = parseWith(ZHoldingsImportRequest, request.body);
      const body: ImportResponse = importHoldings(broker, holdings);
      return body;
    });
  }

  app.post(
    '/robinhood/import-portfolio',
    { config: { rateLimit: robinhoodRateLimit } },
    async (request, reply) => {
      const credentials = parseWith(ZRobinhoodImportRequest, request.body);
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
