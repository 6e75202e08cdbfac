import { useEffect, useRef, useState } from 'react';
import type { IChartApi, ISeriesApi, LineData, Time } from 'lightweight-charts';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { terminalChartOptions } from './chart-theme';

export interface DatedValue {
  date: string;
  value: number;
}

export interface AnalyticsChartProps {
  points: readonly DatedValue[];
  /** 'below-zero': a fall below 0, filled between the line and 0 (the drawdown). */
  kind: 'line' | 'below-zero';
  color: string;
  /** The axis and crosshair label of a value. */
  formatValue: (value: number) => string;
  /** What a sighted user reads off the chart, for screen readers. */
  summary: string;
}

/** One dated series drawn with lightweight-charts (loaded on first use, in its own chunk). */
export function AnalyticsChart({ points, kind, color, formatValue, summary }: AnalyticsChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [series, setSeries] = useState<{ chart: IChartApi; line: ISeriesApi<'Line' | 'Baseline'> } | null>(
    null,
  );
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let disposed = false;
    let created: IChartApi | undefined;
    import('lightweight-charts')
      .then(({ createChart, BaselineSeries, LineSeries, ColorType }) => {
        const element = container.current;
        if (disposed || !element) return;
        created = createChart(element, terminalChartOptions(ColorType));
        // Five years of days in a third of the screen: fitContent may draw a day narrower than the default 0.5 px.
        created.timeScale().applyOptions({ minBarSpacing: 0.01 });
        const priceFormat = { type: 'custom' as const, formatter: formatValue, minMove: 0.0001 };
        const line =
          kind === 'line'
            ? created.addSeries(LineSeries, { color, lineWidth: 2, priceFormat })
            : created.addSeries(BaselineSeries, {
                baseValue: { type: 'price', price: 0 },
                topLineColor: color,
                bottomLineColor: color,
                topFillColor1: 'transparent',
                topFillColor2: 'transparent',
                bottomFillColor1: `${color}14`,
                bottomFillColor2: `${color}66`,
                lineWidth: 2,
                priceFormat,
              });
        setSeries({ chart: created, line });
      })
      .catch((error: unknown) => {
        if (!disposed) setLoadError(errorMessage(error, 'The chart could not be loaded.'));
      });
    return () => {
      disposed = true;
      created?.remove();
    };
  }, [kind, color, formatValue]);

  useEffect(() => {
    if (!series) return;
    series.line.setData(points.map((p): LineData<Time> => ({ time: p.date, value: p.value })));
    series.chart.timeScale().fitContent();
  }, [series, points]);

  return (
    <figure className="relative">
      <div ref={container} className="h-52 w-full sm:h-56" />
      <figcaption className="sr-only">{summary}</figcaption>
      {!series && !loadError ? (
        <div className="absolute inset-0 flex items-center justify-center bg-[#111827]/70">
          <Spinner className="size-6 text-amber-400" />
        </div>
      ) : null}
      {loadError ? (
        <div className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-red-300">
          {loadError}
        </div>
      ) : null}
    </figure>
  );
}
