/**
 * What an activity import reads and answers (issue 27 items 5-6), pure: a file's text in, the activities it
 * holds (each with its line) and the lines it cannot use (each with the reason) out. Each format is a module
 * of this folder with a `detect` and a `parse`; `index.ts` lists them in the order they are tried.
 */
import type { ActivityDraft } from '../activities/activity';

export const ACTIVITY_FORMATS = [
  'schwab',
  'fidelity',
  'vanguard',
  'etrade',
  'robinhood',
  'ibkr',
  'ghostfolio-json',
  'ghostfolio-csv',
  'wealthfolio',
  'generic',
] as const;
export type ActivityFormat = (typeof ACTIVITY_FORMATS)[number];

export const ACTIVITY_IMPORT_LIMITS = {
  /** Bytes of the uploaded file. */
  maxBytes: 10 * 1024 * 1024,
  /** Rows of the file (records, not counting blank lines). */
  maxRows: 100_000,
} as const;

/** What an activity import says of a file it cannot read at all (a 400 with this text). */
export const ACTIVITY_FILE_ERRORS = {
  tooLarge: 'The file is too large (limit 10 MB).',
  empty: 'The file is empty.',
  notText: 'This file is not a CSV or JSON text file. Export your transactions as CSV and try again.',
  tooManyRows: 'The file has more than 100,000 rows.',
} as const;

/** The fields a column mapping can fill, in the mapper's order (here, free of the CSV reader, for the web). */
export const MAPPED_FIELDS = [
  'date',
  'type',
  'symbol',
  'quantity',
  'price',
  'fee',
  'amount',
  'currency',
  'note',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

/** How a file writes its dates, as people read the pattern. */
export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'DD.MM.YYYY',
  'DD-MM-YYYY',
  'YYYYMMDD',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** An activity read from a file, with the 1-based line it came from (the first line of its record). */
export interface ImportedActivity extends ActivityDraft {
  line: number;
}

/** A line the import does not use and why: an error, or a row the format cannot express, skipped with a reason. */
export interface ImportLineIssue {
  line: number;
  message: string;
}

export interface ActivityFileParse {
  format: ActivityFormat;
  activities: ImportedActivity[];
  errors: ImportLineIssue[];
}

/** The file as a format module sees it. */
export interface ImportFile {
  /** The file's text (UTF-8 decoded, BOM kept: readers drop it). */
  text: string;
  fileName: string;
}

/** One format: whether a file is in it, and the reading of it. */
export interface ActivityFormatReader {
  readonly format: ActivityFormat;
  /** A name for people: 'Charles Schwab transaction history'. */
  readonly label: string;
  detect(file: ImportFile): boolean;
  parse(file: ImportFile): ActivityFileParse;
}
