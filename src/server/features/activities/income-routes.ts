import type { FastifyPluginAsync } from 'fastify';
import {
  ZIncomeQuery,
  type DividendIncomeResponse,
  type RealizedByYearResponse,
} from '../../../contracts/income';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import { getDividendIncome, getRealizedByYear } from './income-service';

/**
 * GET /api/holdings/income and GET /api/holdings/realized-by-year (issue 28 items 4 and 6): signed in, with the
 * access rules of GET /api/holdings (an account needs Premium, a client Professional; another person's portfolio
 * is a 404), read from the same history.
 */
export const incomeRoutes: FastifyPluginAsync = async (app) => {
  const { activities: context } = app.services;
  // Per user and route, as GET /api/holdings: the income asks for one batch of quotes.
  const limit = { preHandler: requireUser, config: perUserLimit(240, 60_000) };

  app.get('/holdings/income', limit, async (request) => {
    const { portfolio } = parseWith(ZIncomeQuery, request.query);
    const body: DividendIncomeResponse = await getDividendIncome({
      ...context,
      user: signedInUser(request),
      portfolio,
    });
    return body;
  });

  app.get('/holdings/realized-by-year', limit, async (request) => {
    const { portfolio } = parseWith(ZIncomeQuery, request.query);
    const body: RealizedByYearResponse = await getRealizedByYear({
      ...context,
      user: signedInUser(request),
      portfolio,
    });
    return body;
  });
};
