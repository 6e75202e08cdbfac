import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { LimitStore } from './store';

/**
 * @fastify/rate-limit's `store` option on top of a LimitStore, so that every route limit is counted where the
 * other limits are (PostgreSQL or Redis) and holds across instances. Each route gets its own keys
 * (`route:<METHOD> <url>:<client key>`), as the plugin's own stores do.
 */
export function rateLimitStoreOf(limits: LimitStore): FastifyRateLimitStoreCtor {
  const storeWithPrefix = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      limits.increment(`${prefix}${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    // The plugin hands `child` the route's merged limit options, the route itself under `routeInfo`.
    child(options) {
      const { routeInfo } = options as unknown as { routeInfo: { method: unknown; url: unknown } };
      return storeWithPrefix(`route:${String(routeInfo.method)} ${String(routeInfo.url)}:`);
    },
  });
  return class {
    constructor() {
      return storeWithPrefix('route:');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
