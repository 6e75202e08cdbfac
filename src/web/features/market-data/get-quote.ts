import { queryOptions } from '@tanstack/react-query';
import { ZQuoteResponse } from '../../../contracts/market-data';
import { api } from '../../lib/api-client';
import type { QuoteQuery, QuoteQueryKey } from '../../lib/quote';

export const quoteQueryKey = (symbol: string): QuoteQueryKey => ['market-data', 'quote', symbol];

/** Quotes move: a quote older than this is fetched again when the symbol is asked for again. */
const QUOTE_STALE_MS = 30_000;

/**
 * GET /api/market-data/:ticker: the live quote of one symbol, with its source. No symbol, no request. The one
 * module of this endpoint: pages pass it to the features that quote (paper trading, the calculator).
 */
export const quoteQueryOptions = ((symbol: string) =>
  queryOptions({
    queryKey: quoteQueryKey(symbol),
    queryFn: ({ signal }) =>
      api.get(`/api/market-data/${encodeURIComponent(symbol)}`, { schema: ZQuoteResponse, signal }),
    staleTime: QUOTE_STALE_MS,
    enabled: symbol !== '',
  })) satisfies QuoteQuery;
