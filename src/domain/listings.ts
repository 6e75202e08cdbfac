/**
 * Listings outside the US (global market coverage, a Professional feature; docs/decisions/034): which
 * exchanges the app covers, each one's suffix in our symbols (Yahoo's: `TSCO.L`, `7203.T`, `0700.HK`),
 * its currency and region, each vendor's spelling of the symbol, and the conversion of a local price to USD.
 *
 * London quotes in pence (`GBX`; Yahoo writes `GBp`): a price of 440 is £4.40. The FX rate of a pence
 * listing is the pound's, and the price is divided by 100 first.
 */
// Imports only the master's types: the web app's editor uses isGlobalListing, and a runtime import of
// security-master.ts would bring its data (79 KB of JSON) into the analyzer's bundle.
import type { Region } from './security-master';

export interface Exchange {
  /** Our (Yahoo's and FMP's) suffix, with its dot. */
  readonly suffix: string;
  readonly name: string;
  /** The currency of its prices. */
  readonly currency: string;
  readonly region: Region;
  /** Alpha Vantage's suffix, or null when Alpha Vantage does not list the exchange. */
  readonly alphaVantageSuffix: string | null;
}

/** Alpha Vantage lists London (.LON), Toronto (.TRT) and XETRA (.DEX), not Tokyo, Hong Kong or Sydney. */
export const EXCHANGES: readonly Exchange[] = [
  {
    suffix: '.L',
    name: 'London Stock Exchange',
    currency: 'GBX',
    region: 'United Kingdom',
    alphaVantageSuffix: '.LON',
  },
  {
    suffix: '.TO',
    name: 'Toronto Stock Exchange',
    currency: 'CAD',
    region: 'Canada',
    alphaVantageSuffix: '.TRT',
  },
  { suffix: '.DE', name: 'XETRA (Frankfurt)', currency: 'EUR', region: 'Europe', alphaVantageSuffix: '.DEX' },
  { suffix: '.T', name: 'Tokyo Stock Exchange', currency: 'JPY', region: 'Japan', alphaVantageSuffix: null },
  {
    suffix: '.HK',
    name: 'Hong Kong Stock Exchange',
    currency: 'HKD',
    region: 'Asia-Pacific',
    alphaVantageSuffix: null,
  },
  {
    suffix: '.AX',
    name: 'Australian Securities Exchange',
    currency: 'AUD',
    region: 'Asia-Pacific',
    alphaVantageSuffix: null,
  },
];

/** The covered exchange a symbol is listed on, by its suffix; undefined for a US (or crypto) symbol. */
export function exchangeOf(symbol: string): Exchange | undefined {
  const s = symbol.trim().toUpperCase();
  const dot = s.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const suffix = s.slice(dot);
  return EXCHANGES.find((exchange) => exchange.suffix === suffix);
}

/** True for a listing outside the US: only Professional plans hold or search these. */
export function isGlobalListing(symbol: string): boolean {
  return exchangeOf(symbol) !== undefined;
}

/** Alpha Vantage's spelling (`TSCO.L` -> `TSCO.LON`); null for an exchange it does not list; US symbols unchanged. */
export function toAlphaVantageSymbol(symbol: string): string | null {
  const s = symbol.trim().toUpperCase();
  const exchange = exchangeOf(s);
  if (!exchange) return s;
  if (exchange.alphaVantageSuffix === null) return null;
  return s.slice(0, -exchange.suffix.length) + exchange.alphaVantageSuffix;
}

/** Our spelling of an Alpha Vantage symbol (`TSCO.LON` -> `TSCO.L`); one of another exchange unchanged. */
export function fromAlphaVantageSymbol(symbol: string): string {
  const s = symbol.trim().toUpperCase();
  const dot = s.lastIndexOf('.');
  if (dot <= 0) return s;
  const exchange = EXCHANGES.find((e) => e.alphaVantageSuffix === s.slice(dot));
  return exchange ? s.slice(0, dot) + exchange.suffix : s;
}

/** Vendors write pence as `GBp` (Yahoo), `GBX` (Alpha Vantage) or `GBx`: one spelling, `GBX`. */
export function normalizeCurrency(currency: string): string {
  const c = currency.trim();
  return c === 'GBp' || c.toUpperCase() === 'GBX' ? 'GBX' : c.toUpperCase();
}

/** Minor-unit currencies: the major currency whose FX rate applies, and how many units make one of it. */
const MINOR_UNITS: Readonly<Record<string, { major: string; perMajor: number }>> = {
  GBX: { major: 'GBP', perMajor: 100 },
};

/** How many units of `currency` make one of `fxCurrencyOf(currency)`: 100 for `GBX`, else 1. */
export function unitsPerMajor(currency: string): number {
  return MINOR_UNITS[normalizeCurrency(currency)]?.perMajor ?? 1;
}

/** The currency whose rate to USD converts a price in `currency` (`GBX` -> `GBP`). */
export function fxCurrencyOf(currency: string): string {
  const c = normalizeCurrency(currency);
  return MINOR_UNITS[c]?.major ?? c;
}

/**
 * An amount in `currency` in USD, given the USD price of one unit of `fxCurrencyOf(currency)`:
 * 440 GBX at 1.31 USD/GBP = 4.40 × 1.31 = 5.764 USD. Rounded to 8 decimals so that binary noise
 * (440 / 100 × 1.31) never shows.
 */
export function convertToUsd(amount: number, currency: string, usdPerUnit: number): number {
  const minor = MINOR_UNITS[normalizeCurrency(currency)];
  const major = minor ? amount / minor.perMajor : amount;
  return Math.round(major * usdPerUnit * 1e8) / 1e8;
}

/**
 * Reference rates to USD (USD per unit, rounded late-2025 levels) for the simulator: used only when no
 * vendor gives a rate, always labelled simulated, never shown as a market rate.
 */
export const SIMULATED_USD_RATES: Readonly<Record<string, number>> = {
  GBP: 1.31,
  EUR: 1.15,
  CAD: 0.71,
  JPY: 0.0064,
  HKD: 0.1285,
  AUD: 0.65,
  CHF: 1.25,
};
