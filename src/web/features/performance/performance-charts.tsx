import type { ReactNode } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PerformancePoint } from '../../../contracts/performance';
import { formatDay, formatMoney, formatReturn } from '../../../contracts/performance-text';
import { CHART_COLORS } from './format';

const AXIS = { fill: '#475569', fontSize: 12 };
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** Month ticks over a long period, day ticks over a short one. */
function tickFormatOf(points: readonly PerformancePoint[]): (day: string) => string {
  const first = points[0]?.date;
  const last = points.at(-1)?.date;
  const days = first && last ? (asDate(last).getTime() - asDate(first).getTime()) / 86_400_000 : 0;
  return (day) => (days > 180 ? monthYear : monthDay).format(asDate(day));
}

interface TooltipLine {
  label: string;
  text: string;
}

function ChartTooltip({ date, lines }: { date: string; lines: readonly TooltipLine[] }) {
  return (
    <div className="rounded-md border border-border bg-background px-3 py-2 text-xs shadow-md">
      <p className="font-semibold">{formatDay(date)}</p>
      {lines.map((line) => (
        <p key={line.label} className="tabular-nums">
          {line.label}: {line.text}
        </p>
      ))}
    </div>
  );
}

/** A day of both charts: returns from 0 at the period's start. */
interface ChartRow {
  date: string;
  value: number;
  netInvested: number;
  twr: number;
  benchmark: number | null;
}

type TooltipProps = { active?: boolean; payload?: readonly { payload?: ChartRow }[] };

function rowsOf(series: readonly PerformancePoint[]): ChartRow[] {
  return series.map((p) => ({
    date: p.date,
    value: p.value,
    netInvested: p.netInvested,
    twr: p.twrIndex - 1,
    benchmark: p.benchmarkIndex === null ? null : p.benchmarkIndex - 1,
  }));
}

const AXIS_LINE = { stroke: '#94a3b8' };
/** What both charts' value axes and lines share. */
const Y_AXIS = { width: 64, tick: AXIS, tickLine: false, axisLine: AXIS_LINE } as const;
const LINE = { strokeWidth: 2, dot: false, isAnimationActive: false } as const;

/**
 * A chart of the series by day: its frame, grid and date axis around `children` (its y axis, tooltip and lines).
 * Hidden from screen readers: where it shows, its figures are said in words.
 */
function DayChart({
  series,
  className,
  children,
}: {
  series: readonly PerformancePoint[];
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          accessibilityLayer={false}
          data={rowsOf(series)}
          margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={tickFormatOf(series)}
            tick={AXIS}
            tickLine={false}
            axisLine={AXIS_LINE}
            minTickGap={32}
          />
          {children}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * The time-weighted return against the benchmark's, each from 0 % at the period's start: the Performance view's
 * right-hand chart, and the paper dashboard's returns card.
 */
export function ReturnsChart({
  series,
  benchmarkSymbol,
  className = 'h-56 w-full sm:h-64',
}: {
  series: readonly PerformancePoint[];
  /** Set when the series has the benchmark's index. */
  benchmarkSymbol: string | null;
  className?: string;
}) {
  const returnTooltip = ({ active, payload }: TooltipProps) => {
    const point = payload?.[0]?.payload;
    if (!active || !point) return null;
    const lines = [{ label: 'Time-weighted', text: formatReturn(point.twr) }];
    if (benchmarkSymbol && point.benchmark !== null)
      lines.push({ label: benchmarkSymbol, text: formatReturn(point.benchmark) });
    return <ChartTooltip date={point.date} lines={lines} />;
  };
  return (
    <DayChart series={series} className={className}>
      <YAxis {...Y_AXIS} tickFormatter={(v: number) => formatReturn(v)} />
      <Tooltip content={returnTooltip} />
      <Line {...LINE} type="monotone" dataKey="twr" stroke={CHART_COLORS.twr} />
      {benchmarkSymbol ? (
        <Line {...LINE} type="monotone" dataKey="benchmark" stroke={CHART_COLORS.benchmark} connectNulls />
      ) : null}
    </DayChart>
  );
}

/**
 * The two charts of the Performance view (Recharts, its own lazy chunk): the value and the net invested, in the
 * answer's currency; the time-weighted return against the benchmark's. The card gives their figures as a summary
 * and a table.
 */
export default function PerformanceCharts({
  series,
  currency,
  benchmarkSymbol,
}: {
  series: readonly PerformancePoint[];
  currency: string;
  /** Set when the series has the benchmark's index. */
  benchmarkSymbol: string | null;
}) {
  const compactMoney = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 2,
  });
  const valueTooltip = ({ active, payload }: TooltipProps) => {
    const point = payload?.[0]?.payload;
    if (!active || !point) return null;
    return (
      <ChartTooltip
        date={point.date}
        lines={[
          { label: 'Value', text: formatMoney(point.value, currency) },
          { label: 'Net invested', text: formatMoney(point.netInvested, currency) },
        ]}
      />
    );
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true" data-testid="performance-charts">
      <DayChart series={series} className="h-56 w-full sm:h-64">
        <YAxis {...Y_AXIS} tickFormatter={(v: number) => compactMoney.format(v)} />
        <Tooltip content={valueTooltip} />
        <Line {...LINE} type="monotone" dataKey="value" stroke={CHART_COLORS.value} />
        <Line
          {...LINE}
          type="stepAfter"
          dataKey="netInvested"
          stroke={CHART_COLORS.netInvested}
          strokeDasharray="6 4"
        />
      </DayChart>
      <ReturnsChart series={series} benchmarkSymbol={benchmarkSymbol} />
    </div>
  );
}
