/**
 * The plan a user has, derived from what is stored (subscriptions, one-month purchases, a complimentary grant)
 * and written on the user row: after a webhook changed them, after an admin's grant, and by the job when a
 * period or grace ends.
 */
import { deriveEffectivePlan } from '../../../domain/subscriptions';
import type { Database } from '../../db/client';
import {
  findBillingUser,
  listLivePurchasesOfUser,
  listSubscriptionsOfUser,
  listUsersDueForReview,
  lockBillingUser,
  saveUserPlan,
  toStoredSubscription,
  type Transaction,
} from './repository';

/**
 * Derives the user's plan from the stored subscriptions and purchases and writes it on the user row (what the
 * guards read), with the time it must be derived again. Call inside the transaction that changed them (the
 * admin's complimentary grant too).
 */
export async function rederivePlan(
  tx: Transaction,
  userId: string,
  now: Date,
  options: { isLocked?: boolean } = {},
) {
  if (!options.isLocked) await lockBillingUser(tx, userId);
  const [subscriptions, purchases, billingUser] = await Promise.all([
    listSubscriptionsOfUser(tx, userId),
    listLivePurchasesOfUser(tx, userId, now),
    findBillingUser(tx, userId),
  ]);
  const derived = deriveEffectivePlan({
    subscriptions: subscriptions.map(toStoredSubscription),
    purchases,
    now,
    complimentaryPlan: billingUser?.complimentaryPlan ?? null,
  });
  await saveUserPlan(tx, userId, {
    plan: derived.plan,
    subscriptionStatus: derived.status,
    planReviewAt: derived.reviewAt,
  });
  return derived;
}

/** The job's work: derives again the plans whose deadline passed; answers how many users it looked at. */
export async function reviewDuePlans(db: Database, now: Date): Promise<number> {
  let reviewed = 0;
  for (;;) {
    const userIds = await listUsersDueForReview(db, now, 200);
    for (const userId of userIds) await db.transaction((tx) => rederivePlan(tx, userId, now));
    reviewed += userIds.length;
    if (userIds.length < 200) return reviewed;
  }
}
