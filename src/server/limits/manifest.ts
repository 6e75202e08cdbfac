import { defineFeature } from '../feature';
import { createPostgresLimitStore, deleteExpiredLimitCounters } from './postgres-store';
import { createRedisLimitStore } from './redis-store';
import { limitCounter } from './schema';
import type { LimitStore } from './store';

/**
 * The counters of every limit the instances share (sign-in failures, route limits, trades, imports, API
 * requests): Redis when REDIS_URL is set, PostgreSQL's `limit_counter` otherwise (and while Redis is away).
 */
export const limitsModule = defineFeature({
  name: 'limits',
  tables: [
    {
      table: limitCounter,
      holdsNoAccountRows:
        'fixed-window counters keyed by a limit and a hashed client or account key, gone within their window',
    },
  ],
  context: ({ config, db, log }): LimitStore => {
    const postgres = createPostgresLimitStore(db);
    if (!config.redis.url) return postgres;
    return createRedisLimitStore({
      url: config.redis.url,
      keyPrefix: config.redis.keyPrefix,
      fallback: postgres,
      onUnavailable: (error) =>
        log.warn({ reason: error.message }, 'Redis unavailable: limits are counted in PostgreSQL'),
    });
  },
  jobs: [
    {
      name: 'delete-expired-limit-counters',
      period: 'hourly',
      run: ({ db }) => deleteExpiredLimitCounters(db),
    },
  ],
  // The first requests are counted where the later ones are: in Redis once connected, not in the fallback.
  start: (limits) => limits.started(),
  shutdown: (limits) => limits.close(),
});
