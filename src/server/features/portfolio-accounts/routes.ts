import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZManualAccountRequest,
  ZPortfolioAccountParams,
  type ManualAccountResponse,
  type PortfolioAccountListResponse,
} from '../../../contracts/portfolio-accounts';
import { requireFeature, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import {
  addManualAccount,
  createDemoAccounts,
  deletePortfolioAccount,
  listPortfolioAccounts,
  syncPortfolioAccounts,
} from './service';

/**
 * /api/portfolio-accounts (spec 000 §7): the plans with 'multi-account-aggregation', Premium and up (401 for a
 * visitor, 403 SUBSCRIPTION_REQUIRED naming Premium for the free plan). The user is always the session's.
 */
export const portfolioAccountsRoutes: FastifyPluginAsync = async (app) => {
  const { portfolioAccounts: context } = app.services;
  const userRequest = (request: FastifyRequest) => ({ ...context, userId: signedInUser(request).id });

  app.addHook('preHandler', requireFeature('multi-account-aggregation'));
  // Each route, per user: every answer but a delete asks for quotes of up to 25 accounts' holdings.
  const limit = { config: perUserLimit(60, 60_000) };

  app.get('/', limit, async (request) => {
    const body: PortfolioAccountListResponse = await listPortfolioAccounts(userRequest(request));
    return body;
  });

  app.post('/manual', limit, async (request, reply) => {
    const account = parseWith(ZManualAccountRequest, request.body);
    const body: ManualAccountResponse = await addManualAccount({ ...userRequest(request), account });
    return reply.status(201).send(body);
  });

  app.post('/demo', limit, async (request, reply) => {
    const body: PortfolioAccountListResponse = await createDemoAccounts(userRequest(request));
    return reply.status(201).send(body);
  });

  app.delete('/:id', limit, async (request, reply) => {
    const { id } = parseWith(ZPortfolioAccountParams, request.params);
    await deletePortfolioAccount({ ...context, userId: signedInUser(request).id, id });
    return reply.status(204).send();
  });

  app.post('/sync', limit, async (request) => {
    const body: PortfolioAccountListResponse = await syncPortfolioAccounts(userRequest(request));
    return body;
  });
};
