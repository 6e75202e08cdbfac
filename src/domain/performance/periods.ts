/**
 * The periods a return is asked for (1D ... Max, or from–to dates) as the two days whose closing values it
 * compares. A period is (start, end]: it starts from the value at the end of `start` (the day before its first
 * day) and ends with the value at the end of `end`; its flows are those of the days after `start` up to `end`.
 */
import {
  addDays,
  addMonths,
  fromDayNumber,
  isIsoDate,
  isoWeekStartOf,
  isTradingDayNumber,
  monthStartOf,
  toDayNumber,
} from '../calendar';

export const PERIOD_RANGES = ['1D', 'WTD', 'MTD', '1M', 'YTD', '1Y', '3Y', '5Y', 'MAX'] as const;
export type PeriodRange = (typeof PERIOD_RANGES)[number];

export type PeriodRequest = { range: PeriodRange } | { range: 'CUSTOM'; from: string; to: string };

export interface ResolvedPeriod {
  /** The range asked for, 'CUSTOM' for from–to dates. */
  range: PeriodRange | 'CUSTOM';
  /** The day whose closing value the period starts from: the day before its first day. */
  start: string;
  /** The last day of the period: its closing value is the period's end value. */
  end: string;
  /** The period asked for began before the history's first activity: it starts the day before that activity. */
  startsBeforeHistory: boolean;
  /** The period asked for ended after `asOf`: it ends on `asOf`. */
  endsAfterAsOf: boolean;
}

export type PeriodOutcome =
  | { ok: true; period: ResolvedPeriod }
  | { ok: false; code: 'INVALID_DATES' | 'BEFORE_HISTORY'; message: string };

/** The last US session on or before a day (1D compares the last session with the one before it). */
function lastSessionOnOrBefore(day: number): number {
  let session = day;
  while (!isTradingDayNumber(session)) session--;
  return session;
}

/** The start day of a range ending on `asOf`, before clamping to the history. */
function startOfRange(range: PeriodRange, asOf: string, historyStart: string): string {
  switch (range) {
    case '1D':
      return fromDayNumber(lastSessionOnOrBefore(lastSessionOnOrBefore(toDayNumber(asOf)) - 1));
    case 'WTD':
      return addDays(isoWeekStartOf(asOf), -1);
    case 'MTD':
      return addDays(monthStartOf(asOf), -1);
    case '1M':
      return addMonths(asOf, -1);
    case 'YTD':
      return `${Number(asOf.slice(0, 4)) - 1}-12-31`;
    case '1Y':
      return addMonths(asOf, -12);
    case '3Y':
      return addMonths(asOf, -36);
    case '5Y':
      return addMonths(asOf, -60);
    case 'MAX':
      return historyStart;
  }
}

/**
 * The days a period compares, for a history whose first activity is on `firstActivity`, seen on `asOf`.
 * - 1D: from the close of the US session before the last one on or before `asOf` (on a Saturday, Thursday's
 *   close to Saturday's value, which is Friday's but for assets that trade at weekends).
 * - WTD, MTD, YTD: from the last day before the ISO week (Monday), the month or the year.
 * - 1M, 1Y, 3Y, 5Y: from the same day 1, 12, 36 or 60 months before (the month's last day for a day it lacks: the
 *   30th of April for the 31st of May, the 28th of February for the 29th).
 * - Max: from the day before the first activity.
 * - From–to: from the day before `from`, to `to`.
 * A start before the history is moved to the day before the first activity, and said; so is an end after `asOf`.
 * A period that ends before the first activity has no return: BEFORE_HISTORY.
 */
export function resolvePeriod(request: PeriodRequest, asOf: string, firstActivity: string): PeriodOutcome {
  const historyStart = addDays(firstActivity, -1);
  let start: string;
  let end = asOf;
  if (request.range === 'CUSTOM') {
    if (!isIsoDate(request.from) || !isIsoDate(request.to) || request.from > request.to) {
      return {
        ok: false,
        code: 'INVALID_DATES',
        message: `A period needs two dates, from on or before to (got ${request.from} to ${request.to}).`,
      };
    }
    if (request.from > asOf) {
      return {
        ok: false,
        code: 'INVALID_DATES',
        message: `The period starts on ${request.from}, after today (${asOf}).`,
      };
    }
    start = addDays(request.from, -1);
    end = request.to < asOf ? request.to : asOf;
  } else start = startOfRange(request.range, asOf, historyStart);
  if (end < firstActivity) {
    return {
      ok: false,
      code: 'BEFORE_HISTORY',
      message: `The period ends on ${end}, before the first activity (${firstActivity}): there is nothing to measure.`,
    };
  }
  const startsBeforeHistory = start < historyStart;
  return {
    ok: true,
    period: {
      range: request.range,
      start: startsBeforeHistory ? historyStart : start,
      end,
      startsBeforeHistory,
      endsAfterAsOf: request.range === 'CUSTOM' && request.to > asOf,
    },
  };
}
