import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, loginDelaySeconds } from './login-throttle';

describe('loginDelaySeconds', () => {
  it.each([
    [1, 0],
    [5, 0],
    [6, 1],
    [7, 2],
    [8, 4],
    [10, 16],
    [15, 512],
    [16, 900],
    [1000, 900],
  ])('after attempt %i: wait %i s', (attempts, seconds) => {
    expect(loginDelaySeconds(attempts)).toBe(seconds);
  });

  it('caps at the longest delay', () => {
    expect(LOGIN_LIMITS.maxDelaySeconds).toBe(900);
  });
});
