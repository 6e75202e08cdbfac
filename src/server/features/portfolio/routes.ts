import type { FastifyPluginAsync } from 'fastify';
import {
  ZSavePortfolioRequest,
  ZValuationRequest,
  ZValueHistoryRequest,
  type SavedPortfolioResponse,
  type ValuationResponse,
  type ValueHistoryResponse,
} from '../../../contracts/analysis';
import { assertGlobalMarketCoverage, requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { getSavedPortfolio, savePortfolio, valueHistoryOfPortfolio, valuePortfolio } from './service';

/** Public, limited per IP (/64, shared by the instances); the page asks for a valuation with every analysis. */
const valuationLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/**
 * /api/portfolio: valuation (public) and the account's saved portfolio (signed in). Listings outside the US
 * are Professional's (403 SUBSCRIPTION_REQUIRED for visitors, Free and Premium).
 */
export const portfolioRoutes: FastifyPluginAsync = async (app) => {
  const { portfolio: context } = app.services;

  app.post('/portfolio/valuation', { config: valuationLimit }, async (request) => {
    const { portfolio } = parseWith(ZValuationRequest, request.body);
    assertGlobalMarketCoverage(request.user, Object.keys(portfolio));
    const valuation = await valuePortfolio({
      ...context,
      portfolio,
      userId: request.user?.id,
    });
    const body: ValuationResponse = { success: true, valuation };
    return body;
  });

  // Public like the valuation, and limited the same way: the analyzer asks for it with each valuation.
  app.post('/portfolio/value-history', { config: valuationLimit }, async (request) => {
    const { portfolio } = parseWith(ZValueHistoryRequest, request.body);
    assertGlobalMarketCoverage(request.user, Object.keys(portfolio));
    const history = await valueHistoryOfPortfolio({
      ...context,
      portfolio,
      userId: request.user?.id,
    });
    const body: ValueHistoryResponse = { success: true, history };
    return body;
  });

  app.get('/portfolio', { preHandler: requireUser }, async (request) => {
    const body: SavedPortfolioResponse = await getSavedPortfolio({
      ...context,
      userId: signedInUser(request).id,
    });
    return body;
  });

  app.put('/portfolio', { preHandler: requireUser }, async (request) => {
    const { portfolio } = parseWith(ZSavePortfolioRequest, request.body);
    assertGlobalMarketCoverage(request.user, Object.keys(portfolio));
    const body: SavedPortfolioResponse = await savePortfolio({
      ...context,
      userId: signedInUser(request).id,
      portfolio,
    });
    return body;
  });
};
