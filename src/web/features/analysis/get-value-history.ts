import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZValueHistoryResponse, type Portfolio } from '../../../contracts/analysis';
import { api } from '../../lib/api-client';
import { portfolioCacheKey } from './get-valuation';

/** POST /api/portfolio/value-history: what the holdings were worth at each daily close of the past year. */
function valueHistoryQueryOptions(portfolio: Readonly<Portfolio>) {
  return queryOptions({
    queryKey: ['portfolio', 'value-history', portfolioCacheKey(portfolio)],
    queryFn: async ({ signal }) => {
      const body = await api.post(
        '/api/portfolio/value-history',
        { portfolio },
        {
          schema: ZValueHistoryResponse,
          signal,
        },
      );
      return body.history;
    },
    // Daily closes change once a day: a history is reused for ten minutes.
    staleTime: 10 * 60_000,
  });
}

/** The value history of `portfolio`; off while it is empty. */
export function useValueHistory(portfolio: Readonly<Portfolio>) {
  return useQuery({
    ...valueHistoryQueryOptions(portfolio),
    enabled: Object.keys(portfolio).length > 0,
    placeholderData: keepPreviousData,
  });
}
