/**
 * The account's password: its rules (the signup rules, used by signup, reset and change), the row it is checked
 * against, and setting a new one. Shared by signing in and account management, as the session queries are.
 */
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../contracts/errors';
import type { Database } from '../db/client';
import { isCommonPassword } from './common-passwords';
import { user } from './schema';
import { SESSION_USER_COLUMNS } from './sessions';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less common password.';

export function checkNotCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_ERROR', COMMON_PASSWORD_MESSAGE, {
      fields: { [field]: COMMON_PASSWORD_MESSAGE },
    });
  }
}

const accountColumns = { ...SESSION_USER_COLUMNS, passwordHash: user.passwordHash };

/** The account with its password hash; undefined when it is gone. */
export async function findAccountById(db: Database, userId: string) {
  const [row] = await db.select(accountColumns).from(user).where(eq(user.id, userId)).limit(1);
  return row;
}

/**
 * Sets a new password. `isProven`: it was set through the mailbox (a reset link), so ADMIN_EMAILS may count;
 * a password set any other way (a change in settings) is proven by nobody, and the mark goes.
 */
export async function updatePasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  options: { isProven: boolean },
): Promise<void> {
  await db
    .update(user)
    .set({ passwordHash, passwordProvenAt: options.isProven ? sql`now()` : null })
    .where(eq(user.id, userId));
}
