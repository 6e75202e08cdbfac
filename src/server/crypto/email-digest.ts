/**
 * A keyed one-way digest of an email address, for remembering that an address did something (had a free trial)
 * without keeping the address: HMAC-SHA256 of the trimmed, lower-cased address under a key derived from
 * APP_SECRET by HKDF-SHA256. Without APP_SECRET a leaked digest cannot be checked against a list of addresses.
 */
import { createHmac, hkdfSync } from 'node:crypto';

const HKDF_INFO = 'foliowise email digest v1';
const KEY_BYTES = 32;

/** Answers the digest (64 hex characters) of an email; the same for any case or surrounding spaces. */
export type EmailDigest = (email: string) => string;

export function createEmailDigest(appSecret: string): EmailDigest {
  if (!appSecret) throw new Error('createEmailDigest needs the app secret');
  const key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), HKDF_INFO, KEY_BYTES));
  return (email) => createHmac('sha256', key).update(email.trim().toLowerCase(), 'utf8').digest('hex');
}
