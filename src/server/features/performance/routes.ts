import type { FastifyPluginAsync } from 'fastify';
import {
  ZBaseCurrencyBody,
  ZPerformanceQuery,
  type PerformanceResponse,
} from '../../../contracts/performance';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import { getBaseCurrency, getPerformance, setBaseCurrency } from './service';

/**
 * /api/performance (issue 28 item 8): a portfolio's returns, and the person's base currency. Signed in; the plan
 * gates are the ledger's, per portfolio (an account needs Premium, a client Professional); another person's
 * portfolio is a 404.
 */
export const performanceRoutes: FastifyPluginAsync = async (app) => {
  const context = app.services.performance;
  // Per user and route: a read asks for every symbol's closes and the rates of the period.
  const limit = { preHandler: requireUser, config: perUserLimit(120, 60_000) };

  app.get('/performance', limit, async (request) => {
    const query = parseWith(ZPerformanceQuery, request.query);
    const body: PerformanceResponse = await getPerformance({ context, user: signedInUser(request), query });
    return body;
  });

  app.get('/performance/base-currency', limit, async (request) => ({
    currency: await getBaseCurrency({ db: context.db, userId: signedInUser(request).id }),
  }));

  app.put('/performance/base-currency', limit, async (request) => {
    const { currency } = parseWith(ZBaseCurrencyBody, request.body);
    const saved = await setBaseCurrency({ db: context.db, userId: signedInUser(request).id, currency });
    return { currency: saved };
  });
};
