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
