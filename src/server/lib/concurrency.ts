/**
 * Runs `fn` over `items` with at most `limit` calls in flight; results in input order. After a call fails no
 * further item is started (the calls in flight finish) and the failure is what the returned promise rejects
 * with: the caller has failed, so the rest would be wasted requests.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** Work run in the background a few at a time (see createWorkQueue). */
export interface WorkQueue {
  /** Queues a task; false (and nothing queued) when `capacity` tasks are already waiting. */
  offer(task: () => Promise<void>): boolean;
  /** Resolves once no task is running or waiting. */
  drain(): Promise<void>;
  /** Forgets the waiting tasks and resolves once the running ones are done. */
  stop(): Promise<void>;
}

/**
 * At most `concurrency` tasks run at once; the rest wait in order, at most `capacity` of them. A task must
 * handle its own errors: a rejection is swallowed so that one failure never stalls the queue.
 */
export function createWorkQueue(options: { concurrency: number; capacity: number }): WorkQueue {
  const waiting: (() => Promise<void>)[] = [];
  const running = new Set<Promise<void>>();
  const startWaiting = () => {
    while (running.size < options.concurrency && waiting.length > 0) {
      const task = waiting.shift() as () => Promise<void>;
      const run: Promise<void> = Promise.resolve()
        .then(task)
        .catch(() => undefined)
        .finally(() => {
          running.delete(run);
          startWaiting();
        });
      running.add(run);
    }
  };
  const drain = async () => {
    while (running.size > 0) await Promise.all([...running]);
  };
  return {
    offer(task) {
      if (waiting.length >= options.capacity) return false;
      waiting.push(task);
      startWaiting();
      return true;
    },
    drain,
    stop() {
      waiting.length = 0;
      return drain();
    },
  };
}
