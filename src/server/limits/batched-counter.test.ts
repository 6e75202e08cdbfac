import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatchedCounter } from './batched-counter';
import type { LimitStore } from './store';

/** One key's counter in memory, answering each increment when the test lets it (one round trip). */
function slowStore() {
  let total = 0;
  const calls: number[] = [];
  const pending: (() => void)[] = [];
  const store: LimitStore = {
    increment(_key, _windowMs, hits = 1) {
      calls.push(hits);
      return new Promise((resolve) =>
        pending.push(() => {
          total += hits;
          resolve({ count: total, resetInMs: 30_000 });
        }),
      );
    },
    decrement: async () => undefined,
    remove: async () => undefined,
    started: async () => undefined,
    close: async () => undefined,
  };
  /** Answers the increments on their way, and those they set off, until none is left. */
  const answerAll = async () => {
    while (pending.length > 0) {
      pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { store, calls, answerAll, total: () => total };
}

const WINDOW_MS = 60_000;

describe('createBatchedCounter', () => {
  it('counts one hit at a time with one increment each when none waits for another', async () => {
    const { store, calls, answerAll } = slowStore();
    const counter = createBatchedCounter(store);
    for (let i = 1; i <= 3; i++) {
      const counted = counter.increment('k', WINDOW_MS, 100);
      await answerAll();
      expect((await counted).count).toBe(i);
    }
    expect(calls).toEqual([1, 1, 1]);
  });

  it('counts the hits that arrived during an increment together, each with its own count', async () => {
    const { store, calls, answerAll } = slowStore();
    const counter = createBatchedCounter(store);
    const hits = Array.from({ length: 4 }, () => counter.increment('k', WINDOW_MS, 0));
    await answerAll();
    expect((await Promise.all(hits)).map((hit) => hit.count)).toEqual([1, 2, 3, 4]);
    // The first hit went alone; the three that came meanwhile in one increment. No reservation: aheadMax 0.
    expect(calls).toEqual([1, 3]);
  });

  it('reserves ahead once hits wait in numbers, doubling up to aheadMax, and hands the counts out in order', async () => {
    const { store, calls, answerAll, total } = slowStore();
    const counter = createBatchedCounter(store);
    const first = Array.from({ length: 3 }, () => counter.increment('k', WINDOW_MS, 5));
    await answerAll();
    // Three waited for the first increment (the one sent, two arrived meanwhile): 3 are reserved ahead with the
    // next one, which counts the two waiting hits too.
    expect(calls).toEqual([1, 5]);
    const counts = (await Promise.all(first)).map((hit) => hit.count);
    for (let i = 0; i < 12; i++) {
      const counted = counter.increment('k', WINDOW_MS, 5);
      await answerAll();
      counts.push((await counted).count);
    }
    expect(counts).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    // Never more than aheadMax (5) reserved at once; every count was handed out but the reserved rest.
    expect(Math.max(...calls)).toBeLessThanOrEqual(5);
    expect(calls.length).toBeLessThan(15);
    expect(total() - 15).toBeLessThanOrEqual(1.5 * 5);
  });

  it('incrementReserved counts a hit at once from the reserved counts, and nothing when none is left', async () => {
    const { store, calls, answerAll } = slowStore();
    const counter = createBatchedCounter(store);
    expect(counter.incrementReserved('k', WINDOW_MS, 5)).toBeUndefined();
    expect(calls).toEqual([]);
    const burst = Array.from({ length: 3 }, () => counter.increment('k', WINDOW_MS, 5));
    await answerAll();
    expect((await Promise.all(burst)).map((hit) => hit.count)).toEqual([1, 2, 3]);
    expect(calls).toEqual([1, 5]);
    // 3 reserved ahead with the second increment (see above): handed out in order, with no round trip but the
    // next reservation's (one, sent when half were gone).
    expect(Array.from({ length: 3 }, () => counter.incrementReserved('k', WINDOW_MS, 5)?.count)).toEqual([
      4, 5, 6,
    ]);
    expect(calls).toHaveLength(3);
    await answerAll();
    expect(counter.incrementReserved('k', WINDOW_MS, 5)?.count).toBe(7);
  });

  it('never hands out a reserved count after its window ended: the next hit asks the store', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { store, calls, answerAll, total } = slowStore();
    const counter = createBatchedCounter(store);
    const burst = Array.from({ length: 3 }, () => counter.increment('k', WINDOW_MS, 5));
    await answerAll();
    await Promise.all(burst);
    expect(total()).toBe(6); // 3 hits and 3 counts reserved ahead
    vi.setSystemTime(Date.now() + 30_000); // the store's window (30 s left at each answer) is over
    const late = counter.increment('k', WINDOW_MS, 5);
    await answerAll();
    expect((await late).count).toBe(total());
    expect(calls).toHaveLength(3);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
