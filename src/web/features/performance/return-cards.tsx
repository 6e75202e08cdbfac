import type { ReactNode } from 'react';
import type { PerformanceResponse } from '../../../contracts/performance';
import { MaskedValue } from '../../components/ui/masked-value';
import { cn } from '../../lib/cn';
import { toneTextClass } from '../../lib/format';
import {
  MWR_EXPLANATION,
  TWR_EXPLANATION,
  formatReturn,
  formatReturnWithYearly,
  mwrUnavailableText,
} from '../../../contracts/performance-text';

/** How a figure is drawn: `compact` in a card among others (smaller), `hidden` masked (paper trading's balances). */
interface FigureStyle {
  compact?: boolean;
  hidden?: boolean;
}

const figureClass = (compact: boolean) => (compact ? 'text-2xl font-bold' : 'text-2xl font-bold sm:text-3xl');

/** A return as a figure: '+5.23%' in its tone, and '+2.50% a year' under it for a period over a year. */
export function ReturnFigure({
  value,
  annualized,
  compact = false,
  hidden = false,
}: { value: number; annualized: number | null } & FigureStyle) {
  return (
    <div className="flex flex-col gap-0.5">
      <p className={cn('tabular-nums', figureClass(compact), toneTextClass(value))}>
        <MaskedValue hidden={hidden}>{formatReturn(value)}</MaskedValue>
      </p>
      {annualized === null ? null : (
        <p className={cn('text-sm font-medium tabular-nums', toneTextClass(annualized))}>
          <MaskedValue hidden={hidden}>{formatReturn(annualized)} a year</MaskedValue>
        </p>
      )}
    </div>
  );
}

function ReturnCard({
  title,
  explanation,
  children,
  testId,
}: {
  title: string;
  explanation?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-background p-4"
    >
      <h3 className="text-sm font-semibold text-muted-foreground">{title}</h3>
      {children}
      {explanation ? <p className="text-sm text-muted-foreground">{explanation}</p> : null}
    </section>
  );
}

/** The money-weighted return, or why there is none. */
export function MoneyWeighted({
  mwr,
  mwrAnnualized,
  mwrUnavailable,
  compact = false,
  hidden = false,
}: Pick<PerformanceResponse, 'mwr' | 'mwrAnnualized' | 'mwrUnavailable'> & FigureStyle) {
  if (mwr !== null)
    return <ReturnFigure value={mwr} annualized={mwrAnnualized} compact={compact} hidden={hidden} />;
  return (
    <div className="flex flex-col gap-1">
      <p className={cn('text-muted-foreground', figureClass(compact))}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">None</span>
      </p>
      <p className="text-sm font-medium">{mwrUnavailableText(mwrUnavailable)}</p>
    </div>
  );
}

function BenchmarkCard({ benchmark }: { benchmark: NonNullable<PerformanceResponse['benchmark']> }) {
  const title = `Benchmark: ${benchmark.symbol}`;
  if (!benchmark.available) {
    return (
      <ReturnCard title={title} testId="benchmark-return">
        <p className="text-sm font-medium">{benchmark.message}</p>
      </ReturnCard>
    );
  }
  return (
    <ReturnCard title={title} testId="benchmark-return">
      <ReturnFigure value={benchmark.twr} annualized={benchmark.twrAnnualized} />
      <p className="text-sm text-muted-foreground">{benchmark.symbol} over the same days, time-weighted.</p>
      <div className="border-t border-border pt-2 text-sm">
        <p className="font-medium">Your deposits and withdrawals in {benchmark.symbol}:</p>
        {benchmark.mwr !== null ? (
          <p className={cn('tabular-nums', toneTextClass(benchmark.mwr))}>
            {formatReturnWithYearly(benchmark.mwr, benchmark.mwrAnnualized)}{' '}
            <span className="text-muted-foreground">money-weighted</span>
          </p>
        ) : (
          <p>{mwrUnavailableText(benchmark.mwrUnavailable)}</p>
        )}
      </div>
    </ReturnCard>
  );
}

/** The time- and money-weighted returns of the period, and the benchmark's beside them. */
export function ReturnCards({ data }: { data: PerformanceResponse }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <ReturnCard title="Time-weighted return" explanation={TWR_EXPLANATION} testId="twr">
        <ReturnFigure value={data.twr} annualized={data.twrAnnualized} />
      </ReturnCard>
      <ReturnCard title="Money-weighted return" explanation={MWR_EXPLANATION} testId="mwr">
        <MoneyWeighted
          mwr={data.mwr}
          mwrAnnualized={data.mwrAnnualized}
          mwrUnavailable={data.mwrUnavailable}
        />
      </ReturnCard>
      {data.benchmark ? (
        <BenchmarkCard benchmark={data.benchmark} />
      ) : (
        <ReturnCard title="Benchmark" testId="benchmark-return">
          <p className="text-sm text-muted-foreground">No benchmark chosen.</p>
        </ReturnCard>
      )}
    </div>
  );
}
