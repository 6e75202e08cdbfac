import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from './circuit-breaker';

function manualClock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('circuit breaker', () => {
  it('opens after 3 consecutive failures and stays open for 60 s', () => {
    const clock = manualClock();
    const breaker = createCircuitBreaker({ now: clock.now });
    for (let i = 0; i < 2; i++) {
      expect(breaker.tryAcquire()).toBe(true);
      breaker.recordFailure('error');
    }
    expect(breaker.state()).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordFailure('error');
    expect(breaker.state()).toBe('open');
    expect(breaker.snapshot()).toMatchObject({ state: 'open', consecutiveFailures: 3, retryAt: 60_000 });
    clock.advance(59_999);
    expect(breaker.tryAcquire()).toBe(false);
    clock.advance(1);
    expect(breaker.state()).toBe('half-open');
  });

  it('a success in between resets the count', () => {
    const breaker = createCircuitBreaker({ now: () => 0 });
    breaker.recordFailure('error');
    breaker.recordFailure('error');
    breaker.recordSuccess();
    breaker.recordFailure('error');
    breaker.recordFailure('error');
    expect(breaker.state()).toBe('closed');
  });

  it.each(['timeout', 'rate_limited'] as const)('opens at once on a %s', (kind) => {
    const breaker = createCircuitBreaker({ now: () => 0 });
    breaker.recordFailure(kind);
    expect(breaker.state()).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
  });

  it('half-open: one probe only; its success closes, its failure reopens for another period', () => {
    const clock = manualClock();
    const breaker = createCircuitBreaker({ now: clock.now, openMs: 1000 });
    breaker.recordFailure('timeout');
    clock.advance(1000);
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.recordFailure('error');
    expect(breaker.state()).toBe('open');
    clock.advance(999);
    expect(breaker.tryAcquire()).toBe(false);
    clock.advance(1);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.release();
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordSuccess();
    expect(breaker.state()).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(true);
  });
});
