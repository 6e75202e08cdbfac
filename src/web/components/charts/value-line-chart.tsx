import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsd } from '../../lib/format';
import { onFirstUse } from '../../lib/on-first-use';

export interface ValuePoint {
  /** YYYY-MM-DD */
  date: string;
  value: number;
}

export interface ValueLineChartProps {
  points: readonly ValuePoint[];
  /** Values masked: no dollar ticks, and the tooltip shows `mask`. */
  hidden: boolean;
  mask: string;
  /** An x-axis tick (`Jan 5`, `Jan 26`). */
  formatTick: (day: string) => string;
  /** The tooltip's date. */
  formatDate: (day: string) => string;
  className?: string;
}

const compactUsd = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 2,
    }),
);

/**
 * Recharts' own rounded bounds ('auto'), except for a flat line, which gets 2 % of headroom each side so it
 * sits mid-chart with distinct ticks.
 */
function yDomain(points: readonly ValuePoint[]): [number | 'auto', number | 'auto'] {
  const values = points.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? [Math.floor(min * 0.98), Math.ceil(max * 1.02)] : ['auto', 'auto'];
}

/** A dollar value day by day: dated x axis, compact dollar y axis, one line (Recharts; load it lazily). */
export function ValueLineChart({
  points,
  hidden,
  mask,
  formatTick,
  formatDate,
  className,
}: ValueLineChartProps) {
  const tooltip = ({
    active,
    payload,
  }: {
    active?: boolean;
    payload?: readonly { payload?: ValuePoint }[];
  }) => {
    const point = payload?.[0]?.payload;
    if (!active || !point) return null;
    return (
      <div className="rounded-md border border-border bg-background px-3 py-2 text-xs shadow-md">
        <p className="font-semibold">{formatDate(point.date)}</p>
        <p className="tabular-nums">{hidden ? mask : formatUsd(point.value)}</p>
      </div>
    );
  };
  return (
    <div className={className} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          accessibilityLayer={false}
          data={[...points]}
          margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={formatTick}
            tick={{ fill: '#475569', fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: '#94a3b8' }}
            minTickGap={32}
          />
          <YAxis
            domain={yDomain(points)}
            width={hidden ? 16 : 64}
            tick={hidden ? false : { fill: '#475569', fontSize: 12 }}
            tickFormatter={(value: number) => compactUsd().format(value)}
            tickLine={false}
            axisLine={{ stroke: '#94a3b8' }}
          />
          <Tooltip content={tooltip} />
          <Line
            type="monotone"
            dataKey="value"
            stroke="#1e4d8c"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
