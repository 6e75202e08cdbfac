import { describe, expect, it } from 'vitest';
import { createRateLimiter, VENDOR_QUOTAS } from './rate-limiter';

describe('rate limiter', () => {
  it('knows the vendors’ published free quotas', () => {
    expect(VENDOR_QUOTAS.alphavantage).toEqual({ limit: 25, window: 'day' });
    expect(VENDOR_QUOTAS.polygon).toEqual({ limit: 5, window: 'minute' });
    expect(VENDOR_QUOTAS.fmp).toEqual({ limit: 250, window: 'day' });
  });

  it('per minute: a sliding window of 60 s', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 5, window: 'minute' }, { now: () => now });
    for (let i = 0; i < 5; i++) {
      expect(limiter.tryTake()).toBe(true);
      now += 10_000;
    }
    expect(limiter.tryTake()).toBe(false);
    expect(limiter.remaining()).toBe(0);
    expect(limiter.availableAt()).toBe(60_000);
    now = 60_000;
    expect(limiter.remaining()).toBe(1);
    expect(limiter.tryTake()).toBe(true);
    expect(limiter.tryTake()).toBe(false);
  });

  it('per day: resets at 00:00 UTC', () => {
    let now = Date.parse('2026-11-20T23:59:00Z');
    const limiter = createRateLimiter({ limit: 25, window: 'day' }, { now: () => now });
    for (let i = 0; i < 25; i++) expect(limiter.tryTake()).toBe(true);
    expect(limiter.tryTake()).toBe(false);
    expect(new Date(limiter.availableAt()).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    now = Date.parse('2026-11-21T00:00:00Z');
    expect(limiter.remaining()).toBe(25);
    expect(limiter.tryTake()).toBe(true);
    expect(limiter.remaining()).toBe(24);
  });

  it('takes several calls at once, or none when fewer are left', () => {
    const now = 0;
    const perMinute = createRateLimiter({ limit: 5, window: 'minute' }, { now: () => now });
    expect(perMinute.tryTake(2)).toBe(true);
    expect(perMinute.tryTake(2)).toBe(true);
    expect(perMinute.tryTake(2)).toBe(false);
    expect(perMinute.remaining()).toBe(1);
    const perDay = createRateLimiter({ limit: 25, window: 'day' }, { now: () => now });
    expect(perDay.tryTake(24)).toBe(true);
    expect(perDay.tryTake(2)).toBe(false);
    expect(perDay.remaining()).toBe(1);
    expect(perDay.tryTake()).toBe(true);
  });
});
