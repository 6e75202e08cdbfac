import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZValuationResponse, type Portfolio, type ValuationRequest } from '../../../contracts/analysis';
import { api } from '../../lib/api-client';

export const valuationQueryRoot = ['portfolio', 'valuation'] as const;

/** The portfolio in key order, so the same holdings typed in a different order share one cache entry. */
export function portfolioCacheKey(portfolio: Readonly<Portfolio>): string {
  return JSON.stringify(
    Object.keys(portfolio)
      .sort()
      .map((symbol) => [symbol, portfolio[symbol]]),
  );
}

/** POST /api/portfolio/valuation: prices, total, daily change and allocation of a non-empty portfolio. */
export function valuationQueryOptions(portfolio: Readonly<Portfolio>) {
  return queryOptions({
    queryKey: [...valuationQueryRoot, portfolioCacheKey(portfolio)],
    queryFn: async ({ signal }) => {
      const body = await api.post('/api/portfolio/valuation', { portfolio } satisfies ValuationRequest, {
        schema: ZValuationResponse,
        signal,
      });
      return body.valuation;
    },
    // Prices move: a valuation is reused for a minute, then fetched again when asked for.
    staleTime: 60_000,
  });
}

/** The valuation of `portfolio`; off while it is empty. The last one stays on screen while the next loads. */
export function useValuation(portfolio: Readonly<Portfolio>) {
  const isEmpty = Object.keys(portfolio).length === 0;
  return useQuery({
    ...valuationQueryOptions(portfolio),
    enabled: !isEmpty,
    placeholderData: keepPreviousData,
  });
}
