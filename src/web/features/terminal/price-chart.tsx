import { useEffect, useId, useRef, useState } from 'react';
import type { CandlestickData, HistogramData, IChartApi, ISeriesApi, Time } from 'lightweight-charts';
import { HISTORY_RANGES, type HistoryRange, type HistoryResponse } from '../../../contracts/market-data';
import { terminalDisplaySymbol } from '../../../contracts/terminal';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { terminalChartOptions } from './chart-theme';
import { Panel, SourceTag } from './panel';
import { formatSignedPercent } from '../../lib/format';
import { formatDay, formatPrice } from './format';
import { usePriceHistory } from './get-history';

const UP = '#34d399';
const DOWN = '#f87171';

interface ChartHandle {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}

/** The chart library is loaded on first use, in its own chunk. */
function useLightweightChart(container: React.RefObject<HTMLDivElement | null>) {
  const [handle, setHandle] = useState<ChartHandle | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let disposed = false;
    let created: IChartApi | undefined;
    import('lightweight-charts')
      .then(({ createChart, CandlestickSeries, HistogramSeries, ColorType }) => {
        const element = container.current;
        if (disposed || !element) return;
        created = createChart(element, terminalChartOptions(ColorType));
        const candles = created.addSeries(CandlestickSeries, {
          upColor: UP,
          downColor: DOWN,
          borderVisible: false,
          wickUpColor: UP,
          wickDownColor: DOWN,
        });
        candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.28 } });
        const volume = created.addSeries(HistogramSeries, {
          priceFormat: { type: 'volume' },
          priceScaleId: '',
          lastValueVisible: false,
          priceLineVisible: false,
        });
        volume.priceScale().applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
        setHandle({ chart: created, candles, volume });
      })
      .catch((error: unknown) => {
        if (!disposed) setLoadError(errorMessage(error, 'The chart could not be loaded.'));
      });
    return () => {
      disposed = true;
      created?.remove();
    };
  }, [container]);
  return { handle, loadError };
}

function toSeries(history: HistoryResponse['history']) {
  const candles: CandlestickData<Time>[] = [];
  const volume: HistogramData<Time>[] = [];
  for (const bar of history) {
    const time = bar.date as Time;
    candles.push({ time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
    volume.push({
      time,
      value: bar.volume,
      color: bar.close >= bar.open ? 'rgba(52, 211, 153, 0.45)' : 'rgba(248, 113, 113, 0.45)',
    });
  }
  return { candles, volume };
}

/** Words for the canvas: what a sighted user reads off the chart. */
function describe(data: HistoryResponse, range: HistoryRange): string {
  const bars = data.history;
  const first = bars[0];
  const last = bars.at(-1);
  const label = terminalDisplaySymbol(data.symbol);
  if (!first || !last) return `${label}: no price history for ${range}.`;
  const high = Math.max(...bars.map((b) => b.high));
  const low = Math.min(...bars.map((b) => b.low));
  const change = ((last.close - first.open) / first.open) * 100;
  return (
    `${label} daily candlesticks with volume, ${range}: ${bars.length} sessions from ${formatDay(first.date)} ` +
    `to ${formatDay(last.date)}. Open ${formatPrice(first.open)}, last close ${formatPrice(last.close)} ` +
    `(${formatSignedPercent(change)}), high ${formatPrice(high)}, low ${formatPrice(low)}.`
  );
}

export interface PriceChartProps {
  symbol: string;
  range: HistoryRange;
  onRangeChange: (range: HistoryRange) => void;
  className?: string;
}

/** Candlesticks and volume of the selected symbol from GET /api/market-data/:ticker/history. */
export function PriceChart({ symbol, range, onRangeChange, className }: PriceChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const { handle, loadError } = useLightweightChart(container);
  const history = usePriceHistory(symbol, range);
  const data = history.data;
  const summaryId = useId();

  useEffect(() => {
    if (!handle || !data) return;
    const { candles, volume } = toSeries(data.history);
    handle.candles.setData(candles);
    handle.volume.setData(volume);
    handle.chart.timeScale().fitContent();
  }, [handle, data]);

  const label = terminalDisplaySymbol(symbol);
  const showing = data && data.symbol === symbol;
  return (
    <Panel
      title={`Chart · ${label}`}
      className={className}
      actions={
        <div className="flex items-center gap-2">
          {showing ? <SourceTag source={data.source} /> : null}
          <div
            role="group"
            aria-label="Chart range"
            className="flex rounded-md border border-slate-700 p-0.5"
          >
            {HISTORY_RANGES.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={option === range}
                onClick={() => onRangeChange(option)}
                className={cn(
                  'min-w-10 rounded px-2 py-1 text-xs font-semibold text-slate-300 hover:bg-slate-800 hover:text-white',
                  option === range && 'bg-amber-400 text-slate-950 hover:bg-amber-300 hover:text-slate-950',
                )}
              >
                {option}
              </button>
            ))}
          </div>
        </div>
      }
    >
      <figure className="relative">
        <div ref={container} className="h-72 w-full sm:h-80 lg:h-[22rem]" />
        <figcaption id={summaryId} className="sr-only" aria-live="polite">
          {data ? describe(data, range) : `Loading the ${label} chart`}
        </figcaption>
        {(!handle && !loadError) || (history.isFetching && !showing) ? (
          <div className="absolute inset-0 flex items-center justify-center bg-[#111827]/70">
            <Spinner className="size-6 text-amber-400" />
          </div>
        ) : null}
        {loadError || history.isError ? (
          <div className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-red-300">
            {loadError ?? errorMessage(history.error, 'Price history is not available right now.')}
          </div>
        ) : null}
      </figure>
      <p className="mt-2 text-xs text-slate-400">
        Click a row of the market dashboard to chart it. Daily sessions;{' '}
        {symbol === '^VIX' ? 'VIX is an index level.' : 'prices in USD.'}
      </p>
    </Panel>
  );
}
