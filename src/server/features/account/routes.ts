import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZChangePasswordRequest,
  ZDeleteAccountRequest,
  type AccountExport,
  type SignedOutSessionsResponse,
} from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import { signedInUser, SIGN_IN_REQUIRED_MESSAGE } from '../../auth/guards';
import { clearSessionCookie } from '../../auth/sessions';
import { parseWith } from '../../http/errors';
import { changePassword, deleteMyAccount, exportAccountData, signOutOtherSessions } from './service';

/** Password checks (change password, delete account) per IP address and minute: a stolen session cannot guess on. */
const PASSWORD_CHECK_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** /api/account: the signed-in user's own account (password, sessions, data export, deletion). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { db, billing, accountData } = app.services.account;
  const signedIn = (request: FastifyRequest) => {
    const user = signedInUser(request);
    if (!request.sessionIdHash) throw new AppError('UNAUTHENTICATED', SIGN_IN_REQUIRED_MESSAGE);
    return { db, user, sessionIdHash: request.sessionIdHash };
  };

  app.post('/password', { config: PASSWORD_CHECK_LIMIT }, async (request) => {
    const context = signedIn(request);
    const input = parseWith(ZChangePasswordRequest, request.body);
    const body: SignedOutSessionsResponse = await changePassword({ ...context, input });
    return body;
  });

  app.post('/sessions/sign-out-others', async (request) => {
    const body: SignedOutSessionsResponse = await signOutOtherSessions(signedIn(request));
    return body;
  });

  app.get('/export', async (request, reply) => {
    const body: AccountExport = await exportAccountData({ ...signedIn(request), readers: accountData });
    const date = body.exportedAt.slice(0, 10);
    return reply
      .header('Content-Disposition', `attachment; filename="foliowise-data-${date}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body, null, 2));
  });

  app.post('/delete', { config: PASSWORD_CHECK_LIMIT }, async (request, reply) => {
    const context = signedIn(request);
    const input = parseWith(ZDeleteAccountRequest, request.body);
    await deleteMyAccount({ ...context, input, billing });
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });
};
