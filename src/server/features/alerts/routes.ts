import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZAcknowledgeAlertRequest,
  ZGenerateSnapshotRequest,
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
  saveConditions,
} from './service';

/** Generating a snapshot values the whole saved portfolio (a batch of quotes). */
const generateLimit = perUserLimit(20, 60_000);

/**
 * /api/alerts and /api/snapshots (spec 000 §7), for signed-in users of any plan (§6 gates neither). Every
 * `userId` in a path or body must be the session's own: another user's is a 404 'User not found'.
 */
export const alertsRoutes: FastifyPluginAsync = async (app) => {
  const { alerts: context } = app.services;

  app.addHook('preHandler', requireUser);

  function ownUserId(request: FastifyRequest, userId: string | undefined): string {
    const user = signedInUser(request);
    if (userId !== undefined && userId !== user.id) {
      throw new AppError('NOT_FOUND', ALERT_MESSAGES.userNotFound);
    }
    return user.id;
  }

  app.get('/alerts/conditions/:userId', async (request) => {
    const { userId } = parseWith(ZUserIdParams, request.params);
    const body: AlertConditionsResponse = await getConditions({
      db: context.db,
      userId: ownUserId(request, userId),
    });
    return body;
  });

  app.post('/alerts/conditions', async (request) => {
    const { userId, conditions } = parseWith(ZSaveAlertConditionsRequest, request.body);
    const body: AlertConditionsResponse = await saveConditions({
      ...context,
      userId: ownUserId(request, userId),
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
    const { userId } = parseWith(ZUserIdParams, request.params);
    const body: AlertsResponse = await getOpenAlerts({ db: context.db, userId: ownUserId(request, userId) });
    return body;
  });

  app.get('/snapshots/latest/:userId', async (request) => {
    const { userId } = parseWith(ZUserIdParams, request.params);
    const body: LatestSnapshotResponse = await getLatestSnapshot({
      db: context.db,
      userId: ownUserId(request, userId),
    });
    return body;
  });

  app.post('/snapshots/generate', { config: generateLimit }, async (request) => {
    const { userId } = parseWith(ZGenerateSnapshotRequest, request.body ?? {});
    const body: GenerateSnapshotResponse = {
      snapshot: await generateSnapshot({
        ...context,
        userId: ownUserId(request, userId),
        now: context.now(),
      }),
    };
    return body;
  });
};
