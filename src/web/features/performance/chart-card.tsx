import { Suspense, lazy, useId, useState } from 'react';
import type { PerformanceResponse } from '../../../contracts/performance';
import { Skeleton } from '../../components/ui/skeleton';
import { chartSummary, formatDay, formatMoney, formatReturn } from '../../../contracts/performance-text';
import { CHART_COLORS } from './format';

const PerformanceCharts = lazy(() => import('./performance-charts'));

export function LegendItem({ kind, label }: { kind: keyof typeof CHART_COLORS; label: string }) {
  const color = CHART_COLORS[kind];
  const dashed = kind === 'netInvested';
  return (
    <li className="flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className="inline-block w-5 border-t-2"
        style={{ borderColor: color, borderTopStyle: dashed ? 'dashed' : 'solid' }}
      />
      {label}
    </li>
  );
}

function ChartSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading the charts</span>
      <Skeleton className="h-56 w-full sm:h-64" />
    </div>
  );
}

/** The benchmark whose line the charts draw: one with a figure on at least one day. */
export function chartedBenchmark(data: PerformanceResponse): string | null {
  return data.benchmark?.available && data.series.some((p) => p.benchmarkIndex !== null)
    ? data.benchmark.symbol
    : null;
}

function SeriesTable({ data, benchmark }: { data: PerformanceResponse; benchmark: string | null }) {
  const { currency } = data;
  return (
    <div
      className="max-h-96 overflow-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
      role="region"
      aria-label="The charts' figures by day"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be keyboard-reachable
      tabIndex={0}
    >
      <table className="w-full min-w-[32rem] text-sm" data-testid="series-table">
        <caption className="sr-only">Value, net invested and returns by day, in {currency}</caption>
        <thead className="sticky top-0 bg-muted text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Date
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Value
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Net invested
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Time-weighted return
            </th>
            {benchmark ? (
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {benchmark}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {data.series.map((point) => (
            <tr key={point.date} className="border-t border-border">
              <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                {formatDay(point.date)}
              </th>
              <td className="px-3 py-1.5 text-right tabular-nums">{formatMoney(point.value, currency)}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">
                {formatMoney(point.netInvested, currency)}
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums">{formatReturn(point.twrIndex - 1)}</td>
              {benchmark ? (
                <td className="px-3 py-1.5 text-right tabular-nums">
                  {point.benchmarkIndex === null ? '—' : formatReturn(point.benchmarkIndex - 1)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The value and net invested, and the time-weighted return against the benchmark, day by day: two charts with
 * their legends, a summary sentence that describes them, and their figures as a table on request.
 */
export function ChartSection({ data }: { data: PerformanceResponse }) {
  const [showTable, setShowTable] = useState(false);
  const summaryId = useId();
  const benchmark = chartedBenchmark(data);
  if (data.series.length < 2) {
    return (
      <p className="text-sm text-muted-foreground">
        A chart needs at least two days: choose a longer period.
      </p>
    );
  }
  return (
    <figure className="flex flex-col gap-3" aria-describedby={summaryId}>
      <figcaption className="sr-only">Value, net invested and returns over the period</figcaption>
      <div className="grid gap-2 text-xs text-muted-foreground sm:text-sm lg:grid-cols-2">
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Left chart">
          <LegendItem kind="value" label="Value" />
          <LegendItem kind="netInvested" label="Net invested" />
        </ul>
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Right chart">
          <LegendItem kind="twr" label="Time-weighted return" />
          {benchmark ? <LegendItem kind="benchmark" label={benchmark} /> : null}
        </ul>
      </div>
      <Suspense fallback={<ChartSkeleton />}>
        <PerformanceCharts series={data.series} currency={data.currency} benchmarkSymbol={benchmark} />
      </Suspense>
      <div id={summaryId} className="text-sm text-muted-foreground" data-testid="chart-summary">
        {chartSummary(data).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <details onToggle={(event) => setShowTable(event.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-medium text-primary">
          Show the figures as a table
        </summary>
        {showTable ? (
          <div className="pt-2">
            <SeriesTable data={data} benchmark={benchmark} />
          </div>
        ) : null}
      </details>
    </figure>
  );
}
