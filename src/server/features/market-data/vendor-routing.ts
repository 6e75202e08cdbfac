/**
 * Which vendors a request asks, in which order, and under which guards: one slot per vendor (adapter,
 * circuit breaker, rate limiter) for the server's keys, one per user key (vendors count quotas per key), the
 * chain of slots for a request, and one vendor call under its breaker, limiter, own timeout and the request's
 * budget. Also the provider status and `takeVendorCall` for calls made outside the service.
 */
import { AppError } from '../../../contracts/errors';
import type { AppConfig } from '../../config';
import { rejectOnAbort } from '../../lib/abort';
import { setBounded } from '../../lib/cache';
import { apiKeyFingerprint } from '../../lib/fingerprint';
import {
  createCircuitBreaker,
  type CircuitBreaker,
  type CircuitState,
} from '../../providers/market-data/circuit-breaker';
import {
  createRateLimiter,
  VENDOR_QUOTAS,
  type Quota,
  type QuotaWindow,
  type RateLimiter,
} from '../../providers/market-data/rate-limiter';
import {
  VendorError,
  type KeyedVendor,
  type MarketDataAdapter,
  type UserVendorKeys,
  type VendorName,
} from '../../providers/market-data/types';
import { resolveSymbol, type ResolvedSymbol } from './symbols';

/** Keyed vendors in the order tried: the largest free quota first. */
const KEYED_VENDORS: readonly KeyedVendor[] = ['fmp', 'polygon', 'alphavantage'];
/** Every vendor, in the order the status lists them. */
const ALL_VENDORS: readonly VendorName[] = ['yahoo', 'coingecko', 'alphavantage', 'polygon', 'fmp'];
const MAX_USER_KEY_SLOTS = 500;

export interface VendorStatus {
  name: VendorName;
  configured: boolean;
  healthy: boolean;
  circuitOpen: boolean;
  circuitState: CircuitState;
  quotaLeft: number;
  quota: number;
  quotaWindow: QuotaWindow;
}

export interface MarketDataStatus {
  provider: AppConfig['marketDataProvider'];
  vendors: VendorStatus[];
}

export interface Slot {
  vendor: VendorName;
  adapter: MarketDataAdapter;
  breaker: CircuitBreaker;
  limiter: RateLimiter;
}

/** A user's key: its quota, and once quotes need them, its adapter and breaker around that quota. */
interface UserKey {
  limiter: RateLimiter;
  slot?: Slot;
}

type CallOutcome<T> = { ok: true; value: T } | { ok: false };

interface VendorRoutingOptions {
  /** `vendorKeys`: the server's keys, the ones the keyed `adapters` were built with. */
  config: Pick<AppConfig, 'marketDataProvider'> & Partial<Pick<AppConfig, 'vendorKeys'>>;
  /** The server's adapters: keyless ones, and keyed ones built with the server's keys (when set). */
  adapters: readonly MarketDataAdapter[];
  /** Builds an adapter around a user's own key; without it, user keys are ignored. */
  createKeyedAdapter?: (vendor: KeyedVendor, apiKey: string) => MarketDataAdapter | undefined;
  nowMs: () => number;
  /** Per vendor call. */
  timeoutMs: number;
  breaker?: { failureThreshold?: number; openMs?: number };
  quotas?: Partial<Record<VendorName, Quota>>;
  /** Told about each failed vendor call (for logs); never given an API key. */
  onVendorError?: (vendor: VendorName, error: unknown) => void;
}

export interface VendorRouting {
  /** The vendors to try, in order, for a request (not yet filtered by symbol). */
  chain(userKeys: UserVendorKeys | undefined, keylessFirst?: boolean): Slot[];
  /** The keyed vendors a request's user keys change: part of the cache keys of answers. */
  keysFingerprint(userKeys: UserVendorKeys | undefined): string;
  /**
   * One vendor call under its breaker, limiter, own timeout and the request's budget; `requests`: how many
   * vendor requests it makes, all taken from the quota first (default one).
   */
  call<T>(
    slot: Slot,
    budget: AbortSignal,
    call: (signal: AbortSignal) => Promise<T>,
    requests?: number,
  ): Promise<CallOutcome<T>>;
  /** 404 'Unknown symbol X' unless the security master or a vendor of the chain serves the symbol. */
  assertServable(resolved: ResolvedSymbol, userKeys: UserVendorKeys | undefined): void;
  /** Each distinct ticker (trimmed, upper-cased) resolved, or the message of why it cannot be served. */
  resolveTickers(
    inputs: readonly string[],
    userKeys: UserVendorKeys | undefined,
  ): { labels: Map<string, ResolvedSymbol>; errors: Record<string, string> };
  takeVendorCall(vendor: KeyedVendor, apiKey: string): boolean;
  status(): MarketDataStatus;
}

export function unknownSymbol(symbol: string): AppError {
  return new AppError('NOT_FOUND', `Unknown symbol ${symbol}`);
}

export function createVendorRouting(options: VendorRoutingOptions): VendorRouting {
  const mode = options.config.marketDataProvider;
  const { nowMs, timeoutMs } = options;

  const quotaOf = (vendor: VendorName): Quota => options.quotas?.[vendor] ?? VENDOR_QUOTAS[vendor];
  const newLimiter = (vendor: VendorName) => createRateLimiter(quotaOf(vendor), { now: nowMs });
  const newSlot = (adapter: MarketDataAdapter, limiter = newLimiter(adapter.name)): Slot => ({
    vendor: adapter.name,
    adapter,
    breaker: createCircuitBreaker({ ...options.breaker, now: nowMs }),
    limiter,
  });

  const serverSlots = new Map<VendorName, Slot>();
  for (const adapter of options.adapters) {
    if (!serverSlots.has(adapter.name)) serverSlots.set(adapter.name, newSlot(adapter));
  }

  // A user's key gets its own quota, adapter and breaker (vendors count quotas per key). The quota is kept
  // apart from the adapter: a key used only by takeVendorCall, or without createKeyedAdapter, is counted too.
  const userKeySlots = new Map<string, UserKey>();
  function userKey(vendor: KeyedVendor, apiKey: string): UserKey {
    const id = `${vendor}:${apiKeyFingerprint(apiKey)}`;
    const entry = userKeySlots.get(id) ?? { limiter: newLimiter(vendor) };
    setBounded(userKeySlots, id, entry, MAX_USER_KEY_SLOTS);
    return entry;
  }

  function userSlot(vendor: KeyedVendor, apiKey: string): Slot | undefined {
    if (!options.createKeyedAdapter) return undefined;
    const entry = userKey(vendor, apiKey);
    if (!entry.slot) {
      const adapter = options.createKeyedAdapter(vendor, apiKey);
      if (adapter) entry.slot = newSlot(adapter, entry.limiter);
    }
    return entry.slot;
  }

  /** The server's slot of the vendor when `apiKey` (trimmed) is the server's key for it. */
  function serverSlotOfKey(vendor: KeyedVendor, apiKey: string): Slot | undefined {
    const serverKey = options.config.vendorKeys?.[vendor]?.trim();
    return serverKey && serverKey === apiKey ? serverSlots.get(vendor) : undefined;
  }

  function keyedSlot(vendor: KeyedVendor, userKeys: UserVendorKeys | undefined): Slot | undefined {
    const key = userKeys?.[vendor]?.trim();
    if (!key) return serverSlots.get(vendor);
    return serverSlotOfKey(vendor, key) ?? userSlot(vendor, key) ?? serverSlots.get(vendor);
  }

  function chain(userKeys: UserVendorKeys | undefined, keylessFirst = false): Slot[] {
    if (mode === 'simulated') return [];
    if (mode !== 'auto') {
      const forced =
        mode === 'yahoo' || mode === 'coingecko' ? serverSlots.get(mode) : keyedSlot(mode, userKeys);
      return forced ? [forced] : [];
    }
    const keyed = KEYED_VENDORS.map((vendor) => keyedSlot(vendor, userKeys));
    const keyless = [serverSlots.get('coingecko'), serverSlots.get('yahoo')];
    const slots = keylessFirst ? [...keyless, ...keyed] : [...keyed, ...keyless];
    return slots.filter((slot): slot is Slot => slot !== undefined);
  }

  function assertServable(resolved: ResolvedSymbol, userKeys: UserVendorKeys | undefined) {
    if (resolved.entry) return;
    if (!chain(userKeys).some((slot) => slot.adapter.supports(resolved.symbol))) {
      throw unknownSymbol(resolved.symbol);
    }
  }

  return {
    chain,
    assertServable,

    keysFingerprint(userKeys) {
      if (mode === 'simulated' || !userKeys || !options.createKeyedAdapter) return '';
      return KEYED_VENDORS.filter((vendor) => userKeys[vendor]?.trim()).join(',');
    },

    async call(slot, budget, call, requests = 1) {
      if (budget.aborted || !slot.breaker.tryAcquire()) return { ok: false };
      if (!slot.limiter.tryTake(requests)) {
        slot.breaker.release();
        return { ok: false };
      }
      const timer = AbortSignal.timeout(timeoutMs);
      const signal = AbortSignal.any([timer, budget]);
      try {
        const value = await rejectOnAbort(
          call(signal),
          signal,
          () => new VendorError(slot.vendor, 'timeout', 'no answer in time'),
        );
        slot.breaker.recordSuccess();
        return { ok: true, value };
      } catch (error) {
        const kind = error instanceof VendorError ? error.kind : undefined;
        if (!timer.aborted && budget.aborted) {
          // The request ran out of time while this vendor was still within its own: no verdict on it.
          slot.breaker.release();
          return { ok: false };
        }
        if (kind === 'not_found') {
          // The vendor answered (it does not know the symbol): healthy.
          slot.breaker.recordSuccess();
          return { ok: false };
        }
        slot.breaker.recordFailure(
          timer.aborted || kind === 'timeout'
            ? 'timeout'
            : kind === 'rate_limited'
              ? 'rate_limited'
              : 'error',
        );
        options.onVendorError?.(slot.vendor, error);
        return { ok: false };
      }
    },

    resolveTickers(inputs, userKeys) {
      const errors: Record<string, string> = {};
      const labels = new Map<string, ResolvedSymbol>();
      for (const input of inputs) {
        const label = input.trim().toUpperCase();
        if (labels.has(label) || label in errors) continue;
        try {
          const resolved = resolveSymbol(input);
          assertServable(resolved, userKeys);
          labels.set(label, resolved);
        } catch (error) {
          errors[label] = error instanceof AppError ? error.message : 'Invalid ticker';
        }
      }
      return { labels, errors };
    },

    takeVendorCall(vendor, apiKey) {
      const key = apiKey.trim();
      if (!key) return false;
      const limiter = serverSlotOfKey(vendor, key)?.limiter ?? userKey(vendor, key).limiter;
      return limiter.tryTake();
    },

    status() {
      return {
        provider: mode,
        vendors: ALL_VENDORS.map((name): VendorStatus => {
          const slot = serverSlots.get(name);
          const quota = quotaOf(name);
          if (!slot) {
            return {
              name,
              configured: false,
              healthy: false,
              circuitOpen: false,
              circuitState: 'closed',
              quotaLeft: quota.limit,
              quota: quota.limit,
              quotaWindow: quota.window,
            };
          }
          const circuit = slot.breaker.snapshot();
          return {
            name,
            configured: true,
            healthy: circuit.state === 'closed' && circuit.consecutiveFailures === 0,
            circuitOpen: circuit.state !== 'closed',
            circuitState: circuit.state,
            quotaLeft: slot.limiter.remaining(),
            quota: quota.limit,
            quotaWindow: quota.window,
          };
        }),
      };
    },
  };
}
