import { useEffect, useRef, useState } from 'react';
import type { IChartApi, LineData, Time } from 'lightweight-charts';
import type { AdviceResponse } from '../../../contracts/advisor';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatUsd } from '../../lib/format';

const SUPPORT = '#047857';
const RESISTANCE = '#b91c1c';

type ChartProps = Pick<AdviceResponse, 'symbol' | 'priceHistory' | 'technicalAnalysis'>;

/** What a sighted reader takes from the chart, for screen readers. */
function describeChart({ symbol, priceHistory, technicalAnalysis }: ChartProps): string {
  const first = priceHistory[0];
  const last = priceHistory.at(-1);
  if (!first || !last) return `${symbol}: no price history.`;
  const levels = (list: number[]) => (list.length > 0 ? list.map(formatUsd).join(', ') : 'none');
  return (
    `${symbol} daily closes from ${first.date} to ${last.date}, last ${formatUsd(last.close)}. ` +
    `Support ${levels(technicalAnalysis.supportLevels)}; resistance ${levels(technicalAnalysis.resistanceLevels)}.`
  );
}

/** A year of closes (lightweight-charts, loaded on first use) with the support and resistance levels marked. */
export function LevelsChart(props: ChartProps) {
  const { priceHistory, technicalAnalysis } = props;
  const container = useRef<HTMLDivElement>(null);
  const [isReady, setIsReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let disposed = false;
    let chart: IChartApi | undefined;
    import('lightweight-charts')
      .then(({ createChart, LineSeries, LineStyle, ColorType }) => {
        const element = container.current;
        if (disposed || !element) return;
        chart = createChart(element, {
          autoSize: true,
          layout: {
            background: { type: ColorType.Solid, color: '#ffffff' },
            textColor: '#334155',
            fontSize: 12,
          },
          grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
          rightPriceScale: { borderColor: '#cbd5e1' },
          timeScale: { borderColor: '#cbd5e1' },
          handleScroll: false,
          handleScale: false,
        });
        const line = chart.addSeries(LineSeries, { color: '#1d4ed8', lineWidth: 2, priceLineVisible: false });
        line.setData(priceHistory.map(({ date, close }): LineData<Time> => ({ time: date, value: close })));
        for (const price of technicalAnalysis.supportLevels) {
          line.createPriceLine({
            price,
            color: SUPPORT,
            lineStyle: LineStyle.Dashed,
            lineWidth: 1,
            axisLabelVisible: true,
          });
        }
        for (const price of technicalAnalysis.resistanceLevels) {
          line.createPriceLine({
            price,
            color: RESISTANCE,
            lineStyle: LineStyle.Dashed,
            lineWidth: 1,
            axisLabelVisible: true,
          });
        }
        chart.timeScale().fitContent();
        setIsReady(true);
      })
      .catch((error: unknown) => {
        if (!disposed) setLoadError(errorMessage(error, 'The chart could not be loaded.'));
      });
    return () => {
      disposed = true;
      chart?.remove();
    };
  }, [priceHistory, technicalAnalysis]);

  return (
    <figure className="relative">
      <div ref={container} className="h-64 w-full sm:h-80" data-testid="advice-chart" />
      <figcaption className="sr-only">{describeChart(props)}</figcaption>
      {!isReady && !loadError ? (
        <div className="absolute inset-0 flex items-center justify-center bg-white/70">
          <Spinner className="size-6" />
        </div>
      ) : null}
      {loadError ? (
        <div className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-destructive">
          {loadError}
        </div>
      ) : null}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
        <span>
          <span className="font-semibold text-[#047857]">- - -</span> Support
        </span>
        <span>
          <span className="font-semibold text-[#b91c1c]">- - -</span> Resistance
        </span>
        <span>Daily closes over the last year</span>
      </p>
    </figure>
  );
}
