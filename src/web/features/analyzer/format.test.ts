import { describe, expect, it } from 'vitest';
import { leftOutNote } from './format';

describe('leftOutNote', () => {
  it('names what no figure includes, crypto without its internal prefix', () => {
    expect(leftOutNote([], [])).toBeNull();
    expect(leftOutNote(['ZZZZQ'], ['ZZZZQ'])).toBe('Left out: ZZZZQ (not found)');
    expect(leftOutNote(['CRYPTO:NOPE'], ['CRYPTO:NOPE', '7203.T'])).toBe(
      'Left out: NOPE (not found), 7203.T (no price today)',
    );
  });
});
