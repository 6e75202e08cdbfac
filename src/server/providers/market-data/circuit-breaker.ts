/**
 * A circuit breaker per vendor (and per API key). Closed: calls go through. It opens after
 * `failureThreshold` consecutive failures, or at once on a timeout or a "rate limited" answer, so an
 * unreachable network costs one timeout rather than one per request. Open: calls are refused for
 * `openMs`. Then half-open: exactly one probe goes through; its success closes the circuit, its failure
 * opens it again for another `openMs`. In-memory, per process.
 */

export type CircuitState = 'closed' | 'open' | 'half-open';

/** Why a call failed: a timeout or a rate-limit answer opens the circuit at once, other errors count. */
export type FailureKind = 'timeout' | 'rate_limited' | 'error';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. Default 3. */
  failureThreshold?: number;
  /** How long the circuit stays open before a probe. Default 60 s. */
  openMs?: number;
  now?: () => number;
}

export interface CircuitSnapshot {
  state: CircuitState;
  consecutiveFailures: number;
  /** While open: when the next probe is allowed (epoch ms). */
  retryAt?: number;
  /** Epoch ms of the last failure, if any. */
  lastFailureAt?: number;
}

export interface CircuitBreaker {
  /**
   * Whether a call may go out now. In half-open state only the first caller gets true (the probe); it
   * must then report `recordSuccess`, `recordFailure` or `release`.
   */
  tryAcquire(): boolean;
  recordSuccess(): void;
  recordFailure(kind: FailureKind): void;
  /** Gives back an acquired call without a verdict (it was cancelled for reasons not the vendor's). */
  release(): void;
  state(): CircuitState;
  snapshot(): CircuitSnapshot;
}

export const DEFAULT_FAILURE_THRESHOLD = 3;
export const DEFAULT_OPEN_MS = 60_000;

export function createCircuitBreaker(options: CircuitBreakerOptions = {}): CircuitBreaker {
  const threshold = options.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD;
  const openMs = options.openMs ?? DEFAULT_OPEN_MS;
  const now = options.now ?? Date.now;
  let failures = 0;
  let openedUntil: number | undefined;
  let probeInFlight = false;
  let lastFailureAt: number | undefined;

  const state = (): CircuitState => {
    if (openedUntil === undefined) return 'closed';
    return now() < openedUntil ? 'open' : 'half-open';
  };

  const open = () => {
    openedUntil = now() + openMs;
    probeInFlight = false;
  };

  return {
    tryAcquire() {
      const current = state();
      if (current === 'closed') return true;
      if (current === 'open' || probeInFlight) return false;
      probeInFlight = true;
      return true;
    },
    recordSuccess() {
      failures = 0;
      openedUntil = undefined;
      probeInFlight = false;
    },
    recordFailure(kind) {
      failures += 1;
      lastFailureAt = now();
      const wasProbing = openedUntil !== undefined;
      if (wasProbing || kind !== 'error' || failures >= threshold) open();
    },
    release() {
      probeInFlight = false;
    },
    state,
    snapshot() {
      const current = state();
      return {
        state: current,
        consecutiveFailures: failures,
        ...(current === 'open' && openedUntil !== undefined ? { retryAt: openedUntil } : {}),
        ...(lastFailureAt !== undefined ? { lastFailureAt } : {}),
      };
    },
  };
}
