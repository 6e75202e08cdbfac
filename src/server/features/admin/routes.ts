import type { FastifyPluginAsync } from 'fastify';
import type { AuthUserResponse } from '../../../contracts/accounts';
import {
  ZAdminStatsQuery,
  ZAdminUserParams,
  ZAdminUsersQuery,
  ZContactMessageParams,
  ZGrantPlanRequest,
  type AdminStats,
  type AdminUsersPage,
} from '../../../contracts/admin';
import { AppError } from '../../../contracts/errors';
import { userExportFileName } from '../../../domain/admin/csv';
import { requireAdmin, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import {
  deleteUserAccount,
  getAdminStats,
  getAuditLog,
  getContactMessages,
  grantComplimentaryPlan,
  listAdminUsers,
  markMessageHandled,
  restoreAccount,
  streamUsersCsv,
  suspendAccount,
} from './service';

/**
 * /api/admin: every path, unknown ones included, answers 401 to visitors and 403 to non-admins before routing
 * (the hook also covers this plugin's own not-found handler). Every action is written to the audit log.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const context = app.services.admin;

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

  app.get('/stats', async (request) => {
    const { range } = parseWith(ZAdminStatsQuery, request.query);
    const body: AdminStats = await getAdminStats({ context, range });
    return body;
  });

  app.get('/users', async (request) => {
    const query = parseWith(ZAdminUsersQuery, request.query);
    const body: AdminUsersPage = await listAdminUsers({ context, query });
    return body;
  });

  // Streamed from keyset batches; a spreadsheet opens it as UTF-8 thanks to the BOM.
  app.get('/users/export', async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${userExportFileName(context.now())}"`)
      .header('cache-control', 'no-store')
      .send(streamUsersCsv(context)),
  );

  app.post('/users/:id/plan', async (request) => {
    const { id } = parseWith(ZAdminUserParams, request.params);
    const input = parseWith(ZGrantPlanRequest, request.body);
    const user = await grantComplimentaryPlan({ context, admin: signedInUser(request), userId: id, input });
    return { user };
  });

  app.post('/users/:id/suspend', async (request) => {
    const { id } = parseWith(ZAdminUserParams, request.params);
    return { user: await suspendAccount({ context, admin: signedInUser(request), userId: id }) };
  });

  app.post('/users/:id/restore', async (request) => {
    const { id } = parseWith(ZAdminUserParams, request.params);
    return { user: await restoreAccount({ context, admin: signedInUser(request), userId: id }) };
  });

  app.delete('/users/:id', async (request, reply) => {
    const { id } = parseWith(ZAdminUserParams, request.params);
    await deleteUserAccount({ context, admin: signedInUser(request), userId: id });
    return reply.status(204).send();
  });

  app.get('/audit-log', async () => ({ entries: await getAuditLog(context) }));

  app.get('/messages', async () => ({ messages: await getContactMessages(context) }));

  app.post('/messages/:id/handled', async (request) => {
    const { id } = parseWith(ZContactMessageParams, request.params);
    return { message: await markMessageHandled({ context, admin: signedInUser(request), messageId: id }) };
  });
};
