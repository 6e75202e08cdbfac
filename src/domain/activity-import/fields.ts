/**
 * Turning a file's cells into an activity's fields, for the readers of this folder that are not a US broker's
 * (Interactive Brokers, Ghostfolio, Wealthfolio, the column mapper): symbols as the security master keys them,
 * currencies, exact decimal strings, ISO dates, and the collector of a parse's activities and skipped lines.
 */
import type { ActivityDraft } from '../activities/activity';
import { holdingKey } from '../broker-csv/symbols';
import { fromDayNumber, isIsoDate, toDayNumber } from '../calendar';
import { findSecurity } from '../security-master';
import { Decimal, parseAmount, readActivityCsv, type CsvRow } from './cells';
import type {
  ActivityFileParse,
  ActivityFormat,
  ImportedActivity,
  ImportFile,
  ImportLineIssue,
} from './format';

/**
 * The key of a symbol: the security master's own (`BRK.B` -> `BRK-B`, `btc` as crypto -> `CRYPTO:BTC`) when it
 * lists it, else the ticker upper-cased (`JSE.JO`). Undefined when the text is not a ticker (`<invalid>`,
 * `Penthouse Apartment`).
 */
export function securityKey(symbol: string, crypto = false): string | undefined {
  const key = holdingKey(symbol, crypto);
  if (key === undefined) return undefined;
  return findSecurity(key)?.symbol ?? key;
}

const ISO_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/**
 * A currency as the ledger keeps it: an ISO 4217 code upper-cased, or `GBX` (London's pence, which the app
 * prices in; `GBp` as Yahoo writes it). Undefined for anything else.
 */
export function currencyCode(raw: string): string | undefined {
  const text = raw.trim();
  if (text === 'GBp' || text.toUpperCase() === 'GBX') return 'GBX';
  const code = text.toUpperCase();
  return /^[A-Z]{3}$/.test(code) && ISO_CURRENCIES.has(code) ? code : undefined;
}

/** A decimal as the ledger's string: plain digits, never an exponent (`-2.637591265E-4` -> `-0.0002637591265`). */
export function decimalText(value: Decimal): string {
  return value.toFixed();
}

/** A cell as a decimal; `null` when blank; `'invalid'` when it is not a number. */
export function decimalOf(raw: string): Decimal | null | 'invalid' {
  // Exponents (`-2.637591265E-4`, as IBKR writes tiny amounts) are numbers too.
  const text = raw.trim();
  if (/^[+-]?\d+(?:\.\d+)?e[+-]?\d+$/i.test(text)) return new Decimal(text);
  const value = parseAmount(raw);
  if (value === 'blank') return null;
  return value;
}

/** `YYYY-MM-DD` when it is a real date (no roll-over of 02-30 into March), else undefined. */
export function isoDate(year: string, month: string, day: string): string | undefined {
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(date) && fromDayNumber(toDayNumber(date)) === date ? date : undefined;
}

/** The date of an ISO 8601 date or date-time as written (`2022-09-03T16:25:19.368Z` -> `2022-09-03`). */
export function dateOfIsoDateTime(raw: string): string | undefined {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      raw.trim(),
    );
  if (!match) return undefined;
  const [, year = '', month = '', day = ''] = match;
  return isoDate(year, month, day);
}

/** A header cell as readers compare it: trimmed, lower case, inner spaces single. */
export function normalizeName(cell: string): string {
  return cell.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The file's CSV records. The registry asks every format whether a file is its own and then one of them reads
 * it: the last file read is kept so that the text is split into records once.
 */
let lastRead: { text: string; rows: CsvRow[] } | undefined;
export function csvRowsOf(file: ImportFile): CsvRow[] {
  if (lastRead?.text !== file.text) lastRead = { text: file.text, rows: readActivityCsv(file.text) };
  return lastRead.rows;
}

/** The first records of a CSV file, or none when it cannot be read as one (a format's `detect` is then false). */
export function leadingRows(file: ImportFile, count: number): CsvRow[] {
  try {
    return csvRowsOf(file).slice(0, count);
  } catch {
    return [];
  }
}

/** A draft with every optional field empty: readers set what their row says. */
export function draft(
  fields: Pick<ActivityDraft, 'type' | 'date' | 'currency'> & Partial<ActivityDraft>,
): ActivityDraft {
  return { symbol: null, quantity: null, price: null, fee: null, amount: null, note: null, ...fields };
}

/** Collects a parse: activities in file order, and each line not used with its reason. */
export class ParseCollector {
  private readonly activities: ImportedActivity[] = [];
  private readonly errors: ImportLineIssue[] = [];

  constructor(private readonly format: ActivityFormat) {}

  add(line: number, activity: ActivityDraft): void {
    this.activities.push({ ...activity, line });
  }

  skip(line: number, message: string): void {
    this.errors.push({ line, message });
  }

  /** Both lists in line order (a reader may settle some lines after others). */
  result(): ActivityFileParse {
    const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
    return {
      format: this.format,
      activities: this.activities.sort(byLine),
      errors: this.errors.sort(byLine),
    };
  }
}
