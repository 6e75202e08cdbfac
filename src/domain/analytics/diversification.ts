/**
 * Diversification gaps: what the portfolio lacks or holds too much of, each as a code and a message with
 * its numbers. Weight rules need prices (they are skipped when nothing is priced); presence rules (bonds,
 * international equity, number of holdings) do not.
 */
import { DIVERSIFIED_SECTORS, isEquity, isSingleIssuer } from './classify';
import { exposureBy } from './exposure';
import { formatPercent, symbolAsWritten } from './format';
import type { ClassifiedPosition } from './types';

export type DiversificationGapCode =
  | 'FEW_HOLDINGS'
  | 'SINGLE_HOLDING'
  | 'SECTOR_CONCENTRATION'
  | 'CRYPTO_CONCENTRATION'
  | 'NO_BONDS'
  | 'NO_INTERNATIONAL';

export interface DiversificationGap {
  readonly code: DiversificationGapCode;
  readonly message: string;
}

/** Fewer holdings than this is a gap. */
export const DIVERSIFICATION_MIN_HOLDINGS = 5;
/** A single stock, coin or unknown symbol above this weight is a gap (funds hold many issuers and are exempt). */
export const DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT = 0.25;
/** One industry sector above this weight is a gap (diversified labels such as 'Broad Market' are exempt). */
export const DIVERSIFICATION_MAX_SECTOR_WEIGHT = 0.4;
/** Crypto above this weight is a gap. */
export const DIVERSIFICATION_MAX_CRYPTO_WEIGHT = 0.2;

type Position = Pick<ClassifiedPosition, 'symbol' | 'value' | 'weight' | 'assetClass' | 'sector' | 'region'>;

/**
 * Gaps in a fixed order (none for an empty portfolio): FEW_HOLDINGS, SINGLE_HOLDING (one per holding, largest first), SECTOR_CONCENTRATION
 * (one per sector), CRYPTO_CONCENTRATION, NO_BONDS, NO_INTERNATIONAL (equity held, none of it with region
 * International, Emerging Markets or Global).
 */
export function diversificationGaps(positions: readonly Position[]): DiversificationGap[] {
  const gaps: DiversificationGap[] = [];
  const count = positions.length;
  if (count === 0) return gaps;
  if (count < DIVERSIFICATION_MIN_HOLDINGS) {
    gaps.push({
      code: 'FEW_HOLDINGS',
      message: `Only ${count} ${count === 1 ? 'holding' : 'holdings'}: fewer than ${DIVERSIFICATION_MIN_HOLDINGS} leaves the portfolio dependent on a few names.`,
    });
  }

  const priced = positions.some((p) => p.value > 0);
  if (priced) {
    const heavy = positions
      .filter((p) => isSingleIssuer(p) && p.weight > DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT)
      .sort((a, b) => b.weight - a.weight || (a.symbol < b.symbol ? -1 : 1));
    for (const p of heavy) {
      gaps.push({
        code: 'SINGLE_HOLDING',
        message: `${symbolAsWritten(p.symbol)} is ${formatPercent(p.weight)} of the portfolio, above ${formatPercent(DIVERSIFICATION_MAX_SINGLE_HOLDING_WEIGHT)} for a single stock or coin.`,
      });
    }
    const sectors = exposureBy(positions, (p) => p.sector).filter(
      (b) => !DIVERSIFIED_SECTORS.includes(b.name) && b.weight > DIVERSIFICATION_MAX_SECTOR_WEIGHT,
    );
    for (const s of sectors) {
      gaps.push({
        code: 'SECTOR_CONCENTRATION',
        message: `${s.name} is ${formatPercent(s.weight)} of the portfolio, above ${formatPercent(DIVERSIFICATION_MAX_SECTOR_WEIGHT)} in one sector.`,
      });
    }
    const crypto = positions.reduce((sum, p) => sum + (p.assetClass === 'crypto' ? p.weight : 0), 0);
    if (crypto > DIVERSIFICATION_MAX_CRYPTO_WEIGHT) {
      gaps.push({
        code: 'CRYPTO_CONCENTRATION',
        message: `Crypto is ${formatPercent(crypto)} of the portfolio, above ${formatPercent(DIVERSIFICATION_MAX_CRYPTO_WEIGHT)}.`,
      });
    }
  }

  if (!positions.some((p) => p.assetClass === 'bond')) {
    gaps.push({
      code: 'NO_BONDS',
      message: `No bond exposure: none of the ${count} ${count === 1 ? 'holding is a bond or bond fund' : 'holdings are bonds or bond funds'}.`,
    });
  }
  const equity = positions.filter(isEquity);
  if (equity.length > 0 && !equity.some((p) => p.region !== 'US' && p.region !== 'Unknown')) {
    gaps.push({
      code: 'NO_INTERNATIONAL',
      message:
        equity.length === 1
          ? 'No international exposure: the 1 equity holding does not invest outside the US.'
          : `No international exposure: none of the ${equity.length} equity holdings invest outside the US.`,
    });
  }
  return gaps;
}
