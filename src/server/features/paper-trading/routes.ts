import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZCreatePaperPortfolioRequest,
  ZIdempotencyKey,
  ZPaperPortfolioListQuery,
  ZPaperPortfolioParams,
  ZPaperTradeRequest,
  ZPaperTradesQuery,
  type CreatePaperPortfolioResponse,
  type PaperPerformanceResponse,
  type PaperPortfolioListResponse,
  type PaperTradeListResponse,
  type PaperTradeResponse,
} from '../../../contracts/paper-trading';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import {
  createPaperPortfolio,
  getPaperPerformance,
  listPaperPortfolios,
  listPaperTrades,
  placePaperTrade,
} from './service';

/**
 * /api/paper-trading (spec 001 §7), every route for signed-in users only. `app.services.paperTrading` gives
 * the quote source and the handler of the domain events (rewards), which runs inside their transaction.
 */
export const paperTradingRoutes: FastifyPluginAsync = async (app) => {
  const { paperTrading: context } = app.services;
  const userOf = (request: FastifyRequest) => signedInUser(request);

  app.addHook('preHandler', requireUser);

  app.get('/portfolio', async (request) => {
    const { userId } = parseWith(ZPaperPortfolioListQuery, request.query);
    const body: PaperPortfolioListResponse = await listPaperPortfolios({
      ...context,
      user: userOf(request),
      userId,
    });
    return body;
  });

  app.post('/portfolio', async (request, reply) => {
    const input = parseWith(ZCreatePaperPortfolioRequest, request.body);
    const body: CreatePaperPortfolioResponse = await createPaperPortfolio({
      ...context,
      user: userOf(request),
      input,
    });
    return reply.status(201).send(body);
  });

  app.get('/portfolio/:id/performance', async (request) => {
    const { id } = parseWith(ZPaperPortfolioParams, request.params);
    const body: PaperPerformanceResponse = await getPaperPerformance({
      ...context,
      user: userOf(request),
      portfolioId: id,
    });
    return body;
  });

  app.get('/trades', async (request) => {
    const { portfolioId, limit } = parseWith(ZPaperTradesQuery, request.query);
    const body: PaperTradeListResponse = await listPaperTrades({
      ...context,
      user: userOf(request),
      portfolioId,
      limit,
    });
    return body;
  });

  // TRADES_PER_MINUTE per user (finding 2 of #10: points were farmed with hundreds of tiny trades); 0: none.
  const { tradesPerMinute } = app.deps.config;
  const tradeLimit = tradesPerMinute > 0 ? perUserLimit(tradesPerMinute, 60_000) : {};
  app.post('/trade', { config: { ...tradeLimit, keepsSession: true } }, async (request, reply) => {
    const input = parseWith(ZPaperTradeRequest, request.body);
    const header = request.headers['idempotency-key'];
    const idempotencyKey =
      header === undefined
        ? undefined
        : parseWith(ZIdempotencyKey, Array.isArray(header) ? header.join(',') : header);
    const { message, trade, replayed } = await placePaperTrade({
      ...context,
      user: userOf(request),
      input,
      idempotencyKey,
    });
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    const body: PaperTradeResponse = { message, trade };
    return reply.status(replayed ? 200 : 201).send(body);
  });
};
