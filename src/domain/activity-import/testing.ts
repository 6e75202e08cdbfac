/** Helpers of the format readers' tests. */
import type { ActivityType } from '../activities/activity';
import type { ColumnMapping } from './column-mapper';
import type { ActivityFileParse, ImportedActivity, ImportFile } from './format';

export function importFile(text: string, fileName = 'transactions.csv'): ImportFile {
  return { text, fileName };
}

/** How many activities of each type a parse found. */
export function countByType(parse: ActivityFileParse): Partial<Record<ActivityType, number>> {
  const counts: Partial<Record<ActivityType, number>> = {};
  for (const { type } of parse.activities) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/** The activity read from a line (a reinvested dividend's two rows are two lines). */
export function activityAt(parse: ActivityFileParse, line: number): ImportedActivity | undefined {
  return parse.activities.find((activity) => activity.line === line);
}

/** An activity as a reader builds it: every field, nulls where the type has none. */
export function expected(
  line: number,
  fields: Pick<ImportedActivity, 'type' | 'date'> & Partial<ImportedActivity>,
): ImportedActivity {
  return {
    line,
    symbol: null,
    quantity: null,
    price: null,
    fee: null,
    amount: null,
    currency: 'USD',
    note: null,
    ...fields,
  };
}

/** The header of fixtures/own__generic_transactions.csv, a layout no format knows. */
export const GENERIC_FILE_HEADER = [
  'Trade Date',
  'Activity',
  'Ticker',
  'Shares',
  'Price ($)',
  'Commission',
  'Net Amount',
  'Currency',
  'Description',
];

/** The mapping a person fills for fixtures/own__generic_transactions.csv. */
export const GENERIC_FILE_MAPPING: ColumnMapping = {
  columns: {
    date: 'Trade Date',
    type: 'Activity',
    symbol: 'Ticker',
    quantity: 'Shares',
    price: 'Price ($)',
    fee: 'Commission',
    amount: 'Net Amount',
    currency: 'Currency',
    note: 'Description',
  },
  dateFormat: 'DD.MM.YYYY',
  types: { Kauf: 'buy', verkauf: 'sell', Dividende: 'dividend', Zins: 'interest', Umbuchung: null },
};
