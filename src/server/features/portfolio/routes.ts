import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZSavePortfolioRequest,
  ZValuationRequest,
  type SavedPortfolioResponse,
  type ValuationResponse,
} from '../../../contracts/analysis';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import type { RequestOptions } from '../market-data/service';
import { getUserVendorKeys } from '../api-settings/service';
import { getSavedPortfolio, savePortfolio, valuePortfolio } from './service';

/** Public, limited per IP (per instance); the page asks for a valuation with every analysis. */
const valuationLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** /api/portfolio: valuation (public) and the account's saved portfolio (signed in). */
export const portfolioRoutes: FastifyPluginAsync = async (app) => {
  const { config, database, marketData } = app.deps;
  if (!marketData) throw new Error('portfolioRoutes needs app.deps.marketData (buildApp creates it)');
  /** A signed-in user's own vendor keys (API settings) serve that user's requests. */
  const requestOptionsFor = async (request: FastifyRequest): Promise<RequestOptions> =>
    request.user ? { userKeys: await getUserVendorKeys(database.db, config.appSecret, request.user.id) } : {};

  app.post('/portfolio/valuation', { config: valuationLimit }, async (request) => {
    const { portfolio } = parseWith(ZValuationRequest, request.body);
    const valuation = await valuePortfolio({
      marketData,
      portfolio,
      requestOptions: await requestOptionsFor(request),
    });
    const body: ValuationResponse = { success: true, valuation };
    return body;
  });

  app.get('/portfolio', { preHandler: requireUser }, async (request) => {
    const body: SavedPortfolioResponse = await getSavedPortfolio({
      db: database.db,
      userId: signedInUser(request).id,
    });
    return body;
  });

  app.put('/portfolio', { preHandler: requireUser }, async (request) => {
    const { portfolio } = parseWith(ZSavePortfolioRequest, request.body);
    const body: SavedPortfolioResponse = await savePortfolio({
      db: database.db,
      userId: signedInUser(request).id,
      portfolio,
    });
    return body;
  });
};
