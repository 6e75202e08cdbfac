/**
 * Account management: change password, 'Sign out of other devices', 'Download my data' and 'Delete my account'
 * (also an admin's deletion of an account).
 */
import type {
  AccountExport,
  ChangePasswordRequest,
  DeleteAccountRequest,
  SignedOutSessionsResponse,
  User,
} from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import { checkNotCommonPassword, findAccountById, updatePasswordHash } from '../../auth/credentials';
import { hashPassword, verifyPassword } from '../../auth/password';
import { deleteSessionsOfUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { ACCOUNT_DATA_SECTIONS, type AccountDataReaders, type AccountDataSection } from '../../feature';
import { cancelBillingBeforeDeletion, type BillingContext } from '../billing/service';
import { voidMailedLinks } from '../sign-in/service';
import { deleteAccount } from './repository';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
export const WRONG_PASSWORD_MESSAGE = 'Password is incorrect';

interface SignedInContext {
  db: Database;
  user: User;
  sessionIdHash: string;
}

async function checkPassword(db: Database, userId: string, password: string, field: string, message: string) {
  const account = await findAccountById(db, userId);
  if (!account || !(await verifyPassword(account.passwordHash, password))) {
    throw new AppError('VALIDATION_ERROR', message, { fields: { [field]: message } });
  }
}

/**
 * Changes the password after checking the current one; every other session ends, this one stays, and every
 * mailed link (verification and reset) outstanding is void. Nothing here proves the mailbox, so the new
 * password is not proven (ADMIN_EMAILS stops counting until a reset link sets one).
 */
export async function changePassword(
  options: SignedInContext & { input: ChangePasswordRequest },
): Promise<SignedOutSessionsResponse> {
  const { db, user, input } = options;
  await checkPassword(db, user.id, input.currentPassword, 'currentPassword', WRONG_CURRENT_PASSWORD_MESSAGE);
  checkNotCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const signedOutSessions = await db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash, { isProven: false });
    await voidMailedLinks(tx, user.id);
    return deleteSessionsOfUser(tx, user.id, options.sessionIdHash);
  });
  return { signedOutSessions };
}

/** 'Sign out of other devices': every session of the user but this one ends. */
export async function signOutOtherSessions(options: SignedInContext): Promise<SignedOutSessionsResponse> {
  return {
    signedOutSessions: await deleteSessionsOfUser(options.db, options.user.id, options.sessionIdHash),
  };
}

/**
 * 'Delete my account': after the password and the confirm word, the account's subscriptions are canceled at
 * Stripe (nothing is deleted when that fails), then the user and all their rows are deleted.
 */
export async function deleteMyAccount(
  options: SignedInContext & { input: DeleteAccountRequest; billing: BillingContext },
): Promise<void> {
  const { db, user, input } = options;
  await checkPassword(db, user.id, input.password, 'password', WRONG_PASSWORD_MESSAGE);
  await cancelBillingBeforeDeletion({ context: options.billing, userId: user.id });
  await deleteAccount(db, user.id, options.billing.emailDigest);
}

/**
 * An admin's deletion of an account: as 'Delete my account', subscriptions canceled first, then the same rows
 * go. Answers the ids of the subscriptions canceled.
 */
export async function deleteAccountAsAdmin(options: {
  db: Database;
  billing: BillingContext;
  userId: string;
}): Promise<string[]> {
  const canceled = await cancelBillingBeforeDeletion({ context: options.billing, userId: options.userId });
  await deleteAccount(options.db, options.userId, options.billing.emailDigest);
  return canceled;
}

/**
 * 'Download my data': every part of the export from the module that reads it (its manifest's `accountData`),
 * in the contract's order, in one repeatable-read transaction so that the parts agree with each other. API keys
 * masked, never a secret or a hash; what each module's tables give the export, or why one is left out, is in its
 * manifest (account-data.test.ts holds it against the database's catalog).
 */
export async function exportAccountData(
  options: SignedInContext & { readers: AccountDataReaders<AccountDataSection> },
): Promise<AccountExport> {
  const { db, readers } = options;
  const read = { userId: options.user.id, sessionIdHash: options.sessionIdHash };
  const parts = await db.transaction(
    async (tx) => {
      const data: Partial<Record<AccountDataSection, unknown>> = {};
      for (const section of ACCOUNT_DATA_SECTIONS) data[section] = await readers[section]({ tx, ...read });
      return data;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // Each part is its reader's AccountExport[section] (AccountDataReaders); the loop cannot say so to the compiler.
  return { exportedAt: new Date().toISOString(), ...parts } as AccountExport;
}
