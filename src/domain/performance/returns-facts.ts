/**
 * A portfolio's returns as facts of its analysis (issue 28 item 7, decision 043): the periods of GET
 * /api/performance's computation that the analysis may cite, each with its time- and money-weighted return and the
 * benchmark's, all fractions (0.0523 for 5.23 %).
 */
import { addDays } from '../calendar';
import type { PeriodPerformance } from './performance';
import type { PeriodRange } from './periods';

/** The periods an analysis is given, in this order. */
export const RETURNS_FACT_RANGES = ['1Y', 'YTD', 'MAX'] as const satisfies readonly PeriodRange[];
export type ReturnsFactRange = (typeof RETURNS_FACT_RANGES)[number];

export interface PeriodReturnsFact {
  readonly range: ReturnsFactRange;
  /** The day whose closing value the period starts from (the day before its first day). */
  readonly start: string;
  readonly end: string;
  readonly twr: number;
  /** Only for periods over a year (docs/performance.md), as every annualized figure below. */
  readonly twrAnnualized: number | null;
  /** Null when the flows have no money-weighted return. */
  readonly mwr: number | null;
  readonly mwrAnnualized: number | null;
  /** Null when the benchmark has no figure for the period. */
  readonly benchmarkTwr: number | null;
  readonly benchmarkTwrAnnualized: number | null;
}

export interface ReturnsFacts {
  /** The base currency every return is measured in. */
  readonly currency: string;
  readonly benchmarkSymbol: string;
  readonly firstActivityDate: string;
  /** RETURNS_FACT_RANGES' order; MAX always, the others only when the history covers them. */
  readonly periods: readonly PeriodReturnsFact[];
}

/**
 * The facts of the periods measured, one per range of RETURNS_FACT_RANGES in that order. A period that starts before
 * the history is left out: its figures are Max's, and '1Y' would say a year the history does not have. Null without
 * Max.
 */
export function returnsFactsOf(
  measured: readonly PeriodPerformance[],
  context: { currency: string; benchmarkSymbol: string },
): ReturnsFacts | null {
  const periods: PeriodReturnsFact[] = [];
  let firstActivityDate: string | null = null;
  for (const { period, twr, twrAnnualized, mwr, benchmark } of measured) {
    const range = RETURNS_FACT_RANGES.find((r) => r === period.range);
    if (range === undefined || period.startsBeforeHistory) continue;
    if (range === 'MAX') firstActivityDate = addDays(period.start, 1);
    const beside = benchmark?.ok ? benchmark : null;
    periods.push({
      range,
      start: period.start,
      end: period.end,
      twr,
      twrAnnualized,
      mwr: mwr.periodReturn,
      mwrAnnualized: mwr.annualized,
      benchmarkTwr: beside?.twr ?? null,
      benchmarkTwrAnnualized: beside?.twrAnnualized ?? null,
    });
  }
  if (firstActivityDate === null) return null;
  periods.sort((a, b) => RETURNS_FACT_RANGES.indexOf(a.range) - RETURNS_FACT_RANGES.indexOf(b.range));
  return { ...context, firstActivityDate, periods };
}
