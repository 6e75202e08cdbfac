/** Exposure by asset class, sector and region, from the security master's classification. */
import type { ClassifiedPosition } from './types';

export interface ExposureBucket {
  readonly name: string;
  readonly value: number;
  /** value / total value (0-1). */
  readonly weight: number;
}

export interface Exposure {
  readonly assetClass: readonly ExposureBucket[];
  readonly sector: readonly ExposureBucket[];
  readonly region: readonly ExposureBucket[];
}

type Classified = Pick<ClassifiedPosition, 'value' | 'assetClass' | 'sector' | 'region'>;

/** Buckets of the positions' values by a key, largest weight first, then by name. Zero-value buckets are left out. */
export function exposureBy(
  positions: readonly Classified[],
  key: (p: Classified) => string,
): ExposureBucket[] {
  const sums = new Map<string, number>();
  let total = 0;
  for (const p of positions) {
    if (!(p.value > 0)) continue;
    const name = key(p);
    sums.set(name, (sums.get(name) ?? 0) + p.value);
    total += p.value;
  }
  return [...sums]
    .map(([name, value]) => ({ name, value, weight: total > 0 ? value / total : 0 }))
    .sort((a, b) => b.weight - a.weight || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Exposure of classified positions (see classify.ts: symbols the security master does not know are
 * 'Unknown' unless the holding says otherwise). Asset class names are the master's keys ('stock', 'etf',
 * 'fund', 'bond', 'crypto', 'cash') or 'Unknown'.
 */
export function exposure(positions: readonly Classified[]): Exposure {
  return {
    assetClass: exposureBy(positions, (p) => p.assetClass),
    sector: exposureBy(positions, (p) => p.sector),
    region: exposureBy(positions, (p) => p.region),
  };
}

/** The weight of one bucket, 0 when absent. */
export function bucketWeight(buckets: readonly ExposureBucket[], name: string): number {
  return buckets.find((b) => b.name === name)?.weight ?? 0;
}
