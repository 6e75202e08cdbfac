import type { FastifyPluginAsync } from 'fastify';
import { ZIncomeQuery } from '../../../contracts/income';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import { getDividendIncome, getRealizedByYear } from './income-service';

/**
 * GET /api/holdings/income and GET /api/holdings/realized-by-year (issue 28 items 3, 4 and 6): signed in, with the
 * access rules of GET /api/holdings (an account needs Premium, a client Professional; another person's portfolio
 * is a 404), read from the same history, in the person's base currency (or the query's `currency`). One query
 * contract for both.
 */
export const incomeRoutes: FastifyPluginAsync = async (app) => {
  const context = app.services.performance;
  // Per user and route, as GET /api/holdings: the income asks for one batch of quotes, both for the rates.
  const limit = { preHandler: requireUser, config: perUserLimit(240, 60_000) };
  const routes = [
    ['/holdings/income', getDividendIncome],
    ['/holdings/realized-by-year', getRealizedByYear],
  ] as const;
  for (const [path, read] of routes) {
    app.get(path, limit, async (request) =>
      read({ context, user: signedInUser(request), query: parseWith(ZIncomeQuery, request.query) }),
    );
  }
};
