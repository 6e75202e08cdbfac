/** Concentration of a portfolio's weights. */

export interface WeightedSymbol {
  readonly symbol: string;
  readonly weight: number;
}

export interface Concentration {
  /** Herfindahl-Hirschman index Σ w², on weights normalised to sum to 1: 1/n (equal weights) to 1 (one holding). */
  readonly hhi: number | null;
  /** 1 / HHI: the number of equal-weight holdings that would be as concentrated. */
  readonly effectiveHoldings: number | null;
  /** The largest weight and its symbol (ties: alphabetical). */
  readonly largest: WeightedSymbol | null;
  /** Sum of the 5 largest weights. */
  readonly top5Weight: number | null;
  /** Holdings with a positive weight. */
  readonly weightedHoldings: number;
}

export const CONCENTRATION_TOP_N = 5;

/**
 * HHI, effective number of holdings, largest weight, top-5 weight. Weights are normalised by their sum (so
 * values may be passed as weights); non-positive or non-finite weights are ignored. All null when nothing
 * has a positive weight.
 */
export function concentration(weights: readonly WeightedSymbol[]): Concentration {
  const positive = weights.filter((w) => Number.isFinite(w.weight) && w.weight > 0);
  const total = positive.reduce((sum, w) => sum + w.weight, 0);
  if (positive.length === 0 || !(total > 0)) {
    return { hhi: null, effectiveHoldings: null, largest: null, top5Weight: null, weightedHoldings: 0 };
  }
  const sorted = positive
    .map((w) => ({ symbol: w.symbol, weight: w.weight / total }))
    .sort((a, b) => b.weight - a.weight || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  let hhi = 0;
  for (const w of sorted) hhi += w.weight * w.weight;
  const top5Weight = sorted.slice(0, CONCENTRATION_TOP_N).reduce((sum, w) => sum + w.weight, 0);
  return {
    hhi,
    effectiveHoldings: 1 / hhi,
    largest: sorted[0] ?? null,
    top5Weight,
    weightedHoldings: sorted.length,
  };
}
