/**
 * Encryption of small secrets at rest (users' market-data API keys): AES-256-GCM with a key derived from
 * APP_SECRET by HKDF-SHA256, a random 12-byte IV per value, and a caller-given context (the owner's user id)
 * bound as additional authenticated data, so a value copied to another row does not decrypt there.
 *
 * Stored form: `v1:<iv base64>:<tag base64>:<ciphertext base64>`. Decryption checks the tag; any failure
 * (tampering, another context, another APP_SECRET, a malformed value) is a SecretBoxError that never
 * carries the value or the plaintext.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const HKDF_INFO = 'foliowise api-key encryption v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export class SecretBoxError extends Error {
  constructor(message = 'The stored secret could not be decrypted.') {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  /** Encrypts `plaintext` bound to `context` (e.g. the owner's user id). A fresh IV every time. */
  encrypt(plaintext: string, context: string): string;
  /** The plaintext, or a SecretBoxError when the value was altered, or belongs to another context or secret. */
  decrypt(stored: string, context: string): string;
}

/** The 256-bit encryption key for `appSecret` (HKDF-SHA256, empty salt, info 'foliowise api-key encryption v1'). */
export function deriveEncryptionKey(appSecret: string): Buffer {
  if (!appSecret) throw new Error('deriveEncryptionKey needs the app secret');
  return Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), HKDF_INFO, KEY_BYTES));
}

export function createSecretBox(appSecret: string): SecretBox {
  const key = deriveEncryptionKey(appSecret);
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(
        ':',
      );
    },

    decrypt(stored, context) {
      const parts = stored.split(':');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError();
      const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64'));
      if (!iv || !tag || !ciphertext || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw new SecretBoxError();
      }
      try {
        const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError();
      }
    },
  };
}
