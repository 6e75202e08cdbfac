import { exchangeOf } from '../listings';
import { CRYPTO_PREFIX, findSecurity, type AssetClass } from '../security-master';
import type { Classification, RegionOrUnknown } from './types';

export const UNKNOWN = 'Unknown';

/** Trimmed, upper case: the form in which portfolios store symbols. */
export function normalizeSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

/** What a holding may say about itself (a manual form's type, a provider's profile). */
export interface ClassificationHint {
  readonly name?: string;
  readonly assetClass?: AssetClass;
  readonly sector?: string;
  readonly region?: RegionOrUnknown;
}

/**
 * The classification of a symbol. The security master wins for the symbols it knows; otherwise the
 * holding's own hints are used, and a listing outside the US takes its exchange's region; otherwise a `CRYPTO:` symbol is crypto (sector 'Cryptocurrency',
 * region 'Global'); anything still unknown is 'Unknown'.
 */
export function classify(symbol: string, hint: ClassificationHint = {}): Classification {
  const entry = findSecurity(symbol);
  if (entry) {
    return {
      name: entry.name,
      assetClass: entry.assetClass,
      sector: entry.sector,
      region: entry.region,
      known: true,
    };
  }
  const isCrypto = normalizeSymbol(symbol).startsWith(CRYPTO_PREFIX);
  return {
    name: hint.name ?? normalizeSymbol(symbol),
    assetClass: hint.assetClass ?? (isCrypto ? 'crypto' : UNKNOWN),
    sector: hint.sector ?? (isCrypto ? 'Cryptocurrency' : UNKNOWN),
    region: hint.region ?? exchangeOf(symbol)?.region ?? (isCrypto ? 'Global' : UNKNOWN),
    known: false,
  };
}

/**
 * Sector labels that describe a diversified fund rather than one industry: a large weight in one of
 * them is not sector concentration.
 */
export const DIVERSIFIED_SECTORS: readonly string[] = [
  'Broad Market',
  'International',
  'Fixed Income',
  'Target Date',
  'Balanced',
  'Money Market',
  'Cryptocurrency',
  'Volatility',
  UNKNOWN,
];

/** Sectors that are not equity even when held through an ETF or fund (gold, volatility). */
const NON_EQUITY_SECTORS: readonly string[] = ['Commodities', 'Volatility', 'Fixed Income', 'Money Market'];

/** Equity: stocks, and stock ETFs and funds (not commodity or volatility products). */
export function isEquity(c: Pick<Classification, 'assetClass' | 'sector'>): boolean {
  return (
    (c.assetClass === 'stock' || c.assetClass === 'etf' || c.assetClass === 'fund') &&
    !NON_EQUITY_SECTORS.includes(c.sector)
  );
}

/**
 * A single-issuer position: an individual stock, a coin, or something unknown. Its weight is issuer risk;
 * a fund's weight is not (it holds many issuers).
 */
export function isSingleIssuer(c: Pick<Classification, 'assetClass'>): boolean {
  return c.assetClass === 'stock' || c.assetClass === 'crypto' || c.assetClass === UNKNOWN;
}

/** Crypto symbols trade every day; everything else on exchange trading days. */
export function isCryptoSymbol(symbol: string): boolean {
  return normalizeSymbol(symbol).startsWith(CRYPTO_PREFIX);
}
