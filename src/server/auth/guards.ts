import type { FastifyReply, FastifyRequest } from 'fastify';
import { featureRequiredMessage, type Plan, type User } from '../../contracts/accounts';
import { AppError } from '../../contracts/errors';
import { isGlobalListing } from '../../domain/listings';
import { planHasFeature, planIntroducing, type PlanFeatureId } from '../../domain/plans';
import { isUuid } from '../lib/uuid';

/**
 * Route guards, for `onRequest` or `preHandler` (`{ preHandler: requireUser }`, or
 * `{ preHandler: [requireUser, requireFeature('terminal-access')] }`). They read `request.user`, which the
 * current-user plugin sets for every /api route registered after it.
 */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';
export const ADMIN_REQUIRED_MESSAGE = 'Administrator access required.';

/** The signed-in user, or a 401 UNAUTHENTICATED. */
export function signedInUser(request: { user: User | undefined }): User {
  if (!request.user) throw new AppError('UNAUTHENTICATED', SIGN_IN_REQUIRED_MESSAGE);
  return request.user;
}

export const USER_NOT_FOUND_MESSAGE = 'User not found';

/**
 * The user whose data a request may read: the session user (when `userId` is absent or theirs), any user for an
 * administrator; anyone else's is a 404, so that a user cannot learn which ids exist.
 */
export function readableUserId(user: User, userId: string | undefined): string {
  if (userId === undefined || userId === user.id) return user.id;
  if (user.role === 'admin' && isUuid(userId)) return userId;
  throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
}

export const requireUser: Guard = async (request) => {
  signedInUser(request);
};

/** 401 for a visitor, 403 FORBIDDEN for a signed-in user who is not an administrator. */
export const requireAdmin: Guard = async (request) => {
  if (signedInUser(request).role !== 'admin') throw new AppError('FORBIDDEN', ADMIN_REQUIRED_MESSAGE);
};

/**
 * Plan gates read one table: the plan features of src/domain/plans.ts, the rows the pricing page shows. A route
 * that needs one names it with `requireFeature`; code that decides inside a request (an API token's owner, an
 * alert scope with a client, a listing outside the US) asks `hasFeature` or `assertFeature`. Nothing else
 * compares plans (docs/architecture.md "Plan gates").
 */

/** Whether a visitor or user may use a plan feature; a visitor may use none. */
export function hasFeature(user: { plan: Plan } | undefined, feature: PlanFeatureId): boolean {
  return user !== undefined && planHasFeature(user.plan, feature);
}

/** 403 SUBSCRIPTION_REQUIRED, naming the plans that include the feature, when `plan` does not. */
export function assertFeature(plan: Plan, feature: PlanFeatureId): void {
  if (!planHasFeature(plan, feature))
    throw new AppError('SUBSCRIPTION_REQUIRED', featureRequiredMessage(feature));
}

/** The name of a feature guard, which the route table shows (`printRoutes({ includeHooks: true })`). */
export function featureGuardName(feature: PlanFeatureId): string {
  return `requireFeature:${feature}`;
}

/**
 * 401 for a visitor, 403 SUBSCRIPTION_REQUIRED (naming the plans that include it: 'This feature requires a Premium
 * or Professional plan. Upgrade to Premium to continue.') when the user's plan lacks the feature.
 */
export function requireFeature(feature: PlanFeatureId): Guard {
  const message = featureRequiredMessage(feature);
  const guard: Guard = async (request) => {
    if (!planHasFeature(signedInUser(request).plan, feature))
      throw new AppError('SUBSCRIPTION_REQUIRED', message);
  };
  return Object.defineProperty(guard, 'name', { value: featureGuardName(feature) });
}

const GLOBAL_COVERAGE: PlanFeatureId = 'global-market-coverage';

/** Whether a visitor or user may hold, value and search listings outside the US (Professional and up). */
export function hasGlobalMarketCoverage(user: User | undefined): boolean {
  return hasFeature(user, GLOBAL_COVERAGE);
}

/**
 * 403 SUBSCRIPTION_REQUIRED naming Professional when a visitor or a Free or Premium user sends listings
 * outside the US (global market coverage, docs/decisions/034); the message names the symbols.
 */
export function assertGlobalMarketCoverage(user: User | undefined, symbols: Iterable<string>): void {
  if (hasGlobalMarketCoverage(user)) return;
  const global = [...symbols].filter(isGlobalListing).map((s) => s.trim().toUpperCase());
  if (global.length === 0) return;
  const listed =
    global.length > 3 ? `${global.slice(0, 3).join(', ')} and ${global.length - 3} more` : global.join(', ');
  throw new AppError(
    'SUBSCRIPTION_REQUIRED',
    `${listed} ${global.length === 1 ? 'is' : 'are'} listed outside the US: global market coverage is part of ${planIntroducing(GLOBAL_COVERAGE).name}. ${featureRequiredMessage(GLOBAL_COVERAGE)}`,
  );
}
