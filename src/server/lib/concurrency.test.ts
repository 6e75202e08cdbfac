import { describe, expect, it } from 'vitest';
import { createWorkQueue, mapWithConcurrency } from './concurrency';

describe('mapWithConcurrency', () => {
  it('keeps the order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3, 0], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(peak).toBe(2);
  });

  it('starts no further item once one has failed, and rejects with that failure', async () => {
    const started: number[] = [];
    const failure = new Error('item 1 failed');
    const run = mapWithConcurrency([0, 1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (n === 1) throw failure;
      return n;
    });
    await expect(run).rejects.toBe(failure);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual([0, 1, 2]);
  });
});

/** A task that runs until `release` is called, recording its start. */
function heldTask(started: number[], n: number) {
  let release = () => undefined as void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      started.push(n);
      await done;
    },
    release: () => release(),
  };
}

describe('createWorkQueue', () => {
  it('runs at most `concurrency` tasks, starts the waiting ones in order, and drains them all', async () => {
    const queue = createWorkQueue({ concurrency: 2, capacity: 10 });
    const started: number[] = [];
    const tasks = [0, 1, 2, 3].map((n) => heldTask(started, n));
    for (const { task } of tasks) expect(queue.offer(task)).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    tasks[1]?.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    const drained = queue.drain();
    for (const { release } of tasks) release();
    await drained;
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('refuses a task when `capacity` are waiting, and keeps going after a task fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, capacity: 1 });
    const started: number[] = [];
    const first = heldTask(started, 0);
    expect(queue.offer(first.task)).toBe(true);
    expect(queue.offer(() => Promise.reject(new Error('boom')))).toBe(true);
    expect(queue.offer(async () => undefined)).toBe(false);
    first.release();
    await queue.drain();
    expect(queue.offer(async () => void started.push(2))).toBe(true);
    await queue.drain();
    expect(started).toEqual([0, 2]);
  });

  it('stop forgets the waiting tasks and waits for the running one', async () => {
    const queue = createWorkQueue({ concurrency: 1, capacity: 5 });
    const started: number[] = [];
    const running = heldTask(started, 0);
    queue.offer(running.task);
    queue.offer(async () => void started.push(1));
    await Promise.resolve();
    const stopped = queue.stop();
    running.release();
    await stopped;
    expect(started).toEqual([0]);
  });
});
