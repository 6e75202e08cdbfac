import type { FastifyPluginAsync } from 'fastify';
import {
  ZApiTokenParams,
  ZCreateApiTokenRequest,
  type ApiTokenListResponse,
  type CreatedApiTokenResponse,
} from '../../../contracts/api-tokens';
import { requireFeature, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

/** Creating tokens is rare; this stops a script from minting them in a loop (shared by the instances). */
const createLimit = perUserLimit(20, 60 * 60_000);

/**
 * /api/api-tokens: a signed-in Professional user's personal API tokens, by session cookie only (a token sent
 * here is not a session: the current-user plugin reads cookies, never Authorization).
 */
export const apiTokensRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.services.apiTokens;
  app.addHook('preHandler', requireFeature('api-access'));

  app.get('/', async (request) => {
    const body: ApiTokenListResponse = {
      tokens: await listApiTokens({ db, userId: signedInUser(request).id }),
    };
    return body;
  });

  app.post('/', { config: createLimit }, async (request, reply) => {
    const { name, scopes } = parseWith(ZCreateApiTokenRequest, request.body);
    const body: CreatedApiTokenResponse = await createApiToken({
      db,
      userId: signedInUser(request).id,
      name,
      scopes,
    });
    // The token is in this answer only: no cache may keep it.
    return reply.status(201).header('Cache-Control', 'no-store').send(body);
  });

  app.delete('/:id', async (request, reply) => {
    const { id } = parseWith(ZApiTokenParams, request.params);
    await revokeApiToken({ db, userId: signedInUser(request).id, id });
    return reply.status(204).send();
  });
};
