/**
 * When an activity is already saved (issue 27 items 5 and 11): every field but the note, numbers by value, a
 * missing fee as 0. An import of a file and a move-in of an export both leave out the rows a portfolio already has,
 * so that the same file twice adds nothing.
 */
import type { ActivityDraft } from './activity';
import { shortestDecimal } from './validate';

export type ComparableActivity = Pick<
  ActivityDraft,
  'date' | 'symbol' | 'quantity' | 'price' | 'fee' | 'amount' | 'currency'
> & { type: string };

/** Numbers by value: a stored one reads `12.5000000000`, a checked one `12.5`. */
const decimalKey = (value: string | null) => (value === null ? '' : shortestDecimal(value));

function duplicateKey(row: ComparableActivity): string {
  return [
    row.type,
    row.date,
    row.symbol ?? '',
    decimalKey(row.quantity),
    decimalKey(row.price),
    decimalKey(row.fee ?? '0'),
    decimalKey(row.amount),
    row.currency,
  ].join('|');
}

/**
 * The rows to save and the rows equal to saved activities, counted as a multiset: each saved activity matches one
 * row at most (a file with two equal rows and one saved keeps one).
 */
export function splitDuplicates<Row extends ComparableActivity>(
  rows: readonly Row[],
  saved: readonly ComparableActivity[],
): { fresh: Row[]; duplicates: Row[] } {
  const counts = new Map<string, number>();
  for (const activity of saved) {
    const key = duplicateKey(activity);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const fresh: Row[] = [];
  const duplicates: Row[] = [];
  for (const row of rows) {
    const key = duplicateKey(row);
    const left = counts.get(key) ?? 0;
    if (left > 0) {
      counts.set(key, left - 1);
      duplicates.push(row);
    } else fresh.push(row);
  }
  return { fresh, duplicates };
}
