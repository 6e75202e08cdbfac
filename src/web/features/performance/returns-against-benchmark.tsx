import { Suspense, lazy, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import { DEFAULT_BENCHMARK, type PerformanceResponse } from '../../../contracts/performance';
import type { PeriodRange } from '../../../domain/performance/periods';
import { QueryBody } from '../../components/query-card';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { SimulatedPricesBadge } from '../../components/ui/simulated-prices-badge';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { performancePathOf } from '../../lib/portfolio-views';
import {
  hasSimulatedSource,
  returnSummary,
  SIMULATED_SOURCES_NOTE,
} from '../../../contracts/performance-text';
import { chartedBenchmark, LegendItem } from './chart-card';
import { isNoHistory, usePerformance } from './get-performance';
import { PeriodLine } from './performance-notes';
import { RangeButtons } from './range-buttons';
import { MoneyWeighted, ReturnFigure } from './return-cards';

const ReturnsChart = lazy(() =>
  import('./performance-charts').then((charts) => ({ default: charts.ReturnsChart })),
);

/** The periods of the card: the Performance view has them all. */
const RANGES: readonly PeriodRange[] = ['1M', 'YTD', '1Y', 'MAX'];

const CHART_CLASS = 'h-40 w-full sm:h-48';
const CHART_STARTS_TOMORROW =
  'The chart starts tomorrow: it draws one point a day, and a line needs two days.';

function Figure({
  label,
  note,
  className,
  children,
}: {
  label: string;
  note: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-1 rounded-lg border border-border bg-background p-3',
        className,
      )}
    >
      <dt className="text-sm font-semibold text-muted-foreground">
        {label}
        <span className="block text-xs font-normal">{note}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function Figures({ data, hidden }: { data: PerformanceResponse; hidden: boolean }) {
  const { benchmark } = data;
  return (
    // Three across where the card is wide (sm to lg); beside the Performance card (lg), two and the third below.
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2">
      <Figure label="This portfolio" note="time-weighted">
        <ReturnFigure value={data.twr} annualized={data.twrAnnualized} compact hidden={hidden} />
      </Figure>
      <Figure label={benchmark?.symbol ?? DEFAULT_BENCHMARK} note="the same days">
        {benchmark?.available ? (
          <ReturnFigure value={benchmark.twr} annualized={benchmark.twrAnnualized} compact />
        ) : (
          <p className="text-sm font-medium">{benchmark?.message}</p>
        )}
      </Figure>
      <Figure label="Your money" note="money-weighted" className="col-span-2 sm:col-span-1 lg:col-span-2">
        <MoneyWeighted
          mwr={data.mwr}
          mwrAnnualized={data.mwrAnnualized}
          mwrUnavailable={data.mwrUnavailable}
          compact
          hidden={hidden}
        />
      </Figure>
    </dl>
  );
}

/** The two indexes day by day, with their legend and, for screen readers, what they show in a sentence. */
function Chart({ data }: { data: PerformanceResponse }) {
  const summaryId = useId();
  const benchmark = chartedBenchmark(data);
  // The first point is the close before the period: over a portfolio's first day, a line would be that one day.
  if (data.series.length < 3) return <p className="text-sm text-muted-foreground">{CHART_STARTS_TOMORROW}</p>;
  return (
    <figure className="flex flex-col gap-2" aria-describedby={summaryId}>
      <figcaption className="sr-only">The time-weighted return day by day</figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Chart legend">
        <LegendItem kind="twr" label="This portfolio" />
        {benchmark ? <LegendItem kind="benchmark" label={benchmark} /> : null}
      </ul>
      <Suspense fallback={<Skeleton className={CHART_CLASS} />}>
        <ReturnsChart series={data.series} benchmarkSymbol={benchmark} className={CHART_CLASS} />
      </Suspense>
      <p id={summaryId} className="sr-only">
        {returnSummary(data)}
      </p>
    </figure>
  );
}

function Returns({ data, hidden }: { data: PerformanceResponse; hidden: boolean }) {
  return (
    <>
      <PeriodLine data={data} />
      <Figures data={data} hidden={hidden} />
      {hidden ? (
        <p className="text-sm text-muted-foreground">The chart is hidden with the balances.</p>
      ) : (
        <Chart data={data} />
      )}
      {hasSimulatedSource(data.sources) ? (
        <div
          className="flex flex-col items-start gap-1.5 text-sm text-muted-foreground"
          data-testid="returns-simulated"
        >
          <SimulatedPricesBadge />
          <p>{SIMULATED_SOURCES_NOTE}</p>
        </div>
      ) : null}
    </>
  );
}

function ReturnsSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading the returns…</span>
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

/**
 * A portfolio's return against SPY, for the paper-trading dashboard (issue 28 item 7): the time-weighted return
 * beside SPY's over the same days and the money-weighted one, for 1M, YTD, 1Y or since the portfolio opened (Max),
 * with the two indexes day by day and a link to the whole Performance view. `portfolio` is the API's key; `name`
 * names it for the link; `hidden` masks the portfolio's own figures and chart (Hide Balances). Its own lazy chunk.
 */
export default function ReturnsAgainstBenchmark({
  portfolio,
  name,
  hidden,
}: {
  portfolio: string;
  name: string;
  hidden: boolean;
}) {
  const headingId = useId();
  const periodId = useId();
  const [range, setRange] = useState<PeriodRange>('MAX');
  const performance = usePerformance(portfolio, { range, benchmark: DEFAULT_BENCHMARK });
  const noHistory = performance.isError && isNoHistory(performance.error);
  const isUpdating = performance.isPlaceholderData && performance.isFetching;
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="returns-against-benchmark">
      <CardHeader className="p-4 sm:p-6">
        <h3 id={headingId} className="text-lg leading-tight font-semibold">
          Return against {DEFAULT_BENCHMARK}
        </h3>
        <CardDescription>
          How this portfolio did beside {DEFAULT_BENCHMARK}, a fund that follows the S&amp;P 500, over the
          same days.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {noHistory ? (
          <p className="text-sm text-muted-foreground" data-testid="returns-no-history">
            No returns yet: this portfolio has no day of history to measure.
          </p>
        ) : (
          <>
            <div className="flex flex-col gap-1.5">
              <span id={periodId} className="text-sm font-medium">
                Period
              </span>
              <RangeButtons labelId={periodId} ranges={RANGES} selected={range} onSelect={setRange} />
            </div>
            <div className="flex flex-col gap-3" aria-busy={isUpdating || undefined}>
              <QueryBody query={performance} what="the returns" loading={<ReturnsSkeleton />}>
                {(answer) => <Returns data={answer} hidden={hidden} />}
              </QueryBody>
            </div>
          </>
        )}
        <Link
          href={performancePathOf(portfolio)}
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          All returns, the breakdown and sources<span className="sr-only"> of {name}</span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}
