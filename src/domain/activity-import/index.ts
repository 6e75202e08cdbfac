/**
 * The activity import's one entry (issue 27 item 5): a file in, the format that reads it and its activities
 * and skipped lines out, or why the file cannot be imported (unreadable, a format no reader knows, which the
 * web answers with the column mapper, or no usable row). Pure: the service stores nothing it does not answer.
 */
import { ACTIVITY_FIELD_RULES } from '../activities/activity';
import { CsvReadError, Decimal, type CsvRow } from './cells';
import {
  headerKey,
  mappedCsvReader,
  proposeMapping,
  type ColumnMapping,
  type MappingProposal,
} from './column-mapper';
import { csvRowsOf } from './fields';
import {
  ACTIVITY_FILE_ERRORS,
  ACTIVITY_IMPORT_LIMITS,
  type ActivityFileParse,
  type ActivityFormat,
  type ActivityFormatReader,
  type ImportedActivity,
  type ImportFile,
  type ImportLineIssue,
} from './format';
import { etradeTransactions } from './etrade';
import { fidelityHistory } from './fidelity';
import { ghostfolioCsv } from './ghostfolio-csv';
import { ghostfolioJson } from './ghostfolio-json';
import { ibkrStatement } from './ibkr';
import { robinhoodActivity } from './robinhood';
import { schwabHistory } from './schwab';
import { vanguardHistory } from './vanguard';
import { wealthfolioCsv } from './wealthfolio';

/**
 * The formats in the order they are tried: the first whose `detect` says yes reads the file. JSON formats come
 * first: their `detect` looks at the name and first character only, and a JSON file is never split as CSV
 * (csv-parse takes seconds over the quotes of a large one). Each CSV format detects its own layout by words no
 * other's header has; Ghostfolio's CSV, which takes synonyms, comes last.
 */
export const ACTIVITY_FORMAT_READERS: readonly ActivityFormatReader[] = [
  // Foliowise's own export (issue 27 item 11), a JSON file too, goes before Ghostfolio's when it exists.
  ghostfolioJson,
  schwabHistory,
  fidelityHistory,
  vanguardHistory,
  etradeTransactions,
  robinhoodActivity,
  ibkrStatement,
  wealthfolioCsv,
  ghostfolioCsv,
];

/** Before this, no price history the app reads goes back; a date earlier than it is a typing slip. */
export const EARLIEST_ACTIVITY_DATE = '1970-01-01';

export const IMPORT_REFUSALS = {
  unrecognised:
    'We could not recognise the format of this file. Tell us which column holds each field to import it.',
  /** The reasons, commonest first, each with its first line: 'Line 11 and 11 more: ...'. */
  noUsableRows: (label: string, errors: readonly ImportLineIssue[]) => {
    const byReason = new Map<string, number[]>();
    for (const { line, message } of errors) byReason.set(message, [...(byReason.get(message) ?? []), line]);
    const ranked = [...byReason].sort((a, b) => b[1].length - a[1].length);
    const shown = ranked.slice(0, 3).map(([message, lines]) => {
      const more = lines.length - 1;
      return `Line ${lines[0] ?? 1}${more > 0 ? ` and ${more} more` : ''}: ${message}.`;
    });
    const others = ranked.length - shown.length;
    if (others > 0) shown.push(`${others} other ${others === 1 ? 'reason' : 'reasons'}.`);
    return [`No activity in this file can be imported (${label}).`, ...shown].join(' ');
  },
  future: (date: string) => `the date ${date} is in the future`,
  tooEarly: (date: string) => `the date ${date} is before 1970`,
  missing: (field: string) => `no ${field}`,
  zeroQuantity: 'the quantity is zero',
  zeroRatio: 'the split ratio is zero',
  zeroAmount: 'the amount is zero',
} as const;

export type ActivityFileRead =
  | { ok: true; label: string; parse: ActivityFileParse }
  | { ok: false; code: 'UNREADABLE_FILE'; message: string }
  | {
      ok: false;
      code: 'UNRECOGNISED_FORMAT';
      message: string;
      /** The file's header as the mapper shows it, its key (a mapping is remembered under it) and a proposal. */
      header: string[];
      headerKey: string;
      proposal: MappingProposal;
    }
  | { ok: false; code: 'NO_USABLE_ROWS'; message: string; format: ActivityFormat; errors: ImportLineIssue[] };

export interface ReadActivityFileOptions {
  /** The person's today (`YYYY-MM-DD`): a later date is refused. */
  today: string;
  /** The person's column mapping: the file is read through it, whatever its layout. */
  mapping?: ColumnMapping;
}

/** Why an activity a format read cannot be saved, by the rules every activity keeps; undefined when it can. */
function refusalOf(activity: ImportedActivity, today: string): string | undefined {
  if (activity.date > today) return IMPORT_REFUSALS.future(activity.date);
  if (activity.date < EARLIEST_ACTIVITY_DATE) return IMPORT_REFUSALS.tooEarly(activity.date);
  const rules = ACTIVITY_FIELD_RULES[activity.type];
  for (const field of ['symbol', 'quantity', 'price', 'amount'] as const) {
    if (rules[field] === 'required' && activity[field] === null) return IMPORT_REFUSALS.missing(field);
  }
  const isZero = (value: string | null) => value !== null && new Decimal(value).isZero();
  if (rules.quantity === 'required' && isZero(activity.quantity)) {
    return activity.type === 'split' ? IMPORT_REFUSALS.zeroRatio : IMPORT_REFUSALS.zeroQuantity;
  }
  if (rules.amount === 'required' && isZero(activity.amount)) return IMPORT_REFUSALS.zeroAmount;
  return undefined;
}

/** Where the mapper's header is: the first of the widest rows near the top (titles and notes are narrower). */
function likelyHeaderIndex(rows: readonly CsvRow[]): number {
  const top = rows.slice(0, 30);
  const width = (row: CsvRow) => row.cells.filter((cell) => cell.trim() !== '').length;
  const widest = Math.max(0, ...top.map(width));
  return Math.max(
    0,
    top.findIndex((row) => width(row) === widest),
  );
}

function unreadable(error: unknown): ActivityFileRead {
  if (error instanceof CsvReadError) return { ok: false, code: 'UNREADABLE_FILE', message: error.message };
  throw error;
}

/**
 * Reads an uploaded file: the first format that recognises it (or the person's mapping) parses it; activities
 * dated in the future or before 1970, or lacking what their type needs, join the skipped lines with the reason.
 */
export function readActivityFile(file: ImportFile, options: ReadActivityFileOptions): ActivityFileRead {
  if (file.text.length > ACTIVITY_IMPORT_LIMITS.maxBytes) {
    return { ok: false, code: 'UNREADABLE_FILE', message: ACTIVITY_FILE_ERRORS.tooLarge };
  }
  if (file.text.replace(/^\uFEFF/, '').trim() === '') {
    return { ok: false, code: 'UNREADABLE_FILE', message: ACTIVITY_FILE_ERRORS.empty };
  }
  const reader = options.mapping
    ? mappedCsvReader(options.mapping)
    : ACTIVITY_FORMAT_READERS.find((candidate) => candidate.detect(file));
  if (reader === undefined) {
    let rows: CsvRow[];
    try {
      rows = csvRowsOf(file);
    } catch (error) {
      return unreadable(error);
    }
    const at = likelyHeaderIndex(rows);
    const header = (rows[at]?.cells ?? []).map((cell) => cell.trim());
    const samples = rows.slice(at + 1, at + 51).map((row) => row.cells);
    return {
      ok: false,
      code: 'UNRECOGNISED_FORMAT',
      message: IMPORT_REFUSALS.unrecognised,
      header,
      headerKey: headerKey(header),
      proposal: proposeMapping(header, samples),
    };
  }

  let parse: ActivityFileParse;
  try {
    parse = reader.parse(file);
  } catch (error) {
    return unreadable(error);
  }
  const activities: ImportedActivity[] = [];
  const errors = [...parse.errors];
  for (const activity of parse.activities) {
    const refusal = refusalOf(activity, options.today);
    if (refusal === undefined) activities.push(activity);
    else errors.push({ line: activity.line, message: refusal });
  }
  errors.sort((a, b) => a.line - b.line);
  if (activities.length === 0) {
    return {
      ok: false,
      code: 'NO_USABLE_ROWS',
      message: IMPORT_REFUSALS.noUsableRows(reader.label, errors),
      format: reader.format,
      errors,
    };
  }
  return { ok: true, label: reader.label, parse: { format: parse.format, activities, errors } };
}
