/**
 * The plans' names and the one rule the app shell needs (whether an account pays), apart from the price table
 * and plan matrix of plans.ts (which re-exports them): the shell's session code imports this file, and what the
 * shell imports goes into the entry chunk every page loads, while plans.ts loads only with the pages that show
 * plans.
 */

export const PLAN_IDS = ['free', 'premium', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Whether the plan is paid for (every plan above Free): such an account has nothing to upgrade to from the header. */
export function isPaidPlan(plan: PlanId): boolean {
  return plan !== 'free';
}
