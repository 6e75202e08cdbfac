import { Decimal as BaseDecimal } from 'decimal.js';

/** A private Decimal (40 significant digits), so that 41.28 + 15.444 is 56.724 and not 56.724000000000004. */
export const Decimal = BaseDecimal.clone({ precision: 40 });
export type Decimal = InstanceType<typeof Decimal>;

export type ParsedQuantity = Decimal | 'blank' | 'invalid';

/** Cells that mean "no value" in broker exports. */
const PLACEHOLDERS = new Set(['', '-', '--', '—', 'n/a', 'na', 'not applicable']);

/** Digits with an optional fraction: `10`, `10.5`, `.1250`, `10.`; or thousands groups `10,000.25`. */
const PLAIN = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * Reads a quantity (or any amount) as broker exports write it: `48.208`, `"10,000"`, `.1250`, `+$4.24`,
 * `-$4.11`, `$-4.11`, `($1,500.36)` (negative), with spaces around. `--`, `N/A` and empty cells are
 * 'blank'; anything else that is not a number is 'invalid'.
 */
export function parseQuantity(raw: string): ParsedQuantity {
  if (PLACEHOLDERS.has(raw.trim().toLowerCase())) return 'blank';
  let text = raw.replace(/[\s\u00a0]+/g, '');
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1);
  }
  // A sign may come before or after the currency sign: -$4.11, $-4.11, +$4.24.
  const match = /^([+-]?)\$?([+-]?)(.*)$/.exec(text);
  const [, sign1 = '', sign2 = '', digits = ''] = match ?? [];
  if (sign1 && sign2) return 'invalid';
  if (sign1 === '-' || sign2 === '-') negative = !negative;
  if (!PLAIN.test(digits) && !GROUPED.test(digits)) return 'invalid';
  const value = new Decimal(digits.replace(/,/g, ''));
  return negative ? value.negated() : value;
}
