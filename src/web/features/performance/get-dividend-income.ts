import { useQuery } from '@tanstack/react-query';
import { ZDividendIncomeResponse } from '../../../contracts/income';
import { api } from '../../lib/api-client';
import { performanceQueryKeyOf } from '../../lib/query-keys';

/**
 * GET /api/holdings/income: dividends by year, month and holding, the yields and the forward estimate, in the
 * person's base currency. Under the performance key, so a change of base currency asks again; read afresh on each
 * visit, as the returns are (the history, the prices and the method change elsewhere).
 */
export function useDividendIncome(portfolio: string) {
  return useQuery({
    queryKey: [...performanceQueryKeyOf(portfolio), 'dividend-income'] as const,
    queryFn: ({ signal }) =>
      api.get(`/api/holdings/income?portfolio=${encodeURIComponent(portfolio)}`, {
        schema: ZDividendIncomeResponse,
        signal,
      }),
    staleTime: 0,
  });
}
