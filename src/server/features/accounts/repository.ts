import { and, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authFailure, user } from '../../db/schema';

/** The columns an account is signed in with (toPublicUser's row). */
export const userColumns = {
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  plan: user.plan,
  subscriptionStatus: user.subscriptionStatus,
  isDemo: user.isDemo,
  role: user.role,
  emailVerifiedAt: user.emailVerifiedAt,
};

/** The account of an email, compared without regard to case (the `user_email_lower_idx` index). */
export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: user.passwordHash })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** Inserts an account; undefined when the email (in any case) is already taken. */
export async function insertUser(
  db: Database,
  values: { email: string; firstName: string; lastName: string; passwordHash: string; isDemo?: boolean },
) {
  const [row] = await db.insert(user).values(values).onConflictDoNothing().returning(userColumns);
  return row;
}

export type AuthFailureScope = 'account' | 'ip';

/** The window in which failed sign-ins are counted. */
export const AUTH_FAILURE_WINDOW = sql`interval '1 minute'`;

/** Records one failed (or pending) sign-in for each key; returns the new rows' ids. */
export async function insertAuthFailures(
  db: Database,
  keys: { scope: AuthFailureScope; key: string }[],
): Promise<number[]> {
  const rows = await db.insert(authFailure).values(keys).returning({ id: authFailure.id });
  return rows.map((r) => r.id);
}

/**
 * Seconds until the key has fewer than `max` failures in the window, when it has more than `max` now (that is,
 * the age of the (max+1)-th newest one), else undefined. Uses the (scope, key, created_at) index.
 */
export async function findSecondsUntilUnderLimit(
  db: Database,
  options: { scope: AuthFailureScope; key: string; max: number },
): Promise<number | undefined> {
  const [row] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from (${authFailure.createdAt} + ${AUTH_FAILURE_WINDOW} - now())))::int`,
    })
    .from(authFailure)
    .where(
      and(
        eq(authFailure.scope, options.scope),
        eq(authFailure.key, options.key),
        gt(authFailure.createdAt, sql`now() - ${AUTH_FAILURE_WINDOW}`),
      ),
    )
    .orderBy(desc(authFailure.createdAt))
    .offset(options.max)
    .limit(1);
  return row?.seconds;
}

export async function deleteAuthFailuresById(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(authFailure).where(inArray(authFailure.id, ids));
}

/** Forgets an account's failed sign-ins (after a successful one). */
export async function deleteAccountAuthFailures(db: Database, accountKey: string): Promise<void> {
  await db.delete(authFailure).where(and(eq(authFailure.scope, 'account'), eq(authFailure.key, accountKey)));
}

/** Drops the keys' failures that have left the window, so a key's rows stay few. */
export async function pruneAuthFailures(
  db: Database,
  keys: { scope: AuthFailureScope; key: string }[],
): Promise<void> {
  const byKey = keys.map((k) => and(eq(authFailure.scope, k.scope), eq(authFailure.key, k.key)));
  await db
    .delete(authFailure)
    .where(and(or(...byKey), lte(authFailure.createdAt, sql`now() - ${AUTH_FAILURE_WINDOW}`)));
}

/**
 * Removes every failure that has left the window; returns how many. The scheduled-jobs issue runs it (until
 * then `@public` keeps the unused-export check quiet).
 * @public
 */
export async function deleteExpiredAuthFailures(db: Database): Promise<number> {
  const deleted = await db
    .delete(authFailure)
    .where(lte(authFailure.createdAt, sql`now() - ${AUTH_FAILURE_WINDOW}`))
    .returning({ id: authFailure.id });
  return deleted.length;
}
