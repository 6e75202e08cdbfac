/**
 * The one place every limit that must hold across app instances keeps its counters: fixed windows, counted
 * atomically in PostgreSQL (postgres-store.ts) or, when REDIS_URL is set, in Redis (redis-store.ts). The
 * route limits of @fastify/rate-limit use it through rate-limit-store.ts; services (sign-in) use it directly.
 */

/** A counter after a change: how many hits its window holds, and when the window ends. */
export interface LimitCount {
  count: number;
  /** Milliseconds until the window ends (and the count starts again from 0). */
  resetInMs: number;
}

export interface LimitStore {
  /**
   * Counts `hits` hits (default one) on `key`. The first hit opens a window of `windowMs`; hits inside it add
   * up, the first hit after it opens a new one. Atomic: concurrent hits from any instance each get their own
   * count (the returned count is that of the last of the `hits`; the others are the ones below it).
   */
  increment(key: string, windowMs: number, hits?: number): Promise<LimitCount>;
  /** Takes one hit back (never below 0; the window keeps its end). */
  decrement(key: string): Promise<void>;
  /** Forgets the keys' counters. */
  remove(keys: readonly string[]): Promise<void>;
  /** Settles once the store knows where it counts (Redis: connected, or known to be down); the app waits for it. */
  started(): Promise<void>;
  close(): Promise<void>;
}
