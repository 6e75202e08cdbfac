import type { ChartOptions, ColorType, DeepPartial } from 'lightweight-charts';

/**
 * The terminal's dark chart look (lightweight-charts), shared by the price chart and the analytics charts.
 * The library's ColorType is passed in, so that this module does not pull the library into the page's chunk.
 */
export function terminalChartOptions(colorType: typeof ColorType): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: { background: { type: colorType.Solid, color: '#111827' }, textColor: '#cbd5e1', fontSize: 12 },
    grid: { vertLines: { color: '#1f2937' }, horzLines: { color: '#1f2937' } },
    rightPriceScale: { borderColor: '#334155' },
    timeScale: { borderColor: '#334155' },
    crosshair: { mode: 0 },
  };
}
