import { randomBytes } from 'node:crypto';
import type { LoginRequest, SignupRequest, User } from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import { isCommonPassword } from '../../auth/common-passwords';
import { toPublicUser } from '../../auth/current-user';
import { hashPassword, verifyAgainstDummyHash, verifyPassword } from '../../auth/password';
import { createSession, deleteSession, type NewSession } from '../../auth/sessions';
import type { Database } from '../../db/client';
import type { LoginClient, LoginThrottle } from './login-throttle';
import { findUserByEmail, insertUser } from './repository';

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Please sign in instead.';
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less common password.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

export interface SignedIn {
  user: User;
  session: NewSession;
}

export interface AccountsContext {
  db: Database;
  adminEmails: readonly string[];
  /** The session the request came with, if any: replaced (deleted) by the new one. */
  replacedSessionIdHash?: string | undefined;
}

async function openSession(
  context: AccountsContext,
  row: Parameters<typeof toPublicUser>[0],
  rememberMe = false,
): Promise<SignedIn> {
  if (context.replacedSessionIdHash) await deleteSession(context.db, context.replacedSessionIdHash);
  const session = await createSession(context.db, { userId: row.id, rememberMe });
  return { user: toPublicUser(row, context.adminEmails), session };
}

/** Creates an account (email kept as typed, unique without regard to case) and signs it in. */
export async function signUp(options: AccountsContext & { input: SignupRequest }): Promise<SignedIn> {
  const { db, input } = options;
  if (isCommonPassword(input.password)) {
    throw new AppError('VALIDATION_ERROR', COMMON_PASSWORD_MESSAGE, {
      fields: { password: COMMON_PASSWORD_MESSAGE },
    });
  }
  if (await findUserByEmail(db, input.email)) throw new AppError('CONFLICT', DUPLICATE_EMAIL_MESSAGE);
  const row = await insertUser(db, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash: await hashPassword(input.password),
  });
  // Two signups racing for one email: the unique index lets one through.
  if (!row) throw new AppError('CONFLICT', DUPLICATE_EMAIL_MESSAGE);
  return openSession(options, row);
}

/**
 * Checks the password and signs in, throttled per (account, client) pair and per IP in the shared limit store
 * (login-throttle.ts). The attempt is counted as a failure before the password is checked, so parallel
 * guesses cannot slip past the count; a success clears the pair's failures.
 */
export async function logIn(
  options: AccountsContext & { loginThrottle: LoginThrottle; input: LoginRequest; client: LoginClient },
): Promise<SignedIn> {
  const { db, input } = options;
  const accountKey = input.email.toLowerCase();
  const attempt = await options.loginThrottle.begin(accountKey, options.client);

  const found = await findUserByEmail(db, accountKey);
  const isValid = found
    ? await verifyPassword(found.passwordHash, input.password)
    : await verifyAgainstDummyHash(input.password);
  if (!found || !isValid) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);

  await attempt.succeeded();
  return openSession(options, found, input.rememberMe === true);
}

/** Ends the request's session (the row is deleted); signing out twice is harmless. */
export async function logOut(options: { db: Database; sessionIdHash: string | undefined }): Promise<void> {
  if (options.sessionIdHash) await deleteSession(options.db, options.sessionIdHash);
}

/** The signed-in user, or 401 UNAUTHENTICATED. */
/** The session probe: a visitor (no session, or an expired one) gets `{ user: null }`, not a 401. */
export function getCurrentUser(options: { user: User | undefined }): { user: User | null } {
  return { user: options.user ?? null };
}

/** With demo features on: a fresh demo account (random password, never shown), signed in. */
export async function openDemoAccount(
  options: AccountsContext & { demoFeatures: boolean },
): Promise<SignedIn> {
  if (!options.demoFeatures) {
    throw new AppError('NOT_FOUND', 'Demo accounts are not available on this server.');
  }
  const row = await insertUser(options.db, {
    email: `demo-${randomBytes(8).toString('hex')}@demo.foliowise.app`,
    firstName: 'Demo',
    lastName: 'Investor',
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    isDemo: true,
  });
  if (!row) throw new AppError('INTERNAL', 'Could not open a demo account. Please try again.');
  return openSession(options, row);
}
