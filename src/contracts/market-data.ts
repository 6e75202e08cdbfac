import { z } from 'zod';
import { fromDayNumber, isIsoDate, toDayNumber } from '../domain/calendar';
import { text } from './text';

/** Where a number came from (DESIGN.md "Data sources are honest"). */
export const MARKET_DATA_SOURCES = [
  'yahoo',
  'coingecko',
  'alphavantage',
  'polygon',
  'fmp',
  'simulated',
] as const;
export const ZMarketDataSource = z.enum(MARKET_DATA_SOURCES);
export type MarketDataSourceName = z.infer<typeof ZMarketDataSource>;

/** Each source as the screens name it. */
export const MARKET_DATA_SOURCE_LABELS: Readonly<Record<MarketDataSourceName, string>> = {
  yahoo: 'Yahoo Finance',
  coingecko: 'CoinGecko',
  alphavantage: 'Alpha Vantage',
  polygon: 'Polygon',
  fmp: 'FMP',
  simulated: 'Simulated',
};

export const MARKET_DATA_VENDORS = ['yahoo', 'coingecko', 'alphavantage', 'polygon', 'fmp'] as const;
export const ZMarketDataVendor = z.enum(MARKET_DATA_VENDORS);
export type MarketDataVendorName = z.infer<typeof ZMarketDataVendor>;

/** Each vendor's name as people know it. */
export const MARKET_DATA_VENDOR_LABELS: Readonly<Record<MarketDataVendorName, string>> = {
  yahoo: 'Yahoo Finance',
  coingecko: 'CoinGecko',
  alphavantage: 'Alpha Vantage',
  polygon: 'Polygon',
  fmp: 'Financial Modeling Prep',
};

/** A quote. Prices are numbers in `currency` (market data, not ledger money). */
const ZQuote = z.object({
  /** Canonical symbol: `AAPL`, `BRK-B`, `^VIX`, `CRYPTO:BTC`. */
  symbol: z.string(),
  name: z.string(),
  currentPrice: z.number(),
  /** Since the previous close, in currency units. */
  change: z.number(),
  changePercent: z.number(),
  previousClose: z.number(),
  currency: z.string(),
  source: ZMarketDataSource,
  /** ISO 8601 instant of the price. */
  asOf: z.string(),
});

export const ZTickerParams = z.object({
  ticker: text({ field: 'Ticker', max: 64, tooLong: 'Ticker is too long' }),
});

/** GET /api/market-data/:ticker */
export const ZQuoteResponse = ZQuote;
export type QuoteResponse = z.infer<typeof ZQuoteResponse>;

export const HISTORY_RANGES = ['1M', '6M', '1Y', '5Y'] as const;
export const ZHistoryRange = z.enum(HISTORY_RANGES, { error: 'Range must be one of 1M, 6M, 1Y, 5Y' });
export type HistoryRange = z.infer<typeof ZHistoryRange>;

export const ZHistoryQuery = z.object({ range: ZHistoryRange.default('1Y') });

export const ZDailyBar = z.object({
  /** Session date, YYYY-MM-DD. */
  date: z.string(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});

/** GET /api/market-data/:ticker/history?range= — completed sessions, oldest first. */
export const ZHistoryResponse = z.object({
  symbol: z.string(),
  /** The source of the bars (of the most recent one, should stored bars come from several vendors). */
  source: ZMarketDataSource,
  history: z.array(ZDailyBar),
});
export type HistoryResponse = z.infer<typeof ZHistoryResponse>;

export const MAX_QUOTES_PER_REQUEST = 200;

/** POST /api/market-data/quotes */
export const ZQuotesRequest = z.object({
  symbols: z
    .array(
      text({
        field: 'Ticker',
        max: 64,
        required: 'Each symbol must be a string',
        tooLong: 'Ticker is too long',
      }),
      {
        error: 'symbols must be a list of tickers',
      },
    )
    .min(1, `Send between 1 and ${MAX_QUOTES_PER_REQUEST} symbols`)
    .max(MAX_QUOTES_PER_REQUEST, `Send between 1 and ${MAX_QUOTES_PER_REQUEST} symbols`),
});

/**
 * Keyed by each requested ticker as sent (trimmed, upper case); `quote.symbol` is the canonical one
 * (`BTC-USD` -> `CRYPTO:BTC`). A ticker that could not be quoted is in `errors` with a readable message.
 */
export const ZQuotesResponse = z.object({
  quotes: z.record(z.string(), ZQuote),
  errors: z.record(z.string(), z.string()).optional(),
});
export type QuotesResponse = z.infer<typeof ZQuotesResponse>;

/** GET /api/market-data/search?q= */
export const ZSearchQuery = z.object({
  q: text({ field: 'Search text', max: 64, tooLong: 'Search text is too long' }).default(''),
});

export const ZSearchResult = z.object({
  symbol: z.string(),
  name: z.string(),
  assetClass: z.string(),
  exchange: z.string().optional(),
});
export const ZSearchResponse = z.object({ results: z.array(ZSearchResult) });
export type SearchResponse = z.infer<typeof ZSearchResponse>;

export const ZVendorStatus = z.object({
  name: ZMarketDataVendor,
  /** Usable at all: keyless vendors always, keyed ones when the server has a key. */
  configured: z.boolean(),
  /** Configured, circuit closed and the last call (if any) succeeded. */
  healthy: z.boolean(),
  circuitOpen: z.boolean(),
  circuitState: z.enum(['closed', 'open', 'half-open']),
  /** Calls left in the current window of the server's own quota (in this process). */
  quotaLeft: z.number(),
  quota: z.number(),
  quotaWindow: z.enum(['minute', 'day']),
});

/** GET /api/market-data/status */
export const ZMarketDataStatusResponse = z.object({
  /** MARKET_DATA_PROVIDER: `auto`, `simulated` or a vendor name. */
  provider: z.string(),
  vendors: z.array(ZVendorStatus),
});
export type MarketDataStatusResponse = z.infer<typeof ZMarketDataStatusResponse>;

/** A YYYY-MM-DD date that exists: 2020-02-30 does not (isIsoDate would roll it over to March). */
const isExistingDate = (value: string) => isIsoDate(value) && fromDayNumber(toDayNumber(value)) === value;

const ZIsoDateParam = (field: string) =>
  text({ field, max: 10, required: `${field} is required (YYYY-MM-DD)` }).refine(
    isExistingDate,
    `${field} must be a date written YYYY-MM-DD`,
  );

/** GET /api/market-data/corporate-actions?symbol=&from=&to= (dates inclusive, of the ex-date or split date). */
export const ZCorporateActionsQuery = z
  .object({
    symbol: text({
      field: 'Symbol',
      min: 1,
      max: 64,
      tooShort: 'Symbol is required',
      required: 'Symbol is required',
    }),
    from: ZIsoDateParam('from'),
    to: ZIsoDateParam('to'),
  })
  .refine(({ from, to }) => from <= to, { message: 'from must not be after to', path: ['to'] });

/** A cash dividend: `amount` per share held on the ex-date, as declared, a decimal string in `currency`. */
export const ZDividend = z.object({
  exDate: z.string(),
  payDate: z.string().optional(),
  amount: z.string(),
  currency: z.string(),
});

/** A split: `ratio` is shares after per share before (`4` for 4-for-1, `0.1` for 1-for-10), a decimal string. */
export const ZSplit = z.object({ date: z.string(), ratio: z.string() });

/**
 * The dividends and splits of a listing between two dates, oldest first, and where they came from. `source:
 * 'simulated'` means no vendor gave them: the simulator has no corporate actions, both lists are empty and
 * `note` says so (an empty list from a vendor means the vendor reports none).
 */
export const ZCorporateActionsResponse = z.object({
  symbol: z.string(),
  from: z.string(),
  to: z.string(),
  source: ZMarketDataSource,
  dividends: z.array(ZDividend),
  splits: z.array(ZSplit),
  note: z.string().optional(),
});
export type CorporateActionsResponse = z.infer<typeof ZCorporateActionsResponse>;
