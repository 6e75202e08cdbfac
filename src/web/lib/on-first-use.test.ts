import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use';

describe('onFirstUse', () => {
  it('makes nothing until asked, then once, and hands back the same value', () => {
    let made = 0;
    const format = onFirstUse(() => {
      made += 1;
      return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    });
    expect(made).toBe(0);
    const first = format();
    expect(format()).toBe(first);
    expect(made).toBe(1);
    expect(first.format(1234.567)).toBe('1,234.57');
  });
});
