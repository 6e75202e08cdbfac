import type { MarketDataSourceName } from '../../../contracts/market-data';

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
