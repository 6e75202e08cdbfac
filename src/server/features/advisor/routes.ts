import type { FastifyPluginAsync } from 'fastify';
import { ZAdviceRequest, type AdviceHistoryResponse, type AdviceResponse } from '../../../contracts/advisor';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { askAdvisor, listRecentQuestions } from './service';

/** Per IP (/64) and minute, beside the daily allowance: a burst guard for a route that reads a year of bars. */
const adviceLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** POST /api/financial-advice (spec 001 §7), open to visitors; GET its history for a signed-in user. */
export const advisorRoutes: FastifyPluginAsync = async (app) => {
  const { advisor: context } = app.services;

  app.post('/financial-advice', { config: adviceLimit }, async (request) => {
    const input = parseWith(ZAdviceRequest, request.body);
    const body: AdviceResponse = await askAdvisor({
      ...context,
      input,
      requester: { user: request.user, ip: request.ip },
      onLlmFailure: (error) =>
        request.log.warn(
          { reason: error.reason, detail: error.message },
          'advisor model unavailable: templates answered',
        ),
    });
    return body;
  });

  app.get('/financial-advice/history', { preHandler: requireUser }, async (request) => {
    const body: AdviceHistoryResponse = await listRecentQuestions(context.db, signedInUser(request).id);
    return body;
  });
};
