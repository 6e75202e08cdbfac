import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZCorporateActionsQuery,
  ZHistoryQuery,
  ZQuotesRequest,
  ZSearchQuery,
  ZTickerParams,
  type CorporateActionsResponse,
  type HistoryResponse,
  type MarketDataStatusResponse,
  type QuoteResponse,
  type QuotesResponse,
  type SearchResponse,
} from '../../../contracts/market-data';
import { assertGlobalMarketCoverage, hasGlobalMarketCoverage } from '../../auth/guards';
import { isGlobalListing } from '../../../domain/listings';
import { parseWith } from '../../http/errors';
import type { Caller } from './service';

/**
 * Public endpoints, limited per IP (/64) in the shared limit store. Listings outside the US are Professional's:
 * search leaves them out for everyone else, and a quote or history of one is a 403 SUBSCRIPTION_REQUIRED.
 */
const rateLimit = { max: 300, timeWindow: '1 minute' };

export const marketDataRoutes: FastifyPluginAsync = async (app) => {
  const { marketData } = app.services;
  /** The signed-in user's own vendor keys serve their requests: the service reads them by the user's id. */
  const callerOf = (request: FastifyRequest): Caller => ({ userId: request.user?.id });

  // Static paths first in meaning too: find-my-way prefers them to `/:ticker`.
  app.get('/status', { config: { rateLimit } }, async () => {
    const body: MarketDataStatusResponse = marketData.status();
    return body;
  });

  app.get('/search', { config: { rateLimit } }, async (request) => {
    const { q } = parseWith(ZSearchQuery, request.query);
    const matches = await marketData.search(q, callerOf(request));
    const covered = hasGlobalMarketCoverage(request.user);
    const body: SearchResponse = {
      results: matches
        .filter((match) => covered || !isGlobalListing(match.symbol))
        .map(({ symbol, name, assetClass, exchange }) => ({
          symbol,
          name,
          assetClass,
          ...(exchange ? { exchange } : {}),
        })),
    };
    return body;
  });

  app.get('/corporate-actions', { config: { rateLimit } }, async (request) => {
    const { symbol, from, to } = parseWith(ZCorporateActionsQuery, request.query);
    assertGlobalMarketCoverage(request.user, [symbol]);
    const body: CorporateActionsResponse = await marketData.getCorporateActions(
      symbol,
      from,
      to,
      callerOf(request),
    );
    return body;
  });

  app.post('/quotes', { config: { rateLimit } }, async (request) => {
    const { symbols } = parseWith(ZQuotesRequest, request.body);
    assertGlobalMarketCoverage(request.user, symbols);
    const { quotes, errors } = await marketData.getQuotes(symbols, callerOf(request));
    const body: QuotesResponse = { quotes, ...(Object.keys(errors).length > 0 ? { errors } : {}) };
    return body;
  });

  app.get('/:ticker', { config: { rateLimit } }, async (request) => {
    const { ticker } = parseWith(ZTickerParams, request.params);
    assertGlobalMarketCoverage(request.user, [ticker]);
    const body: QuoteResponse = await marketData.getQuote(ticker, callerOf(request));
    return body;
  });

  app.get('/:ticker/history', { config: { rateLimit } }, async (request) => {
    const { ticker } = parseWith(ZTickerParams, request.params);
    const { range } = parseWith(ZHistoryQuery, request.query);
    assertGlobalMarketCoverage(request.user, [ticker]);
    const body: HistoryResponse = await marketData.getHistory(ticker, range, callerOf(request));
    return body;
  });
};
