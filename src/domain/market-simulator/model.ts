/**
 * The model of one simulated symbol: how its daily log-return loads on the shared factors, its volatility and
 * drift per step, and the dollar volume of a typical day.
 */
import type { SecurityMasterEntry } from '../security-master';
import { hashString, mix32 } from './random';

/** Trading days per year used to turn annual volatility into daily steps. */
const EQUITY_STEPS_PER_YEAR = 252;
const CRYPTO_STEPS_PER_YEAR = 365;

export type Factor =
  'market' | 'international' | 'emerging' | 'rates' | 'commodities' | 'crypto' | `sector:${string}`;

export interface Model {
  kind: 'walk' | 'mean-reverting' | 'constant';
  /** Calendar days (crypto) or US trading days only. */
  everyDay: boolean;
  /** Daily volatility of the log price. */
  sigma: number;
  /** Daily drift of the log price (walks only). */
  drift: number;
  loadings: readonly [Factor, number][];
  /** Weight of the symbol's own noise: sqrt(1 - sum of squared loadings). */
  idiosyncratic: number;
  /** AR(1) coefficient per step (mean-reverting only). */
  phi: number;
  /** Dollar volume of a typical day. */
  dollarVolume: number;
}

const STOCK_MARKET_LOADING: Readonly<Record<string, number>> = {
  'Information Technology': 0.65,
  'Communication Services': 0.6,
  'Consumer Discretionary': 0.6,
  Financials: 0.6,
  Industrials: 0.6,
  Materials: 0.55,
  'Health Care': 0.5,
  'Real Estate': 0.5,
  Energy: 0.45,
  'Consumer Staples': 0.45,
  Utilities: 0.4,
};

const ANNUAL_LOG_DRIFT: Readonly<Record<SecurityMasterEntry['assetClass'], number>> = {
  stock: 0.07,
  etf: 0.06,
  fund: 0.06,
  bond: 0.02,
  crypto: 0.05,
  cash: 0,
};

function factorLoadings(entry: SecurityMasterEntry): [Factor, number][] {
  const { assetClass, sector, region } = entry;
  if (assetClass === 'crypto')
    return [
      ['market', 0.3],
      ['crypto', 0.8],
    ];
  if (assetClass === 'bond')
    return region === 'US'
      ? [
          ['rates', 0.9],
          ['market', 0.05],
        ]
      : [['rates', 0.8]];
  if (assetClass === 'stock')
    return [
      ['market', STOCK_MARKET_LOADING[sector] ?? 0.6],
      [`sector:${sector}`, 0.45],
    ];
  if (sector === 'Commodities')
    return [
      ['commodities', 0.9],
      ['market', 0.1],
    ];
  if (sector === 'Balanced')
    return [
      ['market', 0.9],
      ['rates', 0.2],
    ];
  if (sector === 'Target Date')
    return [
      ['market', 0.85],
      ['international', 0.3],
      ['rates', 0.15],
    ];
  if (region === 'Emerging Markets')
    return [
      ['market', 0.55],
      ['international', 0.4],
      ['emerging', 0.55],
    ];
  if (region === 'International')
    return [
      ['market', 0.7],
      ['international', 0.6],
    ];
  if (sector === 'Real Estate')
    return [
      ['market', 0.5],
      ['sector:Real Estate', 0.7],
    ];
  if (sector === 'Broad Market') return [['market', 0.97]];
  // Sector ETFs (XLK, SMH, XLE, ...).
  return [
    ['market', 0.7],
    [`sector:${sector}`, 0.65],
  ];
}

const DOLLAR_VOLUME_RANGE: Readonly<Record<SecurityMasterEntry['assetClass'], [number, number]>> = {
  stock: [2e8, 8e9],
  etf: [1e8, 2e10],
  fund: [5e6, 2e8],
  bond: [5e7, 2e9],
  crypto: [2e8, 3e10],
  cash: [1e7, 1e9],
};

export function modelOf(entry: SecurityMasterEntry): Model {
  const everyDay = entry.assetClass === 'crypto';
  const stepsPerYear = everyDay ? CRYPTO_STEPS_PER_YEAR : EQUITY_STEPS_PER_YEAR;
  const sigma = entry.annualVolatility / Math.sqrt(stepsPerYear);
  const isVolatilityIndex = entry.sector === 'Volatility';
  const isStablecoin = entry.assetClass === 'crypto' && entry.annualVolatility <= 0.02;
  const kind: Model['kind'] =
    entry.annualVolatility <= 0 ? 'constant' : isVolatilityIndex || isStablecoin ? 'mean-reverting' : 'walk';
  const loadings: [Factor, number][] = isVolatilityIndex
    ? [['market', -0.75]]
    : isStablecoin
      ? []
      : factorLoadings(entry);
  const loaded = loadings.reduce((sum, [, weight]) => sum + weight * weight, 0);
  const [low, high] = DOLLAR_VOLUME_RANGE[entry.assetClass];
  const position = mix32(hashString(`volume:${entry.symbol}`)) / 4_294_967_296;
  return {
    kind,
    everyDay,
    sigma,
    drift: ANNUAL_LOG_DRIFT[entry.assetClass] / stepsPerYear,
    loadings,
    idiosyncratic: Math.sqrt(Math.max(0, 1 - loaded)),
    // VIX: half-life of about 23 sessions; stablecoins snap back within a day or two.
    phi: isVolatilityIndex ? 0.97 : 0.5,
    dollarVolume: low * Math.pow(high / low, position),
  };
}
