import { useId, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AllocationBucket, Valuation } from '../../../contracts/analysis';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatUsd } from '../../lib/format';
import { formatFraction } from '../../lib/format';
import { assetClassLabel } from '../../../domain/analytics/format';
import { MASK, useValuesHidden } from '../../components/hide-values';
import { displaySymbol } from '../../../domain/symbol-kind';
import { onFirstUse } from '../../lib/on-first-use';

/** Distinct, colour-blind-aware hues that read on white. */
const COLORS = [
  '#1e4d8c',
  '#0f6e5a',
  '#c2410c',
  '#7c3aed',
  '#0e7490',
  '#b45309',
  '#be185d',
  '#4d7c0f',
  '#475569',
  '#9f1239',
];
const MAX_SLICES = 8;
const percent0 = onFirstUse(
  () => new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 }),
);

interface Slice {
  name: string;
  value: number;
  weight: number;
}

function topSlices(buckets: readonly Slice[]): Slice[] {
  if (buckets.length <= MAX_SLICES) return [...buckets];
  const head = buckets.slice(0, MAX_SLICES - 1);
  const rest = buckets.slice(MAX_SLICES - 1);
  return [
    ...head,
    {
      name: 'Other',
      value: rest.reduce((sum, b) => sum + b.value, 0),
      weight: rest.reduce((sum, b) => sum + b.weight, 0),
    },
  ];
}

function ChartTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: Slice }[] }) {
  const hidden = useValuesHidden();
  const slice = payload?.[0]?.payload;
  if (!active || !slice) return null;
  return (
    <div className="rounded-md border border-border bg-background px-3 py-2 text-xs shadow-md">
      <p className="font-semibold">{slice.name}</p>
      <p>
        {formatFraction(slice.weight)} · {hidden ? MASK : formatUsd(slice.value)}
      </p>
    </div>
  );
}

/**
 * The figures of a chart as text: the accessible version, and the legend for sighted users. One row per slice,
 * one column, each row ruled: its swatch, its whole name and its percentage cannot be read as another's.
 */
function Legend({ slices, label }: { slices: readonly Slice[]; label: string }) {
  const hidden = useValuesHidden();
  return (
    <ul aria-label={label} className="flex max-w-xl flex-col text-sm">
      {slices.map((slice, index) => (
        <li
          key={slice.name}
          className="flex items-center gap-3 border-b border-border py-1.5 last:border-0"
          data-testid="legend-row"
        >
          <span
            aria-hidden="true"
            className="size-3 shrink-0 rounded-sm"
            style={{ backgroundColor: COLORS[index % COLORS.length] }}
          />
          <span className="min-w-0 flex-1 break-words">{slice.name}</span>
          <span className="shrink-0 font-medium tabular-nums">{formatFraction(slice.weight)}</span>
          {hidden ? null : <span className="sr-only">, {formatUsd(slice.value)}</span>}
        </li>
      ))}
    </ul>
  );
}

function HoldingPie({ slices }: { slices: readonly Slice[] }) {
  return (
    <div aria-hidden="true" className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie
            data={[...slices]}
            dataKey="value"
            nameKey="name"
            innerRadius="55%"
            outerRadius="90%"
            paddingAngle={1}
            rootTabIndex={-1}
            isAnimationActive={false}
          >
            {slices.map((slice, index) => (
              <Cell key={slice.name} fill={COLORS[index % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip content={<ChartTooltip />} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

function BucketBars({ slices }: { slices: readonly Slice[] }) {
  return (
    <div aria-hidden="true" className="w-full" style={{ height: Math.max(140, slices.length * 36 + 40) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={[...slices]}
          layout="vertical"
          margin={{ left: 8, right: 16, bottom: 16 }}
        >
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis
            type="number"
            dataKey="weight"
            domain={[0, (max: number) => Math.min(1, Math.ceil(max * 10) / 10)]}
            tickFormatter={(weight: number) => percent0().format(weight)}
            tick={{ fontSize: 12, fill: '#475569' }}
            axisLine={{ stroke: '#94a3b8' }}
            tickLine={{ stroke: '#94a3b8' }}
            label={{
              value: 'Share of portfolio',
              position: 'insideBottom',
              offset: -4,
              fontSize: 12,
              fill: '#475569',
            }}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={110}
            tick={{ fontSize: 12, fill: '#475569' }}
            axisLine={{ stroke: '#94a3b8' }}
            tickLine={false}
          />
          <Bar dataKey="weight" radius={[0, 4, 4, 0]} isAnimationActive={false}>
            {slices.map((slice, index) => (
              <Cell key={slice.name} fill={COLORS[index % COLORS.length]} />
            ))}
          </Bar>
          <Tooltip content={<ChartTooltip />} cursor={{ fill: '#f1f5f9' }} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function toSlices(buckets: readonly AllocationBucket[], label: (name: string) => string = (n) => n): Slice[] {
  return buckets
    .filter((b) => b.value > 0)
    .map((b) => ({ name: label(b.name), value: b.value, weight: b.weight }));
}

/** Allocation by holding (pie) and by asset class and sector (bars). Its own lazy chunk with Recharts. */
export default function AllocationCharts({ valuation }: { valuation: Valuation }) {
  const [view, setView] = useState('holding');
  const headingId = useId();
  const byHolding = topSlices(
    valuation.allocation.byHolding
      .filter((b) => b.value > 0)
      .map((b) => ({ name: displaySymbol(b.symbol), value: b.value, weight: b.weight })),
  );
  const byClass = toSlices(valuation.allocation.byAssetClass, assetClassLabel);
  const bySector = toSlices(valuation.allocation.bySector);
  if (byHolding.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold">
        Allocation
      </h3>
      <Tabs value={view} onValueChange={setView}>
        <TabsList className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto">
          <TabsTrigger value="holding">Holdings</TabsTrigger>
          <TabsTrigger value="class">Asset class</TabsTrigger>
          <TabsTrigger value="sector">Sector</TabsTrigger>
        </TabsList>
        <TabsContent value="holding" className="flex flex-col gap-4">
          <HoldingPie slices={byHolding} />
          <Legend slices={byHolding} label="Allocation by holding" />
        </TabsContent>
        <TabsContent value="class" className="flex flex-col gap-4">
          <BucketBars slices={byClass} />
          <Legend slices={byClass} label="Allocation by asset class" />
        </TabsContent>
        <TabsContent value="sector" className="flex flex-col gap-4">
          <BucketBars slices={bySector} />
          <Legend slices={bySector} label="Allocation by sector" />
        </TabsContent>
      </Tabs>
    </section>
  );
}
