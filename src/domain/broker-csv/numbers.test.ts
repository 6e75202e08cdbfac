import { describe, expect, it } from 'vitest';
import { parseQuantity } from './numbers';

const value = (raw: string) => {
  const parsed = parseQuantity(raw);
  return typeof parsed === 'string' ? parsed : parsed.toString();
};

describe('parseQuantity', () => {
  it.each([
    ['48.208', '48.208'],
    ['100', '100'],
    ['10,000', '10000'],
    ['1,234,567.5', '1234567.5'],
    ['.1250', '0.125'],
    ['10.', '10'],
    [' 36.8179 ', '36.8179'],
    ['+$4.24', '4.24'],
    ['-$4.11', '-4.11'],
    ['$-4.11', '-4.11'],
    ['$1,655.59', '1655.59'],
    ['($1,500.36)', '-1500.36'],
    ['(3)', '-3'],
    ['-0', '0'],
  ])('reads %j as %s', (raw, expected) => {
    expect(value(raw)).toBe(expected);
  });

  it.each(['', '  ', '--', '-', 'N/A', 'n/a', 'not applicable'])('reads %j as blank', (raw) => {
    expect(parseQuantity(raw)).toBe('blank');
  });

  it.each(['abc', '1,2', '12,34.5', '1.2.3', '$', '+-1', '-$-1', '1e5', '0x10', '12%'])(
    'refuses %j',
    (raw) => {
      expect(parseQuantity(raw)).toBe('invalid');
    },
  );
});
