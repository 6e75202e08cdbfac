import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import {
  expireUnusedAccountTokens,
  insertAccountToken,
  useAccountToken,
  type AccountTokenPurpose,
} from './repository';

const HOUR_MS = 60 * 60 * 1000;

/** How long a mailed link works: a day to confirm an email, an hour to reset a password. */
export const ACCOUNT_TOKEN_LIFETIMES_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
};

function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new single-use token (32 random bytes, base64url) for the link of a mail; only its SHA-256 is stored. A new
 * token ends the user's older unused ones of its purpose, so only the latest mail of a kind works.
 */
export async function issueAccountToken(
  db: Database,
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await expireUnusedAccountTokens(tx, userId, [purpose]);
    await insertAccountToken(tx, {
      idHash: hashAccountToken(token),
      userId,
      purpose,
      expiresAt: new Date(Date.now() + ACCOUNT_TOKEN_LIFETIMES_MS[purpose]),
    });
  });
  return token;
}

/**
 * Uses the token (once) and answers its user id; undefined when it is unknown, used or expired. Using it ends
 * the user's other unused tokens of its purpose too: an older link is no way in once a newer one was used.
 */
export function redeemAccountToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const userId = await useAccountToken(tx, hashAccountToken(token), purpose);
    if (userId) await expireUnusedAccountTokens(tx, userId, [purpose]);
    return userId;
  });
}
