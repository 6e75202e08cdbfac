import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZHistoryQuery,
  ZQuotesRequest,
  ZSearchQuery,
  ZTickerParams,
  type HistoryResponse,
  type MarketDataStatusResponse,
  type QuoteResponse,
  type QuotesResponse,
  type SearchResponse,
} from '../../../contracts/market-data';
import { parseWith } from '../../http/errors';
import { userVendorKeysOf } from '../../auth/user-vendor-keys';
import type { RequestOptions } from './service';

/** Public endpoints, limited per IP (/64) in the shared limit store. */
const rateLimit = { max: 300, timeWindow: '1 minute' };

export const marketDataRoutes: FastifyPluginAsync = async (app) => {
  const { marketData } = app.services;
  const optionsFor = async (request: FastifyRequest): Promise<RequestOptions> => ({
    userKeys: await userVendorKeysOf(request),
  });

  // Static paths first in meaning too: find-my-way prefers them to `/:ticker`.
  app.get('/status', { config: { rateLimit } }, async () => {
    const body: MarketDataStatusResponse = marketData.status();
    return body;
  });

  app.get('/search', { config: { rateLimit } }, async (request) => {
    const { q } = parseWith(ZSearchQuery, request.query);
    const matches = await marketData.search(q, await optionsFor(request));
    const body: SearchResponse = {
      results: matches.map(({ symbol, name, assetClass, exchange }) => ({
        symbol,
        name,
        assetClass,
        ...(exchange ? { exchange } : {}),
      })),
    };
    return body;
  });

  app.post('/quotes', { config: { rateLimit } }, async (request) => {
    const { symbols } = parseWith(ZQuotesRequest, request.body);
    const { quotes, errors } = await marketData.getQuotes(symbols, await optionsFor(request));
    const body: QuotesResponse = { quotes, ...(Object.keys(errors).length > 0 ? { errors } : {}) };
    return body;
  });

  app.get('/:ticker', { config: { rateLimit } }, async (request) => {
    const { ticker } = parseWith(ZTickerParams, request.params);
    const body: QuoteResponse = await marketData.getQuote(ticker, await optionsFor(request));
    return body;
  });

  app.get('/:ticker/history', { config: { rateLimit } }, async (request) => {
    const { ticker } = parseWith(ZTickerParams, request.params);
    const { range } = parseWith(ZHistoryQuery, request.query);
    const body: HistoryResponse = await marketData.getHistory(ticker, range, await optionsFor(request));
    return body;
  });
};
