import type { FastifyPluginAsync } from 'fastify';
import {
  TIME_ZONE_HEADER,
  ZLeaderboardQuery,
  ZLessonParams,
  ZPointsQuery,
  ZUserIdParams,
  type AchievementsResponse,
  type LeaderboardResponse,
  type LessonReadResponse,
  type PointHistoryResponse,
  type PointsResponse,
  type UserAchievementsResponse,
} from '../../../contracts/rewards';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import {
  getLeaderboard,
  getPointHistory,
  getUserAchievements,
  getUserPoints,
  listAchievements,
  markLessonRead,
} from './service';

/**
 * Rewards (spec 001 §7), registered under /api: points, history, achievements, leaderboards, and the
 * lesson-read event. Every `{userId}` is checked against the session (another user's is a 404, admins
 * excepted). No route takes points, categories or reasons from the client.
 */
export const rewardsRoutes: FastifyPluginAsync = async (app) => {
  const { rewards: context } = app.services;

  app.get('/points', { preHandler: requireUser }, async (request) => {
    const { userId } = parseWith(ZPointsQuery, request.query);
    const header = request.headers[TIME_ZONE_HEADER];
    const body: PointsResponse = {
      points: await getUserPoints({
        ...context,
        user: signedInUser(request),
        userId,
        timeZone: typeof header === 'string' ? header : undefined,
      }),
    };
    return body;
  });

  app.get('/points/:userId/history', { preHandler: requireUser }, async (request) => {
    const { userId } = parseWith(ZUserIdParams, request.params);
    const body: PointHistoryResponse = {
      transactions: await getPointHistory({ ...context, user: signedInUser(request), userId }),
    };
    return body;
  });

  // The catalog is the same for everyone (names, rarities, points; never the rules).
  app.get('/achievements', async (_request, reply) => {
    const body: AchievementsResponse = { achievements: listAchievements() };
    return reply.header('Cache-Control', 'public, max-age=300').send(body);
  });

  app.get('/achievements/user/:userId', { preHandler: requireUser }, async (request) => {
    const { userId } = parseWith(ZUserIdParams, request.params);
    const body: UserAchievementsResponse = {
      achievements: await getUserAchievements({ ...context, user: signedInUser(request), userId }),
    };
    return body;
  });

  app.get('/leaderboard', { preHandler: requireUser }, async (request) => {
    const { type } = parseWith(ZLeaderboardQuery, request.query);
    const body: LeaderboardResponse = {
      type,
      entries: await getLeaderboard({ ...context, user: signedInUser(request), type }),
    };
    return body;
  });

  app.post('/lessons/:lessonId/read', { preHandler: requireUser }, async (request) => {
    const { lessonId } = parseWith(ZLessonParams, request.params);
    const body: LessonReadResponse = await markLessonRead({
      ...context,
      user: signedInUser(request),
      lessonId,
    });
    return body;
  });
};
