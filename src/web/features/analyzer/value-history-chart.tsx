import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ValueHistory } from '../../../contracts/analysis';
import { formatUsd } from '../../lib/format';
import { MASK, useValuesHidden } from './hide-values';

type Point = ValueHistory['points'][number];

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

function ChartTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: Point }[] }) {
  const hidden = useValuesHidden();
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border border-border bg-background px-3 py-2 text-xs shadow-md">
      <p className="font-semibold">{fullDate.format(asDate(point.date))}</p>
      <p className="tabular-nums">{hidden ? MASK : formatUsd(point.value)}</p>
    </div>
  );
}

/** The holdings' value at each close, with month ticks and a dollar axis (its own lazy chunk with Recharts). */
export default function ValueHistoryChart({ points }: { points: ValueHistory['points'] }) {
  const hidden = useValuesHidden();
  return (
    <div className="h-56 w-full sm:h-64" aria-hidden="true" data-testid="value-history-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          accessibilityLayer={false}
          data={[...points]}
          margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(day: string) => monthYear.format(asDate(day))}
            tick={{ fill: '#475569', fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: '#94a3b8' }}
            minTickGap={32}
          />
          <YAxis
            domain={['auto', 'auto']}
            width={hidden ? 16 : 60}
            tick={hidden ? false : { fill: '#475569', fontSize: 12 }}
            tickFormatter={(value: number) => compactUsd.format(value)}
            tickLine={false}
            axisLine={{ stroke: '#94a3b8' }}
          />
          <Tooltip content={<ChartTooltip />} />
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
