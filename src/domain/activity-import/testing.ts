/** Helpers of the format readers' tests. */
import type { ActivityType } from '../activities/activity';
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
