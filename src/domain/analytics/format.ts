/**
 * Deterministic number formatting for the texts written from the facts (insights, demo analysis, reasons).
 * Every number a text shows goes through one of these, so a text's numbers can be traced to the facts.
 */
import { CRYPTO_PREFIX } from '../symbol-kind';

function fixed(value: number, digits: number): string {
  const text = value.toFixed(digits);
  // toFixed keeps the sign of a value that rounds to zero ("-0.00"); nobody wants to read that.
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** A fraction as a percentage with two decimals, written as the whole app writes them: 0.1234 -> '12.34%'. */
export function formatPercent(fraction: number, digits = 2): string {
  return `${fixed(fraction * 100, digits)}%`;
}

/** A number already in percent units: 5.01 -> '5.01%'. */
export function formatPercentUnits(percent: number, digits = 2): string {
  return `${fixed(percent, digits)}%`;
}

/** A portfolio key as people write the symbol: 'CRYPTO:BTC' -> 'BTC', 'AAPL' unchanged. */
export function symbolAsWritten(symbol: string): string {
  return symbol.startsWith(CRYPTO_PREFIX) ? symbol.slice(CRYPTO_PREFIX.length) : symbol;
}

/** A plain number with fixed decimals: 4.123 -> '4.12'. */
export function formatNumber(value: number, digits = 2): string {
  return fixed(value, digits);
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** US dollars with two decimals: 1234.5 -> '$1,234.50', -3 -> '-$3.00'. */
export function formatMoney(value: number): string {
  const text = usd.format(value);
  return text === '-$0.00' ? '$0.00' : text;
}

const ASSET_CLASS_LABELS: Readonly<Record<string, string>> = {
  stock: 'Stocks',
  etf: 'ETFs',
  fund: 'Mutual funds',
  bond: 'Bonds',
  crypto: 'Crypto',
  cash: 'Cash',
  Unknown: 'Unknown',
};

/** 'stock' -> 'Stocks': an asset class as allocation charts and tables name it (the screen and the report). */
export function assetClassLabel(name: string): string {
  return ASSET_CLASS_LABELS[name] ?? name;
}

/** The market-data sources as people name them (the analyzer's and the report's words). */
export const PRICE_SOURCE_LABELS = {
  yahoo: 'Yahoo Finance',
  coingecko: 'CoinGecko',
  alphavantage: 'Alpha Vantage',
  polygon: 'Polygon',
  fmp: 'Financial Modeling Prep',
  simulated: 'Simulated',
} as const;

/**
 * A price in a listing's own currency: pence as `440p` (London quotes in GBX), others with their symbol
 * (`¥2,400`, `CA$205.00`, `€210.00`); a code Intl does not know after the number (`12 XYZ1`).
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

/** An FX rate as a valuation names it: the currency priced, USD per unit, its day and source. */
export interface FxRateNoted {
  currency: string;
  rate: number;
  date: string;
  source: string;
}

/**
 * The rates a valuation used, grouped by source and day, as one sentence: 'Converted to USD at Simulated rates
 * of 2026-11-24: 1 GBP = 1.310 USD; 1 JPY = 0.006400 USD'. Null when there are none (a portfolio in USD).
 */
export function fxRatesNote(rates: Iterable<FxRateNoted>): string | null {
  const byCurrency = new Map<string, FxRateNoted>();
  for (const fx of rates) byCurrency.set(fx.currency, fx);
  if (byCurrency.size === 0) return null;
  const groups = new Map<string, string[]>();
  for (const fx of [...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1))) {
    const label = (PRICE_SOURCE_LABELS as Readonly<Record<string, string>>)[fx.source] ?? fx.source;
    const key = `${label} rates of ${fx.date}`;
    groups.set(key, [...(groups.get(key) ?? []), `1 ${fx.currency} = ${formatFxRate(fx.rate)} USD`]);
  }
  const parts = [...groups.entries()].map(([label, list]) => `${label}: ${list.join('; ')}`);
  return `Converted to USD at ${parts.join('. ')}`;
}
