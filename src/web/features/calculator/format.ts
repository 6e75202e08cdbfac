import { formatNumber } from '../../lib/format';

/** Up to 8 fraction digits, non-finite as 0 (spec 000 §5), with the sign before the dollar: -$107.8. */
export function formatCalculatorUsd(value: number): string {
  const magnitude = formatNumber(Math.abs(value));
  return value < 0 && magnitude !== '0' ? `-$${magnitude}` : `$${magnitude}`;
}

/** A percentage with up to 8 fraction digits: 12.8373951%. */
export function formatCalculatorPercent(value: number): string {
  const magnitude = formatNumber(Math.abs(value));
  return value < 0 && magnitude !== '0' ? `-${magnitude}%` : `${magnitude}%`;
}

/** Text colour for a signed figure: green above 0, red below, plain at 0 (contrast >= 4.5:1 on white). */
export function signClass(value: number, { zeroIsPositive = false } = {}): string {
  if (!Number.isFinite(value)) return 'text-foreground';
  if (value > 0 || (zeroIsPositive && value === 0)) return 'text-success';
  if (value < 0) return 'text-destructive';
  return 'text-foreground';
}
