import { useQuery } from '@tanstack/react-query';
import { ZRealizedByYearResponse } from '../../../contracts/income';
import { api } from '../../lib/api-client';
import { portfolioActivityKey } from './query-keys';

/** Under the portfolio's key (a change of the history refetches it); the method switch invalidates it too. */
export const realizedByYearKey = (portfolio: string) =>
  [...portfolioActivityKey(portfolio), 'realized-by-year'] as const;

/** GET /api/holdings/realized-by-year: realised gains by year, short and long term, newest year first. */
export function useRealizedByYear(portfolio: string) {
  return useQuery({
    queryKey: realizedByYearKey(portfolio),
    queryFn: ({ signal }) =>
      api.get(`/api/holdings/realized-by-year?portfolio=${encodeURIComponent(portfolio)}`, {
        schema: ZRealizedByYearResponse,
        signal,
      }),
  });
}
