import { Suspense, lazy, useId } from 'react';
import { Camera } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { SimulatedPricesBadge } from '../../components/ui/simulated-prices-badge';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatSignedPercent, formatSignedUsd, formatUsd, toneTextClass } from '../../lib/format';
import { useGenerateSnapshot } from './generate-snapshot';
import { clientPortfolioName } from '../../../domain/clients';
import { useLatestSnapshot } from './get-latest-snapshot';
import type { AlertsPortfolio } from './query-keys';
import { Amount } from '../../components/hide-values';
import { onFirstUse } from '../../lib/on-first-use';

const SnapshotHistoryChart = lazy(() => import('./snapshot-history-chart'));

const fullDate = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));

/**
 * 'Daily Portfolio Snapshot' (spec 000 §2): the latest snapshot of the saved portfolio (or of the client's,
 * named by `clientName`), its gain or loss against the previous one, 'Generate Snapshot', and the history as
 * a chart once there are two days.
 */
export function SnapshotCard({
  portfolio,
  clientName,
}: {
  portfolio: AlertsPortfolio;
  /** The client's name when the portfolio is a client's; null for the user's own. */
  clientName: string | null;
}) {
  const subject = clientName === null ? 'your saved portfolio' : clientPortfolioName(clientName);
  const headingId = useId();
  const latest = useLatestSnapshot(portfolio);
  const generate = useGenerateSnapshot(portfolio);
  const snapshot = latest.data?.snapshot ?? null;
  const history = latest.data?.history ?? [];

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h3 id={headingId} className="text-lg leading-tight font-semibold">
            Daily Portfolio Snapshot
          </h3>
          <CardDescription>
            {clientName === null ? "Your saved portfolio's value" : `The value of ${subject}`} after each US
            market close, and its change since the previous snapshot.
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {snapshot?.isSimulated ? <SimulatedPricesBadge /> : null}
          <Button size="sm" onClick={() => generate.mutate()} disabled={generate.isPending}>
            <Camera aria-hidden="true" />
            {generate.isPending ? 'Generating...' : 'Generate Snapshot'}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {latest.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : latest.isError ? (
          <p className="text-sm text-muted-foreground">
            {errorMessage(latest.error, 'Your snapshots are not available right now.')}
          </p>
        ) : snapshot ? (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="snapshot-figures">
            <div className="rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">Total value</dt>
              <dd className="text-xl font-semibold tabular-nums">
                <Amount>{formatUsd(snapshot.totalValue)}</Amount>
              </dd>
            </div>
            <div className="rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">Gain/loss since previous snapshot</dt>
              <dd className={cn('text-xl font-semibold tabular-nums', toneTextClass(snapshot.totalGainLoss))}>
                <Amount>{formatSignedUsd(snapshot.totalGainLoss)}</Amount>{' '}
                <span className="text-sm">({formatSignedPercent(snapshot.totalGainLossPercent)})</span>
              </dd>
            </div>
            <div className="rounded-lg border p-3">
              <dt className="text-xs text-muted-foreground">Date</dt>
              <dd className="text-xl font-semibold">
                {fullDate().format(new Date(`${snapshot.date}T00:00:00Z`))}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="no-snapshot">
            No snapshot yet. One is taken of {subject} after each US market close, or generate one now.
          </p>
        )}
        {history.length > 1 ? (
          <Suspense fallback={<Skeleton className="h-48 w-full sm:h-56" />}>
            <SnapshotHistoryChart history={history} />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}
