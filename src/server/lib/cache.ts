/**
 * A TTL cache with in-flight de-duplication: while a key is being loaded, every caller for it waits on the
 * same promise, so 100 concurrent requests for one quote make one upstream call. Failures are not cached.
 * In-memory, per process (DESIGN.md "Scale": caches are the one thing kept only in memory).
 */

export interface TtlCacheOptions {
  /** How long a loaded value is served; 0 keeps nothing (only concurrent callers share a load). */
  ttlMs: number;
  /** The oldest entries are dropped beyond this many (insertion order). Default 10 000. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/** A batch loader's answer per key: the value, or the error that key's callers receive. */
export type BatchResult<V> = Map<string, V | Error>;

export interface TtlCache<V> {
  /** The fresh value, or the one being loaded, or a new load. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /**
   * Like `get` for many keys: fresh and in-flight keys are shared, the rest go to ONE `load` call.
   * A key the loader leaves out of its answer rejects with an Error.
   */
  getMany(
    keys: readonly string[],
    load: (missing: string[]) => Promise<BatchResult<V>>,
  ): Map<string, Promise<V>>;
  /** The fresh value, if any, without loading. */
  peek(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
}

export function createTtlCache<V>(options: TtlCacheOptions): TtlCache<V> {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const values = new Map<string, Entry<V>>();
  const inFlight = new Map<string, Promise<V>>();

  function fresh(key: string): Entry<V> | undefined {
    const entry = values.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now()) return entry;
    values.delete(key);
    return undefined;
  }

  function store(key: string, value: V) {
    if (options.ttlMs <= 0) return;
    setBounded(values, key, { value, expiresAt: now() + options.ttlMs }, maxEntries);
  }

  function track(key: string, promise: Promise<V>): Promise<V> {
    const settled = promise.then(
      (value) => {
        if (inFlight.get(key) === settled) {
          inFlight.delete(key);
          store(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (inFlight.get(key) === settled) inFlight.delete(key);
        throw error;
      },
    );
    inFlight.set(key, settled);
    return settled;
  }

  return {
    get(key, load) {
      const entry = fresh(key);
      if (entry) return Promise.resolve(entry.value);
      const pending = inFlight.get(key);
      if (pending) return pending;
      // A loader that throws synchronously still ends as a rejected promise.
      return track(key, Promise.resolve().then(load));
    },

    getMany(keys, load) {
      const results = new Map<string, Promise<V>>();
      const missing: string[] = [];
      for (const key of keys) {
        if (results.has(key)) continue;
        const entry = fresh(key);
        const pending = entry ? Promise.resolve(entry.value) : inFlight.get(key);
        if (pending) results.set(key, pending);
        else missing.push(key);
      }
      if (missing.length === 0) return results;
      const batch = Promise.resolve().then(() => load(missing));
      // Each key's callers see its own outcome; the batch's own rejection is observed here.
      batch.catch(() => undefined);
      for (const key of missing) {
        const one = batch.then((answers) => {
          const answer = answers.get(key);
          if (answer === undefined) throw new Error(`No value loaded for ${key}`);
          if (answer instanceof Error) throw answer;
          return answer;
        });
        results.set(key, track(key, one));
      }
      return results;
    },

    peek(key) {
      return fresh(key)?.value;
    },
    set(key, value) {
      store(key, value);
    },
    delete(key) {
      values.delete(key);
    },
    clear() {
      values.clear();
    },
    get size() {
      return values.size;
    },
  };
}

/**
 * Sets `key` as the newest entry of `map` and drops the oldest entries beyond `maxEntries`: a Map keeps
 * insertion order, so the first key is the one set longest ago.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > maxEntries) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}
