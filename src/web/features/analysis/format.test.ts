import { describe, expect, it } from 'vitest';
import { leftOutNote, valueHistoryLeftOut } from './format';

describe('leftOutNote', () => {
  it('names what no figure includes, crypto without its internal prefix', () => {
    expect(leftOutNote([], [])).toBeNull();
    expect(leftOutNote(['ZZZZQ'], ['ZZZZQ'])).toBe('Left out: ZZZZQ (not found)');
    expect(leftOutNote(['CRYPTO:NOPE'], ['CRYPTO:NOPE', '7203.T'])).toBe(
      'Left out: NOPE (not found), 7203.T (no price today)',
    );
  });
});

describe('valueHistoryLeftOut', () => {
  it('calls a symbol no source found not found, and keeps the history wording for a known one', () => {
    expect(valueHistoryLeftOut([], [])).toEqual([]);
    expect(valueHistoryLeftOut(['XYZQ'], ['XYZQ'])).toEqual(['XYZQ: not found.']);
    expect(valueHistoryLeftOut(['CRYPTO:NOPE', 'NEWCO', 'XYZQ'], ['XYZQ', 'CRYPTO:NOPE'])).toEqual([
      'NOPE, XYZQ: not found.',
      'Not included, for lack of a price history: NEWCO.',
    ]);
    // Until the valuation has said which are unknown, no reason is claimed.
    expect(valueHistoryLeftOut(['XYZQ'], undefined)).toEqual(['Not included: XYZQ.']);
  });
});
