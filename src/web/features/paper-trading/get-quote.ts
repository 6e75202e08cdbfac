import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZQuoteResponse } from '../../../contracts/market-data';
import { api } from '../../lib/api-client';

export const quoteQueryKey = (symbol: string) => ['market-data', 'quote', symbol] as const;

/** Quotes move: a quote older than this is fetched again when the symbol is typed again. */
const QUOTE_STALE_MS = 30_000;

/** GET /api/market-data/:ticker: the live quote of one symbol, with its source. */
export const quoteQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: quoteQueryKey(symbol),
    queryFn: ({ signal }) =>
      api.get(`/api/market-data/${encodeURIComponent(symbol)}`, { schema: ZQuoteResponse, signal }),
    staleTime: QUOTE_STALE_MS,
  });

export function useQuote(symbol: string) {
  return useQuery({ ...quoteQueryOptions(symbol), enabled: symbol !== '' });
}
