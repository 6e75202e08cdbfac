import type { RateLimitOptions } from '@fastify/rate-limit';
import { signedInUser } from '../auth/guards';

/**
 * A route limit counted per signed-in user instead of per client address, for a route guarded by
 * requireUser: it runs as a preHandler, after the guard, so a visitor gets the guard's 401 and is not counted.
 */
export function perUserLimit(max: number, timeWindowMs: number): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max,
      timeWindow: timeWindowMs,
      hook: 'preHandler',
      keyGenerator: (request) => `user:${signedInUser(request).id}`,
    },
  };
}
