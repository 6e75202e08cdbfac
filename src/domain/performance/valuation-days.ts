/**
 * The days a history is valued on, and the prices laid on them (valuation.ts). Both are kept between requests while
 * what they are made of is the same arrays (a history kept by its version, prices kept a minute; decision 046): the
 * same pair is computed once, and a resumed valuation finds them unchanged at a glance (valuation-resume.ts compares
 * by identity first).
 */
import type { LedgerActivity } from '../activities/ledger';
import { replayOrder } from '../activities/ledger';
import { fromDayNumber, toDayNumber } from '../calendar';
import type { DailySeries } from './valuation';

/** A series laid on the history's days: the value of each day (carried forward; NaN before the first point). */
export interface DayTable {
  values: Float64Array;
  /** 1 where the series has a point of its own on that day. */
  own: Uint8Array;
  /** The first point, for the days before it (NaN when the series is empty). */
  first: number;
}

/**
 * The tables already laid, per series and days (both arrays kept as they are between requests: a price cache's
 * series, a kept history's days): the same pair is laid once, and a resumed valuation finds its tables unchanged at a
 * glance (valuation-resume.ts compares tables by identity first). Tables are never written after they are laid.
 */
const laidTables = new WeakMap<DailySeries, WeakMap<readonly string[], DayTable>>();

export function layOnDays(series: DailySeries | undefined, dates: readonly string[]): DayTable | null {
  if (!series) return null;
  let bySeries = laidTables.get(series);
  if (!bySeries) laidTables.set(series, (bySeries = new WeakMap()));
  let table = bySeries.get(dates);
  if (!table) bySeries.set(dates, (table = laySeriesOnDays(series, dates)));
  return table;
}

function laySeriesOnDays(series: DailySeries, dates: readonly string[]): DayTable {
  const values = new Float64Array(dates.length).fill(Number.NaN);
  const own = new Uint8Array(dates.length);
  let carried = Number.NaN;
  let next = 0;
  for (let day = 0; day < dates.length; day++) {
    const date = dates[day] as string;
    while (next < series.dates.length && (series.dates[next] as string) <= date) {
      carried = series.values[next] as number;
      if (series.dates[next] === date) own[day] = 1;
      next++;
    }
    values[day] = carried;
  }
  return { values, own, first: series.values[0] ?? Number.NaN };
}

export interface ValuedDays {
  asOf: string;
  /** The activities on or before `asOf`, in the ledger's order. */
  activities: readonly LedgerActivity[];
  /** From the day before the first of them to `asOf`. */
  dates: readonly string[];
}

/** Per activities array (a kept history is the same array from request to request), its last valued days. */
const valuedDays = new WeakMap<readonly LedgerActivity[], ValuedDays>();

/**
 * The days of recent valuations by their first and last day: an edited history (a new array) valued over the same
 * days gets the same days, so its prices' tables are not laid again, and compare unchanged at a glance.
 */
const recentDays = new Map<string, readonly string[]>();
const RECENT_DAYS = 16;

function daysBetween(firstDay: number, asOf: string): readonly string[] {
  const key = `${firstDay}|${asOf}`;
  let dates = recentDays.get(key);
  if (!dates) {
    const dayCount = toDayNumber(asOf) - firstDay + 1;
    dates = Array.from({ length: dayCount }, (_, day) => fromDayNumber(firstDay + day));
    if (recentDays.size >= RECENT_DAYS) recentDays.delete(recentDays.keys().next().value as string);
    recentDays.set(key, dates);
  }
  return dates;
}

/** The activities valued and the days they are valued on; null when none is on or before `asOf`. */
export function valuedDaysOf(all: readonly LedgerActivity[], asOf: string): ValuedDays | null {
  const kept = valuedDays.get(all);
  if (kept?.asOf === asOf) return kept;
  // The ledger's order, by its index sort (a comparison sort on dates as text costs several times more).
  const activities = replayOrder(all)
    .order.map((index) => all[index] as LedgerActivity)
    .filter((activity) => activity.date <= asOf);
  const firstActivity = activities[0];
  if (!firstActivity) return null;
  const valued = { asOf, activities, dates: daysBetween(toDayNumber(firstActivity.date) - 1, asOf) };
  valuedDays.set(all, valued);
  return valued;
}
