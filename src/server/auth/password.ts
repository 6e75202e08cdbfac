import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (an ambient const enum, which `isolatedModules` cannot read at run time). */
const ARGON2ID = 2 as Algorithm.Argon2id;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

/**
 * A hash of a password nobody knows, made with PASSWORD_HASH_OPTIONS. Signing in with an unknown email verifies
 * against it, so the answer takes as long as for a real account and timing does not reveal which emails exist.
 */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$oq0EnXMSee3iipkFXwWDSQ$aKD1JqX+ovbUu3rmiqSEUq7lpJOYomzgVjNrFhlPndc';

/** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) with a fresh random salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** Constant-time comparison inside argon2; a malformed stored hash counts as a mismatch. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends the same work as `verifyPassword` and always answers false. */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, password);
  return false;
}
