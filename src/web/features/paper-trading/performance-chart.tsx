import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PaperPerformanceResponse } from '../../../contracts/paper-trading';
import { formatUsd } from '../../lib/format';
import { BALANCE_MASK, useBalancesHidden } from './balances';
import { formatDay } from './format';

interface Point {
  date: string;
  value: number;
}

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 2,
});

function ChartTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: Point }[] }) {
  const hidden = useBalancesHidden();
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border border-border bg-background px-3 py-2 text-xs shadow-md">
      <p className="font-semibold">{formatDay(point.date)}</p>
      <p className="tabular-nums">{hidden ? BALANCE_MASK : formatUsd(point.value)}</p>
    </div>
  );
}

/** The portfolio's value day by day: a Recharts line (its own lazy chunk). */
export default function PerformanceChart({ performance }: { performance: PaperPerformanceResponse }) {
  const hidden = useBalancesHidden();
  const points: Point[] = performance.points.map((p) => ({ date: p.date, value: Number(p.value) }));
  return (
    <div className="h-64 w-full sm:h-72" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          accessibilityLayer={false}
          data={points}
          margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={formatDay}
            tick={{ fill: '#475569', fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: '#e2e8f0' }}
            minTickGap={24}
          />
          <YAxis
            // 2 % of headroom each side, so a flat line sits mid-chart with distinct ticks.
            domain={[(min: number) => Math.floor(min * 0.98), (max: number) => Math.ceil(max * 1.02)]}
            width={hidden ? 16 : 64}
            tick={hidden ? false : { fill: '#475569', fontSize: 12 }}
            tickFormatter={(value: number) => compactUsd.format(value)}
            tickLine={false}
            axisLine={false}
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
