import { describe, expect, it } from 'vitest';
import {
  changeTone,
  formatDateTime,
  formatFraction,
  formatHoldingQuantity,
  formatNumber,
  formatPercent,
  formatSignedPercent,
  formatSignedUsd,
  formatUsd,
  toneTextClass,
  formatUsdWhole,
} from './format';

describe('money and numbers', () => {
  it('formats dollars from numbers or numeric strings, with non-finite values as 0', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd('10000.00')).toBe('$10,000.00');
    expect(formatUsd(-3.456)).toBe('-$3.46');
    expect(formatUsd(null)).toBe('$0.00');
    expect(formatUsd('abc')).toBe('$0.00');
    expect(formatUsdWhole(1234.5)).toBe('$1,235');
    expect(formatNumber(0.123456789)).toBe('0.12345679');
    expect(formatNumber(Number.NaN)).toBe('0');
  });

  it('formats percent units, signed changes and 0-1 fractions', () => {
    expect(formatPercent(5.234)).toBe('5.23%');
    expect(formatSignedPercent(1.5)).toBe('+1.50%');
    expect(formatSignedPercent(-0.2)).toBe('-0.20%');
    expect(formatSignedPercent(0)).toBe('0.00%');
    expect(formatFraction(0.1234)).toBe('12.34%');
    expect(formatFraction(null)).toBe('—');
  });

  it('signs a change as it shows: what rounds to zero has no sign', () => {
    expect(formatSignedPercent('2.15')).toBe('+2.15%');
    expect(formatSignedPercent(-0.0025)).toBe('0.00%');
    expect(formatSignedPercent(-0.005)).toBe('-0.01%');
    expect(formatSignedUsd(12.5)).toBe('+$12.50');
    expect(formatSignedUsd('-0.25')).toBe('-$0.25');
    expect(formatSignedUsd('0.00')).toBe('$0.00');
    expect(formatSignedUsd(-0.004)).toBe('$0.00');
    expect(formatSignedUsd(1234567.891)).toBe('+$1,234,567.89');
  });

  it('colours a change by the same rule: a -$0.25 loss is red and its +0.00% never green', () => {
    expect(toneTextClass('-0.25')).toBe('text-destructive');
    expect(toneTextClass('-0.0025')).toBe('text-muted-foreground');
    expect(toneTextClass(0)).toBe('text-muted-foreground');
    expect(toneTextClass('0.01')).toBe('text-success');
    expect(toneTextClass(null)).toBe('text-muted-foreground');
  });

  it('names the tone of a change', () => {
    expect(changeTone(2)).toBe('gain');
    expect(changeTone(-0.01)).toBe('loss');
    expect(changeTone(0)).toBe('flat');
    expect(changeTone(null)).toBe('flat');
    expect(changeTone(undefined)).toBe('flat');
    expect(changeTone('-0.004')).toBe('flat');
    expect(changeTone(0.005)).toBe('gain');
    expect(changeTone('abc')).toBe('flat');
  });
});

describe('formatDateTime', () => {
  it("shows an instant in the browser's zone, and an unreadable one as it came", () => {
    expect(formatDateTime('2026-01-05T12:04:00Z')).toMatch(/^Jan [56], 2026, \d{1,2}:\d{2} (AM|PM)$/);
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('holding quantities', () => {
  it('shows crypto with 4 decimals as coins and stocks as shares (spec 000 §2)', () => {
    expect(formatHoldingQuantity('CRYPTO:BTC', 0.25)).toBe('0.2500 coins');
    expect(formatHoldingQuantity('CRYPTO:ADA', 1000)).toBe('1,000.0000 coins');
    expect(formatHoldingQuantity('CRYPTO:ETH', 1)).toBe('1.0000 coin');
    expect(formatHoldingQuantity('AAPL', 15)).toBe('15 shares');
    expect(formatHoldingQuantity('AAPL', 1)).toBe('1 share');
  });
});
