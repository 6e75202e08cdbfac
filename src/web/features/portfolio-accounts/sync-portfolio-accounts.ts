import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPortfolioAccountListResponse } from '../../../contracts/portfolio-accounts';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { portfolioAccountsQueryKey } from './get-portfolio-accounts';

/** POST /api/portfolio-accounts/sync: every account re-valued; the answer is the new list. 'Accounts Synced' (spec 000 §8). */
export function useSyncPortfolioAccounts(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('/api/portfolio-accounts/sync', undefined, { schema: ZPortfolioAccountListResponse }),
    onSuccess: (list) => {
      queryClient.setQueryData(portfolioAccountsQueryKey(userId), list);
      toast({
        title: 'Accounts Synced',
        description: `${list.accounts.length} ${list.accounts.length === 1 ? 'account' : 'accounts'} valued at current prices.`,
      });
    },
    onError: (error) => {
      toast({
        title: 'Sync Failed',
        description: serverMessage(error, 'Your accounts could not be synced. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
