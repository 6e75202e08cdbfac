import type { LimitCount, LimitStore } from './store';

interface Waiter {
  resolve(count: LimitCount): void;
  reject(error: unknown): void;
}

/** Counts the store handed this process ahead of need: `next` to `last`, valid until the window ends. */
interface Reserved {
  next: number;
  last: number;
  windowEndMs: number;
}

interface KeyState {
  reserved: Reserved[];
  /** Hits waiting for the increment on its way (or the next one). */
  waiting: Waiter[];
  isCounting: boolean;
  /** Counts to reserve ahead with each increment: 0 until hits waited in numbers, then doubling, capped. */
  ahead: number;
}

export interface BatchedCounter {
  /**
   * Counts one hit on `key` in the store; resolves with that hit's own count, unique across instances. Up to
   * `aheadMax` counts may be reserved ahead for the hits to come (see createBatchedCounter).
   */
  increment(key: string, windowMs: number, aheadMax: number): Promise<LimitCount>;
  /**
   * Counts one hit on `key` from the counts reserved ahead here, if any is left: that hit's count at once,
   * without a promise (the path of nearly every hit of a busy key). Undefined when none is left, and then
   * nothing was counted: `increment` counts the hit.
   */
  incrementReserved(key: string, windowMs: number, aheadMax: number): LimitCount | undefined;
}

/** Idle keys (nothing waiting, every reserved count expired) are forgotten this often. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Hits on keys of a LimitStore counted in batches per process, so that a stream of hits on one key costs
 * neither a round trip nor a wait on one row's lock per hit (decision 030):
 *
 * - At most one increment of a key is on its way at a time; hits arriving meanwhile wait and are counted
 *   together by the next one, which adds their number at once. The store hands out their counts as one run
 *   (n hits take it from c - n to c), so each hit gets a count of its own, unique across instances, and a limit
 *   compared with it never admits more than its number.
 * - Once hits had to wait in numbers (two or more at once: a busy stream), each increment also reserves counts
 *   ahead (twice as many each time hits still wait, at most `aheadMax`), handed to the next hits here without a
 *   round trip; the next reservation starts when half of them are left. Reserved counts that the window's end
 *   finds unused were counted without a hit: the key's other instances may be refused up to
 *   1.5 x `aheadMax` hits early per instance and window. Nothing is ever admitted beyond the limit.
 */
export function createBatchedCounter(limits: LimitStore): BatchedCounter {
  const states = new Map<string, KeyState>();
  let nextSweepMs = Date.now() + SWEEP_INTERVAL_MS;

  function takeReserved(state: KeyState, nowMs: number): LimitCount | undefined {
    while (state.reserved.length > 0) {
      const first = state.reserved[0] as Reserved;
      if (first.next <= first.last && first.windowEndMs > nowMs) {
        return { count: first.next++, resetInMs: first.windowEndMs - nowMs };
      }
      state.reserved.shift();
      // Counts left to a window's end: the stream was slower than the reservations, start over at none.
      if (first.next <= first.last) state.ahead = 0;
    }
    return undefined;
  }

  function reservedLeft(state: KeyState): number {
    return state.reserved.reduce((sum, range) => sum + range.last - range.next + 1, 0);
  }

  async function count(key: string, windowMs: number, aheadMax: number, state: KeyState): Promise<void> {
    state.isCounting = true;
    do {
      const batch = state.waiting;
      state.waiting = [];
      const hits = batch.length + state.ahead;
      // The store's clock read the window's end after this: reserved counts expire here no later than there.
      const sentAtMs = Date.now();
      try {
        const { count: last, resetInMs } = await limits.increment(key, windowMs, hits);
        const first = last - hits + 1;
        batch.forEach((waiter, i) => waiter.resolve({ count: first + i, resetInMs }));
        if (state.ahead > 0) {
          state.reserved.push({ next: first + batch.length, last, windowEndMs: sentAtMs + resetInMs });
        }
        // Hits that waited for this increment (sent with it, or arrived meanwhile) ask for more ahead next time.
        const waited = batch.length + state.waiting.length;
        if (waited > 1) state.ahead = Math.min(aheadMax, Math.max(2 * state.ahead, waited));
        // Hits that arrived meanwhile take what was just reserved; the rest wait for the next increment.
        const nowMs = Date.now();
        while (state.waiting.length > 0) {
          const reserved = takeReserved(state, nowMs);
          if (!reserved) break;
          state.waiting.shift()?.resolve(reserved);
        }
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    } while (state.waiting.length > 0);
    state.isCounting = false;
  }

  function sweep(nowMs: number): void {
    nextSweepMs = nowMs + SWEEP_INTERVAL_MS;
    for (const [key, state] of states) {
      if (!state.isCounting && state.reserved.every((range) => range.windowEndMs <= nowMs))
        states.delete(key);
    }
  }

  function stateOf(key: string, nowMs: number): KeyState {
    if (nowMs >= nextSweepMs) sweep(nowMs);
    let state = states.get(key);
    if (!state) {
      state = { reserved: [], waiting: [], isCounting: false, ahead: 0 };
      states.set(key, state);
    }
    return state;
  }

  /** A reserved count for one hit, if any is left; starts the next reservation when half are gone. */
  function countReserved(key: string, windowMs: number, aheadMax: number, state: KeyState, nowMs: number) {
    const reserved = takeReserved(state, nowMs);
    if (reserved && !state.isCounting && state.ahead > 0 && reservedLeft(state) <= state.ahead / 2) {
      void count(key, windowMs, aheadMax, state);
    }
    return reserved;
  }

  return {
    incrementReserved(key, windowMs, aheadMax) {
      const nowMs = Date.now();
      return countReserved(key, windowMs, aheadMax, stateOf(key, nowMs), nowMs);
    },
    increment(key, windowMs, aheadMax) {
      const nowMs = Date.now();
      const state = stateOf(key, nowMs);
      const reserved = countReserved(key, windowMs, aheadMax, state, nowMs);
      if (reserved) return Promise.resolve(reserved);
      const counted = new Promise<LimitCount>((resolve, reject) => state.waiting.push({ resolve, reject }));
      if (!state.isCounting) void count(key, windowMs, aheadMax, state);
      return counted;
    },
  };
}
