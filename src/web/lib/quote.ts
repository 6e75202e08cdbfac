import type { UseQueryOptions } from '@tanstack/react-query';
import type { MarketDataSourceName, QuoteResponse } from '../../contracts/market-data';

/**
 * The quote of one symbol as a query (GET /api/market-data/:ticker). The market-data feature defines it
 * (`quoteQueryOptions`); a page hands it to the features that show or use a price (paper trading's live quote,
 * the calculator's Live Price), since a feature imports no other feature (decision 009). One query key and one
 * cache for every quote on a page.
 */
export type QuoteQuery = (
  symbol: string,
) => UseQueryOptions<QuoteResponse, Error, QuoteResponse, QuoteQueryKey>;

export type QuoteQueryKey = readonly ['market-data', 'quote', string];

/** Who answered a quote, as a person reads it beside the price. */
export const QUOTE_SOURCE_LABELS: Readonly<Record<MarketDataSourceName, string>> = {
  yahoo: 'Yahoo Finance',
  coingecko: 'CoinGecko',
  alphavantage: 'Alpha Vantage',
  polygon: 'Polygon',
  fmp: 'Financial Modeling Prep',
  simulated: 'Foliowise simulator',
};
