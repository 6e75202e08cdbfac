/**
 * A user's effective plan from their billing state (DESIGN.md deviation 2): the Stripe subscriptions we stored
 * from webhooks and the one-month Premium purchases, at a given time. Pure: the server calls it after every
 * webhook and when a deadline it returned has passed, and stores the result on the user row, where the plan
 * guards read it.
 *
 * - active, trialing: the subscription's plan; with cancel_at_period_end, until the period ends.
 * - past_due: the plan for PAST_DUE_GRACE_DAYS after the start of the period whose invoice failed.
 * - canceled: the plan until the end of the period that was paid (only the grace, if that period's
 *   invoice had failed).
 * - incomplete, incomplete_expired, unpaid, paused: free.
 * - a one-month purchase: Premium until its end, no renewal.
 * - a complimentary plan granted by an admin overrides all of the above until it is revoked (decision 029):
 *   its plan, status 'complimentary', no deadline. A webhook that derives the plan again keeps it.
 */
import type { BillingInterval, PaidPlanId, PlanId } from './plans';
import { planRank } from './plans';

/** Stripe's subscription statuses. */
export type StripeSubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

/** Access continues this long after the start of the period whose renewal invoice failed (Stripe retries meanwhile). */
export const PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The lookup key of a plan's price in Stripe: `foliowise_premium_monthly`, ... (no price id is stored in code). */
export function priceLookupKey(plan: PaidPlanId, interval: BillingInterval): string {
  return `foliowise_${plan}_${interval}`;
}

/** The plan and interval of one of our lookup keys; null for any other key. */
export function parsePriceLookupKey(
  key: string | null | undefined,
): { plan: PaidPlanId; interval: BillingInterval } | null {
  const match = /^foliowise_(premium|professional)_(monthly|yearly)$/.exec(key ?? '');
  if (!match) return null;
  return { plan: match[1] as PaidPlanId, interval: match[2] as BillingInterval };
}

export interface StoredSubscription {
  status: StripeSubscriptionStatus;
  plan: PaidPlanId;
  interval: BillingInterval;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  /** Start of the period whose invoice failed, while that invoice is unpaid; null otherwise. */
  pastDueSince: Date | null;
  /** When Stripe created it: of two equal grants, the newer one is shown. */
  createdAt: Date;
}

export interface OneMonthPurchase {
  endsAt: Date;
}

export interface EffectivePlan {
  plan: 'free' | PaidPlanId;
  /** Stripe's status of the granting subscription, 'active' for a one-month purchase, else the latest subscription's status or 'none'. */
  status: string;
  interval: BillingInterval | null;
  /** When the granted access ends unless Stripe says otherwise (renewal); null when nothing is granted or it renews. */
  accessEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: Date | null;
  /** The earliest time this result changes without a new Stripe event; null when only an event can change it. */
  reviewAt: Date | null;
}

interface Grant {
  plan: PaidPlanId;
  /** null: until Stripe says otherwise. */
  until: Date | null;
  status: string;
  interval: BillingInterval | null;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: Date | null;
  /** The end of the period shown on the billing card. */
  periodEnd: Date;
}

function graceEnd(pastDueSince: Date): Date {
  return new Date(pastDueSince.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
}

/** Until when a subscription grants its plan: null = no deadline, undefined = no access at all. */
function accessUntil(subscription: StoredSubscription): Date | null | undefined {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null;
    case 'past_due':
      return subscription.pastDueSince ? graceEnd(subscription.pastDueSince) : subscription.currentPeriodEnd;
    case 'canceled':
      return subscription.pastDueSince ? graceEnd(subscription.pastDueSince) : subscription.currentPeriodEnd;
    default:
      return undefined;
  }
}

function isBetterGrant(candidate: Grant, best: Grant): boolean {
  const rankDifference = planRank(candidate.plan) - planRank(best.plan);
  if (rankDifference !== 0) return rankDifference > 0;
  if (best.until === null) return false;
  return candidate.until === null || candidate.until > best.until;
}

/** The status an admin's complimentary grant shows where Stripe's status would. */
export const COMPLIMENTARY_STATUS = 'complimentary';

export function deriveEffectivePlan(input: {
  subscriptions: readonly StoredSubscription[];
  purchases: readonly OneMonthPurchase[];
  now: Date;
  complimentaryPlan?: PaidPlanId | null;
}): EffectivePlan {
  const { now } = input;
  if (input.complimentaryPlan) {
    return {
      plan: input.complimentaryPlan,
      status: COMPLIMENTARY_STATUS,
      interval: null,
      accessEndsAt: null,
      cancelAtPeriodEnd: false,
      trialEndsAt: null,
      reviewAt: null,
    };
  }
  const grants: Grant[] = [];
  for (const subscription of input.subscriptions) {
    const until = accessUntil(subscription);
    if (until === undefined || (until !== null && until <= now)) continue;
    grants.push({
      plan: subscription.plan,
      until,
      status: subscription.status,
      interval: subscription.interval,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      trialEndsAt: subscription.status === 'trialing' ? subscription.trialEnd : null,
      periodEnd: subscription.currentPeriodEnd,
    });
  }
  for (const purchase of input.purchases) {
    if (purchase.endsAt <= now) continue;
    grants.push({
      plan: 'premium',
      until: purchase.endsAt,
      status: 'active',
      interval: null,
      cancelAtPeriodEnd: false,
      trialEndsAt: null,
      periodEnd: purchase.endsAt,
    });
  }

  let best: Grant | undefined;
  for (const grant of grants) if (!best || isBetterGrant(grant, best)) best = grant;
  const deadlines = grants.flatMap((grant) => (grant.until ? [grant.until.getTime()] : []));
  const reviewAt = deadlines.length > 0 ? new Date(Math.min(...deadlines)) : null;

  if (!best) {
    const latest = [...input.subscriptions].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    return {
      plan: 'free',
      status: latest?.status ?? 'none',
      interval: null,
      accessEndsAt: null,
      cancelAtPeriodEnd: false,
      trialEndsAt: null,
      reviewAt: null,
    };
  }
  return {
    plan: best.plan,
    status: best.status,
    interval: best.interval,
    accessEndsAt: best.until ?? best.periodEnd,
    cancelAtPeriodEnd: best.cancelAtPeriodEnd,
    trialEndsAt: best.trialEndsAt,
    reviewAt,
  };
}

/**
 * True when a subscription is being paid for now (active, trialing, or past_due within the grace): such a
 * customer changes plan in the billing portal. A canceled one that still runs to its period end is not.
 */
export function hasPayingSubscription(subscriptions: readonly StoredSubscription[], now: Date): boolean {
  return subscriptions.some((subscription) => {
    if (
      subscription.status !== 'active' &&
      subscription.status !== 'trialing' &&
      subscription.status !== 'past_due'
    ) {
      return false;
    }
    const until = accessUntil(subscription);
    return until === null || (until !== undefined && until > now);
  });
}

/**
 * Whether a subscription in this status was ever started (trialing or paid): an incomplete one, whose first
 * invoice was never paid, bought nothing. The billing portal opens for a customer who has one, or a one-month
 * purchase (issue 25 item 13).
 */
export function isStartedSubscriptionStatus(status: string): boolean {
  return status !== 'incomplete' && status !== 'incomplete_expired';
}

/** The status a plan set by the Demo Settings switcher shows (nothing paid). */
export const DEMO_STATUS = 'demo';

/** Why an account must not start paying, known without Stripe: it has its plan without paying for it. */
export type UnpaidPlanReason = 'complimentary' | 'demo';

/**
 * Spec 000 §6 blocks the Premium flow for an account that has Premium; an account whose plan costs it nothing
 * (issue 25 item 14) is stopped before anything is charged: a complimentary grant overrides billing (a paid
 * plan would change nothing), so every purchase is refused; a demo plan refuses the plans it already
 * includes. A paying subscriber is refused by Stripe's own list (the server's checkNotSubscribed). Null: go on.
 */
export function unpaidPlanBlockingPurchase(
  account: { plan: PlanId; status: string },
  requested: PaidPlanId,
): UnpaidPlanReason | null {
  if (account.status === COMPLIMENTARY_STATUS) return 'complimentary';
  if (account.status === DEMO_STATUS && planRank(account.plan) >= planRank(requested)) return 'demo';
  return null;
}

/** One calendar month after `start` (Jan 31 -> Feb 28/29, as Stripe bills monthly), in UTC. */
export function addOneMonth(start: Date): Date {
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
