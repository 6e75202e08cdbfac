/**
 * Any other CSV, read through a mapping the person fills once (issue 27 item 6): which column holds each field,
 * how its dates are written, and which of its type words is which activity. `proposeMapping` fills what a
 * header's names and a few rows make plain; `headerKey` names a header so that the server can remember the
 * mapping a person chose for it and offer it again.
 */
import { ACTIVITY_FIELD_RULES, ACTIVITY_TYPES, type ActivityType } from '../activities/activity';
import type { CsvRow } from './cells';
import {
  ParseCollector,
  csvRowsOf,
  currencyCode,
  decimalOf,
  decimalText,
  draft,
  isoDate,
  normalizeName,
  securityKey,
} from './fields';
import {
  DATE_FORMATS,
  MAPPED_FIELDS,
  type ActivityFileParse,
  type ActivityFormatReader,
  type DateFormat,
  type MappedField,
} from './format';

export interface ColumnMapping {
  /** The header's name of the column that holds each field; date and type are always needed. */
  columns: { date: string; type: string } & Partial<Record<Exclude<MappedField, 'date' | 'type'>, string>>;
  dateFormat: DateFormat;
  /** The file's type words (compared without case) and what each is; `null`: rows of that word are skipped. */
  types: Record<string, ActivityType | null>;
  /** The currency of every row when the file has no currency column. */
  currency?: string;
}

const DATE_PATTERNS: Readonly<
  Record<DateFormat, { pattern: RegExp; order: readonly [number, number, number] }>
> = {
  // order: the match groups of year, month and day.
  'YYYY-MM-DD': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/, order: [1, 2, 3] },
  'MM/DD/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 1, 2] },
  'DD/MM/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 2, 1] },
  'DD.MM.YYYY': { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: [3, 2, 1] },
  'DD-MM-YYYY': { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: [3, 2, 1] },
  YYYYMMDD: { pattern: /^(\d{4})(\d{2})(\d{2})$/, order: [1, 2, 3] },
};

/** A date written in `format`, as `YYYY-MM-DD`; undefined when the text is not one. */
export function parseMappedDate(raw: string, format: DateFormat): string | undefined {
  const { pattern, order } = DATE_PATTERNS[format];
  const match = pattern.exec(raw.trim());
  if (!match) return undefined;
  return isoDate(match[order[0]] ?? '', match[order[1]] ?? '', match[order[2]] ?? '');
}

/**
 * A header's key: its names as readers compare them (trimmed, lower case), in order, as JSON. Two exports of
 * the same layout have the same key whatever their rows; a renamed, added or moved column makes another.
 */
export function headerKey(header: readonly string[]): string {
  return JSON.stringify(header.map(normalizeName));
}

/** What each field's column is commonly called, best first; compared with names folded as `foldName` does. */
const FIELD_SYNONYMS: Readonly<Record<MappedField, readonly string[]>> = {
  date: ['date', 'trade date', 'transaction date', 'activity date', 'run date', 'date time', 'time'],
  type: [
    'type',
    'action',
    'transaction type',
    'activity type',
    'activity',
    'trans code',
    'transaction',
    'side',
  ],
  symbol: ['symbol', 'ticker', 'code', 'instrument', 'security', 'stock'],
  quantity: ['quantity', 'qty', 'shares', 'units', 'no of shares', 'number of shares'],
  price: ['price', 'unit price', 'share price', 'trade price', 'price per share', 'price share'],
  fee: ['fee', 'fees', 'commission', 'commissions', 'fees comm', 'comm fee', 'fees and commissions'],
  amount: ['amount', 'net amount', 'total', 'value', 'net cash', 'total amount', 'proceeds'],
  currency: ['currency', 'ccy', 'currency code'],
  note: ['note', 'notes', 'comment', 'description', 'memo'],
};

/** Names folded for matching: lower case, a money sign in brackets dropped, punctuation as spaces. */
function foldName(cell: string): string {
  return normalizeName(cell)
    .replace(/\(\s*[$€£]\s*\)/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Type words commonly written for each activity, folded. */
const TYPE_SYNONYMS: Readonly<Record<ActivityType, readonly string[]>> = {
  buy: ['buy', 'bought', 'purchase', 'you bought', 'market buy', 'limit buy'],
  sell: ['sell', 'sold', 'sale', 'you sold', 'market sell', 'limit sell'],
  dividend: ['dividend', 'dividends', 'div', 'cash dividend', 'qualified dividend', 'dividend received'],
  interest: ['interest', 'credit interest', 'interest earned', 'bank interest'],
  fee: ['fee', 'fees', 'service fee', 'commission'],
  tax: ['tax', 'taxes', 'withholding tax', 'foreign tax paid', 'withholding'],
  split: ['split', 'stock split', 'forward split', 'reverse split'],
  deposit: ['deposit', 'contribution', 'funds received', 'transfer in cash', 'wire received'],
  withdrawal: ['withdrawal', 'withdraw', 'removal', 'funds disbursed', 'wire sent'],
  transfer_in: ['transfer in', 'transfer_in', 'security transfer in', 'delivery inbound', 'transfer inbound'],
  transfer_out: [
    'transfer out',
    'transfer_out',
    'security transfer out',
    'delivery outbound',
    'transfer outbound',
  ],
};

export interface MappingProposal {
  /** The columns found for the fields (each column used once). */
  columns: Partial<Record<MappedField, string>>;
  /** The format that reads the most sampled dates; undefined when none reads any or no date column was found. */
  dateFormat: DateFormat | undefined;
  /** The sampled type words recognised; the others are for the person to map. */
  types: Record<string, ActivityType>;
  /** The sampled type words not recognised. */
  unknownTypes: string[];
}

/**
 * A mapping proposed from a header (and some rows of the file, to see its dates and type words). Where both
 * `MM/DD/YYYY` and `DD/MM/YYYY` read as many sampled dates, the US one is proposed: the person confirms it.
 */
export function proposeMapping(
  header: readonly string[],
  rows: readonly (readonly string[])[] = [],
): MappingProposal {
  const folded = header.map(foldName);
  const found = new Map<MappedField, number>();
  const columns: Partial<Record<MappedField, string>> = {};
  for (const field of MAPPED_FIELDS) {
    const taken = new Set(found.values());
    for (const synonym of FIELD_SYNONYMS[field]) {
      const index = folded.findIndex((name, i) => name === synonym && !taken.has(i));
      if (index >= 0) {
        found.set(field, index);
        columns[field] = header[index]?.trim() ?? '';
        break;
      }
    }
  }
  const samples = (field: MappedField) => {
    const index = found.get(field);
    return index === undefined
      ? []
      : rows.map((row) => row[index]?.trim() ?? '').filter((cell) => cell !== '');
  };

  // The format that reads the most sampled dates (a file may hold a slip such as 30.02.2024); the first on a tie.
  const dates = samples('date');
  const readCount = (format: DateFormat) => dates.filter((date) => parseMappedDate(date, format)).length;
  const best = Math.max(0, ...DATE_FORMATS.map(readCount));
  const dateFormat = best === 0 ? undefined : DATE_FORMATS.find((format) => readCount(format) === best);

  const types: Record<string, ActivityType> = {};
  const unknownTypes: string[] = [];
  for (const word of new Set(samples('type'))) {
    const type = ACTIVITY_TYPES.find((t) => TYPE_SYNONYMS[t].includes(foldName(word)));
    if (type === undefined) unknownTypes.push(word);
    else types[word] = type;
  }
  return { columns, dateFormat, types, unknownTypes };
}

export const MAPPER_REASONS = {
  noHeader: (missing: readonly string[]) =>
    `no header row with the mapped columns (${missing.map((name) => `"${name}"`).join(', ')} not found)`,
  unmappedType: (word: string) => `type "${word}" is not in your mapping`,
  skippedType: (word: string) => `type "${word}" is skipped by your mapping`,
  date: (raw: string, format: DateFormat) => `date "${raw}" is not a date in the format ${format}`,
  notANumber: (field: string, raw: string) => `${field} "${raw}" is not a number`,
  missing: (field: string) => `no ${field}`,
  notATicker: (raw: string) => `"${raw}" is not a ticker symbol`,
  currency: (raw: string) => `currency "${raw}" is not a currency code`,
  noCurrency: 'no currency (map a currency column, or give the currency of the file)',
} as const;

/** The first row that has every mapped column's name: files may open with a title or account lines. */
function findHeader(rows: readonly CsvRow[], names: readonly string[]): CsvRow | undefined {
  const wanted = names.map(normalizeName);
  return rows.find((row) => {
    const cells = row.cells.map(normalizeName);
    return wanted.every((name) => cells.includes(name));
  });
}

function parseWithMapping(rows: readonly CsvRow[], mapping: ColumnMapping): ActivityFileParse {
  const out = new ParseCollector('generic');
  const mapped = MAPPED_FIELDS.flatMap((field) => {
    const name = mapping.columns[field];
    return name === undefined ? [] : [[field, name] as const];
  });
  const header = findHeader(
    rows,
    mapped.map(([, name]) => name),
  );
  if (header === undefined) {
    const first = rows[0]?.cells.map(normalizeName) ?? [];
    const missing = mapped.map(([, name]) => name).filter((name) => !first.includes(normalizeName(name)));
    out.skip(rows[0]?.line ?? 1, MAPPER_REASONS.noHeader(missing));
    return out.result();
  }
  const headerCells = header.cells.map(normalizeName);
  const indexes = new Map(mapped.map(([field, name]) => [field, headerCells.indexOf(normalizeName(name))]));
  const types = new Map(Object.entries(mapping.types).map(([word, type]) => [normalizeName(word), type]));
  const fileCurrency = mapping.currency === undefined ? undefined : currencyCode(mapping.currency);

  for (const row of rows) {
    if (row.line <= header.line) continue;
    const cell = (field: MappedField) => {
      const index = indexes.get(field);
      return index === undefined ? '' : (row.cells[index]?.trim() ?? '');
    };
    const skip = (reason: string) => out.skip(row.line, reason);

    const word = cell('type');
    const type = types.get(normalizeName(word));
    if (type === undefined) {
      skip(MAPPER_REASONS.unmappedType(word));
      continue;
    }
    if (type === null) {
      skip(MAPPER_REASONS.skippedType(word));
      continue;
    }
    const date = parseMappedDate(cell('date'), mapping.dateFormat);
    if (date === undefined) {
      skip(MAPPER_REASONS.date(cell('date'), mapping.dateFormat));
      continue;
    }
    const rawCurrency = cell('currency');
    const currency = rawCurrency === '' ? fileCurrency : currencyCode(rawCurrency);
    if (currency === undefined) {
      skip(rawCurrency === '' ? MAPPER_REASONS.noCurrency : MAPPER_REASONS.currency(rawCurrency));
      continue;
    }

    // Each field the type takes, read; signs dropped (the type says the direction, as broker files sign amounts).
    const rules = ACTIVITY_FIELD_RULES[type];
    const values: Partial<Record<'quantity' | 'price' | 'fee' | 'amount', string>> = {};
    let reason: string | undefined;
    for (const field of ['quantity', 'price', 'fee', 'amount'] as const) {
      if (rules[field] === 'none') continue;
      const value = decimalOf(cell(field));
      if (value === 'invalid') reason ??= MAPPER_REASONS.notANumber(field, cell(field));
      else if (value === null) {
        if (rules[field] === 'required') reason ??= MAPPER_REASONS.missing(field);
      } else values[field] = decimalText(value.abs());
    }
    let symbol: string | null = null;
    if (rules.symbol !== 'none' && cell('symbol') !== '') {
      symbol = securityKey(cell('symbol')) ?? null;
      if (symbol === null) reason ??= MAPPER_REASONS.notATicker(cell('symbol'));
    } else if (rules.symbol === 'required') reason ??= MAPPER_REASONS.missing('symbol');
    if (reason !== undefined) {
      skip(reason);
      continue;
    }
    out.add(row.line, draft({ type, date, currency, symbol, ...values, note: cell('note') || null }));
  }
  return out.result();
}

/** The reader of a file through a person's mapping: it reads any CSV, so the registry uses it only when asked. */
export function mappedCsvReader(mapping: ColumnMapping): ActivityFormatReader {
  return {
    format: 'generic',
    label: 'CSV with your column mapping',
    detect: () => true,
    parse: (file) => parseWithMapping(csvRowsOf(file), mapping),
  };
}
