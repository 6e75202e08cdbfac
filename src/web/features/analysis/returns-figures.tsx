import type { AnalysisReturns } from '../../../contracts/analysis';
import { cn } from '../../lib/cn';
import { toneTextClass } from '../../lib/format';
import {
  formatDay,
  formatReturn,
  MWR_EXPLANATION,
  RANGE_LABELS,
  TWR_EXPLANATION,
} from '../../../contracts/performance-text';

/** One return of a period, signed and coloured, with its yearly rate under it for a period over a year. */
function Figure({
  label,
  value,
  annualized,
}: {
  label: string;
  value: number | null;
  annualized: number | null;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={cn('text-right font-semibold tabular-nums', value === null ? null : toneTextClass(value))}
      >
        {value === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">none</span>
          </>
        ) : (
          formatReturn(value)
        )}
        {value !== null && annualized !== null ? (
          <span className="block text-xs font-normal">{formatReturn(annualized)} a year</span>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * The returns of the analyzed portfolio by its recorded history (decision 043): the same figures the analysis
 * states, per period, beside the benchmark's. The content of the results' Returns card.
 */
export function ReturnsFigures({ returns }: { returns: AnalysisReturns }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        From your recorded activity, in {returns.currency}, beside {returns.benchmarkSymbol} over the same
        days.
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {returns.periods.map((period) => (
          <section
            key={period.range}
            aria-label={RANGE_LABELS[period.range].title}
            className="flex min-w-0 flex-col gap-2 rounded-lg bg-surface p-3"
          >
            <h4 className="text-sm font-semibold">{RANGE_LABELS[period.range].title}</h4>
            <p className="text-xs text-muted-foreground">
              {formatDay(period.range === 'MAX' ? returns.firstActivityDate : period.start)} to{' '}
              {formatDay(period.end)}
            </p>
            <dl className="flex flex-col gap-1.5">
              <Figure label="Time-weighted" value={period.twr} annualized={period.twrAnnualized} />
              <Figure label="Money-weighted" value={period.mwr} annualized={period.mwrAnnualized} />
              <Figure
                label={returns.benchmarkSymbol}
                value={period.benchmarkTwr}
                annualized={period.benchmarkTwrAnnualized}
              />
            </dl>
          </section>
        ))}
      </div>
      <div className="flex flex-col gap-1 text-xs text-muted-foreground">
        <p>{TWR_EXPLANATION}</p>
        <p>{MWR_EXPLANATION}</p>
      </div>
    </div>
  );
}
