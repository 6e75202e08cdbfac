import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZAcknowledgeAlertRequest,
  ZGenerateSnapshotRequest,
  ZPortfolioScopeQuery,
  ZSaveAlertConditionsRequest,
  ZUserIdParams,
  type AcknowledgeAlertResponse,
  type AlertConditionsResponse,
  type AlertsResponse,
  type GenerateSnapshotResponse,
  type LatestSnapshotResponse,
} from '../../../contracts/alerts';
import { AppError } from '../../../contracts/errors';
import { ALERT_MESSAGES } from '../../../domain/alerts';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import {
  acknowledge,
  generateSnapshot,
  getConditions,
  getLatestSnapshot,
  getOpenAlerts,
  portfolioScopeOf,
  saveConditions,
} from './service';

/** Generating a snapshot values the whole saved portfolio (a batch of quotes). */
const generateLimit = perUserLimit(20, 60_000);

/**
 * /api/alerts and /api/snapshots (spec 000 §7), for signed-in users of any plan (§6 gates neither). Every
 * `userId` in a path or body must be the session's own: another user's is a 404 'User not found'. A
 * `clientId` (query or body) is about one of the user's client portfolios instead of their own (Professional).
 */
export const alertsRoutes: FastifyPluginAsync = async (app) => {
  const { alerts: context } = app.services;

  app.addHook('preHandler', requireUser);

  /** The portfolio in question: the session user's own, or their client `clientId`. */
  function scopeOf(request: FastifyRequest, userId: string | undefined, clientId: string | undefined) {
    const user = signedInUser(request);
    if (userId !== undefined && userId !== user.id) {
      throw new AppError('NOT_FOUND', ALERT_MESSAGES.userNotFound);
    }
    return portfolioScopeOf({ db: context.db, user, clientId });
  }
  const scopeOfPath = (request: FastifyRequest) =>
    scopeOf(
      request,
      parseWith(ZUserIdParams, request.params).userId,
      parseWith(ZPortfolioScopeQuery, request.query).clientId,
    );

  app.get('/alerts/conditions/:userId', async (request) => {
    const body: AlertConditionsResponse = await getConditions({
      db: context.db,
      scope: await scopeOfPath(request),
    });
    return body;
  });

  app.post('/alerts/conditions', async (request) => {
    const { userId, clientId, conditions } = parseWith(ZSaveAlertConditionsRequest, request.body);
    const body: AlertConditionsResponse = await saveConditions({
      ...context,
      scope: await scopeOf(request, userId, clientId),
      conditions,
    });
    return body;
  });

  app.post('/alerts/acknowledge', async (request) => {
    const { alertId } = parseWith(ZAcknowledgeAlertRequest, request.body);
    await acknowledge({ db: context.db, userId: signedInUser(request).id, alertId });
    const body: AcknowledgeAlertResponse = { acknowledged: true };
    return body;
  });

  app.get('/alerts/:userId', async (request) => {
    const body: AlertsResponse = await getOpenAlerts({ db: context.db, scope: await scopeOfPath(request) });
    return body;
  });

  app.get('/snapshots/latest/:userId', async (request) => {
    const body: LatestSnapshotResponse = await getLatestSnapshot({
      db: context.db,
      scope: await scopeOfPath(request),
    });
    return body;
  });

  app.post('/snapshots/generate', { config: generateLimit }, async (request) => {
    const { userId, clientId } = parseWith(ZGenerateSnapshotRequest, request.body ?? {});
    const body: GenerateSnapshotResponse = {
      snapshot: await generateSnapshot({
        ...context,
        scope: await scopeOf(request, userId, clientId),
        now: context.now(),
      }),
    };
    return body;
  });
};
