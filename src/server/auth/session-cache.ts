import { UserCache } from '../lib/user-cache';
import type { SessionUserRow } from './sessions';

/**
 * How long a validated session is answered from memory at most. Invalidation is by notification
 * (session-listener.ts); this bounds what a notification that was somehow missed could cost.
 */
export const SESSION_CACHE_TTL_MS = 30_000;

/** What the session lookup read, kept so that a cached answer can still slide the idle expiry. */
export interface CachedSession {
  user: SessionUserRow;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  isPersistent: boolean;
}

/**
 * The sessions this process validated, by id hash (lib/user-cache.ts: dropped on every change of their user
 * that the database announces), each served never past its own idle or absolute expiry.
 */
export class SessionCache extends UserCache<CachedSession> {
  constructor(ttlMs = SESSION_CACHE_TTL_MS) {
    super({
      ttlMs,
      userIdOf: (session) => session.user.id,
      expiresAtMsOf: (session) =>
        Math.min(session.idleExpiresAt.getTime(), session.absoluteExpiresAt.getTime()),
    });
  }
}
