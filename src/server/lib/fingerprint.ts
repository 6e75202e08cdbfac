import { createHash } from 'node:crypto';

/** A short, stable name for an API key (maps keyed per key never hold the key itself). */
export function apiKeyFingerprint(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('base64url').slice(0, 22);
}
