import type { MarketDataSourceName } from '../../../contracts/market-data';
import { formatPercent } from '../../lib/format';

/** A 0-1 fraction as a percent with 2 decimals: 0.1234 -> '12.34%'. */
export function formatFraction(value: number): string {
  return formatPercent(value * 100);
}

/** A percent-unit change with its sign: 1.5 -> '+1.50%', -0.2 -> '-0.20%'. */
export function formatSignedPercent(value: number): string {
  const text = formatPercent(Math.abs(value));
  if (value > 0) return `+${text}`;
  if (value < 0) return `-${text}`;
  return text;
}

/** A ratio such as beta or Sharpe: 2 decimals. */
export function formatRatio(value: number): string {
  return value.toFixed(2);
}

export const SOURCE_LABELS: Readonly<Record<MarketDataSourceName, string>> = {
  yahoo: 'Yahoo Finance',
  coingecko: 'CoinGecko',
  alphavantage: 'Alpha Vantage',
  polygon: 'Polygon',
  fmp: 'Financial Modeling Prep',
  simulated: 'Simulated',
};

/** 'stock' -> 'Stocks', as allocation labels. */
const ASSET_CLASS_LABELS: Readonly<Record<string, string>> = {
  stock: 'Stocks',
  etf: 'ETFs',
  fund: 'Mutual funds',
  bond: 'Bonds',
  crypto: 'Crypto',
  cash: 'Cash',
  Unknown: 'Unknown',
};

export function assetClassLabel(name: string): string {
  return ASSET_CLASS_LABELS[name] ?? name;
}

/** Colour for gains, losses and no change. */
export function changeTone(value: number | null | undefined): 'gain' | 'loss' | 'flat' {
  if (value === null || value === undefined || value === 0) return 'flat';
  return value > 0 ? 'gain' : 'loss';
}
