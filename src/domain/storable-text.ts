/**
 * What no text a person sends may hold, as a pure rule (the request schemas of src/contracts/text.ts and the
 * activity ledger's own validation both apply it): NUL (PostgreSQL's text refuses it), the other C0 control
 * characters, DEL and the C1 controls (invisible, they break logs, CSV and PDF output), and half a UTF-16
 * surrogate pair without its other half (it has no UTF-8 form: the driver would store U+FFFD in its place).
 */
const NOT_STORABLE =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u0000-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The same, except the tab and the line ends of a multi-line field (a message, a CSV file). */
const NOT_STORABLE_MULTILINE =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableLine(value: string): boolean {
  return !NOT_STORABLE.test(value);
}

export function isStorableMultiline(value: string): boolean {
  return !NOT_STORABLE_MULTILINE.test(value);
}

/** A ticker as quotes, trades and portfolios spell it once upper-cased: `AAPL`, `BRK.B`, `^VIX`, `CRYPTO:BTC`. */
export const TICKER_PATTERN = /^[A-Z0-9.\-^=:/]+$/;
