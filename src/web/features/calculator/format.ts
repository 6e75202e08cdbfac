import { formatPercent } from '../../lib/format';
import { onFirstUse } from '../../lib/on-first-use';

const money = onFirstUse(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const smallPrice = onFirstUse(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 }),
);

/**
 * DESIGN.md deviation 11: money with 2 decimals; a price (`isPrice`) under $1 with up to 8, so $0.12345678
 * stays readable. The sign goes before the dollar (-$107.80); a figure that cannot be computed reads '—'.
 */
export function formatCalculatorUsd(value: number, { isPrice = false } = {}): string {
  if (!Number.isFinite(value)) return '—';
  const format = isPrice && Math.abs(value) < 1 ? smallPrice() : money();
  const magnitude = format.format(Math.abs(value));
  return value < 0 && Number(magnitude.replace(/,/g, '')) !== 0 ? `-$${magnitude}` : `$${magnitude}`;
}

/** A percentage with 2 decimals, the app's one percent format: 12.83%, -99.54%. */
export function formatCalculatorPercent(value: number): string {
  const magnitude = formatPercent(Math.abs(value));
  return value < 0 && magnitude !== '0.00%' ? `-${magnitude}` : magnitude;
}

/** Text colour for a signed figure: green above 0, red below, plain at 0 (contrast >= 4.5:1 on white). */
export function signClass(value: number): string {
  if (!Number.isFinite(value)) return 'text-foreground';
  if (value > 0) return 'text-success';
  if (value < 0) return 'text-destructive';
  return 'text-foreground';
}
