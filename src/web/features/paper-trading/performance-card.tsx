import { Suspense, lazy, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { Balance } from './balances';
import { formatDay, formatMoney } from './format';
import { usePerformance } from './get-performance';
import { formatSignedPercent, formatSignedUsd, toneTextClass } from '../../lib/format';

const PerformanceChart = lazy(() => import('./performance-chart'));

function ChartSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading performance</span>
      <Skeleton className="h-64 w-full sm:h-72" />
    </div>
  );
}

/**
 * A portfolio's first day: one point is a starting state, not a chart (a lone dot between crowded ticks
 * said nothing). The line starts with the second day.
 */
function StartingState({ value, date }: { value: string; date: string }) {
  return (
    <div
      className="flex flex-col items-start gap-1 rounded-lg border border-dashed border-border bg-surface p-4 sm:p-6"
      data-testid="performance-start"
    >
      <p className="text-sm text-muted-foreground">Day one, {formatDay(date)}: value so far</p>
      <p className="text-2xl font-bold tracking-tight tabular-nums">
        <Balance>{formatMoney(value)}</Balance>
      </p>
      <p className="text-sm text-muted-foreground">
        The chart starts tomorrow: it draws one point a day, and a line needs two.
      </p>
    </div>
  );
}

/** Spec 001 §7 fetches /performance when a portfolio is selected; here it draws the value over time. */
export function PerformanceCard({ portfolioId }: { portfolioId: string }) {
  const headingId = useId();
  const performance = usePerformance(portfolioId);
  const data = performance.data;
  const first = data?.points[0];
  const last = data?.points.at(-1);
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h3 id={headingId} className="text-lg leading-tight font-semibold">
          Performance
        </h3>
        <CardDescription>Portfolio value at each day&apos;s close since it was created.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 p-4 pt-0 sm:p-6 sm:pt-0">
        {performance.isPending ? (
          <ChartSkeleton />
        ) : performance.isError ? (
          <p className="text-sm text-muted-foreground">
            {errorMessage(performance.error, 'Performance is not available right now.')}
          </p>
        ) : data && first && last && data.points.length === 1 ? (
          <StartingState value={first.value} date={first.date} />
        ) : data && first && last ? (
          <>
            <Suspense fallback={<ChartSkeleton />}>
              <PerformanceChart performance={data} />
            </Suspense>
            <p className="text-sm text-muted-foreground">
              From <Balance>{formatMoney(first.value)}</Balance> on {formatDay(first.date)} to{' '}
              <Balance>{formatMoney(last.value)}</Balance> on {formatDay(last.date)}: today{' '}
              <Balance className={toneTextClass(data.dailyReturn)}>
                {formatSignedUsd(data.dailyReturn)} ({formatSignedPercent(data.dailyReturnPercent)})
              </Balance>
              .
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">No performance data yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
