/** The queries of account management: the deletion of an account. */
import { and, eq, isNotNull } from 'drizzle-orm';
import { user } from '../../auth/schema';
import type { EmailDigest } from '../../crypto/email-digest';
import type { Database } from '../../db/client';
import { analysisUsage } from '../analysis/schema';
import { subscription, trialEmail } from '../billing/schema';

/**
 * Deletes the account and every row of it: the user row's foreign keys cascade to sessions, tokens, portfolios,
 * holdings, trades, keys and rewards; the AI-analysis counts are keyed by user id without a foreign key, so they
 * go explicitly, in the same transaction. An account that had a free trial leaves its email's digest in
 * `trial_email` (normally there since the trial began): the email gets no second trial.
 */
export async function deleteAccount(db: Database, userId: string, emailDigest: EmailDigest): Promise<void> {
  await db.transaction(async (tx) => {
    const [trialed] = await tx
      .select({ email: user.email })
      .from(user)
      .innerJoin(subscription, eq(subscription.userId, user.id))
      .where(and(eq(user.id, userId), isNotNull(subscription.trialEnd)))
      .limit(1);
    if (trialed) {
      await tx
        .insert(trialEmail)
        .values({ emailDigest: emailDigest(trialed.email) })
        .onConflictDoNothing();
    }
    await tx
      .delete(analysisUsage)
      .where(and(eq(analysisUsage.subjectKind, 'user'), eq(analysisUsage.subjectKey, userId)));
    await tx.delete(user).where(eq(user.id, userId));
  });
}
