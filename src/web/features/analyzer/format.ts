import type { MarketDataSourceName } from '../../../contracts/market-data';
import { PRICE_SOURCE_LABELS } from '../../../domain/analytics/format';
import { displaySymbol } from '../../../domain/security-master';

/** A ratio such as beta or Sharpe: 2 decimals. */
export function formatRatio(value: number): string {
  return value.toFixed(2);
}

export const SOURCE_LABELS: Readonly<Record<MarketDataSourceName, string>> = PRICE_SOURCE_LABELS;

/**
 * The holdings no figure includes (issue 25 item 3), as written in the results: 'Left out: ZZZZQ (not
 * found)'; a listing found without an exchange rate reads '(no price today)'. Null when nothing was left out.
 */
export function leftOutNote(
  unknownSymbols: readonly string[],
  unpricedSymbols: readonly string[],
): string | null {
  const unknown = new Set(unknownSymbols);
  const all = [...unknownSymbols, ...unpricedSymbols.filter((symbol) => !unknown.has(symbol))];
  if (all.length === 0) return null;
  const items = all.map(
    (symbol) => `${displaySymbol(symbol)} (${unknown.has(symbol) ? 'not found' : 'no price today'})`,
  );
  return `Left out: ${items.join(', ')}`;
}
