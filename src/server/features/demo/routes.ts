import type { FastifyPluginAsync } from 'fastify';
import type { AuthUserResponse } from '../../../contracts/accounts';
import { ZDemoPlanRequest } from '../../../contracts/billing';
import { AppError } from '../../../contracts/errors';
import { signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { DEMO_FEATURES_OFF_MESSAGE, switchDemoPlan } from './service';

/** Plan switches per demo account and minute: a person clicks a few; nothing needs more. */
const DEMO_PLAN_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** PUT /api/demo/plan: the Demo Settings plan switcher (demo features on, demo accounts only). */
export const demoRoutes: FastifyPluginAsync = async (app) => {
  const { db, adminEmails, demoFeatures } = app.services.demo;
  // Demo features off: 404 for everyone, visitors included, before anything else is looked at.
  app.put('/plan', { config: DEMO_PLAN_LIMIT }, async (request) => {
    if (!demoFeatures) throw new AppError('NOT_FOUND', DEMO_FEATURES_OFF_MESSAGE);
    const user = signedInUser(request);
    const { plan } = parseWith(ZDemoPlanRequest, request.body);
    const updated = await switchDemoPlan({ db, adminEmails, user, plan });
    const body: AuthUserResponse = { user: updated };
    return body;
  });
};
