import { useQuery } from '@tanstack/react-query';
import { ZRealizedByYearResponse } from '../../../contracts/income';
import { api } from '../../lib/api-client';
import { performanceQueryKeyOf } from '../../lib/query-keys';

/**
 * GET /api/holdings/realized-by-year: realised gains by year, short and long term, newest year first, in the
 * person's base currency. Keyed and read afresh as the dividend income is (get-dividend-income.ts).
 */
export function useRealizedByYear(portfolio: string) {
  return useQuery({
    queryKey: [...performanceQueryKeyOf(portfolio), 'realized-by-year'] as const,
    queryFn: ({ signal }) =>
      api.get(`/api/holdings/realized-by-year?portfolio=${encodeURIComponent(portfolio)}`, {
        schema: ZRealizedByYearResponse,
        signal,
      }),
    staleTime: 0,
  });
}
