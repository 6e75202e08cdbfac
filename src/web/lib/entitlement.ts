import type { User } from '../../contracts/accounts';
import { planHasFeature, type PlanFeatureId } from '../../domain/plans';
import { useSession } from './session';

/**
 * Whether a user may use a plan feature: the entitlement table of src/domain/plans.ts, the one the pricing page
 * shows and the server's `requireFeature` guard reads, so a page never offers what the API refuses. A visitor
 * may use none.
 */
export function userHasFeature(user: User | null | undefined, feature: PlanFeatureId): boolean {
  return user !== null && user !== undefined && planHasFeature(user.plan, feature);
}

/**
 * The signed-in user's entitlement to a plan feature, for every page, menu, link and upgrade prompt that shows or
 * hides by plan (`useEntitlement('terminal-access')`). False for a visitor and while the session loads.
 */
export function useEntitlement(feature: PlanFeatureId): boolean {
  return userHasFeature(useSession().user, feature);
}
