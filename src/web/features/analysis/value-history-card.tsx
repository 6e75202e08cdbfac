import { Suspense, lazy, useId } from 'react';
import type { Portfolio } from '../../../contracts/analysis';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatSignedPercent, formatSignedUsd, formatUsd, toneTextClass } from '../../lib/format';
import { useValueHistory } from './get-value-history';
import { Amount } from '../../components/hide-values';
import { valueHistoryLeftOut } from './format';
import { SimulatedPricesBadge } from '../../components/ui/simulated-prices-badge';
import { onFirstUse } from '../../lib/on-first-use';

const ValueHistoryChart = lazy(() => import('./value-history-chart'));

const fullDate = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));
const formatDay = (day: string) => fullDate().format(new Date(`${day}T00:00:00Z`));

function ChartSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading the value history</span>
      <Skeleton className="h-56 w-full sm:h-64" />
    </div>
  );
}

/**
 * Spec 000's value over time: today's holdings at each stored daily close of the past year, from the
 * server's value history. 'Simulated' is said once, by the badge, when any close is simulated. A holding left
 * out is named with its reason: not found (the valuation's `unknownSymbols`), or no price history.
 */
export function ValueHistoryCard({
  portfolio,
  unknownSymbols,
}: {
  portfolio: Readonly<Portfolio>;
  /** The valuation's symbols no source found; undefined until it has answered. */
  unknownSymbols: readonly string[] | undefined;
}) {
  const headingId = useId();
  const history = useValueHistory(portfolio);
  const data = history.data;
  const leftOut = data ? valueHistoryLeftOut(data.excluded, unknownSymbols) : [];
  const first = data?.points[0];
  const last = data?.points.at(-1);
  const change = first && last ? last.value - first.value : 0;
  const changePercent = first && last && first.value > 0 ? (change / first.value) * 100 : 0;

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 p-4 sm:p-6">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            Value over the past year
          </h2>
          <CardDescription>Your current holdings at each day&apos;s closing price.</CardDescription>
        </div>
        {data?.isSimulated ? <SimulatedPricesBadge /> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3 p-4 pt-0 sm:p-6 sm:pt-0">
        {history.isPending ? (
          <ChartSkeleton />
        ) : history.isError ? (
          <p className="text-sm text-muted-foreground">
            {errorMessage(history.error, 'The value history is not available right now.')}
          </p>
        ) : data && first && last && data.points.length > 1 ? (
          <>
            <Suspense fallback={<ChartSkeleton />}>
              <ValueHistoryChart points={data.points} />
            </Suspense>
            <p className="text-sm text-muted-foreground" data-testid="value-history-summary">
              From <Amount>{formatUsd(first.value)}</Amount> on {formatDay(first.date)} to{' '}
              <Amount>{formatUsd(last.value)}</Amount> on {formatDay(last.date)}:{' '}
              <span className={cn('font-medium', toneTextClass(change))}>
                <Amount>{formatSignedUsd(change)}</Amount> ({formatSignedPercent(changePercent)})
              </span>
              .
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">There is no price history for these holdings yet.</p>
        )}
        {leftOut.map((line) => (
          <p
            key={line}
            className="text-xs break-words text-muted-foreground"
            data-testid="value-history-left-out"
          >
            {line}
          </p>
        ))}
      </CardContent>
    </Card>
  );
}
