/** The number when it is finite, else null: what the facts hold where a statistic is undefined. */
export function finiteOrNull(x: number | null | undefined): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}
