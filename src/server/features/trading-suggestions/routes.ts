import type { FastifyPluginAsync } from 'fastify';
import {
  ZSuggestionParams,
  ZSuggestionRequest,
  type GenerateSuggestionsResponse,
  type TradingSuggestion,
} from '../../../contracts/trading-suggestions';
import { readableUserId, requireFeature, requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { AppError } from '../../../contracts/errors';
import {
  dismissTradingSuggestion,
  executeTradingSuggestion,
  generateTradingSuggestions,
  listTradingSuggestions,
  msUntilUtcMidnight,
} from './service';

const premium = { preHandler: [requireUser, requireFeature('ai-trading-suggestions')] };

/**
 * /api/trading-suggestions (spec 000 §7): the plans with 'ai-trading-suggestions', Premium and up — 401 for a visitor, 403
 * SUBSCRIPTION_REQUIRED (naming Premium) for the free plan. Generations are limited per user and UTC day in
 * the service; the list, dismiss and execute only touch the user's own rows (another's id is a 404).
 */
export const tradingSuggestionsRoutes: FastifyPluginAsync = async (app) => {
  const context = app.services.tradingSuggestions;

  app.get('/', premium, async (request) => {
    const body: TradingSuggestion[] = await listTradingSuggestions(context, signedInUser(request).id);
    return body;
  });

  app.post('/', premium, async (request, reply) => {
    const user = signedInUser(request);
    const { portfolio, userId, ...preferences } = parseWith(ZSuggestionRequest, request.body);
    // The spec's calls carry no user id; one that is sent must be the session's own (admins excepted).
    const ownerId = readableUserId(user, userId);
    try {
      const body: GenerateSuggestionsResponse = await generateTradingSuggestions({
        ...context,
        userId: ownerId,
        portfolio,
        preferences,
        requesterId: user.id,
        onLlmFailure: (error) =>
          request.log.warn(
            { reason: error.reason, detail: error.message },
            'suggestion reasoning: templates used',
          ),
      });
      return body;
    } catch (error) {
      // The day's generations are used up: they come back at the next UTC midnight.
      if (error instanceof AppError && error.code === 'RATE_LIMITED') {
        reply.header('retry-after', Math.ceil(msUntilUtcMidnight(context.now()) / 1000));
      }
      throw error;
    }
  });

  app.patch('/:id/dismiss', premium, async (request, reply) => {
    const { id } = parseWith(ZSuggestionParams, request.params);
    await dismissTradingSuggestion(context, signedInUser(request).id, id);
    return reply.status(204).send();
  });

  app.patch('/:id/execute', premium, async (request, reply) => {
    const { id } = parseWith(ZSuggestionParams, request.params);
    await executeTradingSuggestion(context, signedInUser(request).id, id);
    return reply.status(204).send();
  });
};
