import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { LineChart } from 'lucide-react';
import { DEFAULT_BENCHMARK, PERFORMANCE_MESSAGES } from '../../../contracts/performance';
import { QueryBody } from '../../components/query-card';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { activityPathOf } from '../../lib/portfolio-views';
import { BreakdownTable } from './breakdown-table';
import { ChartSection } from './chart-card';
import { DividendIncomeCard } from './dividend-income-card';
import { isNoHistory, usePerformance, type PerformanceRequest } from './get-performance';
import { PerformanceNotes, PeriodLine } from './performance-notes';
import { PeriodControls } from './period-controls';
import { RealizedByYearCard } from './realized-by-year-card';
import { ReturnCards } from './return-cards';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {title}
        </h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/** The empty state of a portfolio without a history (the server's 422 NO_HISTORY), with where to add one. */
function NoHistory({ portfolio }: { portfolio: string }) {
  const isPaper = portfolio.startsWith('paper:');
  const link = buttonClasses({ variant: 'outline' });
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 px-4 py-10 text-center sm:px-6">
        <LineChart className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="max-w-md text-base font-medium" data-testid="no-history">
          {PERFORMANCE_MESSAGES.noHistory}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {isPaper ? (
            <Link href="/paper-trading" className={link}>
              Trade on Paper Trading
            </Link>
          ) : (
            <>
              <Link href={activityPathOf(portfolio)} className={buttonClasses()}>
                Add your transactions
              </Link>
              <Link href={activityPathOf(portfolio)} className={link}>
                Import a file
              </Link>
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function ReturnsSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <span className="sr-only">Loading the returns…</span>
      <Skeleton className="h-4 w-64 max-w-full" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 w-full" />
        ))}
      </div>
      <Skeleton className="h-56 w-full sm:h-64" />
    </div>
  );
}

/**
 * One portfolio's Performance view (issue 28 item 6): the period, benchmark and base currency; the time- and
 * money-weighted returns with the benchmark's; the value and net invested and the returns day by day; the change
 * in value split into its parts; the dividend income and the realised gains by year (whole history, in the base
 * currency, each with its own loading, empty and error states); and where the returns' figures came from.
 * `portfolio` is the API's key (`me`, `account:<id>`, `client:<id>`, `paper:<id>`).
 */
export function PerformanceView({ portfolio }: { portfolio: string }) {
  const [request, setRequest] = useState<PerformanceRequest>({ range: 'MAX', benchmark: DEFAULT_BENCHMARK });
  const performance = usePerformance(portfolio, request);
  const { data } = performance;
  if (performance.isError && isNoHistory(performance.error)) return <NoHistory portfolio={portfolio} />;
  const isUpdating = performance.isPlaceholderData && performance.isFetching;
  return (
    <div className="flex flex-col gap-6">
      <Section title="Returns" description="How this portfolio did over the period you choose.">
        <PeriodControls request={request} onChange={setRequest} currency={data?.currency} />
        <div className="flex flex-col gap-3 border-t border-border pt-4" aria-busy={isUpdating || undefined}>
          <QueryBody query={performance} what="the returns" loading={<ReturnsSkeleton />}>
            {(answer) => (
              <>
                {isUpdating ? (
                  <p className="text-sm text-muted-foreground" role="status">
                    Updating…
                  </p>
                ) : null}
                <PeriodLine data={answer} />
                <ReturnCards data={answer} />
              </>
            )}
          </QueryBody>
        </div>
      </Section>
      {data && !performance.isError ? (
        <>
          <Section
            title="Day by day"
            description="The value against the money put in, and the returns against the benchmark."
          >
            <ChartSection data={data} />
          </Section>
          <Section
            title="What changed the value"
            description="From the value at the start to the value at the end, part by part."
          >
            <BreakdownTable data={data} />
          </Section>
        </>
      ) : null}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] xl:items-start">
        <DividendIncomeCard portfolio={portfolio} />
        <RealizedByYearCard portfolio={portfolio} />
      </div>
      {data && !performance.isError ? (
        <Section title="About these figures">
          <PerformanceNotes data={data} />
        </Section>
      ) : null}
    </div>
  );
}
