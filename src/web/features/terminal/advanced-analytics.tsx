import { Link } from 'wouter';
import { Briefcase, Gem, RefreshCw } from 'lucide-react';
import {
  ADVANCED_CORRELATION_HOLDINGS,
  terminalDisplaySymbol,
  type AdvancedAnalyticsResponse,
} from '../../../contracts/terminal';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { changeTone, formatFraction, formatSignedPercent } from '../../lib/format';
import { AnalyticsChart, type DatedValue } from './analytics-chart';
import { formatDay, formatRatio, SOURCE_LABELS, TONE_TEXT } from './format';
import { useAdvancedAnalytics } from './get-advanced-analytics';
import { Panel, ScrollRegion, SimulatedBadge } from './panel';
import { CorrelationMatrix } from './risk-panels';

const VOLATILITY_COLOR = '#fbbf24';
const BETA_COLOR = '#38bdf8';
const DRAWDOWN_COLOR = '#f87171';

function formatPercentAxis(value: number): string {
  return formatFraction(value);
}

/** What the chart shows in words: its span, the latest value and the range of the values. */
function describeSeries(
  what: string,
  points: readonly DatedValue[],
  format: (value: number) => string,
): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `${what}: not enough history.`;
  const values = points.map((p) => p.value);
  return (
    `${what}, ${points.length} trading days from ${formatDay(first.date)} to ${formatDay(last.date)}: ` +
    `latest ${format(last.value)}, highest ${format(Math.max(...values))}, lowest ${format(Math.min(...values))}.`
  );
}

function NoData() {
  return <span className="text-slate-400">No data</span>;
}

function SignedReturn({ value, isSimulated }: { value: number | null; isSimulated: boolean }) {
  if (isSimulated) return <span className="text-amber-300">Simulated</span>;
  if (value === null) return <NoData />;
  return <span className={TONE_TEXT[changeTone(value * 100)]}>{formatSignedPercent(value * 100)}</span>;
}

/** The portfolio's and the benchmark's return over each named historical window. */
function StressTable({ data, className }: { data: AdvancedAnalyticsResponse; className?: string }) {
  const benchmark = terminalDisplaySymbol(data.benchmark);
  return (
    <Panel title="Stress test" className={className}>
      <ScrollRegion label="Stress test windows">
        <table className="w-full border-collapse text-sm tabular-nums">
          <caption className="px-3 pb-2 text-left text-xs text-slate-400">
            Return of today&apos;s holdings, held unchanged, from the close of the first day to the close of
            the last. No data: the stored closes do not reach back to the window. Simulated: the prices are
            simulated, so no return is shown under the event&apos;s name (only real history is).
          </caption>
          <thead>
            <tr className="border-b border-slate-800 text-left text-[11px] tracking-wider text-slate-400 uppercase">
              <th scope="col" className="px-3 py-1.5 font-semibold">
                Window
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-semibold">
                Portfolio
              </th>
              <th scope="col" className="px-3 py-1.5 text-right font-semibold">
                {benchmark}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.stress.map((row) => (
              <tr key={row.name} className="border-b border-slate-800/70 last:border-b-0">
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  <span className="block font-semibold text-slate-100">{row.name}</span>
                  <span className="block text-xs text-slate-400">
                    {formatDay(row.from)} – {formatDay(row.to)}
                  </span>
                </th>
                <td className="px-2 py-1.5 text-right font-mono">
                  <SignedReturn value={row.portfolioReturn} isSimulated={row.portfolioSimulated} />
                </td>
                <td className="px-3 py-1.5 text-right font-mono">
                  <SignedReturn value={row.benchmarkReturn} isSimulated={row.benchmarkSimulated} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Panel>
  );
}

function Figures({ data }: { data: AdvancedAnalyticsResponse }) {
  const benchmark = terminalDisplaySymbol(data.benchmark);
  const { symbols } = data.correlation;
  const from = formatDay(data.from as string);
  const asOf = formatDay(data.asOf as string);
  const window = `${data.window}-day`;
  return (
    <>
      <div className="grid gap-3 lg:grid-cols-3">
        <Panel title={`Rolling ${window} volatility`}>
          <AnalyticsChart
            points={data.rollingVolatility}
            kind="line"
            color={VOLATILITY_COLOR}
            formatValue={formatPercentAxis}
            summary={describeSeries(
              `Annualised volatility of the portfolio over each ${data.window} trading days`,
              data.rollingVolatility,
              formatPercentAxis,
            )}
          />
          <p className="mt-2 text-xs text-slate-400">
            Annualised (√252) standard deviation of daily returns.
          </p>
        </Panel>
        <Panel title={`Rolling ${window} beta to ${benchmark}`}>
          <AnalyticsChart
            points={data.rollingBeta}
            kind="line"
            color={BETA_COLOR}
            formatValue={formatRatio}
            summary={describeSeries(
              `Beta of the portfolio to ${benchmark} over each ${data.window} trading days`,
              data.rollingBeta,
              formatRatio,
            )}
          />
          <p className="mt-2 text-xs text-slate-400">
            Covariance with {benchmark}&apos;s daily returns over their variance; 1 moves with the market.
          </p>
        </Panel>
        <Panel title="Drawdown">
          <AnalyticsChart
            points={data.drawdown}
            kind="below-zero"
            color={DRAWDOWN_COLOR}
            formatValue={formatPercentAxis}
            summary={describeSeries(
              'Fall of the portfolio below its highest value so far',
              data.drawdown,
              formatPercentAxis,
            )}
          />
          <p className="mt-2 text-xs text-slate-400">
            Below the highest value so far. Largest fall:{' '}
            <span className="font-mono text-red-300">
              {data.maxDrawdown === null ? '—' : `−${formatFraction(data.maxDrawdown)}`}
            </span>
          </p>
        </Panel>
      </div>
      <div className="grid gap-3 lg:grid-cols-12">
        <Panel title="Holdings correlation" className="lg:col-span-8">
          <CorrelationMatrix
            symbols={symbols}
            matrix={data.correlation.matrix}
            label="Holdings correlation matrix"
            caption={
              `Correlation of daily returns, ${from} to ${asOf}, of ` +
              (symbols.length < data.holdings.length
                ? `the ${ADVANCED_CORRELATION_HOLDINGS} largest of ${data.holdings.length} holdings.`
                : 'every holding, largest first.') +
              ' 1 moves together, −1 moves opposite.'
            }
          />
        </Panel>
        <StressTable data={data} className="lg:col-span-4" />
      </div>
    </>
  );
}

function EmptyState({ text, withLink }: { text: string; withLink: boolean }) {
  return (
    <Panel title="Your portfolio">
      <div className="flex flex-col items-start gap-3 py-2 text-sm text-slate-300">
        <Briefcase className="size-6 text-slate-400" aria-hidden="true" />
        <p>{text}</p>
        {withLink ? (
          <Link
            href="/app"
            className="rounded-md bg-amber-400 px-3 py-1.5 text-sm font-semibold text-slate-950 hover:bg-amber-300"
          >
            Open the Portfolio Analyzer
          </Link>
        ) : null}
      </div>
    </Panel>
  );
}

function Body({ query }: { query: ReturnType<typeof useAdvancedAnalytics> }) {
  if (query.isPending) {
    return (
      <div className="grid gap-3 lg:grid-cols-3" aria-busy="true">
        <span className="sr-only" role="status">
          Loading the advanced analytics
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-64 bg-slate-800" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-md border border-red-400/50 bg-[#111827] p-4 text-sm text-red-200"
      >
        <p>{errorMessage(query.error, 'The advanced analytics are not available right now.')}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="inline-flex items-center gap-2 rounded-md bg-amber-400 px-3 py-1.5 font-semibold text-slate-950 hover:bg-amber-300"
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          Try again
        </button>
      </div>
    );
  }
  const data = query.data;
  if (!data.hasPortfolio) {
    return (
      <EmptyState
        withLink
        text="No saved portfolio yet. Save your holdings in the analyzer to see their correlation, rolling volatility and beta, drawdown and stress test here."
      />
    );
  }
  if (data.from === null) {
    return <EmptyState withLink={false} text="No price history is available for your holdings right now." />;
  }
  return (
    <>
      <Figures data={data} />
      <p className="text-xs text-slate-400">
        Today&apos;s holdings valued at each daily close, {formatDay(data.from)} to{' '}
        {formatDay(data.asOf as string)} ({data.observations} daily returns). History:{' '}
        {data.sources.map((s) => SOURCE_LABELS[s]).join(', ')}.
        {data.excluded.length > 0
          ? ` Left out for lack of history: ${data.excluded.map(terminalDisplaySymbol).join(', ')}.`
          : ''}
      </p>
    </>
  );
}

/** The Professional plan's section of the terminal: the saved portfolio's advanced analytics. */
export function AdvancedAnalytics() {
  const query = useAdvancedAnalytics(true);
  const simulated = query.data?.sources.includes('simulated') ?? false;
  return (
    <section aria-labelledby="advanced-analytics-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="advanced-analytics-title" className="text-base font-bold text-slate-50">
          Advanced analytics
        </h2>
        <span className="rounded-full border border-amber-400/60 px-2 py-0.5 text-xs font-semibold text-amber-300">
          Professional
        </span>
        {simulated ? <SimulatedBadge /> : null}
      </div>
      <Body query={query} />
    </section>
  );
}

/** What a Premium user sees in place of the advanced analytics: what they are, and the plan that has them. */
export function AdvancedAnalyticsUpsell() {
  return (
    <section
      aria-labelledby="advanced-upsell-title"
      className="flex flex-col items-start gap-3 rounded-md border border-amber-400/40 bg-[#111827] p-4 text-sm text-slate-300 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Gem className="mt-0.5 size-5 shrink-0 text-amber-400" aria-hidden="true" />
        <div>
          <h2 id="advanced-upsell-title" className="font-semibold text-slate-50">
            Advanced analytics with Professional
          </h2>
          <p className="mt-1">
            Your portfolio&apos;s correlation matrix, rolling 60-day volatility and beta, drawdown and a
            stress test over historical selloffs.
          </p>
        </div>
      </div>
      <Link
        href="/pricing"
        className="inline-flex h-9 shrink-0 items-center rounded-md bg-amber-400 px-4 font-semibold text-slate-950 hover:bg-amber-300"
      >
        See the Professional plan
      </Link>
    </section>
  );
}
