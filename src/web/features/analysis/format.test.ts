import { describe, expect, it } from 'vitest';
import { formatFxRate, formatLocalPrice, leftOutNote, valueHistoryLeftOut } from './format';

describe('local prices and FX rates', () => {
  it('writes pence with a p and other currencies with their symbol', () => {
    expect(formatLocalPrice(440, 'GBX')).toBe('440p');
    expect(formatLocalPrice(95.126, 'GBX')).toBe('95.13p');
    expect(formatLocalPrice(2400, 'JPY')).toBe('¥2,400');
    expect(formatLocalPrice(210.5, 'EUR')).toBe('€210.50');
    expect(formatLocalPrice(205, 'CAD')).toBe('CA$205.00');
    expect(formatLocalPrice(12, 'XYZ1')).toBe('12 XYZ1');
  });

  it('writes rates with four significant digits', () => {
    expect(formatFxRate(1.31)).toBe('1.310');
    expect(formatFxRate(0.0064)).toBe('0.006400');
    expect(formatFxRate(0.12853)).toBe('0.1285');
  });
});

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
