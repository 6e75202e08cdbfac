import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZBaseCurrencyResponse, type BaseCurrency } from '../../../contracts/performance';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { performanceQueryRoot } from '../../lib/query-keys';

const baseCurrencyKey = [...performanceQueryRoot, 'base-currency'] as const;

/** GET /api/performance/base-currency: the currency every return and value is shown in (USD until changed). */
export function useBaseCurrency() {
  return useQuery({
    queryKey: baseCurrencyKey,
    queryFn: ({ signal }) =>
      api.get('/api/performance/base-currency', { schema: ZBaseCurrencyResponse, signal }),
  });
}

/** PUT /api/performance/base-currency: saved for the person; every portfolio's returns are read again in it. */
export function useSetBaseCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currency: BaseCurrency) =>
      api.put('/api/performance/base-currency', { currency }, { schema: ZBaseCurrencyResponse }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(baseCurrencyKey, answer);
      await queryClient.invalidateQueries({
        queryKey: performanceQueryRoot,
        predicate: (query) => query.queryKey[1] !== 'base-currency',
      });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverMessage(error, 'The base currency could not be saved.'),
        variant: 'destructive',
      });
    },
  });
}
