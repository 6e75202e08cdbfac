/**
 * The ledger's numbers (ledger.ts): quantities as integers of 10^-10 and money as integers of 10^-20 (bigint),
 * read from an activity's decimal text and given back as the paper ledger's Decimal. Exact: an activity's numbers
 * have at most 10 decimals, so sums and quantity × price never round.
 */
import { Decimal } from '../paper-trading';

export const QUANTITY_DECIMALS = 10;
export const MONEY_DECIMALS = 20;
/** 10^10: a quantity's unit, and what a price times a quantity must be divided by to stay money. */
export const QUANTITY_UNIT = 10n ** BigInt(QUANTITY_DECIMALS);

const ZEROS = '0'.repeat(MONEY_DECIMALS);
/** 10^0 to 10^20. */
const POWERS_OF_TEN = Array.from({ length: MONEY_DECIMALS + 1 }, (_, power) => 10n ** BigInt(power));
/** A text this long has at most 15 digits: read as a Number, it is exact (below 2^53). */
const NUMBER_TEXT_MAX_LENGTH = 15;

/**
 * `12.5` -> 125000000000n at 10 decimals. The text is a validated plain decimal with at most 10 decimals (or a
 * numeric column's, padded with zeros), so nothing is cut but zeros. A short text (nearly all of them) is read
 * digit by digit into a Number and scaled by a power of ten: a bigint parsed from text costs several times more,
 * and a long history has tens of thousands of numbers.
 */
export function scaled(text: string, decimals: number): bigint {
  const point = text.indexOf('.');
  const fractionLength = point < 0 ? 0 : text.length - point - 1;
  if (text.length <= NUMBER_TEXT_MAX_LENGTH && fractionLength <= decimals) {
    let digits = 0;
    for (let index = 0; index < text.length; index++) {
      if (index === point) continue;
      const digit = text.charCodeAt(index) - 48;
      if (digit < 0 || digit > 9) return scaledFromText(text, decimals);
      digits = digits * 10 + digit;
    }
    return BigInt(digits) * (POWERS_OF_TEN[decimals - fractionLength] as bigint);
  }
  return scaledFromText(text, decimals);
}

/** `scaled` by one bigint parse of the digits with the point moved (any length; a text that is no number throws). */
function scaledFromText(text: string, decimals: number): bigint {
  const point = text.indexOf('.');
  if (point < 0) return BigInt(text + ZEROS.slice(0, decimals));
  const fraction = text.slice(point + 1, point + 1 + decimals);
  return BigInt(text.slice(0, point) + fraction + ZEROS.slice(0, decimals - fraction.length));
}

/** a / b rounded half away from zero (b > 0). */
export function divideRounded(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  const twiceRest = (a % b) * 2n;
  if (twiceRest >= b) return quotient + 1n;
  if (-twiceRest >= b) return quotient - 1n;
  return quotient;
}

/** The integer of 10^-decimals as a Decimal: the point put back into its digits (one parse, no division). */
function toDecimal(value: bigint, decimals: number): Decimal {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const point = digits.length - decimals;
  // Without the fraction's trailing zeros (most of a 20-decimal amount): the same Decimal, parsed from less text.
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === 48) end--;
  const fraction = end > point ? `.${digits.slice(point, end)}` : '';
  return new Decimal(`${negative ? '-' : ''}${digits.slice(0, point)}${fraction}`);
}

export const quantityOf = (value: bigint) => toDecimal(value, QUANTITY_DECIMALS);
export const moneyOf = (value: bigint) => toDecimal(value, MONEY_DECIMALS);
export const knownMoneyOf = (value: bigint | null) => (value === null ? null : moneyOf(value));
