import { z } from 'zod';

/**
 * NUL, which PostgreSQL's text refuses, and half a UTF-16 surrogate pair without its other half, which has
 * no UTF-8 form (the driver would store U+FFFD in its place).
 */
const NUL_OR_LONE_SURROGATE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text that can be stored as sent: piped after a field's own checks,
 * `z.string().trim().max(100).pipe(storableText('First name'))`; anything else is a 400 naming the field.
 */
export function storableText(field: string) {
  return z
    .string()
    .refine(
      (value) => !NUL_OR_LONE_SURROGATE.test(value),
      `${field} contains characters that are not allowed`,
    );
}

/** A ticker as quotes, trades and portfolios spell it once upper-cased: `AAPL`, `BRK.B`, `^VIX`, `CRYPTO:BTC`. */
export const TICKER_PATTERN = /^[A-Z0-9.\-^=:/]+$/;
