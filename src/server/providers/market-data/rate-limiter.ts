/**
 * Per-vendor request quotas, counted before each upstream call so that we stop before the vendor does.
 *
 * - Per-minute quotas use a sliding window (the last 60 s of calls), as Polygon counts.
 * - Per-day quotas use the UTC calendar day, reset at 00:00 UTC (Alpha Vantage and FMP count per day).
 *
 * Counters are in memory, one set per process and per API key: two app instances sharing one key each
 * count only their own calls, so together they could exceed the vendor's quota (the vendor then answers
 * "rate limited" and the circuit breaker backs off). A restart starts the counts afresh.
 */
import type { VendorName } from './types';

export type QuotaWindow = 'minute' | 'day';

export interface Quota {
  limit: number;
  window: QuotaWindow;
}

/**
 * The free tiers' published limits for the keyed vendors; the keyless ones get a polite cap of our own
 * (CoinGecko's public API allows roughly 5-15 calls a minute; Yahoo publishes none).
 */
export const VENDOR_QUOTAS: Readonly<Record<VendorName, Quota>> = {
  alphavantage: { limit: 25, window: 'day' },
  polygon: { limit: 5, window: 'minute' },
  fmp: { limit: 250, window: 'day' },
  yahoo: { limit: 60, window: 'minute' },
  coingecko: { limit: 10, window: 'minute' },
};

export interface RateLimiter {
  readonly quota: Quota;
  /** Takes `count` calls (default one) from the quota; false (and nothing taken) when fewer are left. */
  tryTake(count?: number): boolean;
  /** Calls left in the current window. */
  remaining(): number;
  /** When the next call becomes available, epoch ms (now when one is available). */
  availableAt(): number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export function createRateLimiter(quota: Quota, options: { now?: () => number } = {}): RateLimiter {
  const now = options.now ?? Date.now;
  if (quota.window === 'minute') {
    let calls: number[] = [];
    const prune = () => {
      const since = now() - MINUTE_MS;
      if (calls.length > 0 && (calls[0] ?? 0) <= since) calls = calls.filter((at) => at > since);
    };
    return {
      quota,
      tryTake(count = 1) {
        prune();
        if (calls.length + count > quota.limit) return false;
        const at = now();
        for (let i = 0; i < count; i++) calls.push(at);
        return true;
      },
      remaining() {
        prune();
        return Math.max(0, quota.limit - calls.length);
      },
      availableAt() {
        prune();
        return calls.length < quota.limit ? now() : (calls[0] ?? now()) + MINUTE_MS;
      },
    };
  }
  let day = Math.floor(now() / DAY_MS);
  let used = 0;
  const roll = () => {
    const today = Math.floor(now() / DAY_MS);
    if (today !== day) {
      day = today;
      used = 0;
    }
  };
  return {
    quota,
    tryTake(count = 1) {
      roll();
      if (used + count > quota.limit) return false;
      used += count;
      return true;
    },
    remaining() {
      roll();
      return Math.max(0, quota.limit - used);
    },
    availableAt() {
      roll();
      return used < quota.limit ? now() : (day + 1) * DAY_MS;
    },
  };
}
