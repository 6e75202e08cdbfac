import { useQuery } from '@tanstack/react-query';
import { ZDividendIncomeResponse } from '../../../contracts/income';
import { api } from '../../lib/api-client';
import { portfolioActivityKey } from './query-keys';

/** Under the portfolio's key (a change of the history refetches it); the method switch invalidates it too. */
export const dividendIncomeKey = (portfolio: string) =>
  [...portfolioActivityKey(portfolio), 'dividend-income'] as const;

/** GET /api/holdings/income: dividends by year, month and holding, the yields and the forward estimate. */
export function useDividendIncome(portfolio: string) {
  return useQuery({
    queryKey: dividendIncomeKey(portfolio),
    queryFn: ({ signal }) =>
      api.get(`/api/holdings/income?portfolio=${encodeURIComponent(portfolio)}`, {
        schema: ZDividendIncomeResponse,
        signal,
      }),
  });
}
