import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZHoldingsResponse } from '../../../contracts/activities';
import type { CostBasisMethod } from '../../../domain/activities/ledger';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { portfolioActivityKey } from './query-keys';

const holdingsKey = (portfolio: string) => [...portfolioActivityKey(portfolio), 'holdings'] as const;
const holdingsQuery = (portfolio: string) => `?portfolio=${encodeURIComponent(portfolio)}`;

/** GET /api/holdings: the holdings replayed from the history, with cost basis and gains. */
export function useHoldings(portfolio: string) {
  return useQuery({
    queryKey: holdingsKey(portfolio),
    queryFn: ({ signal }) =>
      api.get(`/api/holdings${holdingsQuery(portfolio)}`, { schema: ZHoldingsResponse, signal }),
  });
}

/** PUT /api/holdings/cost-basis-method: the answer is the holdings under the new method. */
export function useSetCostBasisMethod(portfolio: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (costBasisMethod: CostBasisMethod) =>
      api.put(
        `/api/holdings/cost-basis-method${holdingsQuery(portfolio)}`,
        { costBasisMethod },
        { schema: ZHoldingsResponse },
      ),
    onSuccess: (holdings) => {
      queryClient.setQueryData(holdingsKey(portfolio), holdings);
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverMessage(error, 'The cost basis method could not be changed.'),
        variant: 'destructive',
      });
    },
  });
}
