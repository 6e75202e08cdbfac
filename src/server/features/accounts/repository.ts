import { sql } from 'drizzle-orm';
import { SESSION_USER_COLUMNS } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { user } from '../../auth/schema';

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
