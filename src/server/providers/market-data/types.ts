import type { CorporateActions } from '../../../domain/corporate-actions';

/** Where a number came from: every quote and history says so (DESIGN.md "Data sources are honest"). */
export type MarketDataSource = 'yahoo' | 'coingecko' | 'alphavantage' | 'polygon' | 'fmp' | 'simulated';
export type VendorName = Exclude<MarketDataSource, 'simulated'>;
/** The vendors that need an API key. */
export type KeyedVendor = 'alphavantage' | 'polygon' | 'fmp';
/** A user's own vendor keys (API settings), used for that user's requests. */
export type UserVendorKeys = Partial<Record<KeyedVendor, string>>;

export interface Quote {
  /** Our symbol: `AAPL`, `^VIX`, `CRYPTO:BTC`. */
  symbol: string;
  name: string;
  currentPrice: number;
  /** Change since the previous close, in currency units. */
  change: number;
  changePercent: number;
  previousClose: number;
  currency: string;
  source: MarketDataSource;
  /** ISO 8601 time of the price. */
  asOf: string;
}

export interface DailyBar {
  /** Trading day, YYYY-MM-DD (UTC calendar date of the session). */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** What one unit of a currency was worth in USD, at a vendor's latest daily rate. */
export interface FxQuote {
  /** The currency priced (`GBP`, `JPY`; never a minor unit like `GBX`). */
  currency: string;
  /** USD per one unit of `currency`. */
  rate: number;
  /** The day of the rate, YYYY-MM-DD. */
  date: string;
}

/** A session's close alone: what analytics over many symbols need of a history. */
export type DailyClose = Pick<DailyBar, 'date' | 'close'>;

export interface SymbolMatch {
  symbol: string;
  name: string;
  assetClass: string;
  exchange?: string;
}

export interface SecurityProfile {
  symbol: string;
  name: string;
  sector?: string;
  industry?: string;
  country?: string;
  description?: string;
  website?: string;
}

/** What a fundamentals vendor says of a company; null: not given. */
export interface CompanyFundamentals {
  marketCap: number | null;
  sector: string | null;
  industry: string | null;
}

/** Analysts' ratings of a stock: how many of each, and the vendor's consensus word ('Buy'). */
export interface AnalystConsensus {
  strongBuy: number;
  buy: number;
  hold: number;
  sell: number;
  strongSell: number;
  consensus: string;
}

/** Analysts' price targets of a stock, in its currency. */
export interface PriceTargetConsensus {
  targetHigh: number;
  targetLow: number;
  targetConsensus: number;
  targetMedian: number;
}

/** Thrown by adapters: the service treats any of these as "this vendor did not answer" and falls back. */
export class VendorError extends Error {
  constructor(
    readonly vendor: VendorName,
    readonly kind: 'rate_limited' | 'unauthorized' | 'not_found' | 'timeout' | 'unavailable' | 'bad_response',
    message: string,
  ) {
    super(`${vendor}: ${message}`);
    this.name = 'VendorError';
  }
}

/** One adapter per outside system. A method a vendor cannot serve is simply absent. */
export interface MarketDataAdapter {
  readonly name: VendorName;
  /** Whether this adapter serves the symbol at all (crypto vendors only crypto, etc.). */
  supports(symbol: string): boolean;
  quote(symbol: string, signal: AbortSignal): Promise<Quote>;
  quotes?(symbols: string[], signal: AbortSignal): Promise<Map<string, Quote>>;
  /** Daily bars from `from` to `to` inclusive (YYYY-MM-DD). */
  history?(symbol: string, from: string, to: string, signal: AbortSignal): Promise<DailyBar[]>;
  search?(query: string, signal: AbortSignal): Promise<SymbolMatch[]>;
  /**
   * Cash dividends (by ex-date, amounts as declared) and splits (by date) from `from` to `to` inclusive
   * (YYYY-MM-DD), oldest first.
   */
  corporateActions?(symbol: string, from: string, to: string, signal: AbortSignal): Promise<CorporateActions>;
  /** The vendor requests one `corporateActions` call makes, each taken from the vendor's quota. Default 1. */
  readonly corporateActionsRequests?: number;
  /** The latest daily rate of a currency to USD (vendors with FX data). */
  usdRate?(currency: string, signal: AbortSignal): Promise<FxQuote>;
  /**
   * Daily rates of a currency to USD (USD per one unit: each day's close, `close`) from `from` to `to` inclusive
   * (YYYY-MM-DD), oldest first (vendors with FX history).
   */
  usdRateHistory?(currency: string, from: string, to: string, signal: AbortSignal): Promise<DailyClose[]>;
  profile?(symbol: string, signal: AbortSignal): Promise<SecurityProfile>;
  /** Market capitalisation, sector and industry (vendors with fundamentals). */
  companyFundamentals?(symbol: string, signal: AbortSignal): Promise<CompanyFundamentals>;
  analystConsensus?(symbol: string, signal: AbortSignal): Promise<AnalystConsensus>;
  priceTargetConsensus?(symbol: string, signal: AbortSignal): Promise<PriceTargetConsensus>;
}
