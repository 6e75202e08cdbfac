/**
 * Signing in: signup, password sign-in and sign-out, the session probe, demo accounts, and the mailed links
 * (email verification, password reset) whose single-use tokens are account-tokens.ts's.
 */
import { randomBytes } from 'node:crypto';
import type {
  EmailSentResponse,
  LoginRequest,
  ResetPasswordRequest,
  SignupRequest,
  User,
} from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import { checkNotCommonPassword, findAccountById, updatePasswordHash } from '../../auth/credentials';
import { toPublicUser } from '../../auth/current-user';
import { hashPassword, verifyAgainstDummyHash, verifyPassword } from '../../auth/password';
import { createSession, deleteSession, deleteSessionsOfUser, type NewSession } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { existingAccountMessage, resetMessage, verificationMessage, type AccountMail } from './account-mail';
import { issueAccountToken, redeemAccountToken } from './account-tokens';
import type { LoginClient, LoginThrottle } from './login-throttle';
import {
  expireUnusedAccountTokens,
  findUserByEmail,
  insertUser,
  isUserSuspended,
  markEmailVerified,
  type AccountTokenPurpose,
} from './repository';
import type { PaperTradingContext } from '../paper-trading/service';
import { fillDemoAccount } from './demo-content';

/** Every kind of mailed link: a password set (changed or reset) voids them all. */
const ALL_LINKS: readonly AccountTokenPurpose[] = ['verify_email', 'reset_password'];

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account has been suspended. Please contact support if you think this is a mistake.';

export interface SignedIn {
  user: User;
  session: NewSession;
}

export interface SignInContext {
  db: Database;
  adminEmails: readonly string[];
  /** Verification, reset and notice mails. */
  mail: AccountMail;
  /** The session the request came with, if any: replaced (deleted) by the new one. */
  replacedSessionIdHash?: string | undefined;
}

async function openSession(
  context: SignInContext,
  row: Parameters<typeof toPublicUser>[0],
  rememberMe = false,
): Promise<SignedIn> {
  // Every way in (password, verification link, reset link) opens its session here, after the proof.
  if (await isUserSuspended(context.db, row.id)) throw new AppError('FORBIDDEN', ACCOUNT_SUSPENDED_MESSAGE);
  if (context.replacedSessionIdHash) await deleteSession(context.db, context.replacedSessionIdHash);
  const session = await createSession(context.db, { userId: row.id, rememberMe });
  return { user: toPublicUser(row, context.adminEmails), session };
}

/**
 * Signup that does not tell a stranger whether the email has an account: the answer is the same 202 either way,
 * with no session, and costs the same work (the password is hashed either way). A new email gets an unverified
 * account and a verification mail; an existing one gets nothing created and a mail to its owner saying so.
 * Mail is sent after the answer, so its delay does not show either.
 */
export async function signUp(options: SignInContext & { input: SignupRequest }): Promise<EmailSentResponse> {
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
  options: SignInContext & { loginThrottle: LoginThrottle; input: LoginRequest; client: LoginClient },
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
  options: SignInContext & { demoFeatures: boolean; paperTrading: PaperTradingContext },
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

export const VERIFY_LINK_INVALID_MESSAGE =
  'This verification link is invalid, has expired or was already used. Request a new one below.';
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'This email address is already verified. Please sign in.';
export const RESET_LINK_INVALID_MESSAGE =
  'This password reset link is invalid, has expired or was already used. Request a new one.';

/**
 * Follows a verification link: marks the email verified, ends every session of the account (whoever signed up
 * with the address may have one open) and signs the link's holder in with a new one. Every other verification
 * link of the account is void from then on (redeemAccountToken). A link for an address already verified opens
 * no session.
 */
export async function verifyEmail(options: SignInContext & { token: string }): Promise<SignedIn> {
  const { db } = options;
  const userId = await redeemAccountToken(db, options.token, 'verify_email');
  if (!userId) throw new AppError('BAD_REQUEST', VERIFY_LINK_INVALID_MESSAGE);
  const isNewlyVerified = await db.transaction(async (tx) => {
    if (!(await markEmailVerified(tx, userId))) return false;
    await deleteSessionsOfUser(tx, userId);
    return true;
  });
  if (!isNewlyVerified) throw new AppError('CONFLICT', EMAIL_ALREADY_VERIFIED_MESSAGE);
  const account = await findAccountById(db, userId);
  if (!account) throw new AppError('BAD_REQUEST', VERIFY_LINK_INVALID_MESSAGE);
  return openSession(options, account);
}

/** Sends a new verification link when the email has an unverified account; the answer is the same either way. */
export async function resendVerification(
  options: SignInContext & { email: string },
): Promise<EmailSentResponse> {
  const { db, mail, email } = options;
  const found = await findUserByEmail(db, email);
  if (found && !found.isDemo && found.emailVerifiedAt === null) {
    const token = await issueAccountToken(db, found.id, 'verify_email');
    void mail.mailer.send(verificationMessage(mail, found.email, token));
  }
  return { status: 'verification_sent', email };
}

/** 'Forgot password?': mails a reset link when the email has an account; the answer is the same either way. */
export async function requestPasswordReset(
  options: SignInContext & { email: string },
): Promise<EmailSentResponse> {
  const { db, mail, email } = options;
  const found = await findUserByEmail(db, email);
  if (found && !found.isDemo) {
    const token = await issueAccountToken(db, found.id, 'reset_password');
    void mail.mailer.send(resetMessage(mail, found.email, token));
  }
  return { status: 'reset_sent', email };
}

/**
 * Follows a reset link: sets the new password (the signup rules), ends every session of the user and every
 * other mailed link (verification and reset), and signs in with a new session. The link came through the
 * mailbox, so the email counts as verified and the password as proven (what ADMIN_EMAILS needs). The password
 * is checked before the token is used, so a refused password does not spend the link.
 */
export async function resetPassword(
  options: SignInContext & { input: ResetPasswordRequest },
): Promise<SignedIn> {
  const { db, input } = options;
  checkNotCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const userId = await redeemAccountToken(db, input.token, 'reset_password');
  if (!userId) throw new AppError('BAD_REQUEST', RESET_LINK_INVALID_MESSAGE);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, userId, passwordHash, { isProven: true });
    await markEmailVerified(tx, userId);
    await voidMailedLinks(tx, userId);
    await deleteSessionsOfUser(tx, userId);
  });
  const account = await findAccountById(db, userId);
  if (!account) throw new AppError('BAD_REQUEST', RESET_LINK_INVALID_MESSAGE);
  return openSession({ ...options, replacedSessionIdHash: undefined }, account);
}

/**
 * Voids every outstanding mailed link of the account (verification and reset), in the caller's transaction: a
 * password set anywhere (changed in settings, reset by a link) makes them worthless.
 */
export function voidMailedLinks(db: Parameters<typeof expireUnusedAccountTokens>[0], userId: string) {
  return expireUnusedAccountTokens(db, userId, ALL_LINKS);
}
