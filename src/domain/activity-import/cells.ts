/**
 * Reading the cells of transaction-history exports, shared by every format: the file within the import's
 * limits, dates as brokers write them, and amounts (through the positions import's `parseQuantity`, which
 * reads `$1,234.56`, `-$3320.05`, `($1,500.36)` and `--`).
 */
import { readCsv, type CsvReadLimits, type CsvRow } from '../broker-csv/read-csv';
import { fromDayNumber, isIsoDate, toDayNumber } from '../calendar';
import { ACTIVITY_FILE_ERRORS, ACTIVITY_IMPORT_LIMITS } from './format';

export { CsvReadError, type CsvRow } from '../broker-csv/read-csv';
export { Decimal, parseQuantity as parseAmount } from '../broker-csv/numbers';

const ACTIVITY_CSV_LIMITS: CsvReadLimits = {
  // A character is at least a byte: the byte limit is checked on the upload, this one on the decoded text.
  maxChars: ACTIVITY_IMPORT_LIMITS.maxBytes,
  maxRows: ACTIVITY_IMPORT_LIMITS.maxRows,
  errors: ACTIVITY_FILE_ERRORS,
};

/** The records of a transaction-history CSV, numbered by line, within the activity import's limits. */
export function readActivityCsv(text: string): CsvRow[] {
  return readCsv(text, ACTIVITY_CSV_LIMITS);
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const pad2 = (n: string) => n.padStart(2, '0');

/**
 * A US export's `MM/DD/YYYY` as `YYYY-MM-DD`. Schwab writes `04/17/2023 as of 04/15/2023` for a correction
 * booked later: the trade date is the first (the day it was booked on the account). `null` when it is not a
 * date.
 */
export function parseUsDate(raw: string): string | null {
  const first = raw.trim().split(/\s+as of\s+/i)[0] ?? '';
  const match = US_DATE.exec(first);
  if (!match) return null;
  const [, month = '', day = '', year = ''] = match;
  return parseIsoDate(`${year}-${pad2(month)}-${pad2(day)}`);
}

/** `YYYY-MM-DD` when it is a day of the calendar (Vanguard's newer downloads write it so), else `null`. */
export function parseIsoDate(raw: string): string | null {
  const date = raw.trim();
  // isIsoDate lets 02/30 roll over into March: a date that does not come back the same is not one.
  return isIsoDate(date) && fromDayNumber(toDayNumber(date)) === date ? date : null;
}
