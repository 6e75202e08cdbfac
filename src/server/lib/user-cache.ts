const MAX_ENTRIES = 10_000;
/** Users remembered as dropped since the oldest lookup that may still be running; beyond, all count as dropped. */
const MAX_DROPPED_USERS = 10_000;

/** What the listener of user changes (auth/session-listener.ts) tells every per-user cache. */
export interface UserChangeSubscriber {
  /** On when the listener (re)starts listening, off when it loses its connection; both forget everything. */
  setActive(active: boolean): void;
  /** Something the cached entries of this user were read from changed (committed on any instance). */
  dropUser(userId: string): void;
}

export interface UserCacheOptions<V> {
  /** How long an entry is served at most: bounds what a notification that was somehow missed could cost. */
  ttlMs: number;
  userIdOf: (value: V) => string;
  /** The value's own expiry, if it has one: an entry is never served past it. */
  expiresAtMsOf?: (value: V) => number;
  maxEntries?: number;
}

interface Entry<V> {
  value: V;
  userId: string;
  /** Never past the value's own expiry. */
  cachedUntil: number;
}

/**
 * Values read from the database for one user (a session, an API token, a saved portfolio), kept in this
 * process while it hears every change of them: it serves only while it is `active`, that is while the instance
 * listens for user changes (auth/session-listener.ts, migration 0010's triggers and their kin); every change
 * committed in the database drops that user's entries here through `dropUser`, and losing the listener drops
 * everything. A lookup that raced with a change must not put back what the change dropped, so `store` takes
 * the `ticket` read before the lookup and refuses when that user's entries (or all) were dropped since.
 */
export class UserCache<V> implements UserChangeSubscriber {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByUser = new Map<string, Set<string>>();
  /** Counts drops; a ticket is its value when a lookup began. */
  private drops = 0;
  private lastClear = 0;
  private readonly lastDropOfUser = new Map<string, number>();
  private active = false;

  constructor(private readonly options: UserCacheOptions<V>) {}

  setActive(active: boolean): void {
    this.active = active;
    this.clear();
  }

  get(key: string, nowMs: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.cachedUntil > nowMs) return entry.value;
    this.remove(key, entry.userId);
    return undefined;
  }

  /** Read before a lookup, handed to `store` after it. */
  ticket(): number {
    return this.drops;
  }

  store(key: string, value: V, ticket: number, nowMs: number): void {
    const { ttlMs, userIdOf, expiresAtMsOf, maxEntries = MAX_ENTRIES } = this.options;
    const userId = userIdOf(value);
    if (!this.active || this.lastClear > ticket || (this.lastDropOfUser.get(userId) ?? 0) > ticket) return;
    const cachedUntil = Math.min(nowMs + ttlMs, expiresAtMsOf?.(value) ?? Infinity);
    if (cachedUntil <= nowMs) return;
    if (!this.entries.has(key) && this.entries.size >= maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1].userId);
    }
    this.entries.set(key, { value, userId, cachedUntil });
    const keys = this.keysByUser.get(userId) ?? new Set<string>();
    keys.add(key);
    this.keysByUser.set(userId, keys);
  }

  dropUser(userId: string): void {
    this.drops++;
    if (this.lastDropOfUser.size >= MAX_DROPPED_USERS) {
      this.lastClear = this.drops;
      this.lastDropOfUser.clear();
    }
    this.lastDropOfUser.set(userId, this.drops);
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key);
    this.keysByUser.delete(userId);
  }

  /** One entry found stale (its user's other entries may well be fine). */
  drop(key: string): void {
    const entry = this.entries.get(key);
    if (entry) this.remove(key, entry.userId);
  }

  private clear(): void {
    this.drops++;
    this.lastClear = this.drops;
    this.lastDropOfUser.clear();
    this.entries.clear();
    this.keysByUser.clear();
  }

  private remove(key: string, userId: string): void {
    this.entries.delete(key);
    const keys = this.keysByUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(userId);
  }
}
