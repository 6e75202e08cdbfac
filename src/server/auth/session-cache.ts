import type { SessionUserRow } from './sessions';

/**
 * How long a validated session is answered from memory at most. Invalidation is by notification
 * (session-listener.ts); this bounds what a notification that was somehow missed could cost.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
/** Users remembered as dropped since the oldest lookup that may still be running; beyond, all count as dropped. */
const MAX_DROPPED_USERS = 10_000;

/** What the session lookup read, kept so that a cached answer can still slide the idle expiry. */
export interface CachedSession {
  user: SessionUserRow;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  isPersistent: boolean;
}

interface Entry {
  session: CachedSession;
  /** Never past the session's own idle or absolute expiry. */
  cachedUntil: number;
}

/**
 * The sessions this process validated, by id hash. It serves only while it is `active`, that is while the
 * instance listens for session changes: every change committed in the database (a session deleted, a user
 * updated or deleted) drops that user's entries here through `dropUser`, and losing the listener drops
 * everything. A lookup that raced with a change must not put back what the change dropped, so `store` takes
 * the `ticket` read before the lookup and refuses when that user's sessions (or all) were dropped since.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly idHashesByUser = new Map<string, Set<string>>();
  /** Counts drops; a ticket is its value when a lookup began. */
  private drops = 0;
  private lastClear = 0;
  private readonly lastDropOfUser = new Map<string, number>();
  private active = false;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  /** On when the listener (re)starts listening, off when it loses its connection; both forget everything. */
  setActive(active: boolean): void {
    this.active = active;
    this.clear();
  }

  get(idHash: string, nowMs: number): CachedSession | undefined {
    const entry = this.entries.get(idHash);
    if (!entry) return undefined;
    if (entry.cachedUntil > nowMs) return entry.session;
    this.remove(idHash, entry.session.user.id);
    return undefined;
  }

  /** Read before a lookup, handed to `store` after it. */
  ticket(): number {
    return this.drops;
  }

  store(idHash: string, session: CachedSession, ticket: number, nowMs: number): void {
    const userId = session.user.id;
    if (!this.active || this.lastClear > ticket || (this.lastDropOfUser.get(userId) ?? 0) > ticket) return;
    const cachedUntil = Math.min(
      nowMs + this.ttlMs,
      session.idleExpiresAt.getTime(),
      session.absoluteExpiresAt.getTime(),
    );
    if (cachedUntil <= nowMs) return;
    if (!this.entries.has(idHash) && this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1].session.user.id);
    }
    this.entries.set(idHash, { session, cachedUntil });
    const idHashes = this.idHashesByUser.get(userId) ?? new Set<string>();
    idHashes.add(idHash);
    this.idHashesByUser.set(userId, idHashes);
  }

  dropUser(userId: string): void {
    this.drops++;
    if (this.lastDropOfUser.size >= MAX_DROPPED_USERS) {
      this.lastClear = this.drops;
      this.lastDropOfUser.clear();
    }
    this.lastDropOfUser.set(userId, this.drops);
    for (const idHash of this.idHashesByUser.get(userId) ?? []) this.entries.delete(idHash);
    this.idHashesByUser.delete(userId);
  }

  /** A session found gone (its user's other sessions may well be fine). */
  dropSession(idHash: string): void {
    const entry = this.entries.get(idHash);
    if (entry) this.remove(idHash, entry.session.user.id);
  }

  private clear(): void {
    this.drops++;
    this.lastClear = this.drops;
    this.lastDropOfUser.clear();
    this.entries.clear();
    this.idHashesByUser.clear();
  }

  private remove(idHash: string, userId: string): void {
    this.entries.delete(idHash);
    const idHashes = this.idHashesByUser.get(userId);
    idHashes?.delete(idHash);
    if (idHashes?.size === 0) this.idHashesByUser.delete(userId);
  }
}
