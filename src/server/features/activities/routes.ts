import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZActivityParams,
  ZBulkDeleteActivitiesRequest,
  ZCostBasisMethodRequest,
  ZCreateActivityRequest,
  ZHoldingsQuery,
  ZListActivitiesQuery,
  ZUpdateActivityRequest,
  type ActivityListResponse,
  type ActivityResponse,
  type BulkDeleteActivitiesResponse,
  type HoldingsResponse,
} from '../../../contracts/activities';
import {
  ZAcceptOffersRequest,
  ZActivityOffersQuery,
  type AcceptOffersResponse,
  type ActivityOffersResponse,
} from '../../../contracts/activity-offers';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import { acceptOffers, listOffers } from './offers';
import {
  createActivity,
  deleteActivitiesOf,
  deleteActivity,
  getHoldings,
  listActivities,
  setCostBasisMethod,
  updateActivity,
} from './service';

/**
 * /api/activities and /api/holdings (issue 27 item 9, decision 036): signed in (a visitor's portfolio stays in the
 * browser). The plan gates are per portfolio, inside the service (an account needs Premium, a client
 * Professional, as their own pages do); another person's portfolio or activity is a 404.
 */
export const activitiesRoutes: FastifyPluginAsync = async (app) => {
  const { activities: context } = app.services;
  const userRequest = (request: FastifyRequest) => ({ ...context, user: signedInUser(request) });
  // Per user and route: a holdings read asks for one batch of quotes.
  const limit = { preHandler: requireUser, config: perUserLimit(240, 60_000) };

  app.get('/activities', limit, async (request) => {
    const { portfolio, cursor, ...filter } = parseWith(ZListActivitiesQuery, request.query);
    const body: ActivityListResponse = await listActivities({
      ...userRequest(request),
      portfolio,
      filter,
      cursor,
    });
    return body;
  });

  app.post('/activities', limit, async (request, reply) => {
    const activity = parseWith(ZCreateActivityRequest, request.body);
    const body: ActivityResponse = await createActivity({ ...userRequest(request), request: activity });
    return reply.status(201).send(body);
  });

  app.patch('/activities/:id', limit, async (request) => {
    const { id } = parseWith(ZActivityParams, request.params);
    const changes = parseWith(ZUpdateActivityRequest, request.body);
    const body: ActivityResponse = await updateActivity({ ...userRequest(request), id, changes });
    return body;
  });

  app.delete('/activities/:id', limit, async (request, reply) => {
    const { id } = parseWith(ZActivityParams, request.params);
    await deleteActivity({ ...userRequest(request), id });
    return reply.status(204).send();
  });

  app.post('/activities/bulk-delete', limit, async (request) => {
    const { portfolio, ids } = parseWith(ZBulkDeleteActivitiesRequest, request.body);
    const body: BulkDeleteActivitiesResponse = await deleteActivitiesOf({
      ...userRequest(request),
      portfolio,
      ids,
    });
    return body;
  });

  // Dividends and splits the history lacks, from the vendors' histories (issue 27 item 4).
  app.get('/activities/offers', limit, async (request) => {
    const { portfolio } = parseWith(ZActivityOffersQuery, request.query);
    const body: ActivityOffersResponse = await listOffers({ ...userRequest(request), portfolio });
    return body;
  });

  app.post('/activities/offers/accept', limit, async (request) => {
    const { portfolio, offers } = parseWith(ZAcceptOffersRequest, request.body);
    const body: AcceptOffersResponse = await acceptOffers({ ...userRequest(request), portfolio, offers });
    return body;
  });

  app.get('/holdings', limit, async (request) => {
    const { portfolio } = parseWith(ZHoldingsQuery, request.query);
    const body: HoldingsResponse = await getHoldings({ ...userRequest(request), portfolio });
    return body;
  });

  app.put('/holdings/cost-basis-method', limit, async (request) => {
    const { portfolio } = parseWith(ZHoldingsQuery, request.query);
    const { costBasisMethod } = parseWith(ZCostBasisMethodRequest, request.body);
    const body: HoldingsResponse = await setCostBasisMethod({
      ...userRequest(request),
      portfolio,
      method: costBasisMethod,
    });
    return body;
  });
};
