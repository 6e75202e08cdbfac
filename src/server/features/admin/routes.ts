import type { FastifyPluginAsync } from 'fastify';
import type { AuthUserResponse } from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import { requireAdmin, signedInUser } from '../../auth/guards';

/**
 * /api/admin: every path, unknown ones included, answers 401 to visitors and 403 to non-admins before routing
 * (the hook also covers this plugin's own not-found handler). Admin features register their routes here.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(
        new AppError(
          'NOT_FOUND',
          `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
        ).toBody(),
      ),
  );

  app.get('/me', async (request) => {
    const body: AuthUserResponse = { user: signedInUser(request) };
    return body;
  });
};
