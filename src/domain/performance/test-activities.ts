/** Builders of histories and price series for the performance tests, and their independent root finder. */
import type { ActivityType } from '../activities/activity';
import type { LedgerActivity } from '../activities/ledger';
import type { DailySeries, PerformanceInput } from './valuation';

let sequence = 0;

/** An activity in USD unless told, with only the fields given. */
export function activityOf(
  type: ActivityType,
  date: string,
  fields: Partial<Pick<LedgerActivity, 'symbol' | 'quantity' | 'price' | 'fee' | 'amount' | 'currency'>> = {},
): LedgerActivity {
  sequence += 1;
  return {
    id: `a${sequence}`,
    sequence,
    type,
    date,
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

/** `{ '2024-01-02': 101.5 }` as a series, dates sorted. */
export function seriesOf(points: Readonly<Record<string, number>>): DailySeries {
  const dates = Object.keys(points).sort();
  return { dates, values: dates.map((date) => points[date] as number) };
}

/** An input in USD without FX rates but those given. */
export function inputOf(
  activities: LedgerActivity[],
  closes: Readonly<Record<string, Readonly<Record<string, number>>>>,
  asOf: string,
  fxRates: Readonly<Record<string, Readonly<Record<string, number>>>> = {},
): PerformanceInput {
  const toMap = (table: Readonly<Record<string, Readonly<Record<string, number>>>>) =>
    new Map(Object.entries(table).map(([key, points]) => [key, seriesOf(points)]));
  return { activities, closes: toMap(closes), baseCurrency: 'USD', fxRates: toMap(fxRates), asOf };
}

/** A root of `f` between `low` and `high` (f changes sign over them) by 200 halvings: slow, plain, independent. */
export function bisectRoot(f: (x: number) => number, low: number, high: number): number {
  const lowSign = Math.sign(f(low));
  for (let i = 0; i < 200; i++) {
    const middle = (low + high) / 2;
    if (Math.sign(f(middle)) === lowSign) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
