/** The queries of signing in: accounts by email, new accounts, and the tokens of mailed links. */
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { user } from '../../auth/schema';
import { SESSION_USER_COLUMNS } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { accountToken } from './schema';

/** The columns an account is signed in with (toPublicUser's row). */
export const userColumns = SESSION_USER_COLUMNS;

/** The account of an email, compared without regard to case (the `user_email_lower_idx` index). */
export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: user.passwordHash })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** True when an admin suspended the account (it may not sign in). */
export async function isUserSuspended(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ suspendedAt: user.suspendedAt })
    .from(user)
    .where(sql`${user.id} = ${userId}`)
    .limit(1);
  return row?.suspendedAt != null;
}

/** Inserts an account; undefined when the email (in any case) is already taken. */
export async function insertUser(
  db: Database,
  values: { email: string; firstName: string; lastName: string; passwordHash: string; isDemo?: boolean },
) {
  const [row] = await db.insert(user).values(values).onConflictDoNothing().returning(userColumns);
  return row;
}

export type AccountTokenPurpose = 'verify_email' | 'reset_password';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

export async function insertAccountToken(
  db: Executor,
  values: { idHash: string; userId: string; purpose: AccountTokenPurpose; expiresAt: Date },
): Promise<void> {
  await db.insert(accountToken).values(values);
}

/** The scheduled cleanup: tokens past their lifetime, used or not, are worthless and go. */
export async function deleteExpiredAccountTokens(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(accountToken)
    .where(lte(accountToken.expiresAt, now))
    .returning({ idHash: accountToken.idHash });
  return deleted.length;
}

/**
 * Ends every unused token of the user for these purposes: a new link, a used one or a password changed makes the
 * outstanding ones worthless.
 */
export async function expireUnusedAccountTokens(
  db: Executor,
  userId: string,
  purposes: readonly AccountTokenPurpose[],
): Promise<void> {
  await db
    .update(accountToken)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountToken.userId, userId),
        inArray(accountToken.purpose, [...purposes]),
        isNull(accountToken.usedAt),
      ),
    );
}

/**
 * Marks the token used and answers its user id, in one statement that also checks it is unused and unexpired:
 * of two requests with one token, exactly one gets the user.
 */
export async function useAccountToken(
  db: Executor,
  idHash: string,
  purpose: AccountTokenPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .update(accountToken)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountToken.idHash, idHash),
        eq(accountToken.purpose, purpose),
        isNull(accountToken.usedAt),
        gt(accountToken.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountToken.userId });
  return row?.userId;
}

/**
 * Records that the owner proved the mailbox (kept at the first time); answers whether this verified it, false
 * when it was verified already (in one statement: of two links used at once, one verifies).
 */
export async function markEmailVerified(db: Executor, userId: string): Promise<boolean> {
  const verified = await db
    .update(user)
    .set({ emailVerifiedAt: sql`now()` })
    .where(and(eq(user.id, userId), isNull(user.emailVerifiedAt)))
    .returning({ id: user.id });
  return verified.length > 0;
}
