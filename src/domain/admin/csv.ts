import { utcDateOf } from '../calendar';
/**
 * CSV cells for the admin's user export (RFC 4180): a cell with a comma, quote or line break is quoted, quotes
 * doubled. A cell a spreadsheet would read as a formula (first character =, +, -, @, or a tab or carriage
 * return that some programs skip) gets a leading apostrophe, so it shows as text and never runs (OWASP's
 * advice against CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line: cells joined by commas, ended by CRLF as RFC 4180 and spreadsheet programs expect. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A UTF-8 byte order mark: without it Excel reads the file as the system code page and garbles accents. */
export const CSV_BOM = '\uFEFF';

/** Spec 001 §9: the columns of the export, in order. */
export const USER_EXPORT_COLUMNS = [
  'ID',
  'Username',
  'Email',
  'Subscription Plan',
  'Status',
  'Created At',
] as const;

/** Spec 001 §9: `users_export_{date}.csv`, the date as YYYY-MM-DD in UTC. */
export function userExportFileName(now: Date): string {
  return `users_export_${utcDateOf(now)}.csv`;
}
