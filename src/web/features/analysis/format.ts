import type { MarketDataSourceName } from '../../../contracts/market-data';
import { PRICE_SOURCE_LABELS } from '../../../domain/analytics/format';
import { displaySymbol } from '../../../domain/symbol-kind';

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

/**
 * The value history's holdings without a line, each for its reason: a symbol no source found (the valuation's
 * `unknownSymbols`) is 'ZZZZQ: not found.'; a holding found but without closes keeps 'Not included, for lack
 * of a price history: …'. Before the valuation has said which are unknown, no reason is given.
 */
export function valueHistoryLeftOut(
  excluded: readonly string[],
  unknownSymbols: readonly string[] | undefined,
): string[] {
  const list = (symbols: readonly string[]) => symbols.map(displaySymbol).join(', ');
  if (excluded.length === 0) return [];
  if (unknownSymbols === undefined) return [`Not included: ${list(excluded)}.`];
  const unknown = new Set(unknownSymbols);
  const notFound = excluded.filter((symbol) => unknown.has(symbol));
  const noHistory = excluded.filter((symbol) => !unknown.has(symbol));
  return [
    ...(notFound.length > 0 ? [`${list(notFound)}: not found.`] : []),
    ...(noHistory.length > 0 ? [`Not included, for lack of a price history: ${list(noHistory)}.`] : []),
  ];
}
