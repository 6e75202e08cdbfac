import { Redis } from 'ioredis';
import type { LimitCount, LimitStore } from './store';

/** INCRBY, and PEXPIRE when the key has no window yet: one script, so no other client runs in between. */
const INCREMENT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const DECREMENT_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/** A command that gets no answer in this time fails (and the fallback store answers instead). */
const COMMAND_TIMEOUT_MS = 500;

export interface RedisLimitStoreOptions {
  url: string;
  /** Put before every key, so that several apps (or test runs) can share one Redis. */
  keyPrefix: string;
  /**
   * Answers while Redis cannot (down, unreachable, too slow): the PostgreSQL store, so every limit still holds
   * across instances during an outage, neither failing open (no limit) nor closed (no sign-in, no trades).
   */
  fallback: LimitStore;
  /** Told when Redis fails a command or the connection; at most once per outage. */
  onUnavailable: (error: Error) => void;
}

/** Counters in Redis: each hit (or batch of hits) is one Lua script (INCRBY + PEXPIRE) on `keyPrefix + key`. */
export function createRedisLimitStore(options: RedisLimitStoreOptions): LimitStore {
  const { fallback } = options;
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // Commands wait for the first connection (at most COMMAND_TIMEOUT_MS); once Redis is known to be down
    // they go to the fallback without waiting, and a command caught by a dropped connection is not retried.
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
  });
  /** Redis is known to be unreachable: from its connection's error until it is ready again. */
  let isDown = false;
  let isReported = false;
  const failed = (error: unknown) => {
    // A slow command on a live connection is one fallback answer; a lost connection sends all of them there.
    if (redis.status !== 'ready') isDown = true;
    if (isReported) return;
    isReported = true;
    options.onUnavailable(error instanceof Error ? error : new Error(String(error)));
  };
  redis.on('error', failed);
  const started = new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
  });
  redis.on('ready', () => {
    isDown = false;
    isReported = false;
  });

  /** The Redis answer, or the fallback's when Redis fails. */
  async function withFallback<T>(viaRedis: () => Promise<T>, viaFallback: () => Promise<T>): Promise<T> {
    if (isDown) return viaFallback();
    try {
      return await viaRedis();
    } catch (error) {
      failed(error);
      return viaFallback();
    }
  }

  return {
    increment(key, windowMs, hits = 1) {
      return withFallback(
        async (): Promise<LimitCount> => {
          const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, key, Math.ceil(windowMs), hits)) as [
            number,
            number,
          ];
          return { count, resetInMs: ttl };
        },
        () => fallback.increment(key, windowMs, hits),
      );
    },
    decrement(key) {
      return withFallback(
        async () => {
          await redis.eval(DECREMENT_SCRIPT, 1, key);
        },
        () => fallback.decrement(key),
      );
    },
    remove(keys) {
      if (keys.length === 0) return Promise.resolve();
      return withFallback(
        async () => {
          await redis.del(...keys);
        },
        () => fallback.remove(keys),
      );
    },
    started: () => started,
    async close() {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
      await fallback.close();
    },
  };
}
