import type { LimitCount, LimitStore } from './store';

interface Waiter {
  resolve(count: LimitCount): void;
  reject(error: unknown): void;
}

/** A key's hits not counted yet, and whether an increment of the key is on its way. */
interface KeyState {
  waiting: Waiter[];
  isCounting: boolean;
}

export interface BatchedCounter {
  /** Counts one hit on `key` in the store; resolves with that hit's own count (see createBatchedCounter). */
  increment(key: string, windowMs: number): Promise<LimitCount>;
}

/**
 * One hit at a time on a LimitStore, with at most one increment of a key on its way per process: the hits of
 * that key arriving meanwhile wait for it and are then counted together, by one increment of their number.
 * The store hands out their counts as one run (n hits taking it from c - n to c), so each hit still gets a
 * count of its own, unique across instances, and a limit compared with it holds exactly: nothing is counted
 * locally or ahead. A stream of hits on one key costs one round trip per batch instead of one per hit, and no
 * longer queues on one row's lock (decision 030).
 */
export function createBatchedCounter(limits: LimitStore): BatchedCounter {
  const states = new Map<string, KeyState>();

  async function countWaiting(key: string, windowMs: number, state: KeyState): Promise<void> {
    state.isCounting = true;
    while (state.waiting.length > 0) {
      const batch = state.waiting;
      state.waiting = [];
      try {
        const { count, resetInMs } = await limits.increment(key, windowMs, batch.length);
        batch.forEach((waiter, i) => waiter.resolve({ count: count - batch.length + 1 + i, resetInMs }));
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    state.isCounting = false;
    states.delete(key);
  }

  return {
    increment(key, windowMs) {
      let state = states.get(key);
      if (!state) {
        state = { waiting: [], isCounting: false };
        states.set(key, state);
      }
      const counted = new Promise<LimitCount>((resolve, reject) => state.waiting.push({ resolve, reject }));
      if (!state.isCounting) void countWaiting(key, windowMs, state);
      return counted;
    },
  };
}
