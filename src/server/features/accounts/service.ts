import { randomBytes } from 'node:crypto';
import type { EmailSentResponse, LoginRequest, SignupRequest, User } from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import { isCommonPassword } from '../../auth/common-passwords';
import { toPublicUser } from '../../auth/current-user';
import { hashPassword, verifyAgainstDummyHash, verifyPassword } from '../../auth/password';
import { createSession, deleteSession, type NewSession } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { existingAccountMessage, verificationMessage, type AccountMail } from './account-mail';
import { issueAccountToken } from './account-tokens';
import type { LoginClient, LoginThrottle } from './login-throttle';
import { findUserByEmail, insertUser, isUserSuspended } from './repository';
import type { PaperTradingContext } from '../paper-trading/service';
import { fillDemoAccount } from './demo-content';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less common password.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account has been suspended. Please contact support if you think this is a mistake.';

export interface SignedIn {
  user: User;
  session: NewSession;
}

export interface AccountsContext {
  db: Database;
  adminEmails: readonly string[];
  /** Verification, reset and notice mails. */
  mail: AccountMail;
  /** The session the request came with, if any: replaced (deleted) by the new one. */
  replacedSessionIdHash?: string | undefined;
}

export async function openSession(
  context: AccountsContext,
  row: Parameters<typeof toPublicUser>[0],
  rememberMe = false,
): Promise<SignedIn> {
  // Every way in (password, verification link, reset link) opens its session here, after the proof.
  if (await isUserSuspended(context.db, row.id)) throw new AppError('FORBIDDEN', ACCOUNT_SUSPENDED_MESSAGE);
  if (context.replacedSessionIdHash) await deleteSession(context.db, context.replacedSessionIdHash);
  const session = await createSession(context.db, { userId: row.id, rememberMe });
  return { user: toPublicUser(row, context.adminEmails), session };
}

export function checkNotCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_ERROR', COMMON_PASSWORD_MESSAGE, {
      fields: { [field]: COMMON_PASSWORD_MESSAGE },
    });
  }
}

/**
 * Signup that does not tell a stranger whether the email has an account: the answer is the same 202 either way,
 * with no session, and costs the same work (the password is hashed either way). A new email gets an unverified
 * account and a verification mail; an existing one gets nothing created and a mail to its owner saying so.
 * Mail is sent after the answer, so its delay does not show either.
 */
export async function signUp(
  options: AccountsContext & { input: SignupRequest },
): Promise<EmailSentResponse> {
  const { db, input, mail } = options;
  checkNotCommonPassword(input.password);
  const [existing, passwordHash] = await Promise.all([
    findUserByEmail(db, input.email),
    hashPassword(input.password),
  ]);
  // Two signups racing for one email: the unique index lets one through, the other is an existing account.
  const created = existing
    ? undefined
    : await insertUser(db, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
      });
  if (created) {
    const token = await issueAccountToken(db, created.id, 'verify_email');
    void mail.mailer.send(verificationMessage(mail, created.email, token));
  } else {
    const owner = existing ?? (await findUserByEmail(db, input.email));
    if (owner && !owner.isDemo) void mail.mailer.send(existingAccountMessage(mail, owner.email));
  }
  return { status: 'verification_sent', email: input.email };
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

/** The session probe: a visitor (no session, or an expired one) gets `{ user: null }`, not a 401. */
export function getCurrentUser(options: { user: User | undefined }): { user: User | null } {
  return { user: options.user ?? null };
}

/**
 * With demo features on: a fresh demo account (random password, never shown), signed in, holding a sample
 * portfolio and a paper portfolio with a few trades (fillDemoAccount).
 */
export async function openDemoAccount(
  options: AccountsContext & { demoFeatures: boolean; paperTrading: PaperTradingContext },
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
  const signedIn = await openSession(options, row);
  await fillDemoAccount({ ...options.paperTrading, user: signedIn.user });
  return signedIn;
}
