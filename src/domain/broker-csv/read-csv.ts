import { CsvError, parse } from 'csv-parse/sync';
import { CSV_ERRORS, CSV_IMPORT_LIMITS } from './brokers';

/** One CSV record: its cells and the 1-based line of the file where it starts. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * Input the import cannot use; the message says what was wrong, for the person who uploaded the file. The
 * server answers it as a 400 VALIDATION_ERROR with this message.
 */
export class CsvReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvReadError';
  }
}

/** How much a reader takes, and what it says of a file it cannot read at all. */
export interface CsvReadLimits {
  maxChars: number;
  maxRows: number;
  errors: Readonly<Record<'tooLarge' | 'empty' | 'notText' | 'tooManyRows', string>>;
}

/** The positions import's limits and texts (the default). */
const POSITIONS_CSV_LIMITS: CsvReadLimits = { ...CSV_IMPORT_LIMITS, errors: CSV_ERRORS };

const REPLACEMENT_CHAR = /\uFFFD/g;
const LINE_BREAK = /\r\n|\r|\n/g;

/** What the csv-parse error codes mean for the person who uploaded the file. */
function describe(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted value is never closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'unexpected text after a closing quote';
    default:
      return 'the rows are not valid CSV';
  }
}

/**
 * Splits CSV text into records with csv-parse: UTF-8 BOM dropped, CRLF or LF, quoted fields (with
 * commas, doubled quotes and line breaks), rows of any length (preambles, trailing commas, footers),
 * blank lines kept as records so that line numbers stay true. Records that are all blank are dropped
 * after numbering. Throws a CsvReadError for empty, binary, oversized or unparseable text.
 */
export function readCsv(text: string, limits: CsvReadLimits = POSITIONS_CSV_LIMITS): CsvRow[] {
  if (text.length > limits.maxChars) throw new CsvReadError(limits.errors.tooLarge);
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new CsvReadError(limits.errors.empty);
  const replacements = text.match(REPLACEMENT_CHAR)?.length ?? 0;
  if (text.includes('\u0000') || replacements > Math.max(8, text.length / 100))
    throw new CsvReadError(limits.errors.notText);

  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? error.lines : 1;
      throw new CsvReadError(CSV_ERRORS.unreadable(describe(error), line));
    }
    throw error;
  }

  // Every line is a record (blank lines too, skip_empty_lines off), and a record spans one line more
  // per line break inside its quoted values: so line numbers follow without csv-parse's costly `info`.
  const rows: CsvRow[] = [];
  let line = 1;
  for (const cells of records) {
    const start = line;
    line += 1;
    let blank = true;
    for (const cell of cells) {
      if (blank && cell.trim() !== '') blank = false;
      if (cell.includes('\n') || cell.includes('\r')) line += cell.match(LINE_BREAK)?.length ?? 0;
    }
    if (blank) continue;
    rows.push({ line: start, cells });
    if (rows.length > limits.maxRows) throw new CsvReadError(limits.errors.tooManyRows);
  }
  if (rows.length === 0) throw new CsvReadError(limits.errors.empty);
  return rows;
}
