import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZClientParams,
  ZCreateClientRequest,
  ZUpdateClientRequest,
  type ClientListResponse,
  type ClientResponse,
} from '../../../contracts/clients';
import { requireFeature, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import { createClient, deleteClient, getClient, listClients, updateClient } from './service';

/**
 * /api/clients (issue #16 item 1): the plans with 'multi-client', Professional (401 for a visitor, 403
 * SUBSCRIPTION_REQUIRED naming Professional otherwise). The user is always the session's; another user's client is a 404.
 */
export const clientsRoutes: FastifyPluginAsync = async (app) => {
  const { clients: context } = app.services;
  const userRequest = (request: FastifyRequest) => ({ ...context, userId: signedInUser(request).id });

  app.addHook('preHandler', requireFeature('multi-client'));
  // Per user and route: a list asks for the quotes of up to 500 clients' holdings (one cached batch).
  const limit = { config: perUserLimit(120, 60_000) };

  app.get('/', limit, async (request) => {
    const body: ClientListResponse = await listClients(userRequest(request));
    return body;
  });

  app.post('/', limit, async (request, reply) => {
    const client = parseWith(ZCreateClientRequest, request.body);
    const body: ClientResponse = await createClient({ ...userRequest(request), client });
    return reply.status(201).send(body);
  });

  app.get('/:id', limit, async (request) => {
    const { id } = parseWith(ZClientParams, request.params);
    const body: ClientResponse = await getClient({ ...userRequest(request), id });
    return body;
  });

  app.patch('/:id', limit, async (request) => {
    const { id } = parseWith(ZClientParams, request.params);
    const changes = parseWith(ZUpdateClientRequest, request.body);
    const body: ClientResponse = await updateClient({ ...userRequest(request), id, changes });
    return body;
  });

  app.delete('/:id', limit, async (request, reply) => {
    const { id } = parseWith(ZClientParams, request.params);
    await deleteClient({ ...context, userId: signedInUser(request).id, id });
    return reply.status(204).send();
  });
};
