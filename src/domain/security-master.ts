import data from './security-master.json' with { type: 'json' };
import { exchangeOf } from './listings';
import { CRYPTO_PREFIX } from './symbol-kind';

/** What a security is, as far as exposure by asset class is concerned. */
export type AssetClass = 'stock' | 'etf' | 'fund' | 'bond' | 'crypto' | 'cash';

export const ASSET_CLASSES: readonly AssetClass[] = ['stock', 'etf', 'fund', 'bond', 'crypto', 'cash'];

/**
 * `International`, `Emerging Markets` and `Global` are what US-listed funds hold; the named markets are the
 * region of a share or fund listed there (docs/decisions/034).
 */
export type Region =
  | 'US'
  | 'International'
  | 'Emerging Markets'
  | 'Global'
  | 'United Kingdom'
  | 'Europe'
  | 'Canada'
  | 'Japan'
  | 'Asia-Pacific';

export const REGIONS: readonly Region[] = [
  'US',
  'International',
  'Emerging Markets',
  'Global',
  'United Kingdom',
  'Europe',
  'Canada',
  'Japan',
  'Asia-Pacific',
];

export interface SecurityMasterEntry {
  /** Upper case, as Yahoo writes it (`BRK-B`, `^GSPC`); crypto as `CRYPTO:BTC`. */
  readonly symbol: string;
  readonly name: string;
  readonly assetClass: AssetClass;
  /** GICS sector for stocks; a descriptive sector for funds ("Broad Market", "Fixed Income", ...). */
  readonly sector: string;
  readonly region: Region;
  /** Approximate late-2025 price: the simulator's starting point, never shown as a quote. */
  readonly basePrice: number;
  /** Rounded long-run annualised volatility, used only by the offline simulator. */
  readonly annualVolatility: number;
  /** CoinGecko coin id, crypto only. */
  readonly coingeckoId?: string;
  /** A market index (`^GSPC`, `^VIX`): quotable, not investable. */
  readonly isIndex?: boolean;
  /** Listings outside the US only: the currency of its price (`GBX` is pence), absent for USD. */
  readonly currency?: string;
  /** Listings outside the US only: the exchange (`LSE`, `TSX`, `XETRA`, `TSE`, `HKEX`, `ASX`). */
  readonly exchange?: string;
}

// Kept here too for the many modules that read them beside the master; they live in the small symbol-kind.ts
// so that code needing only them does not load the master's data.
export { CRYPTO_PREFIX, displaySymbol } from './symbol-kind';

export const securityMaster: readonly SecurityMasterEntry[] = data as readonly SecurityMasterEntry[];

// The indexes are marked pure so that a bundle using only the small helpers of a module that imports this one
// (listings.ts's `isGlobalListing` in the web app's analyzer) leaves the master's data out.
const bySymbol: ReadonlyMap<string, SecurityMasterEntry> = /* @__PURE__ */ new Map(
  /* @__PURE__ */ securityMaster.map((entry) => [entry.symbol, entry]),
);

/**
 * The entry for a symbol, case-insensitive. Share-class separators written as `.` or `/`
 * (`BRK.B`, `BRK/B`, as brokerage exports do) are read as Yahoo's `-`.
 */
export function findSecurity(symbol: string): SecurityMasterEntry | undefined {
  const key = symbol.trim().toUpperCase();
  return bySymbol.get(key) ?? bySymbol.get(key.replace(/[./]/g, '-'));
}

/**
 * The currency a symbol's prices are in, for vendors that do not say (FMP, Alpha Vantage's quotes, the
 * simulator): the master's, else its exchange's (listings.ts), else USD.
 */
export function listingCurrency(symbol: string): string {
  return findSecurity(symbol)?.currency ?? exchangeOf(symbol)?.currency ?? 'USD';
}

/** Lower case, accents removed, so "estee" finds "Estée". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

interface Indexed {
  readonly entry: SecurityMasterEntry;
  /** The symbol and, for crypto, the bare ticker (`crypto:btc`, `btc`). */
  readonly symbols: readonly string[];
  /** Folded name; a match at its start or after a non-alphanumeric character is a word prefix. */
  readonly name: string;
}

const searchIndex: readonly Indexed[] = /* @__PURE__ */ securityMaster.map((entry) => {
  const symbol = fold(entry.symbol);
  const symbols = entry.symbol.startsWith(CRYPTO_PREFIX)
    ? [symbol, symbol.slice(CRYPTO_PREFIX.length)]
    : [symbol];
  return { entry, symbols, name: fold(entry.name) };
});

/** 0 exact symbol, 1 symbol prefix, 2 name word prefix, 3 name substring; undefined: no match. */
function rank(item: Indexed, query: string, symbolQuery: string): number | undefined {
  if (item.symbols.some((s) => s === query || s === symbolQuery)) return 0;
  if (item.symbols.some((s) => s.startsWith(query) || s.startsWith(symbolQuery))) return 1;
  let at = item.name.indexOf(query);
  if (at < 0) return undefined;
  while (at >= 0) {
    if (at === 0 || !/[a-z0-9]/.test(item.name.charAt(at - 1))) return 2;
    at = item.name.indexOf(query, at + 1);
  }
  return 3;
}

/**
 * Securities matching a query, best first: exact symbol, then symbol prefix, then a word of
 * the name starting with the query, then the name containing it. Case- and accent-insensitive;
 * crypto matches both as `CRYPTO:BTC` and `BTC`; `BRK.B` matches `BRK-B`. Ties: shorter symbol first, then alphabetical.
 */
export function searchSecurities(query: string, limit = 10): SecurityMasterEntry[] {
  const q = fold(query.trim());
  if (q.length === 0 || limit <= 0) return [];
  const symbolQuery = q.replace(/[./]/g, '-');
  const hits: { entry: SecurityMasterEntry; rank: number; key: string }[] = [];
  for (const item of searchIndex) {
    const r = rank(item, q, symbolQuery);
    if (r !== undefined) hits.push({ entry: item.entry, rank: r, key: item.symbols.at(-1) ?? '' });
  }
  hits.sort(
    (a, b) => a.rank - b.rank || a.key.length - b.key.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return hits.slice(0, limit).map((h) => h.entry);
}
