/**
 * Ghostfolio's activities CSV (`Date,Code,DataSource,Currency,Price,Quantity,Action,Fee,Note`), with the column
 * names Ghostfolio accepts for each field (`CCY`, `Qty`, `Symbol`, ...) and its dates: day first
 * (`16-09-2021`, `17/11/2021`, `01.01.2022`), year first, or `20500606`.
 */
import { ParseCollector, csvRowsOf, dateOfIsoDateTime, isoDate, leadingRows, normalizeName } from './fields';
import type { ActivityFormatReader } from './format';
import { readGhostfolioActivity } from './ghostfolio';

/** Ghostfolio's names of each column, lower case. */
const COLUMN_NAMES = {
  date: ['date', 'tradedate'],
  symbol: ['code', 'symbol', 'ticker'],
  dataSource: ['datasource'],
  currency: ['ccy', 'currency', 'currencyprimary'],
  unitPrice: ['price', 'tradeprice', 'unitprice', 'value'],
  quantity: ['qty', 'quantity', 'shares', 'units'],
  type: ['action', 'buy/sell', 'type'],
  fee: ['commission', 'fee', 'ibcommission'],
  comment: ['comment', 'note'],
} as const;
type Field = keyof typeof COLUMN_NAMES;

function columnsOf(header: readonly string[]): Partial<Record<Field, number>> {
  const names = header.map(normalizeName);
  const columns: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(COLUMN_NAMES) as Field[]) {
    const index = names.findIndex((name) => (COLUMN_NAMES[field] as readonly string[]).includes(name));
    if (index >= 0) columns[field] = index;
  }
  return columns;
}

/** Ghostfolio's date spellings, the whole cell matched. */
const DAY_FIRST = /^(\d{2})([-/.])(\d{2})\2(\d{4})$/;
const YEAR_FIRST = /^(\d{4})([-/.]?)(\d{2})\2(\d{2})$/;

export function ghostfolioDate(raw: string): string | undefined {
  const text = raw.trim();
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) return isoDate(dayFirst[4] ?? '', dayFirst[3] ?? '', dayFirst[1] ?? '');
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return isoDate(yearFirst[1] ?? '', yearFirst[3] ?? '', yearFirst[4] ?? '');
  return dateOfIsoDateTime(text);
}

export const ghostfolioCsv: ActivityFormatReader = {
  format: 'ghostfolio-csv',
  label: 'Ghostfolio activities (CSV)',
  detect(file) {
    const header = leadingRows(file, 1)[0]?.cells ?? [];
    const columns = columnsOf(header);
    const names = header.map(normalizeName);
    // Ghostfolio's own words (Code, Action, DataSource) tell its file from any CSV with a date and a symbol.
    const isOwnLayout = names.includes('code') || names.includes('action') || names.includes('datasource');
    return (
      isOwnLayout &&
      (['date', 'symbol', 'type', 'currency', 'unitPrice', 'quantity'] as const).every(
        (f) => columns[f] !== undefined,
      )
    );
  },
  parse(file) {
    const [header, ...rows] = csvRowsOf(file);
    const columns = columnsOf(header?.cells ?? []);
    const out = new ParseCollector('ghostfolio-csv');
    for (const row of rows) {
      const cell = (field: Field) => {
        const index = columns[field];
        return index === undefined ? '' : (row.cells[index] ?? '');
      };
      const rawDate = cell('date');
      readGhostfolioActivity(
        {
          line: row.line,
          type: cell('type'),
          dataSource: cell('dataSource'),
          symbol: cell('symbol'),
          currency: cell('currency'),
          date: ghostfolioDate(rawDate),
          rawDate,
          quantity: cell('quantity'),
          unitPrice: cell('unitPrice'),
          fee: cell('fee'),
          comment: cell('comment'),
        },
        out,
      );
    }
    return out.result();
  },
};
