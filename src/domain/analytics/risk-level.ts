/**
 * Risk level 'low' | 'medium' | 'high' from documented thresholds, with the reasons that decided it.
 *
 * With a measured volatility:
 * - high when any of: annualised volatility ≥ 25 %; one single-issuer holding (a stock, a coin or an unknown
 *   symbol) > 40 % of the portfolio; crypto ≥ 30 %;
 * - low when no high trigger and volatility < 10 % and (effective number of holdings ≥ 5, or bonds + cash
 *   ≥ 60 %: one broad bond fund is diversified even though it is one holding);
 * - medium otherwise.
 * Without one (no history), the asset-class mix decides:
 * - high when a single-issuer holding > 40 %, crypto ≥ 30 %, or individual stocks are ≥ 50 % of the
 *   portfolio in fewer than 3 names (equity risk held in too few holdings);
 * - low when no high trigger and bonds + cash ≥ 60 %;
 * - medium otherwise.
 * The single-issuer restriction is deliberate: 60 % in a total-market fund is not the risk that 60 % in one
 * company is.
 */
import { isSingleIssuer } from './classify';
import { formatNumber, formatPercent, symbolAsWritten } from './format';
import type { ClassifiedPosition } from './types';

export type RiskLevel = 'low' | 'medium' | 'high';

export const RISK_HIGH_VOLATILITY = 0.25;
export const RISK_LOW_VOLATILITY = 0.1;
/** A single-issuer holding above this weight makes the portfolio high risk. */
export const RISK_HIGH_SINGLE_HOLDING_WEIGHT = 0.4;
/** Crypto at or above this weight makes the portfolio high risk. */
export const RISK_HIGH_CRYPTO_WEIGHT = 0.3;
export const RISK_LOW_MIN_EFFECTIVE_HOLDINGS = 5;
/** Bonds + cash at or above this weight qualify for low risk. */
export const RISK_LOW_DEFENSIVE_WEIGHT = 0.6;
/** Without volatility: individual stocks at or above this weight... */
export const RISK_HIGH_STOCK_WEIGHT = 0.5;
/** ...held in fewer than this many names make the portfolio high risk. */
export const RISK_HIGH_STOCK_MIN_NAMES = 3;

export interface RiskLevelInput {
  readonly annualizedVolatility: number | null;
  readonly effectiveHoldings: number | null;
  readonly positions: readonly Pick<ClassifiedPosition, 'symbol' | 'weight' | 'assetClass'>[];
}

export interface RiskAssessment {
  readonly level: RiskLevel;
  /** Why, with the numbers that decided it. Never empty. */
  readonly reasons: readonly string[];
  /** What the level rests on: the measured volatility, or the asset-class mix when there is none. */
  readonly basis: 'volatility' | 'asset-mix';
}

export interface AllocationFigures {
  readonly cryptoWeight: number;
  /** bond + cash. */
  readonly defensiveWeight: number;
  readonly stockWeight: number;
  readonly stockCount: number;
  readonly largestSingleIssuer: { readonly symbol: string; readonly weight: number } | null;
}

export function allocationFigures(positions: RiskLevelInput['positions']): AllocationFigures {
  let cryptoWeight = 0;
  let defensiveWeight = 0;
  let stockWeight = 0;
  let stockCount = 0;
  let largest: { symbol: string; weight: number } | null = null;
  for (const p of positions) {
    if (p.assetClass === 'crypto') cryptoWeight += p.weight;
    if (p.assetClass === 'bond' || p.assetClass === 'cash') defensiveWeight += p.weight;
    if (p.assetClass === 'stock') {
      stockWeight += p.weight;
      stockCount++;
    }
    if (
      isSingleIssuer(p) &&
      p.weight > 0 &&
      (largest === null ||
        p.weight > largest.weight ||
        (p.weight === largest.weight && p.symbol < largest.symbol))
    ) {
      largest = { symbol: p.symbol, weight: p.weight };
    }
  }
  return { cryptoWeight, defensiveWeight, stockWeight, stockCount, largestSingleIssuer: largest };
}

export function assessRiskLevel(input: RiskLevelInput): RiskAssessment {
  const vol = input.annualizedVolatility;
  const basis = vol === null ? 'asset-mix' : 'volatility';
  const a = allocationFigures(input.positions);
  const totalWeight = input.positions.reduce((sum, p) => sum + p.weight, 0);
  if (vol === null && !(totalWeight > 0)) {
    return {
      level: 'medium',
      reasons: ['No prices or price history: the risk level cannot be measured and is shown as medium'],
      basis,
    };
  }

  const high: string[] = [];
  if (vol !== null && vol >= RISK_HIGH_VOLATILITY) {
    high.push(
      `Annualised volatility ${formatPercent(vol)} is at or above ${formatPercent(RISK_HIGH_VOLATILITY)}`,
    );
  }
  if (a.largestSingleIssuer && a.largestSingleIssuer.weight > RISK_HIGH_SINGLE_HOLDING_WEIGHT) {
    high.push(
      `${symbolAsWritten(a.largestSingleIssuer.symbol)} is ${formatPercent(a.largestSingleIssuer.weight)} of the portfolio, above ${formatPercent(RISK_HIGH_SINGLE_HOLDING_WEIGHT)}`,
    );
  }
  if (a.cryptoWeight >= RISK_HIGH_CRYPTO_WEIGHT) {
    high.push(
      `Crypto is ${formatPercent(a.cryptoWeight)} of the portfolio, at or above ${formatPercent(RISK_HIGH_CRYPTO_WEIGHT)}`,
    );
  }
  if (vol === null && a.stockWeight >= RISK_HIGH_STOCK_WEIGHT && a.stockCount < RISK_HIGH_STOCK_MIN_NAMES) {
    high.push(
      `Individual stocks are ${formatPercent(a.stockWeight)} of the portfolio in only ${a.stockCount} ${a.stockCount === 1 ? 'name' : 'names'} (fewer than ${RISK_HIGH_STOCK_MIN_NAMES})`,
    );
  }
  if (high.length > 0) return { level: 'high', reasons: high, basis };

  const defensive = a.defensiveWeight >= RISK_LOW_DEFENSIVE_WEIGHT;
  const defensiveText = `bonds and cash are ${formatPercent(a.defensiveWeight)} of the portfolio`;
  if (vol === null) {
    return defensive
      ? {
          level: 'low',
          reasons: [
            `No volatility history; ${defensiveText}, at or above ${formatPercent(RISK_LOW_DEFENSIVE_WEIGHT)}`,
          ],
          basis,
        }
      : {
          level: 'medium',
          reasons: [
            `No volatility history; no high-risk concentration, and ${defensiveText}, below ${formatPercent(RISK_LOW_DEFENSIVE_WEIGHT)}`,
          ],
          basis,
        };
  }

  const eff = input.effectiveHoldings;
  const spread = eff !== null && eff >= RISK_LOW_MIN_EFFECTIVE_HOLDINGS;
  if (vol < RISK_LOW_VOLATILITY && (spread || defensive)) {
    const why = spread
      ? `the effective number of holdings is ${formatNumber(eff)} (at least ${RISK_LOW_MIN_EFFECTIVE_HOLDINGS})`
      : `${defensiveText} (at least ${formatPercent(RISK_LOW_DEFENSIVE_WEIGHT)})`;
    return {
      level: 'low',
      reasons: [
        `Annualised volatility ${formatPercent(vol)} is below ${formatPercent(RISK_LOW_VOLATILITY)} and ${why}`,
      ],
      basis,
    };
  }
  const reasons =
    vol < RISK_LOW_VOLATILITY
      ? [
          `Annualised volatility ${formatPercent(vol)} is below ${formatPercent(RISK_LOW_VOLATILITY)}, but the effective number of holdings is ${eff === null ? 'unknown' : formatNumber(eff)} (fewer than ${RISK_LOW_MIN_EFFECTIVE_HOLDINGS}) and ${defensiveText}`,
        ]
      : [
          `Annualised volatility ${formatPercent(vol)} is between ${formatPercent(RISK_LOW_VOLATILITY)} and ${formatPercent(RISK_HIGH_VOLATILITY)}`,
        ];
  return { level: 'medium', reasons, basis };
}
