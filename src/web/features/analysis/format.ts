import type { MarketDataSourceName } from '../../../contracts/market-data';
import { displaySymbol } from '../../../domain/security-master';

/** A ratio such as beta or Sharpe: 2 decimals. */
export function formatRatio(value: number): string {
  return value.toFixed(2);
}

export const SOURCE_LABELS: Readonly<Record<MarketDataSourceName, string>> = {
  yahoo: 'Yahoo Finance',
  coingecko: 'CoinGecko',
  alphavantage: 'Alpha Vantage',
  polygon: 'Polygon',
  fmp: 'Financial Modeling Prep',
  simulated: 'Simulated',
};

/**
 * A price in a listing's own currency: pence as `440p` (London quotes in GBX), others with their symbol
 * (`¥2,400`, `CA$205.00`, `€210.00`).
 */
export function formatLocalPrice(price: number, currency: string): string {
  if (currency === 'GBX') {
    return `${price.toLocaleString('en-US', { maximumFractionDigits: 2 })}p`;
  }
  try {
    return price.toLocaleString('en-US', { style: 'currency', currency });
  } catch {
    return `${price.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency}`;
  }
}

/** A rate to USD with four significant digits: 1.310, 0.006400. */
export function formatFxRate(rate: number): string {
  return rate.toLocaleString('en-US', { minimumSignificantDigits: 4, maximumSignificantDigits: 4 });
}

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
