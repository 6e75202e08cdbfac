/**
 * Deterministic number formatting for the texts written from the facts (insights, demo analysis, reasons).
 * Every number a text shows goes through one of these, so a text's numbers can be traced to the facts.
 */
import { CRYPTO_PREFIX } from '../security-master';

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
